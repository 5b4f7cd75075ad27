# Shortcuts for the scripts (the scripts are the source of truth), and installation.
#
#   make install                 # release build, man page, completions -> /usr/local
#   make install PREFIX=~/.local # for one user
#   make install DESTDIR=/tmp/stage PREFIX=/usr   # staged, for packaging
#   make uninstall               # same PREFIX and DESTDIR as the install
#
# The man page comes from swift-argument-parser's generate-manual plugin and the shell
# completions from `tapaway --generate-completion-script`; neither is written by hand.

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
# The build: configuration (release or debug) and SwiftPM's scratch directory.
CONFIGURATION ?= release
SCRATCH ?= .build
SWIFT ?= swift
INSTALL ?= install

# A release binary carries the Swift runtime inside (only what it uses): it runs where no Swift
# toolchain is installed, starts faster (fewer libraries to load and relocate) and takes less
# memory. It is built in a scratch directory of its own, because SwiftPM does not link again
# when only that flag changes (and the manual's plugin links a shared-runtime build in SCRATCH).
# The debug build the tests stage keeps the shared runtime.
STATIC_STDLIB ?= $(if $(filter release,$(CONFIGURATION)),--static-swift-stdlib,)
BUILD_SCRATCH ?= $(if $(STATIC_STDLIB),$(SCRATCH)/static-stdlib,$(SCRATCH))

ICON_SIZES = 16 24 32 48 64 128 256
BINARY = $(BUILD_SCRATCH)/$(CONFIGURATION)/tapaway
MANPAGE = $(SCRATCH)/plugins/GenerateManual/outputs/tapaway/tapaway.1
COMPLETIONS = $(SCRATCH)/completions
# The man page's date: SOURCE_DATE_EPOCH (reproducible builds), else the last commit's, else today.
MANUAL_DATE ?= $(shell if [ -n "$$SOURCE_DATE_EPOCH" ]; then date -u -d "@$$SOURCE_DATE_EPOCH" +%F; \
	else git log -1 --format=%cs 2>/dev/null || date -u +%F; fi)

# Installed paths (without DESTDIR).
DESKTOP_FILE = $(DATADIR)/applications/tapaway.desktop
SVG_ICON = $(DATADIR)/icons/hicolor/scalable/apps/tapaway.svg
MAN_FILE = $(MANDIR)/man1/tapaway.1
BASH_COMPLETION = $(DATADIR)/bash-completion/completions/tapaway
ZSH_COMPLETION = $(DATADIR)/zsh/site-functions/_tapaway
FISH_COMPLETION = $(DATADIR)/fish/vendor_completions.d/tapaway.fish

.PHONY: run test clean build man completions install uninstall

run:
	scripts/run.sh
test:
	scripts/test.sh
clean:
	rm -rf .build out

build:
	$(SWIFT) build -c $(CONFIGURATION) --scratch-path $(BUILD_SCRATCH) $(STATIC_STDLIB) --product tapaway

man: build
	$(SWIFT) package --scratch-path $(SCRATCH) plugin generate-manual \
		--configuration $(CONFIGURATION) --date $(MANUAL_DATE)
	@test -s $(MANPAGE) || { echo "make: the generate-manual plugin wrote no $(MANPAGE)" >&2; exit 1; }

completions: build
	mkdir -p $(COMPLETIONS)
	$(BINARY) --generate-completion-script bash > $(COMPLETIONS)/tapaway.bash
	$(BINARY) --generate-completion-script zsh > $(COMPLETIONS)/_tapaway
	$(BINARY) --generate-completion-script fish > $(COMPLETIONS)/tapaway.fish

install: build man completions
	$(INSTALL) -d $(DESTDIR)$(BINDIR)
	$(INSTALL) -m 755 $(BINARY) $(DESTDIR)$(BINDIR)/tapaway
	$(INSTALL) -D -m 644 packaging/tapaway.desktop $(DESTDIR)$(DESKTOP_FILE)
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
	rm -f $(DESTDIR)$(BINDIR)/tapaway $(DESTDIR)$(DESKTOP_FILE) $(DESTDIR)$(SVG_ICON) \
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
