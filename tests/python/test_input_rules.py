"""Every input rule of the contract is a dbt data test that fails, under its rule's name, on data that
breaks it (and only it), and a failing rule stops the metric models in `dbt build`."""

import copy
import json
import math

import duckdb
import pytest

from harness import INPUT_SCHEMA, JUDGMENTS_COLUMNS, RESULTS_COLUMNS, assert_rows_match, fetch_dicts, load_table
from reference import judged as judged_reference
from reference import trec as trec_reference
from test_click_incremental import CLEAN_CLICKS, CLEAN_IMPRESSIONS, CLEAN_SEARCHES
from test_click_incremental import STAGING as CLICK_STAGING
from test_click_properties import CLICK_COLUMNS, IMPRESSION_COLUMNS, SEARCH_COLUMNS

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
    "search_metrics_results__rank_must_be_a_whole_number_from_1_to_2147483647": ("results", lambda r: r[2].update(rank=0)),
    "search_metrics_results__rank_must_be_unique_within_run_and_query": ("results", lambda r: r[1].update(rank=1)),
    "search_metrics_results__doc_id_must_be_unique_within_run_and_query": ("results", lambda r: r[1].update(doc_id="d1")),
    "search_metrics_results__score_must_not_be_nan": ("results", lambda r: r[0].update(score=float("nan"))),
    "search_metrics_judgments__query_id_must_not_be_null": ("judgments", lambda j: j[2].update(query_id=None)),
    "search_metrics_judgments__doc_id_must_not_be_null": ("judgments", lambda j: j[2].update(doc_id=None)),
    "search_metrics_judgments__grade_must_be_on_its_scale": ("judgments", lambda j: j[0].update(grade=4)),
    "search_metrics_judgments__scale_must_be_binary_graded_or_detail": ("judgments", lambda j: j[2].update(scale="stars")),
    "search_metrics_judgments__query_must_use_one_scale": ("judgments", lambda j: j[1].update(scale="binary", grade=None)),
}
# rank null and a fractional rank break the same rule as rank 0; a detail grade of 0 is off its scale too
RANK_RULE = "search_metrics_results__rank_must_be_a_whole_number_from_1_to_2147483647"
WHOLE_GRADE_RULE = "search_metrics_judgments__grade_must_be_a_whole_number"
EXTRA_CASES = {
    "null rank": (RANK_RULE, "results", lambda r: r[2].update(rank=None)),
    # NaN sorts above every number and equals itself on DuckDB, PostgreSQL and Spark; ±infinity, fractions and ranks
    # past 2^31 - 1 would fail a cast to integer or overflow rank + 1 downstream
    "NaN rank": (RANK_RULE, "results", lambda r: r[2].update(rank=float("nan"))),
    "+infinity rank": (RANK_RULE, "results", lambda r: r[2].update(rank=float("inf"))),
    "-infinity rank": (RANK_RULE, "results", lambda r: r[2].update(rank=float("-inf"))),
    "fractional rank": (RANK_RULE, "results", lambda r: r[2].update(rank=1.5)),
    # a text column (a TREC run file read by read_trec_run): '2.5' was cast to 3 before; now input_number reads it
    # as null (no whole number in digits), which fails the rank rule, as 'x' would
    "text rank 2.5": (RANK_RULE, "results", lambda r: [row.update(rank=str(row["rank"])) for row in r]
                      and r[2].update(rank="2.5")),
    "rank 2^31 in a bigint column": (RANK_RULE, "results", lambda r: r[2].update(rank=2 ** 31)),
    # a fractional grade is no whole number, and no grade of its scale either
    "fractional grade": ((WHOLE_GRADE_RULE, "search_metrics_judgments__grade_must_be_on_its_scale"), "judgments",
                         lambda j: j[0].update(grade=2.5)),
    "detail grade 0": ("search_metrics_judgments__grade_must_be_on_its_scale", "judgments", lambda j: j[2].update(grade=0)),
}
# the rules are data tests on the rule-violations tables, which the staging views depend on
STAGING = ["search_metrics_stg_results_rule_violations", "search_metrics_stg_judgments_rule_violations",
           "search_metrics_stg_results", "search_metrics_stg_judgments"]
# the builds of every model read the metrics; the judgment_coverage and judge_validation families (the metrics again per judgment
# source) are tested in their own files
VARS = json.dumps({"search_metrics_results": f"{INPUT_SCHEMA}.rule_results",
                   "search_metrics_judgments": f"{INPUT_SCHEMA}.rule_judgments",
                   "search_metrics_enable_judgment_coverage": False, "search_metrics_enable_judge_validation": False})


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
    rank_type = {"null rank": "integer", "rank 2^31 in a bigint column": "bigint",
                 "text rank 2.5": "varchar"}.get(case, "double")
    load(dbt_project, results, judgments, rank_type)
    result, statuses = build_statuses(dbt_project, STAGING)
    assert not result.success
    failed = {name for name, status in statuses.items() if status in ("fail", "error")}
    assert failed == ({expected_failure} if isinstance(expected_failure, str) else set(expected_failure)), statuses
    assert {statuses[name] for name in failed} == {"fail"}, statuses  # rows that break the rule, no engine error


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
    # every model that reads the results input, directly or not, is skipped (the staging view included: it depends
    # on the rule-violations table the failing test reads); the models of the judgments alone still run
    parents = {r.node.unique_id: set(r.node.depends_on.nodes) for r in result.result.results}
    names = {r.node.unique_id: r.node.name for r in result.result.results}
    downstream = {uid for uid in parents if names[uid] == "search_metrics_stg_results"}
    while True:
        more = {uid for uid, ups in parents.items() if ups & downstream} - downstream
        if not more:
            break
        downstream |= more
    models_downstream = {names[uid] for uid in downstream if uid.startswith("model.")}
    assert {"search_metrics_stg_results", "search_metrics_int_query_spine", "search_metrics_int_labeled_results",
            "search_input_quality"} <= models_downstream, models_downstream
    assert {name: statuses[name] for name in models_downstream if statuses[name] != "skipped"} == {}
    assert statuses["search_metrics_stg_judgments"] == "success"


# -- integer scales, negative grades, ranking by score, columns as they come ---------------------------------------
def build_with(dbt_project, extra_vars, select=STAGING):
    """A full build (the incremental models rebuilt: the tests build other inputs and vars into one file)."""
    dbt_vars = {**json.loads(VARS), **extra_vars}
    result = dbt_project.invoke(["build", "--full-refresh", "--vars", json.dumps(dbt_vars), "--select", *select],
                                target_name="rules")
    return result, {r.node.name: r.status for r in (result.result.results if result.result else [])}


GRADE_RULE = "search_metrics_judgments__grade_must_be_on_its_scale"
SCORE_RULE = "search_metrics_results__score_must_not_be_null_when_ranking_by_score"


@pytest.mark.dbt
@pytest.mark.parametrize("grade, extra_vars, passes", [
    (-1, {}, False),                                                 # negative grades are rejected by default
    (-1, {"search_metrics_negative_grades": "unjudged"}, True),
    (-2, {"search_metrics_negative_grades": "zero"}, True),
    (-1.5, {"search_metrics_negative_grades": "zero"}, False),       # still a whole number (both rules say so)
    (4, {"search_metrics_max_grade": 4}, True),                      # a declared scale 0..4
    (5, {"search_metrics_max_grade": 4}, False),
])
def test_grade_rule_follows_the_declared_scale_and_negative_reading(dbt_project, grade, extra_vars, passes):
    judgments = copy.deepcopy(CLEAN_JUDGMENTS)
    judgments[0]["grade"] = grade
    load(dbt_project, CLEAN_RESULTS, judgments)
    result, statuses = build_with(dbt_project, extra_vars)
    failed = {name for name, status in statuses.items() if status in ("fail", "error")}
    broken = {GRADE_RULE} | ({WHOLE_GRADE_RULE} if grade != int(grade) else set())
    assert failed == (set() if passes else broken), statuses
    assert result.success == passes


@pytest.mark.dbt
def test_ranking_by_score_needs_every_score_and_no_rank(dbt_project):
    results = [dict(row, rank=None) for row in CLEAN_RESULTS]  # the rank column is not read
    load(dbt_project, results, CLEAN_JUDGMENTS, rank_type="integer")
    result, statuses = build_with(dbt_project, {"search_metrics_rank_from": "score"},
                                  STAGING + ["tests/dbt/judgment_metrics"])
    assert result.success and statuses[SCORE_RULE] == "pass", statuses
    results[1]["score"] = None
    load(dbt_project, results, CLEAN_JUDGMENTS, rank_type="integer")
    result, statuses = build_with(dbt_project, {"search_metrics_rank_from": "score"},
                                  STAGING + ["tests/dbt/judgment_metrics"])
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


# -- numbers at the edges: NaN, ±infinity, ranks up to 2^31 - 1 ---------------------------------------------------
@pytest.mark.dbt
def test_infinite_scores_are_scores_and_rank_first_and_last(dbt_project):
    """±infinity is a valid score: no rule fails, and ranking by score puts +infinity first and -infinity last
    (trec_eval's order, as the reference ranks them)."""
    results = [{"run_id": "a", "query_id": "q1", "doc_id": "d1", "rank": None, "score": float("-inf")},
               {"run_id": "a", "query_id": "q1", "doc_id": "d2", "rank": None, "score": 1.0},
               {"run_id": "a", "query_id": "q1", "doc_id": "d3", "rank": None, "score": float("inf")}]
    load(dbt_project, results, CLEAN_JUDGMENTS, rank_type="integer")
    result, statuses = build_with(dbt_project, {"search_metrics_rank_from": "score"}, STAGING + ["tests/dbt/judgment_metrics"])
    failed = {name for name, status in statuses.items() if status in ("fail", "error")}
    assert result.success and not failed, statuses
    assert statuses["search_metrics_results__score_must_not_be_nan"] == "pass", statuses
    with duckdb.connect(str(dbt_project.db_path)) as con:
        ranks = dict(con.execute("select doc_id, rank from main.search_metrics_stg_results").fetchall())
    assert ranks == {"d3": 1, "d2": 2, "d1": 3}  # by hand: +inf > 1.0 > -inf
    assert ranks == {row["doc_id"]: row["rank"] for row in trec_reference.rank_by_score(results)}


TOP_RANK = 2 ** 31 - 1
TOP_RANK_RESULTS = [{"run_id": "a", "query_id": "q1", "doc_id": "d1", "rank": 1, "score": 2.0},
                    {"run_id": "a", "query_id": "q1", "doc_id": "d2", "rank": TOP_RANK, "score": 1.0},
                    {"run_id": "a", "query_id": "q2", "doc_id": "e1", "rank": 1, "score": float("-inf")},
                    {"run_id": "a", "query_id": "q2", "doc_id": "e2", "rank": TOP_RANK, "score": float("inf")}]
# every metric of the default set but rbp_residual, whose reference sums p^(i - 1) over each ungraded rank up to the
# last one (2^31 - 2 terms here, minutes of Python): it is checked by hand below
TOP_RANK_METRICS = [spec["name"] for spec in judged_reference.BUILTIN_METRICS if spec["type"] != "rbp_residual"]
TOP_RANK_JUDGMENTS = [{"query_id": "q1", "doc_id": "d1", "rater_id": "r1", "grade": 0, "scale": "graded"},
                      {"query_id": "q1", "doc_id": "d2", "rater_id": "r1", "grade": 3, "scale": "graded"},
                      {"query_id": "q2", "doc_id": "e1", "rater_id": "r1", "grade": 1, "scale": "binary"},
                      {"query_id": "q2", "doc_id": "e2", "rater_id": "r1", "grade": 0, "scale": "binary"}]


@pytest.mark.dbt
def test_rank_2147483647_builds_and_gives_the_reference_numbers(dbt_project):
    """The largest valid rank, 2^31 - 1, in an INTEGER column, on a relevant doc: rank + 1 leaves the 32-bit range,
    so the discount log2(rank + 1) is computed in double. Every metric of the default set (cutoffs 1 and 2^31 - 1)
    equals the reference's; ±infinite scores order the auc's pairs."""
    top, results, judgments = TOP_RANK, TOP_RANK_RESULTS, TOP_RANK_JUDGMENTS
    load(dbt_project, results, judgments, rank_type="integer")
    result, statuses = build_with(dbt_project, {"search_metrics_cutoffs": [1, top]}, ["search_metrics"])
    assert result.success, result.exception or statuses
    assert statuses[RANK_RULE] == "pass" and statuses["search_query_metrics"] == "success", statuses
    with duckdb.connect(str(dbt_project.db_path)) as con:
        rows = fetch_dicts(con, "select run_id, query_id, metric, k, value from main.search_query_metrics")
    values = {(row["query_id"], row["metric"], row["k"]): row["value"] for row in rows}
    assert_rows_match([row for row in rows if row["metric"] in TOP_RANK_METRICS],
                      judged_reference.query_metrics(results, judgments, cutoffs=(1, top), metrics=TOP_RANK_METRICS),
                      key=("run_id", "query_id", "metric", "k"), value_columns=("value",))
    # by hand: both docs of q1 are graded, so the residual sums the ungraded ranks 2 .. 2^31 - 2 and the rest:
    # (1 - p) * (p - p^(2^31 - 2)) / (1 - p) + p^(2^31 - 1) = p, to the last bit of a double
    assert values[("q1", "rbp_residual_p80", None)] == pytest.approx(0.8)
    # by hand: d2 (grade 3) at rank 2^31 - 1 is discounted by log2(2^31) = 31; the ideal puts it at rank 1
    assert values[("q1", "dcg", top)] == pytest.approx(3 / 31)
    assert values[("q1", "ndcg_pool_whole_list", None)] == pytest.approx(1 / 31)
    # the relevant e1 scored -infinity, below the non-relevant e2's +infinity: every pair is misordered
    assert values[("q2", "auc", None)] == 0.0


@pytest.mark.dbt
@pytest.mark.postgres
def test_rank_2147483647_on_postgres(postgres_engine):
    """The same on PostgreSQL, whose integer + integer overflows as DuckDB's does: the models' SQL on query q1 of
    the case above (finite scores: the engine layer loads finite doubles only), against the reference."""
    results, judgments = TOP_RANK_RESULTS[:2], TOP_RANK_JUDGMENTS[:2]
    columns = {"results": [("run_id", "string"), ("query_id", "string"), ("doc_id", "string"), ("rank", "int"),
                           ("score", "double")],
               "judgments": [("query_id", "string"), ("doc_id", "string"), ("rater_id", "string"),
                             ("grade", "double"), ("scale", "string")]}
    dbt_vars = {"search_metrics_results": f"{INPUT_SCHEMA}.top_rank_results",
                "search_metrics_judgments": f"{INPUT_SCHEMA}.top_rank_judgments",
                "search_metrics_cutoffs": [1, TOP_RANK]}
    out = postgres_engine.run_models(dbt_vars, "top_rank", {"top_rank_results": (columns["results"], results),
                                                            "top_rank_judgments": (columns["judgments"], judgments)})
    rows = out["search_query_metrics"].dicts()
    assert_rows_match([row for row in rows if row["metric"] in TOP_RANK_METRICS],
                      judged_reference.query_metrics(results, judgments, cutoffs=(1, TOP_RANK), metrics=TOP_RANK_METRICS),
                      key=("run_id", "query_id", "metric", "k"), value_columns=("value",))
    values = {(row["metric"], row["k"]): row["value"] for row in rows}
    assert values[("rbp_residual_p80", None)] == pytest.approx(0.8)
    assert values[("ndcg_pool_whole_list", None)] == pytest.approx(1 / 31)


CLICK_RULE_VARS = {"search_metrics_searches": f"{INPUT_SCHEMA}.rule_searches",
                   "search_metrics_clicks": f"{INPUT_SCHEMA}.rule_clicks",
                   "search_metrics_impressions": f"{INPUT_SCHEMA}.rule_impressions"}
IMPRESSION_POSITION_RULE = "search_metrics_impressions__position_must_be_a_whole_number_from_1_to_2147483647"


@pytest.mark.dbt
@pytest.mark.parametrize("case, expected_failure", [
    ("NaN score", "search_metrics_impressions__score_must_not_be_nan"),
    ("±infinity scores", None),
    ("position 2^31 in a bigint column", IMPRESSION_POSITION_RULE),
    ("position 2^31 - 1", None),
])
def test_impression_numbers(dbt_project, case, expected_failure):
    """The impressions' score may be ±infinity but not NaN (AUC would rank a NaN score above every other); a
    position is at most 2^31 - 1. Each broken case fails its named test, and only it."""
    impressions = copy.deepcopy(CLEAN_IMPRESSIONS)
    impression_columns = list(IMPRESSION_COLUMNS)
    if case == "NaN score":
        impressions[1]["score"] = float("nan")
    elif case == "±infinity scores":
        impressions[0]["score"], impressions[1]["score"] = float("inf"), float("-inf")
    else:
        impressions[1]["position"] = 2 ** 31 if case.endswith("bigint column") else 2 ** 31 - 1
        impression_columns = [(c, "bigint" if c == "position" else t) for c, t in IMPRESSION_COLUMNS]
    with duckdb.connect(str(dbt_project.db_path)) as con:
        load_table(con, f"{INPUT_SCHEMA}.rule_searches", SEARCH_COLUMNS, CLEAN_SEARCHES)
        load_table(con, f"{INPUT_SCHEMA}.rule_clicks", CLICK_COLUMNS, CLEAN_CLICKS)
        load_table(con, f"{INPUT_SCHEMA}.rule_impressions", impression_columns, impressions)
    result, statuses = build_with(dbt_project, CLICK_RULE_VARS, CLICK_STAGING)
    failed = {name for name, status in statuses.items() if status in ("fail", "error")}
    assert failed == ({expected_failure} if expected_failure else set()), statuses
    assert statuses["search_metrics_impressions__score_must_not_be_nan"] in ("pass", "fail"), statuses
    assert statuses[IMPRESSION_POSITION_RULE] in ("pass", "fail"), statuses


@pytest.mark.dbt
@pytest.mark.parametrize("engine_name", ["duckdb", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_is_nan_and_input_number_on_each_engine(request, engine_name):
    """Macro is_nan: true for NaN only, false for ±infinity and numbers, null for null, on each engine. There NaN =
    NaN is true (NaN sorts above every number), so the obvious `x <> x` would find nothing. Macro input_number (one
    compile with is_nan's): a double column as it is; a text column's whole numbers in digits (sign, spaces, leading
    zeros, 18 digits) as their value, every other text null (values by hand); PostgreSQL, which reads the text form
    of every column, also reads a text of a fraction, an exponent or NaN as that number (docs of input_number).
    Spark: by hand (the report of the change), a JVM start being too dear for this file."""
    engine = request.getfixturevalue(f"{engine_name}_engine")
    # label -> (x, a double; t, a text)
    cases = {"nan": ("'NaN'", "'3'"), "plus_infinity": ("'Infinity'", "' -2 '"), "minus_infinity": ("'-Infinity'", "'+7'"),
             "zero": ("'0'", "'007'"), "fraction": ("'1.5'", "'1.5'"), "null": ("null", "null"),
             "word": ("'0'", "'high'"), "exponent": ("'0'", "'2e1'"), "empty": ("'0'", "''"),
             "text_nan": ("'0'", "'NaN'"), "sign_alone": ("'0'", "'-'"), "two_signs": ("'0'", "'+-1'"),
             "digits_18": ("'0'", "'123456789012345678'"), "digits_19": ("'0'", "'1234567890123456789'")}
    rows = ", ".join(f"[\"'{label}'\", \"cast({x} as \" ~ double ~ \")\", \"cast({t} as \" ~ text ~ \")\"]"
                     for label, (x, t) in cases.items())
    inline = ("{% set double = search_metrics.type_double() %}{% set text = dbt.type_string() %}"
              "select label, {{ search_metrics.is_nan('x') }} as x_is_nan, {{ search_metrics.input_number('x') }} as "
              "x_number, {{ search_metrics.input_number('t') }} as t_number from ({{ search_metrics.literal_relation("
              "['label', 'x', 't'], [" + rows + "]) }}) as cases")
    result = engine.dbt(["compile", "--inline", inline], "is_nan", "is_nan")
    assert result.success, result.exception
    engine.use("is_nan")
    table = engine.fetch("(" + result.result.results[0].node.compiled_code + ") as compiled")
    by_label = {label: (is_nan, x_number, t_number) for label, is_nan, x_number, t_number in table.rows}
    assert {label: by_label[label][0] for label in ("nan", "plus_infinity", "minus_infinity", "zero", "fraction",
                                                     "null")} == {
        "nan": True, "plus_infinity": False, "minus_infinity": False, "zero": False, "fraction": False, "null": None}
    x_numbers = {label: value[1] for label, value in by_label.items()}
    assert math.isnan(x_numbers.pop("nan"))
    assert x_numbers == {"plus_infinity": math.inf, "minus_infinity": -math.inf, "fraction": 1.5, "null": None,
                         **{label: 0.0 for label in cases if label not in ("nan", "plus_infinity", "minus_infinity",
                                                                            "fraction", "null")}}
    t_numbers = {label: value[2] for label, value in by_label.items()}
    expected = {"nan": 3.0, "plus_infinity": -2.0, "minus_infinity": 7.0, "zero": 7.0, "fraction": None, "null": None,
                "word": None, "exponent": None, "empty": None, "text_nan": None, "sign_alone": None,
                "two_signs": None, "digits_18": 123456789012345678.0, "digits_19": None}
    if engine_name == "postgres":
        assert math.isnan(t_numbers.pop("text_nan"))
        del expected["text_nan"]
        expected.update(fraction=1.5, exponent=20.0, digits_19=1234567890123456789.0)
    assert t_numbers == expected


@pytest.mark.dbt
@pytest.mark.parametrize("engine_name", ["duckdb", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_duplicate_key_sets_on_each_engine(request, engine_name):
    """Macro duplicate_key_sets (the results' two uniqueness rules in one statement): DuckDB's sorts of key hashes
    and the other engines' grouping sets give the duplicated keys of each set, null key values equal as in a
    `group by` (a null in a set's column is not the rolled-up column of the other set), the others null. By hand:
    (a, b) repeats as (x, 1) and (y, null); (a, c) as (x, p) and (z, null); every other key is unique."""
    engine = request.getfixturevalue(f"{engine_name}_engine")
    rows = [("'x'", "1", "'p'"), ("'x'", "1", "'q'"), ("'x'", "2", "'p'"), ("'y'", "null", "'r'"),
            ("'y'", "null", "'s'"), ("null", "3", "'t'"), ("'z'", "4", "null"), ("'z'", "5", "null"),
            ("'w'", "6", "'u'")]
    relation = ", ".join(f"[\"cast({a} as \" ~ text ~ \")\", \"cast({b} as \" ~ whole ~ \")\", "
                         f"\"cast({c} as \" ~ text ~ \")\"]" for a, b, c in rows)
    inline = ("{% set text = dbt.type_string() %}{% set whole = dbt.type_int() %}"
              "select key_set, a, b, c, n_rows from ({{ search_metrics.duplicate_key_sets('(' ~ "
              "search_metrics.literal_relation(['a', 'b', 'c'], [" + relation + "]) ~ ') as key_rows', "
              "[{'name': 'ab', 'columns': ['a', 'b']}, {'name': 'ac', 'columns': ['a', 'c']}]) }}) as duplicated")
    result = engine.dbt(["compile", "--inline", inline], "is_nan", "is_nan")
    assert result.success, result.exception
    engine.use("is_nan")
    table = engine.fetch("(" + result.result.results[0].node.compiled_code + ") as compiled")
    assert sorted(table.rows, key=repr) == sorted([("ab", "x", 1, None, 2), ("ab", "y", None, None, 2),
                                                   ("ac", "x", None, "p", 2), ("ac", "z", None, None, 2)], key=repr)


# -- the texts an LLM judge reads (the llm_judge family) -------------------------------------------------------
LLM_RULE_VARS = {"search_metrics_queries": f"{INPUT_SCHEMA}.rule_queries",
                 "search_metrics_documents": f"{INPUT_SCHEMA}.rule_documents",
                 "search_metrics_automated_raters": ["llm:*"],
                 "search_metrics_llm_judge": {"function": "llm_stub"},  # parsed, never called: no model is built
                 "search_metrics_enable_judgment_coverage": True}  # the family the llm_judge family needs
LLM_STAGING = ["search_metrics_stg_queries", "search_metrics_stg_documents"]
CLEAN_QUERIES = [{"query_id": "q1", "query_text": "eiffel tower height"}, {"query_id": "q2", "query_text": None}]
CLEAN_DOCUMENTS = [{"doc_id": "d1", "text": "The tower is 330 m tall."}, {"doc_id": "d2", "text": ""}]
LLM_RULES = {  # rule -> (input, breaker); a null or empty text is no error (its pairs wait, counted by a warning)
    "search_metrics_queries__query_id_must_not_be_null": ("queries", lambda rows: rows[1].update(query_id=None)),
    "search_metrics_queries__query_id_must_be_unique": ("queries", lambda rows: rows[1].update(query_id="q1")),
    "search_metrics_documents__doc_id_must_not_be_null": ("documents", lambda rows: rows[0].update(doc_id=None)),
    "search_metrics_documents__doc_id_must_be_unique": ("documents", lambda rows: rows[0].update(doc_id="d2")),
}


@pytest.mark.dbt
@pytest.mark.parametrize("broken", [
    ("search_metrics_queries__query_id_must_not_be_null", "search_metrics_documents__doc_id_must_be_unique"),
    ("search_metrics_queries__query_id_must_be_unique", "search_metrics_documents__doc_id_must_not_be_null"),
], ids=["null query, repeated doc", "repeated query, null doc"])
def test_llm_text_rules_fail_under_their_names(dbt_project, broken):
    """Each rule of the two text inputs fails, under its name, on data that breaks it and only it (one rule of each
    input per build: two builds cover the four)."""
    tables = {"queries": copy.deepcopy(CLEAN_QUERIES), "documents": copy.deepcopy(CLEAN_DOCUMENTS)}
    for rule in broken:
        which, breaker = LLM_RULES[rule]
        breaker(tables[which])
    with duckdb.connect(str(dbt_project.db_path)) as con:
        load_table(con, f"{INPUT_SCHEMA}.rule_queries", [("query_id", "varchar"), ("query_text", "varchar")],
                   tables["queries"])
        load_table(con, f"{INPUT_SCHEMA}.rule_documents", [("doc_id", "varchar"), ("text", "varchar")],
                   tables["documents"])
    # cautious: the tests whose every parent is selected (not the queue's warning, which reads search_judgment_queue)
    dbt_vars = {**json.loads(VARS), **LLM_RULE_VARS}
    result = dbt_project.invoke(["build", "--vars", json.dumps(dbt_vars), "--select", *LLM_STAGING,
                                 "--indirect-selection", "cautious"], target_name="rules")
    statuses = {r.node.name: r.status for r in result.result.results}
    assert set(LLM_RULES) <= set(statuses), statuses
    failed = {name for name, status in statuses.items() if status in ("fail", "error")}
    assert failed == set(broken), statuses
