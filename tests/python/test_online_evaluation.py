"""Online evaluation (search_interleaving_daily, search_interleaving_experiments, search_session_metrics_daily,
search_dwell_survival) equals the Python reference (reference.online, written from docs/online_evaluation.md and
checked against scipy and statsmodels in test_online_reference.py) to 1e-9.

Generated logs (reference.online.generate_online_log) hold ties, sessions without clicks, repeated clicks, clicks
after midnight, one-sided experiments, identical timestamps, reformulations within and beyond the gap, clicks on
positions without an impression, interleaved searches without impressions, page visits and dwells equal to the
threshold and to the check-in times. Two sets of settings: the defaults (unit search, page visits, the query column)
and another unit, threshold, windows and check-ins without page visits or query column.

Also through `dbt build`: an incremental run with late events inside the lookback equals a full refresh and the
reference; each input rule fails under its own name and skips the models downstream; a team column the impressions
lack is a compile error; and the sign test holds its precision at 2,000 decisive units.
"""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta

import duckdb
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy.stats import binomtest

from harness import INPUT_SCHEMA, assert_rows_match, load_table, write_duckdb_profile
from reference import online as ref

SEARCH_COLUMNS = [("search_id", "varchar"), ("session_id", "varchar"), ("searched_at", "timestamp"),
                  ("search_type", "varchar"), ("n_results", "integer"), ("query_id", "varchar"),
                  ("experiment", "varchar")]
CLICK_COLUMNS = [("search_id", "varchar"), ("position", "integer"), ("clicked_at", "timestamp")]
IMPRESSION_COLUMNS = [("search_id", "varchar"), ("position", "integer"), ("doc_id", "varchar"),
                      ("score", "double"), ("team", "varchar")]
VISIT_COLUMNS = [("search_id", "varchar"), ("position", "integer"), ("visit_end_at", "timestamp")]
N_BOOTSTRAP = 200
BASE_VARS = {
    "search_metrics_results": "",
    "search_metrics_judgments": "",
    "search_metrics_searches": f"{INPUT_SCHEMA}.ol_searches",
    "search_metrics_clicks": f"{INPUT_SCHEMA}.ol_clicks",
    "search_metrics_impressions": f"{INPUT_SCHEMA}.ol_impressions",
    "search_metrics_team_column": "team",
    "search_metrics_experiment_column": "experiment",
    "search_metrics_bootstrap_samples": N_BOOTSTRAP,
    "search_metrics_confidence_level": 0.9,
}
SETTING_SETS = {
    "defaults": ({"search_metrics_page_visits": f"{INPUT_SCHEMA}.ol_page_visits",
                  "search_metrics_query_id_column": "query_id"}, {}),
    "custom": ({}, {"interleaving_unit": "session", "dwell_threshold_seconds": 30, "return_window_seconds": 120,
                    "reformulation_gap_seconds": 60, "checkin_seconds": [0, 5, 10, 30.5, 600]}),
}
OUTPUTS = ("search_interleaving_daily", "search_interleaving_experiments", "search_session_metrics_daily",
           "search_dwell_survival")
VERDICT_VALUES = ("n_units", "wins_a", "wins_b", "ties", "n_units_no_click", "preference_delta", "p_value",
                  "ci_low", "ci_high")
SESSION_VALUES = ("satisfied_click_rate", "threshold_pass_rate", "return_rate", "reformulation_rate",
                  "median_seconds_to_first_click", "n_searches", "n_sessions", "n_clicks", "n_satisfied_clicks",
                  "n_censored_clicks", "n_clicked_sessions", "n_passing_sessions", "n_clicked_searches",
                  "n_returning_searches", "n_searches_with_query", "n_reformulated_searches")
SURVIVAL_VALUES = ("survival", "n_at_risk", "n_dwells", "n_censored", "median_dwell_seconds")
DEFAULTS = {"interleaving_unit": "search", "dwell_threshold_seconds": 10, "return_window_seconds": 600,
            "reformulation_gap_seconds": 300,
            "checkin_seconds": [10, 20, 30, 40, 50, 60, 90, 120, 150, 180, 210, 240, 300, 360, 420]}


def dbt_vars(setting_set: str) -> dict:
    extra, online = SETTING_SETS[setting_set]
    return {**BASE_VARS, **extra, "search_metrics_online_evaluation": online}


def tables_of(log: dict) -> dict:
    return {"ol_searches": (SEARCH_COLUMNS, log["searches"]), "ol_clicks": (CLICK_COLUMNS, log["clicks"]),
            "ol_impressions": (IMPRESSION_COLUMNS, log["impressions"]),
            "ol_page_visits": (VISIT_COLUMNS, log["page_visits"])}


def expected_outputs(setting_set: str, log: dict) -> dict:
    extra, online = SETTING_SETS[setting_set]
    s = {**DEFAULTS, **online}
    visits = log["page_visits"] if "search_metrics_page_visits" in extra else None
    query_column = "query_id" if "search_metrics_query_id_column" in extra else None
    args = (log["searches"], log["clicks"], log["impressions"])
    interleaving = {"experiment_column": "experiment", "team_column": "team", "unit": s["interleaving_unit"],
                    "n_bootstrap": N_BOOTSTRAP, "level": 0.9}
    session_rows = ref.session_metrics_daily(
        log["searches"], log["clicks"], visits, query_column=query_column,
        dwell_threshold_seconds=s["dwell_threshold_seconds"], return_window_seconds=s["return_window_seconds"],
        reformulation_gap_seconds=s["reformulation_gap_seconds"])
    return {
        "search_interleaving_daily": (ref.interleaving_daily(*args, **interleaving),
                                      ("experiment", "search_date", "team_a", "team_b"), VERDICT_VALUES),
        "search_interleaving_experiments": (ref.interleaving_experiments(*args, **interleaving),
                                            ("experiment", "first_date", "last_date", "team_a", "team_b"),
                                            ("n_days", *VERDICT_VALUES)),
        "search_session_metrics_daily": (session_rows, ("search_date", "search_type"), SESSION_VALUES),
        "search_dwell_survival": (
            ref.dwell_survival(log["searches"], log["clicks"], visits, checkin_seconds=s["checkin_seconds"]),
            ("search_date", "search_type", "checkin_seconds"), SURVIVAL_VALUES),
    }


def check_outputs(out: dict, setting_set: str, log: dict) -> None:
    for name, (rows, key, values) in expected_outputs(setting_set, log).items():
        assert rows, f"{name}: the reference has no row (the log is too small to test anything)"
        try:
            assert_rows_match(out[name], rows, key=key, value_columns=values)
        except AssertionError as error:
            raise AssertionError(f"{name} ({setting_set}): {error}") from None


@pytest.mark.dbt
@pytest.mark.parametrize("setting_set", sorted(SETTING_SETS))
@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(rng=st.randoms(use_true_random=False))
def test_online_evaluation_equals_the_reference(dbt_project, setting_set, rng):
    log = ref.generate_online_log(rng)
    out = dbt_project.run_tables(tables_of(log), dbt_vars(setting_set), outputs=OUTPUTS)
    check_outputs(out, setting_set, log)


# -- the sign test at scale -------------------------------------------------------------------------------------
SIGN_TEST_EXPERIMENTS = {"near": (1040, 960), "balanced": (995, 1005), "lopsided": (15, 1985)}


@pytest.mark.dbt
def test_sign_test_keeps_its_precision_at_two_thousand_units(dbt_project):
    """Three experiments of 2,000 one-click searches, wins_a of them credited to team a: each p-value equals scipy's
    binomtest to 1e-9 relative (Stirling's series above 15, the sum of the largest terms), including one far below
    the double epsilon."""
    start = datetime(2026, 3, 2)
    searches, clicks, impressions = [], [], []
    for experiment, (wins_a, wins_b) in SIGN_TEST_EXPERIMENTS.items():
        for n in range(wins_a + wins_b):
            search_id = f"{experiment}{n:05d}"
            searches.append({"search_id": search_id, "session_id": search_id, "searched_at": start,
                             "search_type": "fulltext", "n_results": 2, "query_id": None, "experiment": experiment})
            impressions += [{"search_id": search_id, "position": 1, "doc_id": "x", "score": 1.0, "team": "a"},
                            {"search_id": search_id, "position": 2, "doc_id": "y", "score": 0.5, "team": "b"}]
            clicks.append({"search_id": search_id, "position": 1 if n < wins_a else 2,
                           "clicked_at": start + timedelta(seconds=1)})
    log = {"searches": searches, "clicks": clicks, "impressions": impressions, "page_visits": []}
    out = dbt_project.run_tables(tables_of(log), {**dbt_vars("custom"), "search_metrics_bootstrap_samples": 20},
                                 outputs=("search_interleaving_experiments",))
    rows = {row["experiment"]: row for row in out["search_interleaving_experiments"]}
    assert rows.keys() == SIGN_TEST_EXPERIMENTS.keys()
    for experiment, (wins_a, wins_b) in SIGN_TEST_EXPERIMENTS.items():
        row = rows[experiment]
        assert (row["wins_a"], row["wins_b"], row["ties"]) == (wins_a, wins_b, 0)
        expected = binomtest(wins_a, wins_a + wins_b, 0.5).pvalue
        assert row["p_value"] == pytest.approx(expected, rel=1e-9, abs=1e-300), experiment


# -- through dbt build: incremental runs, input rules ---------------------------------------------------------
@pytest.fixture(scope="module")
def build_profiles(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("online_builds")
    db = tmp / "online.duckdb"
    return write_duckdb_profile(tmp, db), db


def load(db, log: dict) -> None:
    with duckdb.connect(str(db)) as con:
        for name, (columns, rows) in tables_of(log).items():
            load_table(con, f"{INPUT_SCHEMA}.{name}", columns, rows)


def build(dbt_project, profiles, target, dbt_vars_, *flags):
    result = dbt_project.invoke(["build", *flags, "--vars", json.dumps(dbt_vars_)], target_name=target,
                                profiles_dir=profiles)
    return result, {r.node.name: str(r.status) for r in result.result.results} if result.result else {}


def fetch_outputs(db, schema) -> dict:
    with duckdb.connect(str(db)) as con:
        out = {}
        for name in OUTPUTS:
            cursor = con.execute(f"select * from {schema}.{name}")
            columns = [d[0] for d in cursor.description]
            out[name] = [dict(zip(columns, row)) for row in cursor.fetchall()]
        return out


def split_log(log: dict, last_day):
    """The log before last_day, with the clicks and visits of the day before it held back (they arrive late)."""
    day_of = {s["search_id"]: s["searched_at"].date() for s in log["searches"]}
    late_day = last_day - timedelta(days=1)
    early = {"searches": [s for s in log["searches"] if s["searched_at"].date() < last_day]}
    known = {s["search_id"] for s in early["searches"]}
    for name in ("clicks", "impressions", "page_visits"):
        early[name] = [r for r in log[name] if r["search_id"] in known
                       and not (name != "impressions" and day_of[r["search_id"]] == late_day)]
    return early


@pytest.mark.dbt
def test_incremental_runs_equal_a_full_refresh(dbt_project, build_profiles):
    """Days before the last, with the clicks and page visits of the day before the last held back; then the whole log
    (a new day, and the late events inside the one-day lookback): the incremental run rewrites the late day, and
    every table equals a full refresh and the reference."""
    profiles, db = build_profiles
    log = ref.generate_online_log(random.Random(5))
    days = sorted({s["searched_at"].date() for s in log["searches"]})
    assert len(days) >= 3
    dbt_vars_ = {**dbt_vars("defaults"), "search_metrics_click_lookback_days": 1}
    load(db, split_log(log, days[-1]))
    result, statuses = build(dbt_project, profiles, "online_incremental", dbt_vars_)
    assert result.success, statuses
    first = fetch_outputs(db, "main")
    load(db, log)
    result, statuses = build(dbt_project, profiles, "online_incremental", dbt_vars_)
    assert result.success, statuses
    incremental = fetch_outputs(db, "main")
    result, statuses = build(dbt_project, profiles, "online_incremental", dbt_vars_, "--full-refresh")
    assert result.success, statuses
    full = fetch_outputs(db, "main")
    for name, (rows, key, values) in expected_outputs("defaults", log).items():
        assert_rows_match(incremental[name], full[name], key=key, value_columns=values)
        assert_rows_match(full[name], rows, key=key, value_columns=values)
    late = days[-2]
    before = {row["search_type"]: row["n_clicks"] for row in first["search_session_metrics_daily"]
              if row["search_date"] == late}
    after = {row["search_type"]: row["n_clicks"] for row in incremental["search_session_metrics_daily"]
             if row["search_date"] == late}
    assert before != after, "the late clicks did not reach the incremental run"


SEARCH_TEAMS = "search_metrics_interleaving__search_must_have_two_teams"
EXPERIMENT_TEAMS = "search_metrics_interleaving__experiment_must_have_two_teams"
RULES = {  # a search with a third team value also gives its experiment three
    "one team": {SEARCH_TEAMS},
    "three teams": {SEARCH_TEAMS, EXPERIMENT_TEAMS},
    "a null team": {SEARCH_TEAMS},
    "an experiment with three teams": {EXPERIMENT_TEAMS},
    "a visit that ends before its click": {"search_metrics_page_visits__visit_must_not_end_before_click"},
    "two visits of one click": {"search_metrics_page_visits__one_visit_per_search_and_position"},
}


def rule_log(case: str) -> dict:
    """A clean three-search log in one experiment, broken by `case` (None: clean)."""
    start = datetime(2026, 3, 2, 10)
    searches = [{"search_id": f"s{i}", "session_id": "u1", "searched_at": start + timedelta(minutes=i),
                 "search_type": "fulltext", "n_results": 3, "query_id": f"q{i}", "experiment": "e1"}
                for i in range(3)]
    impressions = [{"search_id": f"s{i}", "position": p, "doc_id": f"d{p}", "score": 1.0,
                    "team": ["a", "b", "a"][p - 1]} for i in range(3) for p in (1, 2, 3)]
    clicks = [{"search_id": "s0", "position": 1, "clicked_at": start + timedelta(seconds=20)}]
    visits = [{"search_id": "s0", "position": 1, "visit_end_at": start + timedelta(seconds=50)}]
    if case == "one team":
        for row in impressions[:3]:
            row["team"] = "a"
    elif case == "three teams":
        impressions[2]["team"] = "c"
    elif case == "a null team":
        impressions[2]["team"] = None
    elif case == "an experiment with three teams":
        for row in impressions[6:]:
            row["team"] = {"a": "a", "b": "c"}[row["team"]]
    elif case == "a visit that ends before its click":
        visits[0]["visit_end_at"] = start + timedelta(seconds=19)
    elif case == "two visits of one click":
        visits.append({**visits[0], "visit_end_at": start + timedelta(seconds=60)})
    elif case == "a visit without a click":
        visits.append({"search_id": "s1", "position": 2, "visit_end_at": start + timedelta(minutes=2)})
    return {"searches": searches, "clicks": clicks, "impressions": impressions, "page_visits": visits}


@pytest.mark.dbt
@pytest.mark.parametrize("case", [None, *sorted(RULES)])
def test_each_online_input_rule_fails_under_its_name(dbt_project, build_profiles, case):
    """A clean log builds; each broken one fails exactly its rule, and the models downstream are skipped."""
    profiles, db = build_profiles
    load(db, rule_log(case))
    result, statuses = build(dbt_project, profiles, "online_rules", dbt_vars("defaults"))
    failing = {name for name, status in statuses.items() if status in ("fail", "error")}
    if case is None:
        assert result.success and not failing, statuses
        return
    assert failing == RULES[case], statuses
    downstream = ("search_interleaving_daily" if "interleaving" in min(RULES[case])
                  else "search_session_metrics_daily")
    assert statuses[downstream] == "skipped", statuses
    assert statuses["search_paulscore_daily"] == "success", statuses


@pytest.mark.dbt
def test_a_visit_without_a_click_only_warns_and_is_counted(dbt_project, build_profiles):
    """The warning-level rule: the build succeeds, the rule warns with the one visit, and search_input_quality
    counts it as ignored next to the used one."""
    profiles, db = build_profiles
    load(db, rule_log("a visit without a click"))
    result, statuses = build(dbt_project, profiles, "online_rules", dbt_vars("defaults"))
    assert result.success, statuses
    assert statuses["search_metrics_page_visits__visit_should_match_a_click"] == "warn", statuses
    with duckdb.connect(str(db)) as con:
        rows = con.execute("select status, sum(n_rows) from main.search_input_quality "
                           "where input_name = 'page_visits' group by status order by status").fetchall()
    assert rows == [("ignored", 1), ("used", 1)], rows


@pytest.mark.dbt
@pytest.mark.parametrize("var_name, input_var", [("search_metrics_team_column", "search_metrics_impressions"),
                                                  ("search_metrics_experiment_column", "search_metrics_searches")])
def test_a_column_var_naming_no_column_is_a_compile_error(dbt_project, build_profiles, var_name, input_var):
    """A team or experiment column the input lacks: a compile error that names the input and the column."""
    profiles, db = build_profiles
    load(db, rule_log(None))
    result, _ = build(dbt_project, profiles, "online_columns", {**dbt_vars("defaults"), var_name: "ranker"})
    assert not result.success
    text = str(result.exception) + " ".join(str(r.message) for r in (result.result.results if result.result else []))
    assert f"the input {input_var}" in text and "has no column ranker" in text, text
