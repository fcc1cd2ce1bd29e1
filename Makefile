# fedictl — build, test, demo and install. `make help` lists the targets.
SHELL := /bin/bash
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
VENV := .venv
MOCK := $(VENV)/bin/mastodon_mock
MOCK_VERSION := 0.6.1
# The reference for `domain-blocks merge` (its parity test runs fediblock-sync from the venv).
FEDIBLOCKHOLE_VERSION := 0.4.6
APT_PACKAGES := curl python3 libcurl4-openssl-dev libsecret-1-dev libncurses-dev libsecret-tools gnome-keyring dbus python3-venv mandoc man-db \
	zsh bash-completion strace tmux fish ffmpeg systemd
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: help deps apt-deps build release test test-fast test-release demo bench clean format lint link-order

help:
	@echo "make demo      install what is needed, build, and tour fedictl against a local mastodon_mock"
	@echo "make test      install what is needed and run every test (the CI command; with ../shared/gotosocial,"
	@echo "               the real GoToSocial tier too)"
	@echo "make test-fast the fast tier only: fakes, no external process, under a minute"
	@echo "make test-release the demo on the optimised build; fails if any step crashes"
	@echo "make build     debug build;  make release: optimised build"
	@echo "make format    format the tree with swift format (.swift-format); make lint checks it, as make test does"
	@echo "make install   install binary, man page and completions under PREFIX (default /usr/local)"
	@echo "make bench     benchmarks (bench/README.md)"
	@echo "make fuzz      libFuzzer over every decoder and the blocklist reader (FUZZ_RUNS=200000)"
	@echo "make link-order  Sources/fedictl/fedictl.order again, from callgrind over everyday commands"

# swift format, from the toolchain, with the repository's .swift-format (120 columns, as its own).
FORMATTED := Package.swift Sources Tests
format:
	$(SWIFT) format format --in-place --recursive --parallel $(FORMATTED)
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(FORMATTED)

# System libraries (Debian) and the Python venv holding the local test server. The Debian
# packages come first: the venv needs python3-venv (ensurepip), which a plain python3 lacks.
deps: apt-deps $(MOCK)

apt-deps:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi

$(MOCK): | apt-deps
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install -q --disable-pip-version-check mastodon_mock==$(MOCK_VERSION) fediblockhole==$(FEDIBLOCKHOLE_VERSION)

build: deps
	$(SWIFT) build

# The products only: FediTestSupport imports swift-testing, which a release build of a library
# target cannot find (stop 36's CI).
release: deps
	$(SWIFT) build -c release --static-swift-stdlib --product fedictl
	$(SWIFT) build -c release --static-swift-stdlib --product fedictl-floor

# The functions everyday commands run, laid side by side by the linker (Package.swift). Needs
# valgrind; run it after changes that move start-up, output or paging code (bench/README.md).
link-order: deps
	@command -v valgrind >/dev/null || $(SUDO) apt-get install -y -qq valgrind >/dev/null
	MASTODON_MOCK=$(MOCK) scripts/link-order

# Two tiers. The fast one: fakes only, no external process (FEDICTL_TEST_TIER=fast makes starting
# one throw), well under a minute. `make test` runs it, then the integration tier (real servers,
# the real keyring in a private unlocked Secret Service, real shells).
INTEGRATION_TARGETS := --filter FediIntegrationTests --filter FediKeyringTests

# Both tiers test one build without DEBUG (unoptimised, asserts on, in a scratch path of its own): in a
# debug build swift-argument-parser re-validates a command's option groups on every parse, about
# 80 ms each, which was 62% of the fast tier's CPU (115 s, against 38 s this way). CommandTreeTests
# checks what those validators checked.
TEST_BUILD := -c release -Xswiftc -Onone -Xswiftc -enable-testing --scratch-path .build-test

# A run that never ends fails at these limits naming the tests still running (scripts/test-watchdog),
# rather than using up CI's time with nothing said. They are no test's time limit: the fast tier
# takes about a minute and the integration tier about ten on a 2-core machine.
FAST_LIMIT := 600
INTEGRATION_LIMIT := 1800

test-fast: apt-deps lint
	$(SWIFT) build $(TEST_BUILD) --build-tests
	FEDICTL_TEST_TIER=fast scripts/test-watchdog $(FAST_LIMIT) \
	  $(SWIFT) test $(TEST_BUILD) --skip-build --skip FediIntegrationTests --skip FediKeyringTests

# The real-server tier (Tests/FediIntegrationTests/RealGoToSocial) runs inside the integration tier
# against the real GoToSocial: FEDICTL_GOTOSOCIAL, else ../shared/gotosocial/gotosocial beside the
# checkout. Without it those tests are skipped, with a note; .ci/run sets FEDICTL_REQUIRE_GOTOSOCIAL=1,
# so there they fail instead.
GOTOSOCIAL ?= $(or $(FEDICTL_GOTOSOCIAL),$(abspath ../shared/gotosocial/gotosocial))

test: deps test-fast
	@[ -x "$(GOTOSOCIAL)" ] || \
	  echo "make test: no GoToSocial server at $(GOTOSOCIAL): the real-server tier is skipped (README, Testing)"
	FEDICTL_GOTOSOCIAL=$(GOTOSOCIAL) MASTODON_MOCK=$(CURDIR)/$(MOCK) \
	  scripts/test-watchdog $(INTEGRATION_LIMIT) \
	  scripts/with-keyring $(SWIFT) test $(TEST_BUILD) --skip-build $(INTEGRATION_TARGETS)
	$(MAKE) --no-print-directory test-release

# Both tiers test an unoptimised build; people install the optimised one, and an optimiser-only crash
# (sync, 2026-11-24) got past both. The demo's tour runs on the release build: a step may end in
# an error (the tour shows some), but one that dies by a signal fails this target.
test-release: release
	@scripts/demo >.build/demo.log 2>&1 || { tail -n 20 .build/demo.log; echo "make test-release: the demo failed on the release build (whole log: .build/demo.log)" >&2; exit 1; }
	@echo "test-release: the demo ran on the release build, no step crashed"

demo: release
	scripts/demo

bench: release
	bench/run

clean:
	rm -rf .build .build-test $(VENV) bench/results

# Shell completion, man page and install. `make generate` rewrites the files generated from the
# command tree: Completions/ (fedictl completion bash|zsh|fish) and man/fedictl.1 (swift-argument-parser's
# generate-manual plugin, dated MAN_DATE, tidied by scripts/tidy-manual). GeneratedFilesTests fails
# when they are stale. `make install` builds the release binary, or installs BIN=path instead (the
# tests install their debug build). SCRATCH=.build-x builds in another scratch path.
MAN_DATE := 2026-11-21
SCRATCH ?= .build
BIN ?=
DOC_FILES := man/fedictl.1=share/man/man1/fedictl.1 \
	Completions/fedictl.bash=share/bash-completion/completions/fedictl \
	Completions/_fedictl=share/zsh/site-functions/_fedictl \
	Completions/fedictl.fish=share/fish/vendor_completions.d/fedictl.fish

# The systemd user units (systemd/): installed where the user manager looks for them, with the
# binary's installed path put in. Per user: make install PREFIX=~/.local USER_UNIT_DIR=~/.config/systemd/user
USER_UNIT_DIR ?= $(PREFIX)/lib/systemd/user
UNITS := fedictl-sync@.service fedictl-sync@.timer fedictl-watch@.service

.PHONY: generate install uninstall

generate:
	$(SWIFT) build --scratch-path $(SCRATCH) --product fedictl
	bin=$$($(SWIFT) build --scratch-path $(SCRATCH) --show-bin-path)/fedictl && \
	  $$bin completion bash > Completions/fedictl.bash && \
	  $$bin completion zsh > Completions/_fedictl && \
	  $$bin completion fish > Completions/fedictl.fish && \
	  $$bin --experimental-dump-help > $(SCRATCH)/fedictl.help.json
	$(SWIFT) package --scratch-path $(SCRATCH) generate-manual --configuration debug --date $(MAN_DATE)
	scripts/tidy-manual --dump $(SCRATCH)/fedictl.help.json \
	  < $(SCRATCH)/plugins/GenerateManual/outputs/fedictl/fedictl.1 > man/fedictl.1

install:
	@bin="$(BIN)"; if [ -z "$$bin" ]; then \
	  $(SWIFT) build --scratch-path $(SCRATCH) -c release --static-swift-stdlib --product fedictl && \
	  bin=$$($(SWIFT) build --scratch-path $(SCRATCH) -c release --show-bin-path)/fedictl; fi; \
	echo "install $$bin -> $(DESTDIR)$(PREFIX)/bin/fedictl"; \
	install -Dm755 "$$bin" "$(DESTDIR)$(PREFIX)/bin/fedictl"
	@for pair in $(DOC_FILES); do \
	  echo "install $${pair%%=*} -> $(DESTDIR)$(PREFIX)/$${pair#*=}"; \
	  install -Dm644 "$${pair%%=*}" "$(DESTDIR)$(PREFIX)/$${pair#*=}" || exit 1; done
	@install -d "$(DESTDIR)$(USER_UNIT_DIR)" && for unit in $(UNITS); do \
	  echo "install systemd/$$unit -> $(DESTDIR)$(USER_UNIT_DIR)/$$unit"; \
	  sed 's|@BINDIR@|$(PREFIX)/bin|g' "systemd/$$unit" > "$(DESTDIR)$(USER_UNIT_DIR)/$$unit" && \
	  chmod 644 "$(DESTDIR)$(USER_UNIT_DIR)/$$unit" || exit 1; done

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/fedictl"
	@for pair in $(DOC_FILES); do echo "rm -f $(DESTDIR)$(PREFIX)/$${pair#*=}"; rm -f "$(DESTDIR)$(PREFIX)/$${pair#*=}"; done
	@for unit in $(UNITS); do \
	  echo "rm -f $(DESTDIR)$(USER_UNIT_DIR)/$$unit"; rm -f "$(DESTDIR)$(USER_UNIT_DIR)/$$unit"; done

# Fuzzing (issue 12): libFuzzer drives every model's JSON decoder and the blocklist reader
# (FediCore's FuzzTargets) for FUZZ_RUNS inputs, seeded with Tests/Fixtures and Fuzz/seeds. Built
# with swiftc -sanitize=fuzzer from FediCore's sources and Fuzz/LibFuzzerEntry.swift in its own
# scratch path; the toolchain ships the libFuzzer runtime. A crash stops the run and leaves its input
# as .build-fuzz/crash-*. `make test` runs the short seeded mutation test (FuzzTests) instead.
FUZZ_SCRATCH := .build-fuzz
FUZZ_RUNS ?= 200000

.PHONY: fuzz
fuzz:
	mkdir -p $(FUZZ_SCRATCH)/corpus
	swiftc -sanitize=fuzzer -O -wmo -parse-as-library -swift-version 6 -module-name FediCore \
	  $$(find Sources/FediCore -name '*.swift' | sort) Fuzz/LibFuzzerEntry.swift -o $(FUZZ_SCRATCH)/fedictl-fuzz
	find Tests/Fixtures -name '*.json' | while read -r f; do cp "$$f" "$(FUZZ_SCRATCH)/corpus/$$(echo "$$f" | tr / _)"; done
	cp Fuzz/seeds/* $(FUZZ_SCRATCH)/corpus/
	cd $(FUZZ_SCRATCH) && ./fedictl-fuzz -runs=$(FUZZ_RUNS) -max_len=65536 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -dict=../Fuzz/json.dict corpus
