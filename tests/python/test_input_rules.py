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


# -- integer scales, negative grades, ranking by score, columns as they come ---------------------------------------
def build_with(dbt_project, extra_vars, select=STAGING):
    dbt_vars = {**json.loads(VARS), **extra_vars}
    result = dbt_project.invoke(["build", "--vars", json.dumps(dbt_vars), "--select", *select], target_name="rules")
    return result, {r.node.name: r.status for r in (result.result.results if result.result else [])}


GRADE_RULE = "search_metrics_judgments__grade_must_be_on_its_scale"
SCORE_RULE = "search_metrics_results__score_must_not_be_null_when_ranking_by_score"


@pytest.mark.dbt
@pytest.mark.parametrize("grade, extra_vars, passes", [
    (-1, {}, False),                                                 # negative grades are rejected by default
    (-1, {"search_metrics_negative_grades": "unjudged"}, True),
    (-2, {"search_metrics_negative_grades": "zero"}, True),
    (-1.5, {"search_metrics_negative_grades": "zero"}, False),       # still a whole number
    (4, {"search_metrics_max_grade": 4}, True),                      # a declared scale 0..4
    (5, {"search_metrics_max_grade": 4}, False),
])
def test_grade_rule_follows_the_declared_scale_and_negative_reading(dbt_project, grade, extra_vars, passes):
    judgments = copy.deepcopy(CLEAN_JUDGMENTS)
    judgments[0]["grade"] = grade
    load(dbt_project, CLEAN_RESULTS, judgments)
    result, statuses = build_with(dbt_project, extra_vars)
    failed = {name for name, status in statuses.items() if status in ("fail", "error")}
    assert failed == (set() if passes else {GRADE_RULE}), statuses
    assert result.success == passes


@pytest.mark.dbt
def test_ranking_by_score_needs_every_score_and_no_rank(dbt_project):
    results = [dict(row, rank=None) for row in CLEAN_RESULTS]  # the rank column is not read
    load(dbt_project, results, CLEAN_JUDGMENTS, rank_type="integer")
    result, statuses = build_with(dbt_project, {"search_metrics_rank_from": "score"},
                                  STAGING + ["tests/dbt/judged"])
    assert result.success and statuses[SCORE_RULE] == "pass", statuses
    results[1]["score"] = None
    load(dbt_project, results, CLEAN_JUDGMENTS, rank_type="integer")
    result, statuses = build_with(dbt_project, {"search_metrics_rank_from": "score"},
                                  STAGING + ["tests/dbt/judged"])
    failed = {name for name, status in statuses.items() if status in ("fail", "error")}
    assert failed == {SCORE_RULE}, statuses


@pytest.mark.dbt
def test_absent_optional_columns_read_as_null_and_a_missing_required_column_names_the_contract(dbt_project):
    """A qrels-like judgments table has no rater_id and a results table no score: both build, with the same
    numbers as the full contract with those columns null. A judgments table without grade fails before any SQL
    runs, with one message naming the var, the missing column and the contract."""
    with duckdb.connect(str(dbt_project.db_path)) as con:
        load_table(con, f"{INPUT_SCHEMA}.rule_results", [(c, t) for c, t in RESULTS_COLUMNS if c != "score"],
                   CLEAN_RESULTS)
        load_table(con, f"{INPUT_SCHEMA}.rule_judgments", [(c, t) for c, t in JUDGMENTS_COLUMNS if c != "rater_id"],
                   CLEAN_JUDGMENTS)
    result, statuses = build_with(dbt_project, {"search_metrics_metrics": ["precision", "auc"]}, ["search_metrics"])
    assert result.success, result.exception
    with duckdb.connect(str(dbt_project.db_path)) as con:
        rows = con.execute("select metric, k, value from main.search_query_metrics where run_id = 'a' "
                           "order by metric, k").fetchall()
    # run a, q1: d1 (grade 3, relevant) at rank 1, d2 (null grade) at rank 2; no score, so auc is null
    assert rows == [("auc", None, None), ("precision", 1, 1.0), ("precision", 3, 1.0), ("precision", 5, 1.0),
                    ("precision", 10, 1.0)]
    with duckdb.connect(str(dbt_project.db_path)) as con:
        load_table(con, f"{INPUT_SCHEMA}.rule_judgments", [(c, t) for c, t in JUDGMENTS_COLUMNS if c != "grade"],
                   CLEAN_JUDGMENTS)
    result, _ = build_with(dbt_project, {})
    assert not result.success
    message = str(result.exception) if result.exception else " ".join(
        str(r.message) for r in result.result.results if r.message)
    assert "search_metrics_judgments" in message and "has no column grade" in message, message
    assert "Its contract: query_id, doc_id, grade, scale, and optionally rater_id" in message, message


@pytest.mark.dbt
def test_an_input_given_as_an_expression_builds(dbt_project, tmp_path):
    """An input var may hold an expression such as read_parquet('dir/results.parquet'): its dots are no relation
    name parts, so the column check does not look it up (it used to split the path and send a broken catalog query),
    and the build gives the same numbers as from a table."""
    with duckdb.connect(str(dbt_project.db_path)) as con:
        load_table(con, f"{INPUT_SCHEMA}.rule_results", RESULTS_COLUMNS, CLEAN_RESULTS)
        load_table(con, f"{INPUT_SCHEMA}.rule_judgments", JUDGMENTS_COLUMNS, CLEAN_JUDGMENTS)
        con.execute(f"copy {INPUT_SCHEMA}.rule_results to '{tmp_path / 'results.v1.parquet'}' (format parquet)")
    parquet_vars = {"search_metrics_results": f"read_parquet('{tmp_path / 'results.v1.parquet'}')",
                    "search_metrics_metrics": ["precision"]}
    result, _ = build_with(dbt_project, parquet_vars, ["search_metrics"])
    assert result.success, result.exception
    with duckdb.connect(str(dbt_project.db_path)) as con:
        from_parquet = con.execute("select run_id, query_id, k, value from main.search_query_metrics "
                                   "order by all").fetchall()
    result, _ = build_with(dbt_project, {"search_metrics_metrics": ["precision"]}, ["search_metrics"])
    assert result.success, result.exception
    with duckdb.connect(str(dbt_project.db_path)) as con:
        from_table = con.execute("select run_id, query_id, k, value from main.search_query_metrics "
                                 "order by all").fetchall()
    assert from_parquet == from_table and len(from_table) >= 4
