# Two entry points a fresh machine needs: `make run` (the companion) and `make test` (the whole suite).
# Both create the virtual environment and install the pinned dependencies on first use.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: run test lint bench soak clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

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
