"""The click family in real `dbt build` runs, on their own DuckDB file: incremental builds and input rules.

1. Build on days 0-3; append days 4-5 and late clicks on searches of days 2-3 (within the lookback); run
   incrementally. The incremental path ran (delete+insert), and its tables equal a full
   refresh on the same inputs, which equal the Python reference.
2. A late click on a day-0 search, older than the lookback, is not picked up by an incremental run (day 0 keeps
   its rows) but is by a full refresh: the documented limit of the lookback.
3. The click input rules: each is a data test that fails under its rule's name on data that breaks it (and
   only it); a click before its search only warns; a failing rule skips the daily models.
4. Rows dated in the future (year 9999) and clicks / page visits too long after their search: excluded from every
   model (the tables equal the reference on the log without them, through an incremental run whose lookback the
   9999 search cannot freeze), counted in search_input_quality and listed by their warning-level data tests.
"""

import copy
import io
import json
import random
import sys
from datetime import datetime, timedelta

import duckdb
import pytest

from harness import REPO_ROOT, assert_rows_match, fetch_dicts, load_table, write_duckdb_profile
from reference import clicks as ref
from reference import online as ref_online
from test_click_properties import CLICK_COLUMNS, IMPRESSION_COLUMNS, SEARCH_COLUMNS
from test_online_evaluation import SESSION_VALUES, VISIT_COLUMNS
from var_rules import assert_compile_error, errors_in_one_context

SCHEMA = "click_input"
LOOKBACK = 1
FACTORS = [0.1, 0.5, 0.9]
MAX_DELAY_DAYS = 6  # stage 3's very late click comes 5 days after its search
VARS = json.dumps({
    "search_metrics_searches": f"{SCHEMA}.searches",
    "search_metrics_clicks": f"{SCHEMA}.clicks",
    "search_metrics_impressions": f"{SCHEMA}.impressions",
    "search_metrics_paulscore_factors": FACTORS,
    "search_metrics_click_lookback_days": LOOKBACK,
    "search_metrics_max_event_delay_seconds": MAX_DELAY_DAYS * 86400,
})
START = datetime(2026, 3, 2)
TABLES = {
    "search_paulscore_daily": (("search_date", "search_type", "factor"),
                               ("paulscore", "relative_paulscore", "paulscore_clicked_searches", "n_sessions",
                                "n_searches", "n_clicked_searches")),
    "search_click_metrics_daily": (("search_date", "search_type"),
                                   ("n_searches", "zero_result_rate", "clickthrough_rate", "abandonment_rate",
                                    "mean_first_click_position", "n_searches_known_results",
                                    "n_zero_result_searches", "n_searches_with_results", "n_clicked_searches")),
    "search_auc_daily": (("search_date", "search_type"),
                         ("auc", "gauc", "gauc_weighted", "n_sessions_used", "n_sessions_skipped", "n_impressions",
                          "n_clicked_impressions")),
}


def make_log(seed=7, n_days=6):
    """Searches of n_days days; each search's impressions and its clicks (with the click's delay)."""
    rng = random.Random(seed)
    searches, impressions, clicks = [], [], []
    n = 0
    for day in range(n_days):
        for s in range(rng.randint(4, 7)):
            at = START + timedelta(days=day, hours=rng.randint(0, 22), minutes=rng.randint(0, 59))
            for _ in range(rng.randint(1, 4)):
                n += 1
                search_id = f"s{n:03d}"
                shown = rng.choice([0, 3, 5, 5])
                searches.append({"search_id": search_id, "session_id": f"d{day}_sess{s}", "searched_at": at,
                                 "search_type": rng.choice(["fulltext", "autocomplete"]),
                                 "n_results": shown if rng.random() > 0.1 else None})
                for position in range(1, shown + 1):
                    impressions.append({"search_id": search_id, "position": position, "doc_id": f"doc{position}",
                                        "score": float(rng.randint(0, 4))})
                for position in rng.sample(range(1, shown + 1), rng.randint(0, min(shown, 2))):
                    for _ in range(rng.choice([1, 1, 2])):  # duplicate clicks
                        clicks.append({"search_id": search_id, "position": position,
                                       "clicked_at": at + timedelta(seconds=rng.randint(5, 300))})
                at += timedelta(minutes=rng.randint(1, 5))
    return searches, clicks, impressions


def day_of(row, searches_by_id):
    return (searches_by_id[row["search_id"]]["searched_at"] - START).days


@pytest.fixture()
def project(dbt_project, tmp_path):
    db = tmp_path / "clicks_incremental.duckdb"
    profiles = write_duckdb_profile(tmp_path / "profiles", db)

    def load(searches, clicks, impressions, page_visits=()):
        with duckdb.connect(str(db)) as con:
            load_table(con, f"{SCHEMA}.searches", SEARCH_COLUMNS, searches)
            load_table(con, f"{SCHEMA}.clicks", CLICK_COLUMNS, clicks)
            load_table(con, f"{SCHEMA}.impressions", IMPRESSION_COLUMNS, impressions)
            load_table(con, f"{SCHEMA}.page_visits", VISIT_COLUMNS, list(page_visits))

    def build(*extra, dbt_vars=VARS):
        result = dbt_project.invoke(["build", "--vars", dbt_vars, *extra], target_name="clicks_incremental",
                                    profiles_dir=profiles)
        assert result.success, result.exception
        return result

    def tables():
        with duckdb.connect(str(db)) as con:
            return {name: fetch_dicts(con, f"select * from main.{name}") for name in TABLES}

    def ran_incrementally(name):
        sql = (dbt_project.workdir / "target_clicks_incremental" / "run" / "search_metrics" / "models" / "clicks" / "marts"
               / f"{name}.sql").read_text().lower()
        return "delete from" in sql

    return load, build, tables, ran_incrementally, db


def assert_tables_match(actual, expected):
    for name, (key, values) in TABLES.items():
        assert_rows_match(actual[name], expected[name], key=key, value_columns=values)


def reference_tables(searches, clicks, impressions):
    return {"search_paulscore_daily": ref.paulscore_daily(searches, clicks, FACTORS),
            "search_click_metrics_daily": ref.click_metrics_daily(searches, clicks),
            "search_auc_daily": ref.auc_daily(searches, clicks, impressions)}


@pytest.mark.dbt
def test_incremental_run_equals_full_refresh_and_lookback_limit(project):
    load, build, tables, ran_incrementally, db = project
    searches, clicks, impressions = make_log()
    by_id = {s["search_id"]: s for s in searches}

    # stage 1: days 0-3, without the clicks on position 1 of day 2-3 searches (they arrive late)
    first_searches = [s for s in searches if (s["searched_at"] - START).days <= 3]
    late = [c for c in clicks if day_of(c, by_id) in (2, 3) and c["position"] == 1]
    assert late, "the generated log needs late clicks"
    first_clicks = [c for c in clicks if day_of(c, by_id) <= 3 and c not in late]
    first_impressions = [i for i in impressions if day_of(i, by_id) <= 3]
    load(first_searches, first_clicks, first_impressions)
    build()
    assert not ran_incrementally("search_paulscore_daily")
    assert_tables_match(tables(), reference_tables(first_searches, first_clicks, first_impressions))

    # stage 2: days 4-5 arrive with the late clicks on days 2-3 (within the lookback of 1 day before day 3)
    load(searches, clicks, impressions)
    build()
    assert all(ran_incrementally(name) for name in TABLES)
    incremental = tables()
    expected = reference_tables(searches, clicks, impressions)
    assert reference_tables(searches, [c for c in clicks if c not in late], impressions) != expected, \
        "the late clicks must change the numbers of days 2-3"
    build("--full-refresh")
    assert not ran_incrementally("search_paulscore_daily")
    full = tables()
    assert_tables_match(incremental, full)
    assert_tables_match(full, expected)

    # stage 3: a click on a day-0 search arrives; day 0 is older than the lookback
    day0 = next(s for s in searches if (s["searched_at"] - START).days == 0 and s["n_results"])
    very_late = {"search_id": day0["search_id"], "position": 2, "clicked_at": day0["searched_at"] + timedelta(days=5)}
    with_very_late = clicks + [very_late]
    assert reference_tables(searches, with_very_late, impressions) != expected
    load(searches, with_very_late, impressions)
    build()
    assert all(ran_incrementally(name) for name in TABLES)
    assert_tables_match(tables(), expected)  # day 0 keeps its rows: the late click is not counted
    build("--full-refresh")
    assert_tables_match(tables(), reference_tables(searches, with_very_late, impressions))
    # the demo's printer reads these tables
    sys.path.insert(0, str(REPO_ROOT / "scripts" / "demo"))
    import print_click_summary

    out = io.StringIO()
    stdout, sys.stdout = sys.stdout, out
    try:
        with duckdb.connect(str(db)) as con:
            print_click_summary.print_tables(con)
    finally:
        sys.stdout = stdout
    text = out.getvalue()
    for name in TABLES:
        assert name in text and "not built" not in text
    assert "2026-03-07" in text and "F=0.9" in text


# ---------------------------------------------------------------------------
# rows dated in the future, events too long after their search
# ---------------------------------------------------------------------------

FUTURE = datetime(9999, 12, 31, 22, 0)
FUTURE_VARS = json.dumps({**json.loads(VARS), "search_metrics_page_visits": f"{SCHEMA}.page_visits"})
TIME_RULES = {  # warning-level; each fires on the dirty rows
    "search_metrics_searches__searched_at_should_not_be_in_the_future",
    "search_metrics_clicks__clicked_at_should_not_be_in_the_future",
    "search_metrics_page_visits__visit_end_at_should_not_be_in_the_future",
    "search_metrics_clicks__clicked_at_should_be_within_max_event_delay_of_searched_at",
    "search_metrics_page_visits__visit_end_at_should_be_within_max_event_delay_of_searched_at",
}


def session_reference(searches, clicks, page_visits):
    return ref_online.session_metrics_daily(searches, clicks, page_visits)


@pytest.mark.dbt
def test_future_and_late_events_are_excluded_counted_and_warned(project):
    """Run 1: days 0-3 with a search dated 9999-12-31 (with clicks, impressions and a page visit), a click and a
    page visit in 9999 on real searches, and a click and a page visit more than the max event delay after their
    search; the late clicks of days 2-3 held back. Run 2 (incremental): days 4-5 and the late clicks arrive. Both
    runs equal the reference on the log without the dirty rows (the 9999 search would anchor the lookback at 9999
    and freeze days 2-3); each dirty row is counted and warned under its rule's name."""
    load, build, tables, ran_incrementally, db = project
    searches, clicks, impressions = make_log()
    by_id = {s["search_id"]: s for s in searches}
    late = [c for c in clicks if day_of(c, by_id) in (2, 3) and c["position"] == 1]
    assert late, "the generated log needs late clicks"
    first = {}  # (search_id, position) -> first clicked_at
    for c in clicks:
        key = (c["search_id"], c["position"])
        first[key] = min(first.get(key, c["clicked_at"]), c["clicked_at"])
    # page visits on every other clicked position; the dirty visits go on clicked positions of censored clicks
    # (no visit, no later event of their day-session), so reading them would change the session metrics
    keys = sorted(first)
    visits = [{"search_id": k[0], "position": k[1], "visit_end_at": first[k] + timedelta(seconds=5 + 7 * i % 40)}
              for i, k in enumerate(keys) if i % 2 == 0 and day_of({"search_id": k[0]}, by_id) <= 3]
    visited = {(v["search_id"], v["position"]) for v in visits}
    censored = [(d["search_id"], d["position"]) for d in ref_online.click_dwells(searches, clicks, visits)
                if d["censored"] and (d["search_id"], d["position"]) not in visited and day_of(d, by_id) <= 1]
    assert len(censored) >= 2, "the generated log needs two censored clicks"
    # positions nobody clicked on searches of days 1 and 2: a click there changes the day's numbers
    real = [(s, p) for s in searches if day_of(s, by_id) in (1, 2) for p in range(1, (s["n_results"] or 0) + 1)
            if (s["search_id"], p) not in first]
    dirty = {
        "searches": [{"search_id": "s_future", "session_id": "future", "searched_at": FUTURE,
                      "search_type": "fulltext", "n_results": 3}],
        "clicks": [{"search_id": "s_future", "position": 1, "clicked_at": FUTURE + timedelta(minutes=1)},
                   {"search_id": "s_future", "position": 1, "clicked_at": FUTURE + timedelta(minutes=2)},
                   {"search_id": real[0][0]["search_id"], "position": real[0][1], "clicked_at": FUTURE},
                   {"search_id": real[-1][0]["search_id"], "position": real[-1][1],
                    "clicked_at": real[-1][0]["searched_at"] + timedelta(days=MAX_DELAY_DAYS, seconds=1)}],
        "impressions": [{"search_id": "s_future", "position": p, "doc_id": f"doc{p}", "score": 1.0}
                        for p in (1, 2, 3)],
        "page_visits": [{"search_id": "s_future", "position": 1, "visit_end_at": FUTURE + timedelta(minutes=3)},
                        {"search_id": censored[0][0], "position": censored[0][1], "visit_end_at": FUTURE},
                        {"search_id": censored[1][0], "position": censored[1][1],
                         "visit_end_at": by_id[censored[1][0]]["searched_at"] + timedelta(days=MAX_DELAY_DAYS,
                                                                                           seconds=1)}],
    }

    def with_dirty(searches_, clicks_, impressions_, visits_):
        return (searches_ + dirty["searches"], clicks_ + dirty["clicks"], impressions_ + dirty["impressions"],
                visits_ + dirty["page_visits"])

    # each dirty row would change the numbers if it were read (the reference knows no time rule)
    usable_dirty = [c for c in dirty["clicks"] if c["search_id"] != "s_future"]
    for index in range(len(usable_dirty)):
        assert reference_tables(searches, clicks + usable_dirty[index:index + 1], impressions) != \
            reference_tables(searches, clicks, impressions), index
    for visit in dirty["page_visits"][1:]:
        assert session_reference(searches, clicks, visits + [visit]) != session_reference(searches, clicks, visits)

    def check(statuses_, result_, clean, n_rows):
        assert all(statuses_[rule] == "warn" for rule in TIME_RULES), statuses_
        failures = {r.node.name: r.failures for r in result_.result.results}
        assert failures["search_metrics_searches__searched_at_should_not_be_in_the_future"] == 1
        assert failures["search_metrics_clicks__clicked_at_should_not_be_in_the_future"] == 3
        assert failures["search_metrics_page_visits__visit_end_at_should_not_be_in_the_future"] == 2
        assert failures["search_metrics_clicks__clicked_at_should_be_within_max_event_delay_of_searched_at"] == 2
        assert failures["search_metrics_page_visits__visit_end_at_should_be_within_max_event_delay_of_searched_at"] \
            == 2
        actual = tables()
        assert_tables_match(actual, reference_tables(*clean[:3]))
        with duckdb.connect(str(db)) as con:
            sessions = fetch_dicts(con, "select * from main.search_session_metrics_daily")
            quality = fetch_dicts(con, "select * from main.search_input_quality")
        assert_rows_match(sessions, session_reference(clean[0], clean[1], clean[3]),
                          key=("search_date", "search_type"), value_columns=SESSION_VALUES)
        assert all(str(row["search_date"]) < "9999" for rows in actual.values() for row in rows)
        # every input row is counted once; the dirty ones as excluded, under the reason of their rule
        totals = {}
        for row in quality:
            totals[row["input_name"]] = totals.get(row["input_name"], 0) + row["n_rows"]
        assert totals == n_rows, quality
        excluded = {(row["input_name"], row["reason"].split(" (")[0].split(":")[0]): row["n_rows"]
                    for row in quality if row["status"] == "excluded"}
        assert excluded == {
            ("searches", "searched_at after the build time + search_metrics_future_tolerance_seconds"): 1,
            ("clicks", "click of an excluded search"): 2,
            ("clicks", "clicked_at after the build time + search_metrics_future_tolerance_seconds"): 1,
            ("clicks", "clicked_at more than search_metrics_max_event_delay_seconds"): 1,
            ("impressions", "impression of an excluded search"): 3,
            ("page_visits", "visit_end_at after the build time + search_metrics_future_tolerance_seconds"): 2,
            ("page_visits", "visit_end_at more than search_metrics_max_event_delay_seconds"): 1,
        }, quality

    # run 1: days 0-3 and the dirty rows, without the late clicks
    stage = ([s for s in searches if day_of(s, by_id) <= 3], [c for c in clicks if day_of(c, by_id) <= 3
                                                              and c not in late],
             [i for i in impressions if day_of(i, by_id) <= 3], visits)
    loaded = with_dirty(*stage)
    load(*loaded)
    result = build(dbt_vars=FUTURE_VARS)
    statuses = {r.node.name: str(r.status) for r in result.result.results}
    check(statuses, result, stage, dict(zip(("searches", "clicks", "impressions", "page_visits"),
                                            map(len, loaded))))

    # run 2 (incremental): days 4-5 and the late clicks of days 2-3 (within the lookback of day 3, not of 9999)
    stage = (searches, clicks, impressions, visits)
    assert reference_tables(*stage[:3]) != reference_tables(searches, [c for c in clicks if c not in late],
                                                            impressions)
    loaded = with_dirty(*stage)
    load(*loaded)
    result = build(dbt_vars=FUTURE_VARS)
    assert all(ran_incrementally(name) for name in TABLES)
    statuses = {r.node.name: str(r.status) for r in result.result.results}
    check(statuses, result, stage, dict(zip(("searches", "clicks", "impressions", "page_visits"),
                                            map(len, loaded))))


# ---------------------------------------------------------------------------
# input rules
# ---------------------------------------------------------------------------

T0 = datetime(2026, 3, 2, 9, 0)
CLEAN_SEARCHES = [
    {"search_id": "s1", "session_id": "a", "searched_at": T0, "search_type": "fulltext", "n_results": 20},
    {"search_id": "s2", "session_id": "a", "searched_at": T0 + timedelta(minutes=1), "search_type": "autocomplete",
     "n_results": None},
    {"search_id": "s3", "session_id": "b", "searched_at": T0 + timedelta(hours=1), "search_type": "fulltext",
     "n_results": 0},
]
CLEAN_CLICKS = [
    {"search_id": "s1", "position": 1, "clicked_at": T0 + timedelta(seconds=20)},
    {"search_id": "s1", "position": 1, "clicked_at": T0 + timedelta(seconds=25)},  # duplicate: counted, not an error
    {"search_id": "s2", "position": 2, "clicked_at": T0 + timedelta(minutes=2)},
    {"search_id": "unknown", "position": 1, "clicked_at": T0},  # unknown search: counted and ignored, not an error
]
CLEAN_IMPRESSIONS = [
    {"search_id": "s1", "position": 1, "doc_id": "x", "score": 2.0},
    {"search_id": "s1", "position": 2, "doc_id": "y", "score": 1.0},
    {"search_id": "s2", "position": 1, "doc_id": "x", "score": 1.0},
    {"search_id": "unknown", "position": 1, "doc_id": "x", "score": 1.0},
]
CLICK_RULES = {
    # test name -> (which input, function that breaks the clean rows)
    "search_metrics_searches__search_id_must_not_be_null": ("searches", lambda r: r[2].update(search_id=None)),
    "search_metrics_searches__search_id_must_be_unique": ("searches", lambda r: r[2].update(search_id="s1")),
    "search_metrics_searches__search_must_have_a_session_id": ("searches", lambda r: r[1].update(session_id=None)),
    "search_metrics_searches__searched_at_must_not_be_null": ("searches", lambda r: r[2].update(searched_at=None)),
    "search_metrics_searches__search_type_must_not_be_null": ("searches", lambda r: r[2].update(search_type=None)),
    "search_metrics_searches__n_results_must_be_null_or_a_whole_number_at_least_0":
        ("searches", lambda r: r[0].update(n_results=-1)),
    "search_metrics_clicks__search_id_must_not_be_null": ("clicks", lambda r: r[3].update(search_id=None)),
    "search_metrics_clicks__position_must_be_a_whole_number_from_1_to_2147483647": ("clicks", lambda r: r[2].update(position=0)),
    "search_metrics_clicks__clicked_at_must_not_be_null": ("clicks", lambda r: r[3].update(clicked_at=None)),
    "search_metrics_impressions__search_id_must_not_be_null": ("impressions", lambda r: r[3].update(search_id=None)),
    "search_metrics_impressions__position_must_be_a_whole_number_from_1_to_2147483647":
        ("impressions", lambda r: r[2].update(position=0)),
    "search_metrics_impressions__position_must_be_unique_within_search":
        ("impressions", lambda r: r[1].update(position=1)),
    "search_metrics_impressions__score_must_not_be_null": ("impressions", lambda r: r[0].update(score=None)),
}
WARN_RULE = "search_metrics_clicks__clicked_at_must_not_be_before_searched_at"
# warnings, not errors: a click or impression of a search_id that is not in the searches (counted and ignored)
UNKNOWN_SEARCH_RULES = {"clicks": "search_metrics_clicks__search_id_should_be_a_known_search",
                        "impressions": "search_metrics_impressions__search_id_should_be_a_known_search"}
# the clicks' rules that join them to their search are data tests on search_metrics_stg_click_search_rule_violations
STAGING = ["search_metrics_stg_searches", "search_metrics_stg_clicks", "search_metrics_stg_impressions",
           "search_metrics_stg_click_search_rule_violations"]
RULE_VARS = json.dumps({"search_metrics_searches": f"{SCHEMA}.searches", "search_metrics_clicks": f"{SCHEMA}.clicks",
                        "search_metrics_impressions": f"{SCHEMA}.impressions"})


@pytest.fixture(scope="module")
def rules_profiles(dbt_project, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("click_rules")
    db = tmp / "click_rules.duckdb"
    return write_duckdb_profile(tmp, db), db


def build_rules(dbt_project, rules_profiles, searches, clicks, impressions, select):
    profiles, db = rules_profiles
    with duckdb.connect(str(db)) as con:
        load_table(con, f"{SCHEMA}.searches", SEARCH_COLUMNS, searches)
        load_table(con, f"{SCHEMA}.clicks", CLICK_COLUMNS, clicks)
        load_table(con, f"{SCHEMA}.impressions", IMPRESSION_COLUMNS, impressions)
    result = dbt_project.invoke(["build", "--vars", RULE_VARS, "--select", *select], target_name="click_rules",
                                profiles_dir=profiles)
    return result, {r.node.name: str(r.status) for r in result.result.results}


def clean_inputs(known_searches_only=False):
    inputs = {"searches": copy.deepcopy(CLEAN_SEARCHES), "clicks": copy.deepcopy(CLEAN_CLICKS),
              "impressions": copy.deepcopy(CLEAN_IMPRESSIONS)}
    if known_searches_only:
        for which in ("clicks", "impressions"):
            inputs[which] = [row for row in inputs[which] if row["search_id"] != "unknown"]
    return inputs


@pytest.mark.dbt
def test_clean_click_input_passes_every_rule(dbt_project, rules_profiles):
    inputs = clean_inputs()
    result, statuses = build_rules(dbt_project, rules_profiles, inputs["searches"], inputs["clicks"],
                                   inputs["impressions"], STAGING)
    assert result.success
    assert set(CLICK_RULES) | {WARN_RULE} | set(UNKNOWN_SEARCH_RULES.values()) <= set(statuses), \
        "every rule has a data test"
    assert all(statuses[name] == "pass" for name in [*CLICK_RULES, WARN_RULE]), statuses
    # the clean rows include a click and an impression of an unknown search: warnings only
    assert all(statuses[name] == "warn" for name in UNKNOWN_SEARCH_RULES.values()), statuses


@pytest.mark.dbt
def test_unknown_searches_only_warn_and_are_counted(dbt_project, rules_profiles):
    """A click or impression of an unknown search_id warns (its named test), does not stop the models, and is
    counted as ignored in search_input_quality; without such rows the two tests pass."""
    inputs = clean_inputs()
    result, statuses = build_rules(dbt_project, rules_profiles, inputs["searches"], inputs["clicks"],
                                   inputs["impressions"], ["search_metrics"])
    assert result.success
    assert {name for name, status in statuses.items() if status in ("fail", "error", "warn")} == \
        set(UNKNOWN_SEARCH_RULES.values()), statuses
    failures = {r.node.name: r.failures for r in result.result.results}
    for which, rule in UNKNOWN_SEARCH_RULES.items():  # the test returns each row of an unknown search once
        assert failures[rule] == sum(1 for row in inputs[which] if row["search_id"] == "unknown"), failures
    assert statuses["search_paulscore_daily"] == "success" and statuses["search_auc_daily"] == "success"
    with duckdb.connect(str(rules_profiles[1])) as con:
        quality = fetch_dicts(con, "select input_name, status, n_rows from main.search_input_quality")
    ignored = {row["input_name"]: row["n_rows"] for row in quality if row["status"] == "ignored"}
    for which in UNKNOWN_SEARCH_RULES:
        assert ignored.get(which) == sum(1 for row in inputs[which] if row["search_id"] == "unknown"), quality

    known = clean_inputs(known_searches_only=True)
    result, statuses = build_rules(dbt_project, rules_profiles, known["searches"], known["clicks"],
                                   known["impressions"], STAGING)
    assert result.success
    assert all(statuses[name] == "pass" for name in UNKNOWN_SEARCH_RULES.values()), statuses


@pytest.mark.dbt
@pytest.mark.parametrize("rule", sorted(CLICK_RULES))
def test_each_broken_click_rule_fails_its_named_test(dbt_project, rules_profiles, rule):
    inputs = clean_inputs()
    which, breaker = CLICK_RULES[rule]
    breaker(inputs[which])
    result, statuses = build_rules(dbt_project, rules_profiles, inputs["searches"], inputs["clicks"],
                                   inputs["impressions"], STAGING)
    assert not result.success
    failed = {name for name, status in statuses.items() if status in ("fail", "error")}
    assert failed == {rule}, statuses
    # a null search_id is its own rule's error, not a row of an unknown search: the warnings stay those of the
    # rows whose search_id is "unknown"
    warned = {name for name in UNKNOWN_SEARCH_RULES.values() if statuses[name] == "warn"}
    assert warned == {UNKNOWN_SEARCH_RULES[w] for w in UNKNOWN_SEARCH_RULES
                      if any(row["search_id"] == "unknown" for row in inputs[w])}, statuses


@pytest.mark.dbt
def test_click_before_its_search_only_warns(dbt_project, rules_profiles):
    inputs = clean_inputs(known_searches_only=True)
    inputs["clicks"][2]["clicked_at"] = T0  # s2 was searched at T0 + 1 minute
    result, statuses = build_rules(dbt_project, rules_profiles, inputs["searches"], inputs["clicks"],
                                   inputs["impressions"], ["search_metrics"])
    assert result.success
    assert statuses[WARN_RULE] == "warn"
    assert {name for name, status in statuses.items() if status in ("fail", "error", "warn")} == {WARN_RULE}
    assert statuses["search_paulscore_daily"] == "success"


@pytest.mark.dbt
def test_failing_click_rule_skips_the_daily_models(dbt_project, rules_profiles):
    inputs = clean_inputs()
    inputs["searches"][1]["session_id"] = None
    result, statuses = build_rules(dbt_project, rules_profiles, inputs["searches"], inputs["clicks"],
                                   inputs["impressions"], ["search_metrics"])
    assert not result.success
    assert statuses["search_metrics_searches__search_must_have_a_session_id"] == "fail"
    for name in ("search_paulscore_daily", "search_click_metrics_daily", "search_auc_daily"):
        assert statuses[name] == "skipped", name


# ---------------------------------------------------------------------------
# misconfigured click vars fail at parse time with a message naming the rule
# ---------------------------------------------------------------------------

CONFIG_CASES = {
    "factor 1": ({"search_metrics_paulscore_factors": [0.5, 1]}, "every PaulScore factor F must be a number with 0 < F < 1"),
    "factor 0": ({"search_metrics_paulscore_factors": [0]}, "every PaulScore factor F must be a number with 0 < F < 1"),
    "factors not a list": ({"search_metrics_paulscore_factors": "half"},
                           "search_metrics_paulscore_factors must be a non-empty list"),
    "negative lookback": ({"search_metrics_click_lookback_days": -1},
                          "search_metrics_click_lookback_days must be a whole number >= 0"),
    "fractional lookback": ({"search_metrics_click_lookback_days": 1.5},
                            "search_metrics_click_lookback_days must be a whole number >= 0"),
    # a lookback beyond 100 years passed the first build and failed the second with a timestamp-range error
    "lookback 1e9": ({"search_metrics_click_lookback_days": 1e9},
                     "search_metrics_click_lookback_days must be a whole number >= 0 and <= 36500"),
    "lookback 36501": ({"search_metrics_click_lookback_days": 36501},
                       "search_metrics_click_lookback_days must be a whole number >= 0 and <= 36500"),
    "tolerance 0": ({"search_metrics_future_tolerance_seconds": 0},
                    "search_metrics_future_tolerance_seconds must be a number > 0"),
    "delay as text": ({"search_metrics_max_event_delay_seconds": "1 day"},
                      "search_metrics_max_event_delay_seconds must be a number > 0"),
    "auc on the graded scale": ({"search_metrics_results": "x.results", "search_metrics_judgments": "x.judgments",
                                 "search_metrics_metrics": [{"name": "auc_g", "type": "auc", "scale": "graded",
                                                             "threshold": 2}]},
                                "scale must be one of binary, got graded"),
}


def _config_vars(case):
    return json.dumps({**json.loads(RULE_VARS), **CONFIG_CASES[case][0]})


@pytest.fixture(scope="module")
def one_context_errors(dbt_project):
    """Every case's rule checked in one dbt context (var_rules.py; the lookback's through get_click_lookback_days,
    which click_recompute_filter calls); "factor 1" also gets a whole parse."""
    return errors_in_one_context(dbt_project, json.loads(RULE_VARS), [_config_vars(case) for case in CONFIG_CASES])


@pytest.mark.dbt
@pytest.mark.parametrize("case", sorted(CONFIG_CASES))
def test_bad_click_var_fails_at_parse_time_with_its_rule(dbt_project, one_context_errors, case):
    message = CONFIG_CASES[case][1]

    def check(text):
        assert message in text, text

    assert_compile_error(dbt_project, one_context_errors, _config_vars(case), check, case == "factor 1",
                         target_name="click_config")
