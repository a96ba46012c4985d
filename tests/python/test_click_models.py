"""The click models (search_click_relevance, search_click_position_bias, search_click_judgments,
search_click_judgment_agreement) equal the Python reference (reference.click_models, written from
docs/click_models.md) to 1e-9, and on logs generated from a known click model the SQL recovers its parameters.

Generated logs have several queries sharing docs, searches without a query_id, a doc shown twice in one search,
searches with no click, repeated clicks, clicks on positions with no impression, impressions and clicks of an
unknown search, and human judgments with several raters, a null rater, a rater named like a click model (left
out), null grades and binary vote ties. Two sets of settings: the defaults except min_impressions 1, and two
models with other priors, unclicked searches skipped, a short EM and grade thresholds of their own.
"""

from __future__ import annotations

import json
import math
import random
from datetime import datetime, timedelta

import duckdb
import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st

from harness import INPUT_SCHEMA, assert_rows_match, write_duckdb_profile
from reference import click_models as ref

SETTINGS = settings(max_examples=30, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

SEARCH_COLUMNS = [("search_id", "varchar"), ("session_id", "varchar"), ("searched_at", "timestamp"),
                  ("search_type", "varchar"), ("n_results", "integer"), ("query_text", "varchar")]
CLICK_COLUMNS = [("search_id", "varchar"), ("position", "integer"), ("clicked_at", "timestamp")]
IMPRESSION_COLUMNS = [("search_id", "varchar"), ("position", "integer"), ("doc_id", "varchar"),
                      ("score", "double")]
JUDGMENT_COLUMNS = [("query_id", "varchar"), ("doc_id", "varchar"), ("rater_id", "varchar"), ("grade", "double"),
                    ("scale", "varchar")]
QUERY_COLUMN = "query_text"
BASE_VARS = {
    # no results: the judgment_metrics family is off; judgments set: the click_agreement family is on
    "search_metrics_results": "",
    "search_metrics_judgments": f"{INPUT_SCHEMA}.cm_judgments",
    "search_metrics_searches": f"{INPUT_SCHEMA}.cm_searches",
    "search_metrics_clicks": f"{INPUT_SCHEMA}.cm_clicks",
    "search_metrics_impressions": f"{INPUT_SCHEMA}.cm_impressions",
    "search_metrics_query_id_column": QUERY_COLUMN,
}
SETTING_SETS = {
    "defaults": {"min_impressions": 1},
    "custom": {"models": ["pbm", "coec"], "min_impressions": 2, "sdbn_alpha": 0.5, "sdbn_beta": 3,
               "pbm_iterations": 4, "grade_thresholds": [0.1, 0.3, 0.35]},
    "skip": {"models": ["sdbn"], "min_impressions": 1, "sdbn_unclicked": "skip", "sdbn_alpha": 2, "sdbn_beta": 0.5},
}
OUTPUTS = ("search_click_relevance", "search_click_position_bias", "search_click_judgments",
           "search_click_judgment_agreement", "search_input_quality")
RELEVANCE_VALUES = ("n_impressions", "n_examined", "n_clicks", "n_last_clicks", "expected_clicks", "attractiveness",
                    "satisfaction", "coec", "relevance")
START = datetime(2026, 3, 2)
QUERIES = ["q1", "Q2", "q3", None]
DOCS = ["a", "B", "c", "d", "E", "f"]


# with the AUC family off, the impressions of searches without a query_id are read by no model: not_used
AUC_OFF = {"skip"}


def dbt_vars(setting_set: str) -> dict:
    return {**BASE_VARS, "search_metrics_click_models": SETTING_SETS[setting_set],
            **({"search_metrics_enable_click_auc": False} if setting_set in AUC_OFF else {})}


@st.composite
def click_logs(draw, max_searches=14, max_shown=5):
    searches, clicks, impressions, judgments = [], [], [], []
    for n in range(draw(st.integers(1, max_searches))):
        search_id = f"s{n}"
        searched_at = START + timedelta(seconds=draw(st.integers(0, 200000)))
        query_id = draw(st.sampled_from(QUERIES))
        searches.append({"search_id": search_id, "session_id": f"sess{n % 3}", "searched_at": searched_at,
                         "search_type": "fulltext", "n_results": 10, "query_text": query_id})
        n_shown = draw(st.integers(0, max_shown))
        # a permutation of the docs, or (now and then) one doc shown twice
        shown = draw(st.permutations(DOCS))[:n_shown]
        if n_shown >= 2 and draw(st.integers(0, 5)) == 0:
            shown[-1] = shown[0]
        for position, doc_id in enumerate(shown, start=1):
            impressions.append({"search_id": search_id, "position": position, "doc_id": doc_id, "score": 1.0})
        # clicks: repeated positions, a position beyond the shown ones, none at all
        for position in draw(st.lists(st.integers(1, max_shown + 1), max_size=4)):
            clicks.append({"search_id": search_id, "position": position,
                           "clicked_at": searched_at + timedelta(seconds=draw(st.integers(1, 300)))})
    if draw(st.booleans()):
        clicks.append({"search_id": "unknown", "position": 1, "clicked_at": START})
        impressions.append({"search_id": "unknown", "position": 1, "doc_id": "a", "score": 1.0})
    for query_id in QUERIES[:3]:
        for doc_id in DOCS:
            for rater in draw(st.lists(st.sampled_from(["r1", "r2", None, "sdbn"]), max_size=3)):
                grade = draw(st.one_of(st.none(), st.integers(0, 3)))
                judgments.append({"query_id": query_id, "doc_id": doc_id, "rater_id": rater,
                                  "grade": None if grade is None else float(grade), "scale": "graded"})
    return searches, clicks, impressions, judgments


def run_click_models(dbt_project, setting_set, searches, clicks, impressions, judgments):
    tables = {"cm_searches": (SEARCH_COLUMNS, searches), "cm_clicks": (CLICK_COLUMNS, clicks),
              "cm_impressions": (IMPRESSION_COLUMNS, impressions), "cm_judgments": (JUDGMENT_COLUMNS, judgments)}
    return dbt_project.run_tables(tables, dbt_vars(setting_set), outputs=OUTPUTS)


def expected_outputs(setting_set, searches, clicks, impressions, judgments):
    settings_ = ref.resolve_settings(SETTING_SETS[setting_set])
    relevance = ref.click_relevance(searches, clicks, impressions, settings_, query_column=QUERY_COLUMN)
    return {
        "search_click_relevance": (relevance, ("query_id", "doc_id", "model"), RELEVANCE_VALUES),
        "search_click_position_bias": (
            ref.position_bias(searches, clicks, impressions, settings_, query_column=QUERY_COLUMN), ("position",),
            ("n_impressions", "n_clicks", "ctr", "examination")),
        "search_click_judgments": (
            ref.click_judgments(relevance, max_grade=3, thresholds=settings_["grade_thresholds"]),
            ("query_id", "doc_id", "rater_id"), ("grade", "relevance")),
        "search_click_judgment_agreement": (
            ref.click_judgment_agreement(relevance, judgments, models=settings_["models"]), ("model",),
            ("n_pairs", "spearman", "kendall_tau_b", "n_relevant", "n_non_relevant", "auc")),
    }


def impression_reasons(searches, impressions, min_impressions):
    """{reason kind: impressions} recounted from the inputs: unknown search, no query_id, a pair below the
    minimum, an estimated pair."""
    query_of = {s["search_id"]: s[QUERY_COLUMN] for s in searches}
    pair_sizes: dict = {}
    for imp in impressions:
        if imp["search_id"] in query_of and query_of[imp["search_id"]] is not None:
            key = (query_of[imp["search_id"]], imp["doc_id"])
            pair_sizes[key] = pair_sizes.get(key, 0) + 1
    counts: dict = {}
    for imp in impressions:
        if imp["search_id"] not in query_of:
            kind = "unknown search"
        elif query_of[imp["search_id"]] is None:
            kind = "no query_id"
        elif pair_sizes[(query_of[imp["search_id"]], imp["doc_id"])] < min_impressions:
            kind = "below the minimum"
        else:
            kind = "estimated"
        counts[kind] = counts.get(kind, 0) + 1
    return counts


def quality_reasons(quality_rows, auc_on):
    kinds = {"search_id not in the searches input": "unknown search", "search without a query_id": "no query_id",
             "with fewer than": "below the minimum", "with a click-model estimate": "estimated"}
    counts: dict = {}
    for row in quality_rows:
        if row["input_name"] != "impressions":
            continue
        kind = next(kind for text, kind in kinds.items() if text in row["reason"])
        no_query_status = "used" if auc_on else "not_used"
        assert row["status"] == ("ignored" if kind == "unknown search" else no_query_status if kind == "no query_id"
                                 else "used"), row
        assert ("(used by the AUC)" in row["reason"]) == (auc_on and kind == "no query_id"), row
        counts[kind] = counts.get(kind, 0) + row["n_rows"]
    return counts


@pytest.mark.dbt
@pytest.mark.parametrize("setting_set", sorted(SETTING_SETS))
@SETTINGS
@given(log=click_logs())
def test_click_models_equal_the_reference(dbt_project, setting_set, log):
    searches, clicks, impressions, judgments = log
    out = run_click_models(dbt_project, setting_set, searches, clicks, impressions, judgments)
    for name, (rows, key, values) in expected_outputs(setting_set, *log).items():
        try:
            assert_rows_match(out[name], rows, key=key, value_columns=values)
        except AssertionError as error:
            raise AssertionError(f"{name} ({setting_set}): {error}") from None
    assert {row["scale"] for row in out["search_click_judgments"]} <= {"graded"}
    min_impressions = ref.resolve_settings(SETTING_SETS[setting_set])["min_impressions"]
    assert (quality_reasons(out["search_input_quality"], auc_on=setting_set not in AUC_OFF)
            == impression_reasons(searches, impressions, min_impressions))


def _shown_twice(log):
    by_search: dict = {}
    for i in log[2]:
        by_search.setdefault(i["search_id"], []).append(i["doc_id"])
    return any(len(docs) != len(set(docs)) for docs in by_search.values())


HARD_CASES = {
    "a doc shown twice in one search": _shown_twice,
    "a search with impressions and no query_id": lambda log: any(
        s["query_text"] is None and any(i["search_id"] == s["search_id"] for i in log[2]) for s in log[0]),
    "a search with impressions and no click": lambda log: any(
        any(i["search_id"] == s["search_id"] for i in log[2]) and not any(c["search_id"] == s["search_id"]
                                                                          for c in log[1]) for s in log[0]),
    "a repeated click": lambda log: len(log[1]) > len({(c["search_id"], c["position"]) for c in log[1]}),
    "a click on a position with no impression": lambda log: bool(
        {(c["search_id"], c["position"]) for c in log[1] if c["search_id"] != "unknown"}
        - {(i["search_id"], i["position"]) for i in log[2]}),
    "an impression of an unknown search": lambda log: any(i["search_id"] == "unknown" for i in log[2]),
    "a judgment by a rater named like a click model": lambda log: any(j["rater_id"] == "sdbn" for j in log[3]),
    "a null rater": lambda log: any(j["rater_id"] is None for j in log[3]),
}


@pytest.mark.parametrize("case", sorted(HARD_CASES))
def test_the_log_strategy_makes_each_hard_case(case):
    """hypothesis' find() raises when the strategy cannot make a log with the case."""
    find(click_logs(), HARD_CASES[case],
         settings=settings(database=None, max_examples=2000, phases=[Phase.generate]))  # no shrinking: just found


# -- grades at a threshold: the last bits of a sum do not count --------------------------------------------------
@pytest.mark.dbt
def test_a_relevance_equal_to_a_threshold_but_for_its_last_bits_reaches_it(dbt_project):
    """search_click_judgments compares relevance and thresholds at 12 decimals: an engine that sums to
    0.30000000000000004 or to one ulp below 0.3 gives the grade of 0.3 (PostgreSQL gave COEC's 0.6 as
    0.5999999999999999 and DuckDB as 0.6 on one generated log); 1e-7 below a threshold stays below it. The
    model's SQL runs on a relevance table written here; the grades are worked out by hand from the custom
    thresholds [0.1, 0.3, 0.35]."""
    thresholds = SETTING_SETS["custom"]["grade_thresholds"]
    assert thresholds == [0.1, 0.3, 0.35]
    cases = {  # doc_id: (relevance, grade by hand)
        "exact": (0.3, 2),
        "sum above": (0.1 + 0.2, 2),  # 0.30000000000000004
        "ulp below": (math.nextafter(0.3, 0), 2),
        "well below": (0.3 - 1e-7, 1),
        "ulp below the first": (math.nextafter(0.1, 0), 1),
        "ulp below the last": (math.nextafter(0.35, 0), 3),
        "zero": (0.0, 0),
    }
    models = {m["name"]: m for m in dbt_project.compile(dbt_vars("custom"))}
    relevance_relation = models["search_click_relevance"]["relation"]
    with duckdb.connect(str(dbt_project.db_path)) as con:
        con.execute(f"create or replace table {relevance_relation} "
                    "(query_id varchar, doc_id varchar, model varchar, relevance double)")
        con.execute(f"insert into {relevance_relation} select 'q', unnest($1), 'coec', unnest($2)",
                    [list(cases), [relevance for relevance, _ in cases.values()]])
        rows = con.execute(f"select doc_id, grade from ({models['search_click_judgments']['sql']})").fetchall()
    assert dict(rows) == {doc_id: grade for doc_id, (_, grade) in cases.items()}
    reference = ref.click_judgments([{"query_id": "q", "doc_id": doc_id, "model": "coec", "relevance": relevance}
                                     for doc_id, (relevance, _) in cases.items()], thresholds=thresholds)
    assert {row["doc_id"]: row["grade"] for row in reference} == dict(rows)


# -- recovery: the SQL on logs generated from a known model -----------------------------------------------------
PBM_GAMMA = [0.95, 0.7, 0.5, 0.35, 0.25]
PBM_ALPHA = {(q, d): a for q, row in (("q1", [0.9, 0.6, 0.4, 0.2, 0.1]), ("q2", [0.8, 0.5, 0.5, 0.3, 0.05]))
             for d, a in zip(["d1", "d2", "d3", "d4", "d5"], row)}


@pytest.mark.dbt
def test_pbm_in_sql_recovers_the_generating_parameters(dbt_project):
    """4,000 searches from a PBM with known examination and attractiveness, each showing a random permutation: the
    SQL equals the reference EM to 1e-9, and recovers what PBM identifies (gamma_p / gamma_1 and
    alpha_qd x gamma_1, its scale being arbitrary) within 0.05."""
    searches, clicks, impressions = ref.generate_pbm_log(random.Random(7), 4000, PBM_GAMMA, PBM_ALPHA)
    for s in searches:
        s[QUERY_COLUMN] = s.pop("query_id")
    out = run_click_models(dbt_project, "defaults", searches, clicks, impressions, [])
    expected = ref.click_relevance(searches, clicks, impressions, ref.resolve_settings({"min_impressions": 1}),
                                   query_column=QUERY_COLUMN)
    assert_rows_match(out["search_click_relevance"], expected, key=("query_id", "doc_id", "model"),
                      value_columns=RELEVANCE_VALUES)
    gamma = {row["position"]: row["examination"] for row in out["search_click_position_bias"]}
    alpha = {(row["query_id"], row["doc_id"]): row["attractiveness"] for row in out["search_click_relevance"]
             if row["model"] == "pbm"}
    for position, true_gamma in enumerate(PBM_GAMMA, start=1):
        assert gamma[position] / gamma[1] == pytest.approx(true_gamma / PBM_GAMMA[0], abs=0.05), position
    for pair, true_alpha in PBM_ALPHA.items():
        assert alpha[pair] * gamma[1] == pytest.approx(true_alpha * PBM_GAMMA[0], abs=0.05), pair


# -- the input rule of the click models ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def doc_rule_profiles(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("click_model_rules")
    db = tmp / "click_model_rules.duckdb"
    return write_duckdb_profile(tmp, db), db


@pytest.mark.dbt
def test_click_model_input_rules(dbt_project, doc_rule_profiles):
    """The rule 'doc_id must not be null when the click models are built' fails its named test and, like every input
    rule, skips every model downstream of the impressions; without the query column (no click models) the same
    impressions build, the AUC not reading doc_id. A query column the searches lack is a compile error naming it."""
    from harness import load_table

    profiles, db = doc_rule_profiles
    searches = [{"search_id": f"s{i}", "session_id": "a", "searched_at": START + timedelta(minutes=i),
                 "search_type": "fulltext", "n_results": 3, "query_text": "q1"} for i in range(3)]
    impressions = [{"search_id": f"s{i}", "position": p, "doc_id": DOCS[p], "score": float(p)}
                   for i in range(3) for p in (1, 2)]
    impressions[3]["doc_id"] = None
    clicks = [{"search_id": "s0", "position": 1, "clicked_at": START + timedelta(seconds=30)}]
    with duckdb.connect(str(db)) as con:
        load_table(con, f"{INPUT_SCHEMA}.cm_searches", SEARCH_COLUMNS, searches)
        load_table(con, f"{INPUT_SCHEMA}.cm_clicks", CLICK_COLUMNS, clicks)
        load_table(con, f"{INPUT_SCHEMA}.cm_impressions", IMPRESSION_COLUMNS, impressions)
    click_vars = {name: value for name, value in BASE_VARS.items() if name != "search_metrics_judgments"}
    rule = "search_metrics_impressions__doc_id_must_not_be_null_for_click_models"

    result = dbt_project.invoke(["build", "--vars", json.dumps(click_vars)], target_name="click_model_rules",
                                profiles_dir=profiles)
    statuses = {r.node.name: str(r.status) for r in result.result.results}
    assert not result.success
    assert {name for name, status in statuses.items() if status in ("fail", "error")} == {rule}, statuses
    assert statuses["search_click_relevance"] == statuses["search_auc_daily"] == "skipped", statuses
    assert statuses["search_paulscore_daily"] == "success", statuses

    without_click_models = {**click_vars, "search_metrics_query_id_column": ""}
    # --full-refresh: the query column is a setting of the incremental session metrics built above
    # (check_incremental_settings would fail their incremental run, as it should)
    result = dbt_project.invoke(["build", "--full-refresh", "--vars", json.dumps(without_click_models)],
                                target_name="click_model_rules_off", profiles_dir=profiles)
    statuses = {r.node.name: str(r.status) for r in result.result.results}
    assert result.success, statuses
    assert rule not in statuses and "search_click_relevance" not in statuses

    # a query column the searches do not have: a compile error that names it, before any SQL runs
    result = dbt_project.invoke(["build", "--vars", json.dumps({**click_vars, "search_metrics_query_id_column": "qid"})],
                                target_name="click_model_rules_missing", profiles_dir=profiles)
    assert not result.success
    assert "has no column qid" in str(result.exception) or any(
        "has no column qid" in str(r.message) for r in (result.result.results if result.result else [])), result
