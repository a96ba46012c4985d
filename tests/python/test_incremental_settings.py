"""The settings an incremental model's rows were built with (docs/clicks.md, "Incremental builds").

Every incremental model stores, in each row's `build_settings`, a digest of the settings that shape its rows
(macros incremental_settings, build_settings_digest), and their text in a table beside it (record_build_settings),
and an incremental run with other settings fails before it writes anything, naming each
changed setting with its old and new value and asking for --full-refresh of the model (pre-hook
check_incremental_settings, added by click_incremental_config). Through real `dbt run`s on one DuckDB file shared
by the tests of this module, which run in this order (each leaves the tables as built with the default settings,
except the last):

(e) every model materialized incremental records its settings, with the hook, as listed in SETTINGS;
(d) the same settings: the incremental run succeeds;
(c) vars set explicitly to their defaults (or written differently: 10.0 for 10, the factors reordered, a column
    name in upper case) are no change;
(b) another dwell threshold fails the session metrics only, naming search_metrics_online_evaluation's key; a table
    without build_settings (built before it existed) fails with a clear error, not a schema or binder error; so does
    a changed setting whose record beside the table is gone; rows holding the settings' text (before the digest),
    with the same settings, go on;
(a) another PaulScore factor fails search_paulscore_daily only; with --full-refresh every day has the new
    factor's rows, equal to the Python reference, and the next incremental run succeeds.
"""

from __future__ import annotations

import hashlib
import json
import random
import re

import duckdb
import pytest

from harness import assert_rows_match, fetch_dicts, load_table, write_duckdb_profile
from parity_data import INPUT_COLUMNS, click_inputs, page_visits
from reference import clicks as ref

SCHEMA = "settings_input"
DUCKDB_TYPES = {"string": "varchar", "int": "integer", "double": "double", "timestamp": "timestamp"}
INPUTS = ["searches", "clicks", "impressions", "page_visits"]
BASE_VARS = {**{f"search_metrics_{name}": f"{SCHEMA}.{name}" for name in INPUTS},
             "search_metrics_query_id_column": "query", "search_metrics_experiment_column": "experiment",
             "search_metrics_team_column": "ranker", "search_metrics_click_lookback_days": 1}
SELECT_INCREMENTAL = ["--select", "+config.materialized:incremental"]

# The settings that shape each incremental model's rows, with their effective values under BASE_VARS (the defaults
# of dbt_project.yml and the getters, written out here). A new incremental model must be added here.
EVENT_WINDOWS = {"search_metrics_future_tolerance_seconds": 86400, "search_metrics_max_event_delay_seconds": 86400}
SETTINGS = {
    "search_paulscore_daily": {"search_metrics_paulscore_factors": [0.1, 0.5, 0.9], **EVENT_WINDOWS},
    "search_click_metrics_daily": EVENT_WINDOWS,
    "search_auc_daily": EVENT_WINDOWS,
    "search_session_metrics_daily": {"search_metrics_online_evaluation.dwell_threshold_seconds": 10,
                                     "search_metrics_online_evaluation.return_window_seconds": 600,
                                     "search_metrics_online_evaluation.reformulation_gap_seconds": 300,
                                     "search_metrics_query_id_column": "query",
                                     "search_metrics_page_visits": True, **EVENT_WINDOWS},
    "search_dwell_survival": {"search_metrics_online_evaluation.checkin_seconds":
                              [10, 20, 30, 40, 50, 60, 90, 120, 150, 180, 210, 240, 300, 360, 420],
                              "search_metrics_page_visits": True, **EVENT_WINDOWS},
    "search_interleaving_daily": {"search_metrics_online_evaluation.interleaving_unit": "search",
                                  "search_metrics_team_column": "ranker",
                                  "search_metrics_experiment_column": "experiment",
                                  "search_metrics_bootstrap_samples": 1000,
                                  "search_metrics_confidence_level": 0.95, **EVENT_WINDOWS},
}
HOOK = re.compile(r"check_incremental_settings\((\[.*?\])\)")
RECORD_HOOK = re.compile(r"record_build_settings\((\[.*?\])\)")


@pytest.fixture(scope="module")
def built(dbt_project, tmp_path_factory):
    """The click inputs (four days, every family's columns, page visits) and a first run of every incremental
    model and its parents; returns (run, first result, db, inputs)."""
    tmp = tmp_path_factory.mktemp("incremental_settings")
    db = tmp / "settings.duckdb"
    profiles = write_duckdb_profile(tmp / "profiles", db)
    rng = random.Random(11)
    searches, clicks, impressions = click_inputs(rng, n_days=4, n_sessions=9)
    visits = page_visits(searches, clicks, random.Random(12))
    rows = {"searches": searches, "clicks": clicks, "impressions": impressions, "page_visits": visits}
    with duckdb.connect(str(db)) as con:
        for name in INPUTS:
            load_table(con, f"{SCHEMA}.{name}", [(col, DUCKDB_TYPES[typ]) for col, typ in INPUT_COLUMNS[name]],
                       rows[name])

    def run(extra_vars=None, *args):
        """One `dbt run`; returns ({model: (status, message, compiled SQL)}, the node configs)."""
        result = dbt_project.invoke(["run", *(args or SELECT_INCREMENTAL),
                                     "--vars", json.dumps({**BASE_VARS, **(extra_vars or {})})],
                                    target_name="incremental_settings", profiles_dir=profiles)
        assert result.result is not None, result.exception
        return ({r.node.name: (str(r.status), r.message or "", r.node.compiled_code or "")
                 for r in result.result.results},
                {r.node.name: r.node.config for r in result.result.results})

    first = run()
    assert all(status == "success" for status, _, _ in first[0].values()), first[0]
    return run, first, db, rows


def stored_settings(db, model: str) -> list[str]:
    """The settings' text of each distinct build_settings of the model's rows: a row carries the first 12
    hexadecimal characters of the MD5 of the text, which the record beside the table (<model>__build_settings) holds;
    a row built before the digest holds the text itself."""
    with duckdb.connect(str(db)) as con:
        values = [row["build_settings"] for row in fetch_dicts(con, f"select distinct build_settings from main.{model}")]
        recorded = {row["build_settings"]: row["settings_text"]
                    for row in fetch_dicts(con, f"select * from main.{model}__build_settings")}
    for digest, text in recorded.items():
        assert digest == hashlib.md5(text.encode()).hexdigest()[:12], (model, digest, text)
    assert all(value.startswith("{") or value in recorded for value in values), (model, values, recorded)
    return sorted(value if value.startswith("{") else recorded[value] for value in values)


def assert_incremental_runs(statuses: dict, succeed: set[str], fail: set[str] = frozenset()) -> None:
    for name in succeed:
        status, message, sql = statuses[name]
        assert status == "success", f"{name}: {status} {message}"
        assert "built_days" in sql, f"{name} did not take the incremental path"
    for name in fail:
        assert statuses[name][0] == "error", f"{name} should have failed: {statuses[name][:2]}"


@pytest.mark.dbt
def test_every_incremental_model_records_its_settings(built):
    """(e) Every model the first run built as incremental (selected by its materialization, so a new one is found
    too) has the settings hook, and its rows hold exactly the settings the hook checks, with their values."""
    _, (statuses, configs), db, _ = built
    incremental = {name for name, config in configs.items() if config.materialized == "incremental"}
    assert incremental == set(SETTINGS), "every incremental model must be listed in SETTINGS (and record them)"
    for name in sorted(incremental):
        hooks = [HOOK.search(hook.sql) for hook in configs[name].pre_hook]
        checked = [json.loads(match.group(1)) for match in hooks if match]
        assert len(checked) == 1, f"{name}: no check_incremental_settings pre-hook (use click_incremental_config)"
        assert sorted(checked[0]) == sorted(SETTINGS[name]), name
        recorded = [json.loads(match.group(1)) for match in map(RECORD_HOOK.search, (hook.sql for hook in
                                                                                    configs[name].post_hook)) if match]
        assert recorded == checked, f"{name}: no record_build_settings post-hook with the checked settings"
        stored = stored_settings(db, name)
        assert len(stored) == 1, f"{name}: {stored}"
        assert json.loads(stored[0]) == SETTINGS[name], name


@pytest.mark.dbt
def test_the_same_settings_run_incrementally(built):
    """(d)"""
    run, *_ = built
    statuses, _ = run()
    assert_incremental_runs(statuses, succeed=set(SETTINGS))


@pytest.mark.dbt
def test_a_var_set_to_its_default_is_no_change(built):
    """(c) The defaults written out, some written differently; the stored settings stay as they were."""
    run, _, db, _ = built
    before = {name: stored_settings(db, name) for name in SETTINGS}
    statuses, _ = run({
        "search_metrics_paulscore_factors": [0.9, 0.5, 0.1, 0.5],
        "search_metrics_online_evaluation": {"dwell_threshold_seconds": 10.0, "interleaving_unit": "search",
                                             "checkin_seconds": SETTINGS["search_dwell_survival"][
                                                 "search_metrics_online_evaluation.checkin_seconds"]},
        "search_metrics_query_id_column": "QUERY",
        "search_metrics_bootstrap_samples": 1000, "search_metrics_confidence_level": 0.95,
        "search_metrics_future_tolerance_seconds": 86400, "search_metrics_max_event_delay_seconds": 86400.0,
    })
    assert_incremental_runs(statuses, succeed=set(SETTINGS))
    assert {name: stored_settings(db, name) for name in SETTINGS} == before


@pytest.mark.dbt
def test_another_dwell_threshold_or_a_table_without_settings_fails(built):
    """(b) Only the model the threshold shapes fails (the dwell survival fails for its own setting), naming the
    setting with its old and new value; a table without build_settings fails with its own message, and a changed
    setting whose record is gone with the two digests. None is written. Rows that hold the settings' text, as a
    version before the digest wrote them, with the same settings, take the incremental path."""
    run, _, db, _ = built
    [auc_settings] = stored_settings(db, "search_auc_daily")
    with duckdb.connect(str(db)) as con:
        con.execute("alter table main.search_click_metrics_daily drop column build_settings")
        sessions_before = fetch_dicts(con, "select * from main.search_session_metrics_daily")
        # the dwell survival's record of its settings dropped by hand: a change cannot be named, but still fails
        con.execute("drop table main.search_dwell_survival__build_settings")
        # the AUC's rows as a version before the digest wrote them (the settings' text on each row, no record)
        con.execute("update main.search_auc_daily set build_settings = ?", [auc_settings])
        con.execute("drop table main.search_auc_daily__build_settings")
        # the interleaving's rows with the digest of the same settings written otherwise (as an older version might)
        other_form = json.dumps(SETTINGS["search_interleaving_daily"], indent=1)
        other_digest = hashlib.md5(other_form.encode()).hexdigest()[:12]
        con.execute("update main.search_interleaving_daily set build_settings = ?", [other_digest])
        con.execute("delete from main.search_interleaving_daily__build_settings")
        con.execute("insert into main.search_interleaving_daily__build_settings values (?, ?)", [other_digest, other_form])
    failing = {"search_session_metrics_daily", "search_click_metrics_daily", "search_dwell_survival"}
    statuses, _ = run({"search_metrics_online_evaluation": {"dwell_threshold_seconds": 30, "checkin_seconds": [10]}})
    assert_incremental_runs(statuses, fail=failing, succeed=set(SETTINGS) - failing)
    message = statuses["search_dwell_survival"][1]
    assert "search_dwell_survival was built with other settings than this run's" in message, message
    assert "search_dwell_survival__build_settings, is missing" in message, message
    assert "--full-refresh" in message and "--select search_dwell_survival+" in message, message
    # the same settings as the rows' text: the AUC went on, its rebuilt days carrying the digest the record now holds
    assert stored_settings(db, "search_auc_daily") == [auc_settings] * 2
    # and the interleaving's record holds this run's digest beside the other form's, which its older days carry
    texts = stored_settings(db, "search_interleaving_daily")
    assert len(texts) == 2 and other_form in texts, texts
    assert all(json.loads(text) == SETTINGS["search_interleaving_daily"] for text in texts), texts
    message = statuses["search_session_metrics_daily"][1]
    assert "search_metrics_online_evaluation.dwell_threshold_seconds was 10, now 30" in message, message
    # the model and what reads it (on PostgreSQL a replaced table's views go with it)
    assert "--full-refresh" in message and "--select search_session_metrics_daily+" in message, message
    assert "return_window" not in message and "checkin" not in message, message
    message = statuses["search_click_metrics_daily"][1]
    assert "search_click_metrics_daily has no build_settings column" in message, message
    assert "--full-refresh" in message, message
    with duckdb.connect(str(db)) as con:
        assert fetch_dicts(con, "select * from main.search_session_metrics_daily") == sessions_before
    # the table without the column, rebuilt as the message says
    statuses, _ = run(None, "--full-refresh", "--select", "search_click_metrics_daily")
    assert statuses["search_click_metrics_daily"][0] == "success"
    assert [json.loads(s) for s in stored_settings(db, "search_click_metrics_daily")] == [EVENT_WINDOWS]


@pytest.mark.dbt
def test_another_paulscore_factor_needs_a_full_refresh(built):
    """(a) The incremental run fails for search_paulscore_daily only and leaves it as it was; --full-refresh
    gives the new factor on every day (the reference's rows), and then incremental runs go on."""
    run, _, db, rows = built
    factors = [0.1, 0.5, 0.7, 0.9]
    new_vars = {"search_metrics_paulscore_factors": [0.7, 0.1, 0.5, 0.9]}
    statuses, _ = run(new_vars)
    assert_incremental_runs(statuses, fail={"search_paulscore_daily"},
                            succeed=set(SETTINGS) - {"search_paulscore_daily"})
    message = statuses["search_paulscore_daily"][1]
    assert "search_metrics_paulscore_factors was [0.1, 0.5, 0.9], now [0.1, 0.5, 0.7, 0.9]" in message, message
    assert "--full-refresh" in message and "--select search_paulscore_daily" in message, message
    with duckdb.connect(str(db)) as con:
        assert fetch_dicts(con, "select * from main.search_paulscore_daily where factor = 0.7") == []

    statuses, _ = run(new_vars, "--full-refresh", "--select", "search_paulscore_daily")
    assert statuses["search_paulscore_daily"][0] == "success", statuses["search_paulscore_daily"]
    with duckdb.connect(str(db)) as con:
        table = fetch_dicts(con, "select * from main.search_paulscore_daily")
    expected = ref.paulscore_daily(rows["searches"], rows["clicks"], factors)
    assert_rows_match(table, expected, key=("search_date", "search_type", "factor"),
                      value_columns=("paulscore", "relative_paulscore", "paulscore_clicked_searches", "n_sessions",
                                     "n_searches", "n_clicked_searches"))
    days = {row["search_date"] for row in expected}
    assert len(days) == 4 and {row["search_date"] for row in table if row["factor"] == 0.7} == days
    assert [json.loads(s) for s in stored_settings(db, "search_paulscore_daily")] == [
        {**SETTINGS["search_paulscore_daily"], "search_metrics_paulscore_factors": factors}]

    statuses, _ = run(new_vars, "--select", "search_paulscore_daily")
    assert_incremental_runs(statuses, succeed={"search_paulscore_daily"})
