# Building, testing and installing. Neither `make` nor `make check` installs packages or opens a
# window (scripts/setup.sh installs what is missing; the tests use a private Xvfb).
#
#   make                         # release build, man page and completions (nothing installed)
#   make check                   # every test (scripts/check.sh)
#   make install                 # what `make` built -> /usr/local, the binary stripped
#   make install PREFIX=~/.local # for one user
#   make install DESTDIR=/tmp/stage PREFIX=/usr   # staged, for packaging
#   make uninstall               # same PREFIX and DESTDIR as the install
#
# The man page comes from swift-argument-parser's generate-manual tool, run on the binary just
# built (so the program is built once), then packaging/manpage.awk makes it lint-clean and adds
# the sections the tool cannot write (packaging/tapaway.1.sections). The shell completions come
# from `tapaway --generate-completion-script`. Neither is written by hand.
#
# `make run` and `make test` call scripts/run.sh and scripts/test.sh, which install what is
# missing first.

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
# The build: configuration (release or debug) and SwiftPM's scratch directory.
CONFIGURATION ?= release
SCRATCH ?= .build
SWIFT ?= swift
# Extra flags for `swift build` (debian/rules passes the hardening linker flags).
SWIFTFLAGS ?=
# Flags for every `swift build`, the manual's generator's too (debian/rules: its jobs and a
# manifest cache of the build's own).
SWIFTPMFLAGS ?=
INSTALL ?= install
# `install -s` strips the binary; a package build sets STRIP= and leaves it to dh_strip, which
# keeps the symbols for a debug package.
STRIP ?= -s

# A release binary carries the Swift runtime inside (only what it uses): it runs where no Swift
# toolchain is installed, starts faster (fewer libraries to load and relocate) and takes less
# memory. It is built in a scratch directory of its own, because SwiftPM does not link again
# when only that flag changes (and the manual's plugin links a shared-runtime build in SCRATCH).
# The debug build the tests stage keeps the shared runtime.
STATIC_STDLIB ?= $(if $(filter release,$(CONFIGURATION)),--static-swift-stdlib,)
BUILD_SCRATCH ?= $(if $(STATIC_STDLIB),$(SCRATCH)/static-stdlib,$(SCRATCH))

ICON_SIZES = 16 24 32 48 64 128 256
BINARY = $(BUILD_SCRATCH)/$(CONFIGURATION)/tapaway
GENERATE_MANUAL = $(BUILD_SCRATCH)/$(CONFIGURATION)/generate-manual
MANUAL_OUT = $(BUILD_SCRATCH)/manual
MANPAGE = $(MANUAL_OUT)/tapaway.1
COMPLETIONS = $(BUILD_SCRATCH)/completions
# The man page's date: SOURCE_DATE_EPOCH (reproducible builds), else the last commit's, else today.
MANUAL_DATE ?= $(shell if [ -n "$$SOURCE_DATE_EPOCH" ]; then date -u -d "@$$SOURCE_DATE_EPOCH" +%F; \
	else git log -1 --format=%cs 2>/dev/null || date -u +%F; fi)

# Installed paths (without DESTDIR).
APP_ID = io.github.tapaway.Tapaway
DESKTOP_FILE = $(DATADIR)/applications/$(APP_ID).desktop
METAINFO_FILE = $(DATADIR)/metainfo/$(APP_ID).metainfo.xml
SVG_ICON = $(DATADIR)/icons/hicolor/scalable/apps/tapaway.svg
MAN_FILE = $(MANDIR)/man1/tapaway.1
BASH_COMPLETION = $(DATADIR)/bash-completion/completions/tapaway
# zsh's own folder for a prefix; Debian's zsh reads packages' from /usr/share/zsh/vendor-completions
# (debian/rules sets ZSH_COMPLETION_DIR so).
ZSH_COMPLETION_DIR ?= $(DATADIR)/zsh/site-functions
ZSH_COMPLETION = $(ZSH_COMPLETION_DIR)/_tapaway
FISH_COMPLETION = $(DATADIR)/fish/vendor_completions.d/tapaway.fish

.PHONY: all run test check clean build man completions install uninstall

# The default: everything `make install` installs, built; nothing run, installed or opened.
all: build man completions

run:
	scripts/run.sh
test:
	scripts/test.sh
check:
	scripts/check.sh
clean:
	rm -rf .build out

build:
	$(SWIFT) build -c $(CONFIGURATION) --scratch-path $(BUILD_SCRATCH) $(STATIC_STDLIB) $(SWIFTPMFLAGS) $(SWIFTFLAGS) --product tapaway

# The generator alone (swift-argument-parser's small tool), beside the binary, then run on it:
# the plugin would build the whole program again, in debug, to ask it for its options.
man: build
	$(SWIFT) build -c $(CONFIGURATION) --scratch-path $(BUILD_SCRATCH) $(STATIC_STDLIB) $(SWIFTPMFLAGS) --product generate-manual
	mkdir -p $(MANUAL_OUT)/generated
	$(GENERATE_MANUAL) $(BINARY) --date $(MANUAL_DATE) --output-directory $(MANUAL_OUT)/generated
	@test -s $(MANUAL_OUT)/generated/tapaway.1 || { echo "make: generate-manual wrote no tapaway.1" >&2; exit 1; }
	awk -f packaging/manpage.awk -v sections=packaging/tapaway.1.sections \
		$(MANUAL_OUT)/generated/tapaway.1 > $(MANPAGE).tmp
	mv $(MANPAGE).tmp $(MANPAGE)

# The bash completion is sourced, not run: no #! line (lintian and bash-completion agree).
completions: build
	mkdir -p $(COMPLETIONS)
	$(BINARY) --generate-completion-script bash | sed '1{/^#!/d}' > $(COMPLETIONS)/tapaway.bash
	$(BINARY) --generate-completion-script zsh > $(COMPLETIONS)/_tapaway
	$(BINARY) --generate-completion-script fish > $(COMPLETIONS)/tapaway.fish

# Installs what `make` built; builds only what is missing or out of date.
install: all
	$(INSTALL) -d $(DESTDIR)$(BINDIR)
	$(INSTALL) $(STRIP) -m 755 $(BINARY) $(DESTDIR)$(BINDIR)/tapaway
	$(INSTALL) -D -m 644 packaging/$(APP_ID).desktop $(DESTDIR)$(DESKTOP_FILE)
	$(INSTALL) -D -m 644 packaging/$(APP_ID).metainfo.xml $(DESTDIR)$(METAINFO_FILE)
	for size in $(ICON_SIZES); do \
		$(INSTALL) -D -m 644 assets/icons/tapaway-$$size.png \
			$(DESTDIR)$(DATADIR)/icons/hicolor/$${size}x$${size}/apps/tapaway.png || exit 1; \
	done
	$(INSTALL) -D -m 644 assets/icons/tapaway.svg $(DESTDIR)$(SVG_ICON)
	$(INSTALL) -D -m 644 $(MANPAGE) $(DESTDIR)$(MAN_FILE)
	$(INSTALL) -D -m 644 $(COMPLETIONS)/tapaway.bash $(DESTDIR)$(BASH_COMPLETION)
	$(INSTALL) -D -m 644 $(COMPLETIONS)/_tapaway $(DESTDIR)$(ZSH_COMPLETION)
	$(INSTALL) -D -m 644 $(COMPLETIONS)/tapaway.fish $(DESTDIR)$(FISH_COMPLETION)
	@$(MAKE) --no-print-directory refresh-caches
	@echo "installed tapaway in $(DESTDIR)$(PREFIX)"

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/tapaway $(DESTDIR)$(DESKTOP_FILE) $(DESTDIR)$(METAINFO_FILE) $(DESTDIR)$(SVG_ICON) \
		$(DESTDIR)$(MAN_FILE) $(DESTDIR)$(BASH_COMPLETION) $(DESTDIR)$(ZSH_COMPLETION) $(DESTDIR)$(FISH_COMPLETION)
	for size in $(ICON_SIZES); do \
		rm -f $(DESTDIR)$(DATADIR)/icons/hicolor/$${size}x$${size}/apps/tapaway.png; \
	done
	@$(MAKE) --no-print-directory refresh-caches
	@echo "removed tapaway from $(DESTDIR)$(PREFIX)"

# Tells the desktop about new or removed entries and icons, on a live system only: a staged
# install (DESTDIR) leaves that to the package's triggers.
.PHONY: refresh-caches
refresh-caches:
	@if [ -z "$(DESTDIR)" ]; then \
		if command -v update-desktop-database >/dev/null 2>&1 && [ -d "$(DATADIR)/applications" ]; then \
			update-desktop-database -q "$(DATADIR)/applications" || true; fi; \
		if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$(DATADIR)/icons/hicolor/index.theme" ]; then \
			gtk-update-icon-cache -q -t "$(DATADIR)/icons/hicolor" || true; fi; \
		if command -v mandb >/dev/null 2>&1 && [ -d "$(MANDIR)" ]; then mandb -q "$(MANDIR)" 2>/dev/null || true; fi; \
	fi
