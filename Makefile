# Two entry points a fresh machine needs: `make run` (the companion) and `make test` (the whole suite).
# Both create the virtual environment and install the pinned dependencies on first use.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
# A developer's install: the tests and lint tools, the developer tools (textual-dev) and PostgreSQL's driver (CI
# runs the store's tests on PostgreSQL too). A player's is `pip install .` (add `[postgres]` for a club's server).
EXTRAS := test,dev,postgres
LOCK := requirements.lock

.PHONY: run test lint bench soak clean lock messages

# Every version, direct or pulled in, as the lock file has it: the snapshots depend on more than the pinned
# direct dependencies (rich, markdown-it-py, pygments…).
$(VENV)/.installed: pyproject.toml $(LOCK)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c $(LOCK) -e '.[$(EXTRAS)]'
	touch $@

# The lock file anew: the newest versions pyproject.toml's pins allow, installed in a throwaway environment and
# frozen. Run it after changing a dependency, then `make test` (a snapshot that changes shows what moved).
lock:
	set -e; env=$$(mktemp -d); trap 'rm -rf "$$env"' EXIT; \
	$(PYTHON) -m venv "$$env"; \
	"$$env/bin/python" -m pip install --quiet '.[$(EXTRAS)]'; \
	{ echo "# Every package a developer's install holds, at the versions the tests were run with. Refreshed by"; \
	  echo "# \`make lock\`; used as pip's constraints (-c) by the Makefile's install."; \
	  "$$env/bin/python" -m pip freeze --exclude-editable | grep -v '^origami-companion[ =@]'; } > $(LOCK)

# The catalogues anew (scoring/locale/LANG/LC_MESSAGES/companion.po): the strings marked in the code (_, ngettext,
# N_, pgettext, npgettext; NC_ named with -k: scoring/i18n.py) extracted, then each language's file updated from
# them, the new ones to translate and those gone dropped. Run it after marking or changing a string, then translate
# what it added (tests/test_i18n.py fails until every one is translated). A new language: `pybabel init -D companion
# -d scoring/locale -l CODE -i FILE.pot`.
messages: $(VENV)/.installed
	set -e; pot=$$(mktemp --suffix=.pot); trap 'rm -f "$$pot"' EXIT; \
	$(VENV)/bin/pybabel -q extract -F babel.cfg -c TRANSLATORS: -k NC_:1c,2 --add-location=file \
		--sort-by-file --project=origami-companion -o "$$pot" companion screens scoring db; \
	$(VENV)/bin/pybabel -q update -i "$$pot" -d scoring/locale -D companion --ignore-obsolete --no-fuzzy-matching

run: $(VENV)/.installed
	$(VENV)/bin/companion $(ARGS)

test: $(VENV)/.installed
	@.ci/chromium >/dev/null || true
	$(PY) -m pytest $(PYTEST_ARGS)

# The layering contracts (import-linter), ruff and mypy --strict on the product's packages.
lint: $(VENV)/.installed
	$(VENV)/bin/lint-imports --no-cache
	$(VENV)/bin/ruff check companion scoring db screens tests bench
	$(VENV)/bin/mypy

# BENCH_ARGS=--quick (history at 1,000 games only) or --full (up to 100,000 games)
bench: $(VENV)/.installed
	$(PY) -m bench $(BENCH_ARGS)

# The referee's long differential soak (mutants of offered actions): SOAK_ARGS="--games 1000 --seed 7"
soak: $(VENV)/.installed
	$(PY) -m bench.soak $(SOAK_ARGS)

clean:
	rm -rf $(VENV) build *.egg-info
