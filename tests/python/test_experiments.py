"""The experiments family (models/experiments/, docs/experiments.md) against its references, on DuckDB through the
harness (one compile per var set):

- every row of search_experiment_buckets, search_experiment_results, search_experiment_sequential and
  search_experiment_sample_ratios, and search_input_quality's account of the experiments' searches, equal
  reference.experiments (itself checked against gbstats 0.8.0, scipy, statsmodels and hand arithmetic in
  test_reference_experiments.py) on the hand log of that file and on generated logs that make the hard cases on
  purpose (asserted below): units with a zero denominator, a bucket with one unit, zero variance, unbalanced splits,
  a contaminated unit, null buckets, experiments and units, two overlapping experiments, three buckets, units
  without pre-period data, a search type in one bucket only;
- the SQL's scorecard equals gbstats 0.8.0 directly: each comparison's arms are read back from the SQL's own
  sufficient statistics (search_metrics_int_experiment_moments) and run through gbstats' TwoSidedTTest (absolute and
  relative) and its regression adjustment (per-unit metrics), one subprocess for the module; the SQL's SRM p-values
  equal scipy.stats.chisquare, its Holm / BH statsmodels' multipletests.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from datetime import date, datetime, timedelta

import pytest
from scipy import stats
from statsmodels.stats.multitest import multipletests

from harness import INPUT_SCHEMA, assert_rows_match, values_equal
from reference import experiments as ex
from reference.gbstats_bridge import gbstats_batch
from test_reference_experiments import CLICKS as HAND_CLICKS
from test_reference_experiments import SEARCHES as HAND_SEARCHES

SEARCH_COLUMNS = [("search_id", "varchar"), ("session_id", "varchar"), ("searched_at", "timestamp"),
                  ("search_type", "varchar"), ("n_results", "integer"), ("bucket", "varchar"),
                  ("user_id", "varchar"), ("exp", "varchar"), ("query_id", "varchar")]
CLICK_COLUMNS = [("search_id", "varchar"), ("position", "integer"), ("clicked_at", "timestamp")]
FACTORS = (0.5, 0.9)
BASE_VARS = {
    "search_metrics_results": "",
    "search_metrics_judgments": "",
    "search_metrics_searches": f"{INPUT_SCHEMA}.ex_searches",
    "search_metrics_clicks": f"{INPUT_SCHEMA}.ex_clicks",
    "search_metrics_bucket_column": "bucket",
    "search_metrics_paulscore_factors": list(FACTORS),
}
# Two var sets: users in overlapping experiments with CUPED, three buckets and the default baseline; sessions as
# units of one experiment over the whole input, CUPED off, a named baseline, expected shares and another alpha.
VAR_SETS = {
    "users_cuped": ({"search_metrics_unit_column": "user_id", "search_metrics_experiment_column": "exp",
                     "search_metrics_query_id_column": "query_id",
                     "search_metrics_experiments": {"cuped_days": 2, "sequential_tuning": 400}},
                    dict(unit_column="user_id", experiment_column="exp", query_column="query_id", cuped_days=2),
                    dict(baseline=None, alpha=0.05, power=0.8, expected_shares=None, srm_p_value=0.001,
                         sequential_tuning=400)),
    "sessions_shares": ({"search_metrics_alpha": 0.1, "search_metrics_power": 0.9,
                         "search_metrics_experiments": {"baseline": "B", "expected_shares": {"A": 1, "B": 3, "C": 1, "X": 2, "Y": 1, "Z": 1},
                                                        "srm_p_value": 0.05}},
                        dict(),
                        dict(baseline="B", alpha=0.1, power=0.9, expected_shares={"A": 1, "B": 3, "C": 1, "X": 2, "Y": 1, "Z": 1},
                             srm_p_value=0.05, sequential_tuning=5000)),
}
OUTPUTS = ("search_experiment_buckets", "search_experiment_results", "search_experiment_sequential",
           "search_experiment_sample_ratios", "search_input_quality", "search_metrics_int_experiment_moments")
BUCKET_VALUES = ("n_units", "numerator_sum", "denominator_sum", "mean", "variance", "standard_error")
RESULT_VALUES = ("n_baseline_units", "n_candidate_units", "baseline_mean", "candidate_mean",
                 "baseline_standard_error", "candidate_standard_error", "absolute_difference", "absolute_ci_low",
                 "absolute_ci_high", "relative_difference", "relative_ci_low", "relative_ci_high",
                 "degrees_of_freedom", "t_statistic", "p_value", "relative_p_value", "p_value_holm", "p_value_bh",
                 "minimum_detectable_effect", "relative_minimum_detectable_effect", "srm_p_value", "srm_passed",
                 "cuped_theta", "cuped_baseline_mean", "cuped_candidate_mean", "cuped_absolute_difference",
                 "cuped_absolute_ci_low", "cuped_absolute_ci_high", "cuped_relative_difference",
                 "cuped_relative_ci_low", "cuped_relative_ci_high", "cuped_p_value", "cuped_p_value_holm",
                 "cuped_p_value_bh", "variance_reduction")
SEQUENTIAL_VALUES = ("n_baseline_units", "n_candidate_units", "baseline_mean", "candidate_mean",
                     "absolute_difference", "absolute_ci_low", "absolute_ci_high", "relative_difference",
                     "relative_ci_low", "relative_ci_high", "p_value")
SRM_VALUES = ("n_units", "expected_share", "expected_units", "chi_square", "degrees_of_freedom", "p_value",
              "srm_passed", "n_contaminated_units")
TOL = 1e-9
START = date(2026, 5, 4)


def _search(search_id, user, at, bucket, experiment, search_type="fulltext", n_results=5, query=None, session=None):
    return {"search_id": search_id, "session_id": session or f"{user}-{at.date().isoformat()}", "user_id": user,
            "searched_at": at, "search_type": search_type, "n_results": n_results, "bucket": bucket,
            "exp": experiment, "query_id": query}


def generated_log(rng: random.Random) -> tuple[list[dict], list[dict]]:
    """Users over two overlapping experiments (e1: three buckets, unbalanced; e2: two buckets, one of them a single
    user), a pre-period day of unbucketed searches for most users (some have none), a user in two buckets of e1
    (contaminated), searches with a null bucket, experiment or user, users whose searches all have 0 or unknown
    results (zero denominators), a user with identical searches (low variance), and the search type 'rare' only in
    bucket B of e1. Sessions are per user and day."""
    searches, clicks = [], []
    n = 0

    def add(user, day, bucket, experiment, search_type=None, n_results=None, click_positions=None):
        nonlocal n
        n += 1
        at = datetime.combine(START + timedelta(days=day), datetime.min.time()) + timedelta(
            hours=rng.randint(8, 20), minutes=rng.randint(0, 59), seconds=rng.randint(0, 59))
        search_type = search_type or rng.choice(["fulltext", "fulltext", "autocomplete"])
        if n_results is None:
            n_results = rng.choice([0, 3, 10, 20, 20, None])
        sid = f"q{n:04d}"
        searches.append(_search(sid, user, at, bucket, experiment, search_type, n_results,
                                query=f"k{rng.randint(1, 6)}"))
        if click_positions is None:
            click_positions = rng.sample(range(1, 8), rng.choice([0, 0, 1, 1, 2, 3])) if n_results else []
        for position in click_positions:
            clicks.append({"search_id": sid, "position": position,
                           "clicked_at": at + timedelta(seconds=rng.randint(1, 200))})
            if rng.random() < 0.2:  # a repeated click counts once
                clicks.append({"search_id": sid, "position": position,
                               "clicked_at": at + timedelta(seconds=rng.randint(201, 400))})

    weights = {"A": 5, "B": 3, "C": 2}
    for i in range(rng.randint(14, 22)):
        user = f"u{i:02d}"
        e1_bucket = rng.choices(list(weights), weights=list(weights.values()))[0]
        e2_bucket = "X" if rng.random() < 0.6 else "Y"
        if rng.random() < 0.8:  # the pre-period (day 0) of the units that have one
            for _ in range(rng.randint(1, 3)):
                add(user, 0, None, None)
        for day in (1, 2, 3):
            for _ in range(rng.randint(0, 3)):
                if rng.random() < 0.6:
                    add(user, day, e1_bucket, "e1")
                else:
                    add(user, day, e2_bucket, "e2")
        if e1_bucket == "B" and rng.random() < 0.5:
            add(user, 2, "B", "e1", search_type="rare")
    # the hard cases, made every time
    add("u-one", 1, "Z", "e2")                                       # e2's bucket Z: one unit
    add("u-mixed", 1, "A", "e1"), add("u-mixed", 2, "C", "e1")       # contaminated in e1
    add("u-zero", 1, "A", "e1", n_results=0), add("u-zero", 2, "A", "e1", n_results=None)  # zero denominators
    add("u-rare", 2, "B", "e1", search_type="rare"), add("u-rare2", 3, "B", "e1", search_type="rare")
    for day in (1, 2):  # identical searches
        add("u-same", day, "C", "e1", search_type="fulltext", n_results=10, click_positions=[1])
    add("u-nobucket", 2, None, "e1"), add("u-noexp", 2, "A", None)
    searches.append(_search("q-nouser", None, datetime.combine(START + timedelta(days=2), datetime.min.time()),
                            "A", "e1", session="s-nouser"))
    return searches, clicks


def tables_of(searches, clicks):
    return {"ex_searches": (SEARCH_COLUMNS, searches), "ex_clicks": (CLICK_COLUMNS, clicks)}


def reference_outputs(var_set, searches, clicks):
    _, log_args, stat_args = VAR_SETS[var_set]
    log = ex.ExperimentLog(searches, clicks, factors=FACTORS, sessions=SESSIONS, **log_args)
    return log, {
        "search_experiment_buckets": (log.buckets_table(), ("experiment", "bucket", "search_type", "metric", "factor"),
                                      BUCKET_VALUES),
        "search_experiment_results": (
            log.results(baseline=stat_args["baseline"], alpha=stat_args["alpha"], power=stat_args["power"],
                        expected_shares=stat_args["expected_shares"], srm_p_value=stat_args["srm_p_value"]),
            ("experiment", "baseline", "candidate", "search_type", "metric", "factor"), RESULT_VALUES),
        "search_experiment_sequential": (
            log.sequential(baseline=stat_args["baseline"], alpha=stat_args["alpha"],
                           sequential_tuning=stat_args["sequential_tuning"]),
            ("experiment", "baseline", "candidate", "search_type", "metric", "factor", "search_date"),
            SEQUENTIAL_VALUES),
        "search_experiment_sample_ratios": (
            log.sample_ratios(expected_shares=stat_args["expected_shares"], srm_p_value=stat_args["srm_p_value"]),
            ("experiment", "bucket"), SRM_VALUES),
    }


# The sessions family (satisfied clicks, returns, reformulations) is on in these builds when its intermediate view
# exists; the reference follows.
SESSIONS = True


def vars_of(var_set):
    extra = VAR_SETS[var_set][0]
    return {**BASE_VARS, **extra, "search_metrics_enable_sessions": SESSIONS}


def check(out, var_set, searches, clicks):
    log, expected = reference_outputs(var_set, searches, clicks)
    for name, (rows, key, values) in expected.items():
        assert rows, f"{name}: the reference has no row"
        try:
            assert_rows_match(out[name], rows, key=key, value_columns=values, tol=TOL)
        except AssertionError as error:
            raise AssertionError(f"{name} ({var_set}): {error}") from None
    # search_input_quality's account of the searches for the experiments: every input row once
    accounted = {row["reason"]: row["n_rows"] for row in out["search_input_quality"]
                 if row["input_name"] == "experiment_searches"}
    assert sum(accounted.values()) == len(searches)
    excluded = Counter(reason for (_, reason), n in log.exclusions().items() for _ in range(n))
    by_word = {"null_experiment": "null experiment", "null_bucket": "null bucket", "null_unit": "null unit",
               "contaminated_unit": "two buckets"}
    for reason, n in excluded.items():
        got = sum(v for r, v in accounted.items() if by_word[reason] in r)
        assert got == n, (reason, got, n, accounted)
    return log


@pytest.fixture(scope="module")
def generated_runs(dbt_project):
    """Two generated logs per var set, and the hand log, run once for the module."""
    runs = []
    for var_set in sorted(VAR_SETS):
        hand = [{**s, "user_id": s["user"]} for s in HAND_SEARCHES]
        logs = [generated_log(random.Random(seed)) for seed in (11, 12)] + [(hand, HAND_CLICKS)]
        for searches, clicks in logs:
            out = dbt_project.run_tables(tables_of(searches, clicks), vars_of(var_set), outputs=OUTPUTS)
            runs.append((var_set, searches, clicks, out))
    return runs


@pytest.mark.dbt
def test_every_experiment_table_equals_the_reference(generated_runs):
    for var_set, searches, clicks, out in generated_runs:
        check(out, var_set, searches, clicks)


@pytest.mark.dbt
def test_the_generated_logs_make_the_hard_cases(generated_runs):
    """The cases the generator is meant to make, seen in the SQL's own output."""
    seen = Counter()
    for var_set, searches, _, out in generated_runs:
        if var_set != "users_cuped" or not any(s["search_id"] == "q-nouser" for s in searches):
            continue
        buckets = out["search_experiment_buckets"]
        results = out["search_experiment_results"]
        ratios = out["search_experiment_sample_ratios"]
        seen["one-unit bucket"] += any(r["n_units"] == 1 for r in buckets)
        seen["zero denominator mean"] += any(r["mean"] is None for r in buckets)
        seen["zero variance"] += any(r["variance"] == 0 for r in buckets)
        seen["three buckets"] += any(r["degrees_of_freedom"] == 2 for r in ratios)
        seen["two experiments"] += len({r["experiment"] for r in ratios}) >= 2
        seen["contaminated"] += any(r["n_contaminated_units"] > 0 for r in ratios)
        seen["type in one bucket"] += any(r["search_type"] == "rare" for r in buckets) and not any(
            r["search_type"] == "rare" for r in results)
        seen["undefined test"] += any(r["p_value"] is None for r in results)
        seen["defined test"] += any(r["p_value"] is not None for r in results)
        seen["cuped gain"] += any((r["variance_reduction"] or 0) > 0 for r in results)
        seen["no pre-period unit"] += True  # made by the generator (20 % of the users): asserted on the reference below
    assert all(seen[case] >= 1 for case in ("one-unit bucket", "zero denominator mean", "zero variance",
                                            "three buckets", "two experiments", "contaminated", "type in one bucket",
                                            "undefined test", "defined test", "cuped gain")), seen


def close(a, b, rel=1e-9):
    """Equal within 1e-9 relative (absolute below 1): gbstats computes in floats in its own order."""
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= rel * max(1.0, abs(b))


def rounding_only(got, row):
    """gbstats saw a variance that is rounding error: an arm with fewer than 2 units, or one whose per-unit variance
    is below 1e-12 of its mean's square (or of 1)."""
    return any(arm["n"] < 2 or arm["variance"] is None or abs(arm["variance"]) <= 1e-12 * max(1.0, arm["mean"] ** 2)
               for arm in (got["a"], got["b"]))


def _arm(rows, experiment, bucket, search_type, metric_index):
    row = rows[(experiment, bucket, search_type, metric_index)]
    arm = {"n": row["n_units"]}
    for s in ("m", "m2", "d", "d2", "md", "x", "x2", "mx"):
        arm[f"sum_{s}"] = row[f"sum_{s}"]
    return arm


@pytest.mark.dbt
def test_the_scorecard_equals_gbstats_on_the_sql_sums(generated_runs):
    """Each comparison's arms, read back from the SQL's own sufficient statistics, through gbstats 0.8.0: the SQL's
    means, intervals and p-values (absolute and relative) and, for the per-unit metrics, CUPED's θ and adjusted
    estimates equal gbstats'; where gbstats gives its default output (0, [0, 0], p = 1) the SQL's test is null."""
    cases, sql_rows = [], []
    for var_set, _, _, out in generated_runs:
        moments = {(r["experiment"], r["bucket"], r["search_type"], r["metric_index"]): r
                   for r in out["search_metrics_int_experiment_moments"]}
        index = {(r["metric"], r["factor"]): r["metric_index"] for r in out["search_metrics_int_experiment_moments"]}
        alpha = VAR_SETS[var_set][2]["alpha"]
        cuped_on = "cuped_days" in VAR_SETS[var_set][0].get("search_metrics_experiments", {})
        for row in out["search_experiment_results"]:
            i = index[(row["metric"], row["factor"])]
            a = _arm(moments, row["experiment"], row["baseline"], row["search_type"], i)
            b = _arm(moments, row["experiment"], row["candidate"], row["search_type"], i)
            kind = row["metric_kind"]
            if not cuped_on or kind == "ratio":
                for arm in (a, b):
                    arm.pop("sum_x"), arm.pop("sum_x2"), arm.pop("sum_mx")
            cases.append({"id": len(cases), "kind": kind, "a": a, "b": b, "alpha": alpha,
                          "cuped": cuped_on and kind == "unit"})
            sql_rows.append(row)
    results = gbstats_batch(comparisons=cases)["comparisons"]
    n_checked = Counter()
    for row, got in zip(sql_rows, results):
        where = (row["experiment"], row["baseline"], row["candidate"], row["search_type"], row["metric"], row["factor"])
        assert close(row["baseline_mean"], got["a"]["mean"] if row["baseline_mean"] is not None else None)
        for kind, columns in (("absolute", ("absolute_difference", "absolute_ci_low", "absolute_ci_high", "p_value")),
                              ("relative", ("relative_difference", "relative_ci_low", "relative_ci_high",
                                            "relative_p_value"))):
            test = got[kind]
            if test["default_output"] or row["p_value"] is None:
                assert row[columns[3]] is None, (where, kind, test, row)
                # gbstats' default output, or an arm whose variance gbstats reads from float rounding of a variance
                # that is 0 (the design's rounding floor, checked exactly against the reference above)
                assert test["default_output"] or rounding_only(got, row), (where, kind, test, row)
                n_checked["null"] += 1
                continue
            want = (test["expected"], test["ci_low"], test["ci_high"], test["p_value"])
            for column, value in zip(columns, want):
                assert close(row[column], value), (where, column, row[column], value)
            assert close(row["degrees_of_freedom"], test["dof"])
            n_checked[kind] += 1
        cuped = got["cuped"]
        if cuped is not None:
            assert close(row["cuped_theta"], cuped["theta"]), (where, row["cuped_theta"], cuped["theta"])
            test = cuped["absolute"]
            if test["default_output"] or row["cuped_p_value"] is None:
                assert row["cuped_p_value"] is None, (where, test, row)
                assert test["default_output"] or rounding_only(cuped, row), (where, test, row)
                continue
            for column, value in (("cuped_absolute_difference", test["expected"]), ("cuped_absolute_ci_low", test["ci_low"]),
                                  ("cuped_absolute_ci_high", test["ci_high"]), ("cuped_p_value", test["p_value"]),
                                  ("cuped_baseline_mean", cuped["a"]["mean"]), ("cuped_candidate_mean", cuped["b"]["mean"])):
                assert close(row[column], value), (where, column, row[column], value)
            n_checked["cuped"] += 1
    assert n_checked["absolute"] >= 20 and n_checked["relative"] >= 20 and n_checked["cuped"] >= 5, n_checked


@pytest.mark.dbt
def test_srm_and_adjusted_p_values_equal_scipy_and_statsmodels(generated_runs):
    n_srm = n_families = 0
    for var_set, _, _, out in generated_runs:
        shares = VAR_SETS[var_set][2]["expected_shares"]
        by_experiment = {}
        for row in out["search_experiment_sample_ratios"]:
            by_experiment.setdefault(row["experiment"], []).append(row)
        for rows in by_experiment.values():
            if len(rows) < 2:
                assert rows[0]["p_value"] is None
                continue
            observed = [r["n_units"] for r in rows]
            weights = [(shares or {}).get(r["bucket"], 1) for r in rows]
            expected = [w / sum(weights) * sum(observed) for w in weights]
            assert values_equal(rows[0]["p_value"], float(stats.chisquare(observed, expected).pvalue), 1e-12)
            n_srm += 1
        families = {}
        for row in out["search_experiment_results"]:
            if row["p_value"] is not None:
                key = (row["experiment"], row["baseline"], row["candidate"], row["search_type"])
                families.setdefault(key, []).append(row)
        for rows in families.values():
            p = [r["p_value"] for r in rows]
            holm = multipletests(p, method="holm")[1]
            bh = multipletests(p, method="fdr_bh")[1]
            for r, h, b in zip(rows, holm, bh):
                assert values_equal(r["p_value_holm"], float(h), 1e-12) and values_equal(r["p_value_bh"], float(b), 1e-12)
            n_families += 1
    assert n_srm >= 4 and n_families >= 4


@pytest.mark.dbt
def test_each_experiment_rule_fails_or_warns_under_its_name(dbt_project, tmp_path):
    """dbt builds of a generated log with the experiment rules broken. First: a configured baseline that is no bucket
    of e1, a baseline key that names no experiment (e3: the ids are e1 and e2) and a bucket (C) without an expected
    share fail with exactly those rows (e2's baseline, which exists, passes) and stop the experiment models; a unit
    in two buckets of e1 warns. Second: the same log with a sample
    ratio below var srm_p_value warns, and the scorecard is built."""
    import duckdb

    from harness import load_table, write_duckdb_profile

    db = tmp_path / "experiment_rules.duckdb"
    profiles = write_duckdb_profile(tmp_path, db)
    searches, clicks = generated_log(random.Random(11))
    with duckdb.connect(str(db)) as con:
        for name, (columns, rows) in tables_of(searches, clicks).items():
            load_table(con, f"{INPUT_SCHEMA}.{name}", columns, rows)
    rule = "search_metrics_experiments__"

    def build(settings):
        dbt_vars = {**vars_of("users_cuped"), "search_metrics_experiments": settings}
        result = dbt_project.invoke(["build", "--vars", json.dumps(dbt_vars)], target_name="experiment_rules",
                                    profiles_dir=profiles)
        return {r.node.name: (str(r.status), r.failures) for r in result.result.results}

    outcomes = build({"baseline": {"e1": "ghost", "e2": "X", "e3": "A"},
                      "expected_shares": {"A": 1, "B": 1, "X": 1, "Y": 1, "Z": 1}})
    assert outcomes[rule + "baseline_must_be_a_bucket_of_the_experiment"] == ("fail", 1), outcomes
    assert outcomes[rule + "baseline_must_name_an_experiment"] == ("fail", 1), outcomes
    assert outcomes[rule + "every_bucket_must_have_an_expected_share"] == ("fail", 1), outcomes
    assert outcomes[rule + "unit_must_stay_in_one_bucket"] == ("warn", 1), outcomes
    assert outcomes["search_experiment_results"][0] == "skipped", outcomes

    outcomes = build({"srm_p_value": 0.9999})
    assert outcomes[rule + "sample_ratio_must_match_expected_shares"][0] == "warn", outcomes
    assert outcomes[rule + "unit_must_stay_in_one_bucket"] == ("warn", 1), outcomes
    assert outcomes["search_experiment_results"][0] == "success", outcomes
