# search_metrics: the demo and the test suite. Needs only python3 (3.11+); everything else goes into .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
GBSTATS_VENV := .venv-gbstats
OBP_VENV := .venv-obp
DEMO_DB := target/demo.duckdb
DEMO_CLICK_DB := target/demo_click_judged.duckdb
# the demo's vars: the example seeds, the A/B experiments with CUPED on (a 7-day pre-period) and the
# sequential intervals tuned to the example's size (about 100 units), and the example's LLM judge (rater_id
# llm:demo) among the automated raters, next to the click models, and two example runs as the counterfactual
# family's candidates (their click metrics estimated from the example logs, and the check against the A/B experiment),
# two fusions of bm25_baseline and dense_v3 (RRF, and a weighted sum over min-max with one more weight vector, so the
# sweep table has rows; it holds three of the eight queries out), and the tests across all runs on nDCG
DEMO_VARS := {search_metrics_examples: true, search_metrics_experiments: {cuped_days: 7, sequential_tuning: 100}, search_metrics_automated_raters: [sdbn, coec, pbm, "llm:*"], search_metrics_counterfactual_candidates: [hybrid_v2, dense_v3], search_metrics_fusions: [{name: rrf_bm25_dense, runs: [bm25_baseline, dense_v3], method: rrf}, {name: wsum_bm25_dense, runs: [bm25_baseline, dense_v3], method: wsum, params: {weights: [0.3, 0.7]}, weight_grid: [[0.7, 0.3]], holdout_share: 0.25}], search_metrics_all_systems_tests: {metrics: [ndcg], permutations: 200}}
export DBT_SEND_ANONYMOUS_USAGE_STATS := false
export DBT_PROFILES_DIR := $(CURDIR)/profiles
export SPARK_LOCAL_IP ?= 127.0.0.1

.PHONY: venv venv-demo venv-gbstats venv-obp demo test test-postgres test-spark clean report

# Two installs: the demo needs only dbt-core and dbt-duckdb (seconds); the tests add pytest, the references and the
# PostgreSQL and Spark adapters (pyspark builds from source: minutes on a cold cache).
venv-demo: $(VENV)/.demo-installed
venv: $(VENV)/.installed $(GBSTATS_VENV)/.installed $(OBP_VENV)/.installed
venv-gbstats: $(GBSTATS_VENV)/.installed
venv-obp: $(OBP_VENV)/.installed

$(VENV)/.demo-installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet .
	touch $@

$(VENV)/.installed: $(VENV)/.demo-installed
	$(BIN)/python -m pip install --quiet '.[test,postgres,spark]'
	touch $@

# gbstats 0.8.0 (GrowthBook's stats engine, a reference of the experiments' statistics) pins numpy < 2 and
# pandas < 2, so it cannot join .venv: a venv of its own, which tests/python/reference/gbstats_bridge.py runs in a
# subprocess (one per batch of comparisons). Reinstalled only when its pinned list changes.
$(GBSTATS_VENV)/.installed: tests/python/reference/gbstats-requirements.txt
	test -x $(GBSTATS_VENV)/bin/python || $(PYTHON) -m venv $(GBSTATS_VENV)
	$(GBSTATS_VENV)/bin/python -m pip install --quiet --disable-pip-version-check -r tests/python/reference/gbstats-requirements.txt
	touch $@

# obp 0.5.7 (Open Bandit Pipeline, the reference of the counterfactual estimators) declares torch and Python < 3.11:
# a venv of its own with obp and only what its slate estimators import, every package pinned and installed without
# its declared dependencies (tests/python/reference/obp_bridge.py runs reference/obp_runner.py there, one subprocess
# per batch). Reinstalled only when its pinned list changes.
$(OBP_VENV)/.installed: tests/python/reference/obp-requirements.txt
	test -x $(OBP_VENV)/bin/python || $(PYTHON) -m venv $(OBP_VENV)
	$(OBP_VENV)/bin/python -m pip install --quiet --disable-pip-version-check --no-deps --ignore-requires-python -r tests/python/reference/obp-requirements.txt
	touch $@

## make demo: load the example seeds into an embedded DuckDB file, build every model and data test, print a summary;
## then the judged models again into a second file with the click models' judgments, printed next to the human ones
## (there the click models' rater ids are read as human raters: search_metrics_automated_raters: [])
demo: venv-demo
	SEARCH_METRICS_DUCKDB_PATH=$(DEMO_DB) $(BIN)/dbt build --vars '$(DEMO_VARS)' --target-path target/demo
	$(BIN)/python scripts/demo/print_judged_summary.py $(DEMO_DB)
	$(BIN)/python scripts/demo/print_judging_summary.py $(DEMO_DB)
	$(BIN)/python scripts/demo/print_click_summary.py $(DEMO_DB)
	$(BIN)/python scripts/demo/print_online_summary.py $(DEMO_DB)
	$(BIN)/python scripts/demo/print_experiment_summary.py $(DEMO_DB)
	$(BIN)/python scripts/demo/print_counterfactual_summary.py $(DEMO_DB)
	SEARCH_METRICS_DUCKDB_PATH=$(DEMO_CLICK_DB) $(BIN)/dbt build --quiet --select +search_run_metrics --indirect-selection cautious \
		--vars "{search_metrics_examples: true, search_metrics_judgments: \"{{ ref('search_click_judgments') }}\", search_metrics_automated_raters: []}" \
		--target-path target/demo_click_judged
	$(BIN)/python scripts/demo/print_click_model_summary.py $(DEMO_DB) $(DEMO_CLICK_DB)

## make test: the whole test suite on DuckDB, plus engine parity and the portability gate on PostgreSQL (a
## throwaway server under a temp dir, binaries in /usr/lib/postgresql/15/bin) and Spark (pyspark, Java 17)
## on two pytest-xdist workers, one per core (tests/README.md)
test: venv
	$(BIN)/python -m pytest -q -p no:cacheprovider -n 2 --dist loadfile

## make test-postgres / make test-spark: only the parity and portability tests of one engine (quick loops)
test-postgres: venv
	$(BIN)/python -m pytest -q -p no:cacheprovider -m postgres

test-spark: venv
	$(BIN)/python -m pytest -q -p no:cacheprovider -m spark

## make report: the demo build, then a static HTML report of its output tables (no network): target/report/index.html
report: demo
	$(BIN)/python scripts/demo/build_report.py $(DEMO_DB) target/report/index.html

clean:
	rm -rf $(VENV) $(GBSTATS_VENV) $(OBP_VENV) target logs dbt_packages build *.egg-info

## make bench [Q="10000 100000"] [CLICKS="1000000"] [COMPARISONS="10000"] [EXPERIMENTS="1000000"] [TREC_EVAL="10000"] [REPEAT=3]: the benchmark against
## pytrec_eval, ranx and floor queries (bench/README.md). Generates the Parquet inputs under bench/data/ on first use. Q=100000 is the
## 10M-row point.
.PHONY: bench
Q ?= 10000
CLICKS ?=
COMPARISONS ?=
EXPERIMENTS ?=
TREC_EVAL ?=
REPEAT ?= 3
bench: $(VENV)/.bench-installed
	$(BIN)/python bench/run.py $(foreach q,$(Q),--q $(q)) $(foreach s,$(CLICKS),--clicks $(s)) $(foreach c,$(COMPARISONS),--comparisons $(c)) \
		$(foreach e,$(EXPERIMENTS),--experiments $(e)) $(foreach t,$(TREC_EVAL),--trec-eval $(t)) --repeat $(REPEAT)

$(VENV)/.bench-installed: $(VENV)/.installed pyproject.toml
	$(BIN)/python -m pip install --quiet '.[test,bench]'
	touch $@
