# Shortcuts for the scripts; the scripts are the source of truth.
.PHONY: run test screenshot clean
run:
	scripts/run.sh
test:
	scripts/test.sh
clean:
	rm -rf .build out
