# search_metrics: the demo and the test suite. Needs only python3 (3.11+); everything else goes into .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
DEMO_DB := target/demo.duckdb
export DBT_SEND_ANONYMOUS_USAGE_STATS := false
export DBT_PROFILES_DIR := $(CURDIR)/profiles

.PHONY: venv demo test clean

venv: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet '.[test]'
	touch $@

## make demo: load the example seeds into an embedded DuckDB file, build every model and data test, print a summary
demo: venv
	SEARCH_METRICS_DUCKDB_PATH=$(DEMO_DB) $(BIN)/dbt build --vars '{search_metrics_examples: true}' --target-path target/demo
	$(BIN)/python scripts/print_summary.py $(DEMO_DB)

## make test: the whole test suite (DuckDB)
test: venv
	$(BIN)/python -m pytest -q -p no:cacheprovider

clean:
	rm -rf $(VENV) target logs dbt_packages build *.egg-info
