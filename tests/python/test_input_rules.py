"""Every input rule of the contract is a dbt data test that fails, under its rule's name, on data that
breaks it (and only it), and a failing rule stops the metric models in `dbt build`."""

import copy
import json

import duckdb
import pytest

from harness import INPUT_SCHEMA, JUDGMENTS_COLUMNS, RESULTS_COLUMNS, load_table

CLEAN_RESULTS = [
    {"run_id": "a", "query_id": "q1", "doc_id": "d1", "rank": 1, "score": 2.0},
    {"run_id": "a", "query_id": "q1", "doc_id": "d2", "rank": 2, "score": 1.0},
    {"run_id": "b", "query_id": "q1", "doc_id": "d2", "rank": 1, "score": 1.0},
]
CLEAN_JUDGMENTS = [
    {"query_id": "q1", "doc_id": "d1", "rater_id": "r1", "grade": 3, "scale": "graded"},
    {"query_id": "q1", "doc_id": "d2", "rater_id": "r1", "grade": None, "scale": "graded"},
    {"query_id": "q2", "doc_id": "d9", "rater_id": "r1", "grade": 10, "scale": "detail"},
]

RULES = {
    # test name -> (which input, function that breaks the clean rows)
    "search_metrics_results__run_id_must_not_be_null": ("results", lambda r: r[0].update(run_id=None)),
    "search_metrics_results__query_id_must_not_be_null": ("results", lambda r: r[0].update(query_id=None)),
    "search_metrics_results__doc_id_must_not_be_null": ("results", lambda r: r[2].update(doc_id=None)),
    "search_metrics_results__rank_must_be_a_whole_number_at_least_1": ("results", lambda r: r[2].update(rank=0)),
    "search_metrics_results__rank_must_be_unique_within_run_and_query": ("results", lambda r: r[1].update(rank=1)),
    "search_metrics_results__doc_id_must_be_unique_within_run_and_query": ("results", lambda r: r[1].update(doc_id="d1")),
    "search_metrics_judgments__query_id_must_not_be_null": ("judgments", lambda j: j[2].update(query_id=None)),
    "search_metrics_judgments__doc_id_must_not_be_null": ("judgments", lambda j: j[2].update(doc_id=None)),
    "search_metrics_judgments__grade_must_be_on_its_scale": ("judgments", lambda j: j[0].update(grade=4)),
    "search_metrics_judgments__scale_must_be_binary_graded_or_detail": ("judgments", lambda j: j[2].update(scale="stars")),
    "search_metrics_judgments__query_must_use_one_scale": ("judgments", lambda j: j[1].update(scale="binary", grade=None)),
}
# rank null and a fractional rank break the same rule as rank 0; a detail grade of 0 is off its scale too
EXTRA_CASES = {
    "null rank": ("search_metrics_results__rank_must_be_a_whole_number_at_least_1", "results", lambda r: r[2].update(rank=None)),
    "fractional grade": ("search_metrics_judgments__grade_must_be_on_its_scale", "judgments", lambda j: j[0].update(grade=2.5)),
    "detail grade 0": ("search_metrics_judgments__grade_must_be_on_its_scale", "judgments", lambda j: j[2].update(grade=0)),
}
STAGING = ["search_metrics_stg_results", "search_metrics_stg_judgments"]
VARS = json.dumps({"search_metrics_results": f"{INPUT_SCHEMA}.rule_results",
                   "search_metrics_judgments": f"{INPUT_SCHEMA}.rule_judgments"})


def load(dbt_project, results, judgments, rank_type="double"):
    columns = [(c, rank_type if c == "rank" else t) for c, t in RESULTS_COLUMNS]
    with duckdb.connect(str(dbt_project.db_path)) as con:
        load_table(con, f"{INPUT_SCHEMA}.rule_results", columns, results)
        load_table(con, f"{INPUT_SCHEMA}.rule_judgments", JUDGMENTS_COLUMNS, judgments)


def build_statuses(dbt_project, select):
    result = dbt_project.invoke(["build", "--vars", VARS, "--select", *select], target_name="rules")
    return result, {r.node.name: r.status for r in result.result.results}


@pytest.mark.dbt
def test_clean_input_passes_every_rule(dbt_project):
    load(dbt_project, CLEAN_RESULTS, CLEAN_JUDGMENTS)
    result, statuses = build_statuses(dbt_project, STAGING)
    assert result.success
    assert set(RULES) <= set(statuses), "every rule has a data test"
    assert all(statuses[name] == "pass" for name in RULES), statuses


@pytest.mark.dbt
@pytest.mark.parametrize("case", sorted(RULES) + sorted(EXTRA_CASES))
def test_each_broken_rule_fails_its_named_test(dbt_project, case):
    if case in RULES:
        expected_failure = case
        which, breaker = RULES[case]
    else:
        expected_failure, which, breaker = EXTRA_CASES[case]
    results, judgments = copy.deepcopy(CLEAN_RESULTS), copy.deepcopy(CLEAN_JUDGMENTS)
    breaker(results if which == "results" else judgments)
    rank_type = "double" if case != "null rank" else "integer"
    load(dbt_project, results, judgments, rank_type)
    result, statuses = build_statuses(dbt_project, STAGING)
    assert not result.success
    failed = {name for name, status in statuses.items() if status in ("fail", "error")}
    assert failed == {expected_failure}, statuses


@pytest.mark.dbt
def test_failing_rule_stops_the_metric_models(dbt_project):
    results = copy.deepcopy(CLEAN_RESULTS)
    results[1]["rank"] = 1  # duplicate rank
    load(dbt_project, results, CLEAN_JUDGMENTS)
    result, statuses = build_statuses(dbt_project, ["search_metrics"])
    assert not result.success
    assert statuses["search_metrics_results__rank_must_be_unique_within_run_and_query"] == "fail"
    assert statuses["search_query_metrics"] == "skipped"
    assert statuses["search_run_metrics"] == "skipped"
