"""Same answers on DuckDB, PostgreSQL and Apache Spark.

For every model the package builds (discovered from dbt's manifest, every input family switched on), the same
generated inputs give the same rows on each engine as on DuckDB (whose output the property tests check against
the Python reference): floats within |delta| <= 1e-9, nulls equal, everything else exactly, and the same kind of
value in each column. PostgreSQL runs many generated datasets; Spark, whose every statement costs a job, runs one
compact dataset per set of vars. Through dbt itself, on every engine: the demo build (seeds, models, data tests)
gives the same tables as on DuckDB, and the incremental click models equal a full refresh.
"""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import assert_same_table, dbt_ok, run_incremental_and_full_refresh
from harness import DEMO_WARNINGS, REPO_ROOT
from parity_data import ALL_INPUT_VARS, INPUT_COLUMNS, TREC_VARS, all_inputs, click_inputs, trec_inputs

COMPACT_SEED = 20261122

CUSTOM_METRICS = [
    "ndcg",
    "recall",
    {"name": "precision_relevant_2", "type": "precision", "scale": "graded", "threshold": 2},
    {"name": "precision_k_detail", "type": "precision", "scale": "detail", "threshold": 6, "denominator": "k"},
    {"name": "map_detail_7", "base": "average_precision_pool", "scale": "detail", "threshold": 7},
    {"name": "ap_graded", "type": "average_precision", "scale": "graded", "threshold": 2},
    {"name": "rr_detail", "type": "reciprocal_rank", "scale": "detail", "threshold": 5},
    {"name": "ndcg_exp_local", "base": "ndcg", "gain": "exponential"},
    {"name": "ndcg_detail_pool", "type": "ndcg", "scale": "detail", "ideal": "pool"},
    {"name": "dcg_exp", "type": "dcg", "gain": "exponential"},
    {"name": "cg_exp_detail", "type": "cg", "scale": "detail", "gain": "exponential"},
    {"name": "err_detail", "type": "err", "scale": "detail"},
    {"name": "err_binary_gmax2", "type": "err", "scale": "binary", "g_max": 2},
    {"name": "coverage_binary", "type": "coverage", "scale": "binary"},
    {"name": "auc_binary", "type": "auc"},
    "binary_ties",
]
# The resampling comparisons cost replicates x units on every engine: a few dozen replicates exercise the same
# SQL as the default 1000 (whose numbers the comparison tests check on DuckDB).
FEW_REPLICATES = {"search_metrics_permutations": 40, "search_metrics_bootstrap_samples": 30}
VAR_SETS = {
    "defaults": {**ALL_INPUT_VARS, **FEW_REPLICATES},
    "custom": {
        **ALL_INPUT_VARS,
        "search_metrics_metrics": CUSTOM_METRICS,
        "search_metrics_cutoffs": [2, 4, 7],
        "search_metrics_transformers": {"graded_to_binary": {0: 0, 1: 0, 2: 1, 3: 1},
                                        "detail_to_graded": {1: 0, 2: 0, 3: 1, 4: 1, 5: 1, 6: 2, 7: 2, 8: 2,
                                                             9: 3, 10: 3}},
        "search_metrics_paulscore_factors": [0.3, 0.75],
        "search_metrics_click_lookback_days": 1,
        "search_metrics_comparisons": [["run_1", "run_0"], ["run_0", "run_2"]],
        "search_metrics_bucket_comparisons": [["Treatment_b", "control"]],
        "search_metrics_permutations": 25,
        "search_metrics_bootstrap_samples": 35,
        "search_metrics_confidence_level": 0.9,
    },
    # TREC-shaped judged data (parity_data.trec_inputs): integer grades with negatives, ranks from tied scores
    "trec": {**ALL_INPUT_VARS, **FEW_REPLICATES, **TREC_VARS},
}


def inputs_for(var_set: str, seed):
    return trec_inputs(seed) if var_set == "trec" else all_inputs(seed)
ENGINE_PARAMS = [pytest.param("postgres", marks=pytest.mark.postgres),
                 pytest.param("spark", marks=pytest.mark.spark)]
ALL_ENGINE_PARAMS = ["duckdb", *ENGINE_PARAMS]


def same_outputs(engine, reference, var_set: str, tables: dict) -> dict:
    """Build every model on `engine` and on DuckDB from `tables` and compare every model's rows."""
    dbt_vars = VAR_SETS[var_set]
    expected = reference.run_models(dbt_vars, f"parity_{var_set}", tables)
    actual = engine.run_models(dbt_vars, f"parity_{var_set}", tables)
    assert sorted(actual) == sorted(expected), "the engines built different models"
    for name in expected:
        assert_same_table(name, actual[name], expected[name], engine.name, reference.name)
    return expected


# -- every model is compared ---------------------------------------------------------------------------
@pytest.mark.dbt
def test_every_model_is_built_and_compared(duckdb_engine):
    """With every input var set, every model file of the package is enabled and in the compiled list that
    the parity tests compare: a new model is compared without touching these tests, and a new input family
    (a model still disabled) fails here until parity_data generates its input."""
    models = duckdb_engine.compile(VAR_SETS["defaults"], "parity_defaults")
    manifest = duckdb_engine.manifest(VAR_SETS["defaults"], "parity_defaults")
    model_files = {p.stem for p in (REPO_ROOT / "models").rglob("*.sql")}
    disabled = sorted(node["name"] for nodes in manifest.get("disabled", {}).values() for node in nodes
                      if node["resource_type"] == "model" and node["package_name"] == "search_metrics")
    assert not disabled, f"models disabled with every input var set (add their inputs to parity_data): {disabled}"
    assert {m["name"] for m in models} == model_files
    assert {"search_query_metrics", "search_run_metrics", "search_paulscore_daily"} <= model_files


# -- one compact dataset, every engine -------------------------------------------------------------------
@pytest.mark.dbt
@pytest.mark.parametrize("var_set", sorted(VAR_SETS))
@pytest.mark.parametrize("engine_name", ENGINE_PARAMS)
def test_compact_dataset_gives_the_same_rows(request, duckdb_engine, engine_name, var_set):
    engine = request.getfixturevalue(f"{engine_name}_engine")
    out = same_outputs(engine, duckdb_engine, var_set, inputs_for(var_set, COMPACT_SEED))
    # the dataset exercises every family: no compared table of the marts is empty
    for name in ("search_query_metrics", "search_run_metrics", "search_paulscore_daily", "search_auc_daily",
                 "search_click_metrics_daily", "search_input_quality"):
        assert out[name].rows, f"{name} is empty on the compact dataset"
    values = [row["value"] for row in out["search_query_metrics"].dicts()]
    assert any(v is None for v in values) and any(v not in (None, 0, 1) for v in values)


# -- many generated datasets on PostgreSQL ---------------------------------------------------------------
@pytest.mark.dbt
@pytest.mark.postgres
@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(rng=st.randoms(use_true_random=False), var_set=st.sampled_from(sorted(VAR_SETS)))
def test_generated_datasets_give_the_same_rows_on_postgres(duckdb_engine, postgres_engine, rng, var_set):
    same_outputs(postgres_engine, duckdb_engine, var_set, inputs_for(var_set, rng))


# -- through dbt: the demo build -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def duckdb_demo(duckdb_engine):
    return demo_build(duckdb_engine)


def demo_build(engine) -> dict:
    """`dbt build --vars '{search_metrics_examples: true}'` (seeds, models, data tests) into schema demo."""
    engine.reset_schema("demo")
    result = engine.dbt(["build"], "demo", "demo", {"search_metrics_examples": True, **FEW_REPLICATES})
    statuses = dbt_ok(result, f"demo build on {engine.name}", DEMO_WARNINGS)
    kinds = {r.node.name: r.node.resource_type for r in result.result.results}
    relations = sorted(name for name, kind in kinds.items() if kind in ("model", "seed"))
    assert sum(1 for kind in kinds.values() if kind == "test") >= 20
    return {"statuses": statuses, "tables": {name: engine.fetch_model("demo", name) for name in relations}}


@pytest.mark.dbt
@pytest.mark.parametrize("engine_name", ENGINE_PARAMS)
def test_demo_build_gives_the_same_tables(request, duckdb_demo, engine_name):
    """Seeds (their column types are per adapter), every model and every data test, through dbt itself."""
    engine = request.getfixturevalue(f"{engine_name}_engine")
    demo = demo_build(engine)
    assert demo["statuses"].keys() == duckdb_demo["statuses"].keys()
    for name, expected in duckdb_demo["tables"].items():
        assert_same_table(name, demo["tables"][name], expected, engine.name, "duckdb")
    assert demo["tables"]["search_query_metrics"].rows


# -- through dbt: incremental = full refresh ---------------------------------------------------------------
INCREMENTAL_MODELS = ["search_paulscore_daily", "search_click_metrics_daily", "search_auc_daily"]
CLICK_ONLY_VARS = {**ALL_INPUT_VARS, "search_metrics_results": "", "search_metrics_judgments": "",
                   "search_metrics_click_lookback_days": 2}


def incremental_inputs():
    """Six days of logs, then a seventh day plus late clicks and impressions of days 5 and 6 (inside the
    two-day lookback after day 6) -- the inputs the incremental run must catch up with."""
    rng = random.Random(COMPACT_SEED)
    searches, clicks, impressions = click_inputs(rng, n_days=6, n_sessions=9)
    last_day = max(s["searched_at"] for s in searches).replace(hour=0, minute=0, second=0)
    new_searches, new_clicks, new_impressions = click_inputs(random.Random(COMPACT_SEED + 1), n_days=1,
                                                             n_sessions=3, start=last_day + timedelta(days=1))
    for s in new_searches:
        s["search_id"] = "n" + s["search_id"]
    for c in new_clicks + new_impressions:
        c["search_id"] = "n" + c["search_id"]
    late = [s for s in searches if s["searched_at"] >= last_day - timedelta(days=1)]
    assert late, "no search in the lookback window"
    late_clicks = [{"search_id": s["search_id"], "position": 1 + i % 3,
                    "clicked_at": s["searched_at"] + timedelta(minutes=5)} for i, s in enumerate(late)]
    late_impressions = [{"search_id": s["search_id"], "position": 50 + i, "doc_id": "late", "score": 0.5 * i}
                        for i, s in enumerate(late)]

    def tables(s, c, i):
        rows = {"searches": s, "clicks": c, "impressions": i}
        return {name: (INPUT_COLUMNS[name], rows[name]) for name in rows}

    before = tables(searches, clicks, impressions)
    after = tables(searches + new_searches, clicks + new_clicks + late_clicks,
                   impressions + new_impressions + late_impressions)
    return before, after


@pytest.mark.dbt
@pytest.mark.parametrize("engine_name", ALL_ENGINE_PARAMS)
def test_incremental_click_models_equal_a_full_refresh(request, engine_name):
    engine = request.getfixturevalue(f"{engine_name}_engine")
    before, after = incremental_inputs()
    first, incremental, full = run_incremental_and_full_refresh(engine, CLICK_ONLY_VARS, before, after,
                                                                INCREMENTAL_MODELS)
    for name in INCREMENTAL_MODELS:
        assert full[name].rows
        assert_same_table(name, incremental[name], full[name], f"{engine.name} incremental",
                          f"{engine.name} full refresh")
    # the incremental run added the new day and rewrote days already built (the late rows changed them)
    days = {name: {row["search_date"] for row in table.dicts()} for name, table in first.items()}
    new_days = {row["search_date"] for row in full["search_click_metrics_daily"].dicts()}
    assert len(days["search_click_metrics_daily"]) == 6 and len(new_days) == 7
    for name in ("search_click_metrics_daily", "search_auc_daily"):
        old = {tuple(sorted(r.items(), key=str)) for r in first[name].dicts()}
        rewritten = [r for r in incremental[name].dicts()
                     if r["search_date"] in days[name] and tuple(sorted(r.items(), key=str)) not in old]
        assert rewritten, f"{name}: no day already built changed with the late rows"
