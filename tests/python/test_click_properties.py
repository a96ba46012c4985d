"""The click models' output equals the Python reference (reference.clicks) on generated logs, and the judged
`auc` metric equals reference.judged (AUC by pairs) -- |delta| <= 1e-9, nulls equal.

Generated logs have sessions spread over days and both search types (so day-sessions split), duplicate clicks,
zero-result and unknown-n_results searches, one-class sessions, tied scores, clicks beyond the shown positions,
clicks before their search, and clicks / impressions on unknown searches.
"""

from datetime import datetime, timedelta

import duckdb
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generators import judged_datasets
from harness import INPUT_SCHEMA, assert_rows_match
from reference import clicks as ref_clicks
from reference import judged as ref_judged

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                          HealthCheck.function_scoped_fixture])

SEARCH_COLUMNS = [("search_id", "varchar"), ("session_id", "varchar"), ("searched_at", "timestamp"),
                  ("search_type", "varchar"), ("n_results", "integer")]
CLICK_COLUMNS = [("search_id", "varchar"), ("position", "integer"), ("clicked_at", "timestamp")]
IMPRESSION_COLUMNS = [("search_id", "varchar"), ("position", "integer"), ("doc_id", "varchar"),
                      ("score", "double")]
FACTORS = [0.1, 0.5, 0.9, 0.3]
CLICK_VARS = {
    # the judgment_metrics family is switched off: only the click models (and the input-quality model) are built
    "search_metrics_results": "",
    "search_metrics_judgments": "",
    "search_metrics_searches": f"{INPUT_SCHEMA}.click_searches",
    "search_metrics_clicks": f"{INPUT_SCHEMA}.click_clicks",
    "search_metrics_impressions": f"{INPUT_SCHEMA}.click_impressions",
    "search_metrics_paulscore_factors": FACTORS,
}
CLICK_OUTPUTS = ("search_paulscore_daily", "search_click_metrics_daily", "search_auc_daily",
                 "search_input_quality")
DAILY_MODELS = CLICK_OUTPUTS[:3]
START = datetime(2026, 3, 2)


@st.composite
def click_logs(draw, max_sessions=6, max_searches=4, max_shown=6):
    n_days = draw(st.integers(1, 3))
    searches, clicks, impressions = [], [], []
    n = 0
    for s in range(draw(st.integers(1, max_sessions))):
        for _ in range(draw(st.integers(1, max_searches))):
            n += 1
            search_id = f"s{n}"
            searched_at = START + timedelta(days=draw(st.integers(0, n_days - 1)),
                                            seconds=draw(st.integers(0, 86399)))
            searches.append({"search_id": search_id, "session_id": f"sess{s}", "searched_at": searched_at,
                             "search_type": draw(st.sampled_from(["fulltext", "autocomplete"])),
                             "n_results": draw(st.one_of(st.none(), st.integers(0, 3), st.just(0)))})
            for position in range(1, draw(st.integers(0, max_shown)) + 1):
                impressions.append({"search_id": search_id, "position": position, "doc_id": f"d{position}",
                                    "score": float(draw(st.integers(0, 3)))})  # few values: many ties
            # positions may repeat (duplicate clicks) and exceed the shown ones; a few clicks precede the search
            for position in draw(st.lists(st.integers(1, max_shown + 1), max_size=4)):
                clicks.append({"search_id": search_id, "position": position,
                               "clicked_at": searched_at + timedelta(seconds=draw(st.integers(-30, 900)))})
    if draw(st.booleans()):  # a click and an impression of a search that is not in the log
        clicks.append({"search_id": "unknown", "position": 1, "clicked_at": START})
        impressions.append({"search_id": "unknown", "position": 1, "doc_id": "d1", "score": 1.0})
    return searches, clicks, impressions


def drop_click_outputs(dbt_project):
    """The harness compiles each set of vars once; with a click model already in its DuckDB file dbt would
    compile the incremental branch. Drop them first so that the compiled SQL is the full build."""
    with duckdb.connect(str(dbt_project.db_path)) as con:
        for name in DAILY_MODELS:
            con.execute(f"drop table if exists main.{name}")


@pytest.fixture(scope="module")
def click_models(dbt_project):
    drop_click_outputs(dbt_project)
    models = {m["name"]: m for m in dbt_project.compile(CLICK_VARS)}
    assert set(DAILY_MODELS) <= set(models)
    assert "search_query_metrics" not in models  # the judgment_metrics family is off
    for name in DAILY_MODELS:
        assert "built_days" not in models[name]["sql"], f"{name} compiled with its incremental filter"
    return models


def run_clicks(dbt_project, searches, clicks, impressions):
    tables = {"click_searches": (SEARCH_COLUMNS, searches), "click_clicks": (CLICK_COLUMNS, clicks),
              "click_impressions": (IMPRESSION_COLUMNS, impressions)}
    return dbt_project.run_tables(tables, CLICK_VARS, outputs=CLICK_OUTPUTS)


@pytest.mark.dbt
@SETTINGS
@given(click_logs())
def test_click_models_match_reference(dbt_project, click_models, log):
    searches, clicks, impressions = log
    out = run_clicks(dbt_project, searches, clicks, impressions)

    assert_rows_match(out["search_paulscore_daily"], ref_clicks.paulscore_daily(searches, clicks, FACTORS),
                      key=("search_date", "search_type", "factor"),
                      value_columns=("paulscore", "relative_paulscore", "paulscore_clicked_searches",
                                     "n_sessions", "n_searches", "n_clicked_searches"))
    assert_rows_match(out["search_click_metrics_daily"], ref_clicks.click_metrics_daily(searches, clicks),
                      key=("search_date", "search_type"),
                      value_columns=("n_searches", "zero_result_rate", "clickthrough_rate", "abandonment_rate",
                                     "mean_first_click_position", "n_searches_known_results",
                                     "n_zero_result_searches", "n_searches_with_results", "n_clicked_searches"))
    assert_rows_match(out["search_auc_daily"], ref_clicks.auc_daily(searches, clicks, impressions),
                      key=("search_date", "search_type"),
                      value_columns=("auc", "gauc", "gauc_weighted", "n_sessions_used", "n_sessions_skipped",
                                     "n_impressions", "n_clicked_impressions"))

    counts = {}
    for row in out["search_input_quality"]:
        key = (row["input_name"], row["status"])
        counts[key] = counts.get(key, 0) + row["n_rows"]
    assert counts == ref_clicks.input_quality(searches, clicks, impressions)


@pytest.mark.dbt
@SETTINGS
@given(judged_datasets())
def test_judged_auc_metric_matches_reference(dbt_project, dataset):
    # small cutoffs: auc must still read every rank, while precision reads rank <= 2 only
    results, judgments = dataset
    metrics = ["precision", "auc"]
    extra_vars = {"search_metrics_metrics": metrics, "search_metrics_cutoffs": [1, 2]}
    out = dbt_project.run(results, judgments, extra_vars)
    expected = ref_judged.query_metrics(results, judgments, cutoffs=(1, 2), metrics=metrics)
    assert any(row["metric"] == "auc" and row["k"] is None for row in expected)
    assert_rows_match(out["search_query_metrics"], expected,
                      key=("run_id", "query_id", "metric", "k"), value_columns=("value",))
    assert_rows_match(out["search_run_metrics"], ref_judged.run_metrics(expected),
                      key=("run_id", "metric", "k"), value_columns=("value", "n_queries", "n_queries_total"))
