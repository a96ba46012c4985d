"""The experiments' dwell models against lifelines: search_experiment_dwell_survival equals a KaplanMeierFitter per
(experiment, bucket, search_type) at the check-ins (survival, median; n_at_risk, n_dwells and n_censored counted
here), and search_experiment_dwell_tests equals lifelines.statistics.logrank_test per (experiment, baseline,
candidate, search_type) (chi-square and p-value; O and E from the definition, written here and checked against
lifelines' statistic), with clicks as the observations.

The logs come from reference.online.generate_online_log (censored dwells at 0 s, visits of 0 s, ties at the check-in
times, repeated clicks, clicks after midnight), with buckets drawn here per session (the unit): exp_1 has buckets
A, B, C and exp_2 "control" and "Treatment" (binary order makes "Treatment" the baseline); searches without an
experiment, searches without a bucket, and units seen in two buckets (contaminated: every click of theirs is left
out) occur in every log, and bucket C has autocomplete searches but never a click there (no survival rows, no
log-rank row). Two small experiments written out add a bucket whose every dwell is censored (no median) and a
comparison whose variance is 0 (no statistic). Each click's dwell and censoring come from
reference.online.click_dwells (checked against the SQL in test_online_evaluation.py). One compile for the module,
three logs.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from datetime import timedelta

import pytest
from lifelines import KaplanMeierFitter
from lifelines.statistics import logrank_test

from harness import INPUT_SCHEMA, assert_rows_match
from reference import online as ref

SEARCH_COLUMNS = [("search_id", "varchar"), ("session_id", "varchar"), ("searched_at", "timestamp"),
                  ("search_type", "varchar"), ("n_results", "integer"), ("query_id", "varchar"),
                  ("experiment", "varchar"), ("bucket", "varchar")]
CLICK_COLUMNS = [("search_id", "varchar"), ("position", "integer"), ("clicked_at", "timestamp")]
VISIT_COLUMNS = [("search_id", "varchar"), ("position", "integer"), ("visit_end_at", "timestamp")]
CHECKIN_SECONDS = [0, 2.5, 10, 30, 30.5, 60, 420, 900]
DBT_VARS = {
    "search_metrics_results": "",
    "search_metrics_judgments": "",
    "search_metrics_searches": f"{INPUT_SCHEMA}.xd_searches",
    "search_metrics_clicks": f"{INPUT_SCHEMA}.xd_clicks",
    "search_metrics_page_visits": f"{INPUT_SCHEMA}.xd_page_visits",
    "search_metrics_bucket_column": "bucket",
    "search_metrics_experiment_column": "experiment",
    "search_metrics_enable_experiments": True,
    "search_metrics_online_evaluation": {"checkin_seconds": CHECKIN_SECONDS},
}
OUTPUTS = ("search_experiment_dwell_survival", "search_experiment_dwell_tests")
BUCKETS = {"exp_1": ("A", "B", "C"), "exp_2": ("control", "Treatment"), None: ("A", "B")}
SEEDS = (20261127, 7, 1958)
# lifelines 0.30 calls pandas' sum with positional arguments, which pandas 3 warns about
pytestmark = pytest.mark.filterwarnings("ignore:Starting with pandas version 4.0")
TOL = 1e-9


def experiment_log(seed: int) -> dict:
    """A generated online log with a bucket column; see the module docstring."""
    rng = random.Random(seed)
    log = ref.generate_online_log(rng, n_sessions=120, n_days=12)
    searches = sorted(log["searches"], key=lambda s: (s["session_id"], s["searched_at"], s["search_id"]))
    session_bucket, contaminated = {}, set()
    for search in searches:
        session = search["session_id"]
        if session not in session_bucket:
            session_bucket[session] = rng.choice(BUCKETS[search["experiment"]])
            if rng.random() < 0.1:
                contaminated.add(session)
    for i, search in enumerate(searches):
        bucket = session_bucket[search["session_id"]]
        if search["session_id"] in contaminated and i % 2 == 0:  # another bucket on some of its searches
            bucket = next(b for b in BUCKETS[search["experiment"]] if b != bucket)
        elif rng.random() < 0.08:
            bucket = None
        search["bucket"] = bucket
    # bucket C of exp_1 never clicks on an autocomplete search
    silent = {s["search_id"] for s in searches
              if s["experiment"] == "exp_1" and s["bucket"] == "C" and s["search_type"] == "autocomplete"}
    log["clicks"] = [c for c in log["clicks"] if c["search_id"] not in silent]
    log["page_visits"] = [v for v in log["page_visits"] if v["search_id"] not in silent]
    log["searches"] = searches + HAND["searches"]
    log["clicks"] += HAND["clicks"]
    log["page_visits"] += HAND["page_visits"]
    return log


def _hand_experiments() -> dict:
    """Two small experiments written out. exp_3: bucket A has dwells 0 (a visit of 0 s), 20 (a visit), 10 (to the
    next click) and two censored at 0 (no later event, no visit); bucket B only censored dwells (S stays 1: no
    median). exp_4: A one dwell of 10 s, B one censored at 0: no observed dwell while both are at risk (V = 0)."""
    start = ref.START + timedelta(hours=6)
    out = {"searches": [], "clicks": [], "page_visits": []}
    plan = {"x1": ("exp_3", "A", [0]), "x2": ("exp_3", "A", [20]), "x3": ("exp_3", "A", [None]),
            "x4": ("exp_3", "A", [None, None]), "x5": ("exp_3", "B", [None]), "x6": ("exp_3", "B", [None]),
            "y1": ("exp_4", "A", [10]), "y2": ("exp_4", "B", [None])}
    for i, (session, (experiment, bucket, visits)) in enumerate(plan.items()):
        searched_at = start + timedelta(minutes=i)
        out["searches"].append({"search_id": f"{session}s", "session_id": session, "searched_at": searched_at,
                                "search_type": "fulltext", "n_results": 5, "query_id": None,
                                "experiment": experiment, "bucket": bucket})
        for position, visit in enumerate(visits, start=1):
            clicked_at = searched_at + timedelta(seconds=3 + 10 * (position - 1))
            out["clicks"].append({"search_id": f"{session}s", "position": position, "clicked_at": clicked_at})
            if visit is not None:
                out["page_visits"].append({"search_id": f"{session}s", "position": position,
                                           "visit_end_at": clicked_at + timedelta(seconds=visit)})
    return out


HAND = _hand_experiments()


def tables_of(log: dict) -> dict:
    return {"xd_searches": (SEARCH_COLUMNS, log["searches"]), "xd_clicks": (CLICK_COLUMNS, log["clicks"]),
            "xd_page_visits": (VISIT_COLUMNS, log["page_visits"])}


def unit_buckets(log: dict) -> dict:
    """{(experiment, session_id): the unit's buckets in the experiment} over the searches with both."""
    buckets = defaultdict(set)
    for search in log["searches"]:
        if search["experiment"] is not None and search["bucket"] is not None:
            buckets[(search["experiment"], search["session_id"])].add(search["bucket"])
    return buckets


def experiment_buckets(log: dict) -> dict:
    """{experiment: its buckets with a unit of one bucket} (the comparisons' buckets)."""
    out = defaultdict(set)
    for (experiment, _), buckets in unit_buckets(log).items():
        if len(buckets) == 1:
            out[experiment] |= buckets
    return out


def experiment_observations(log: dict) -> dict:
    """{(experiment, bucket, search_type incl. '(all)'): [(dwell_seconds, observed)]}: the clicks of searches with an
    experiment and a bucket whose unit (session) has one bucket in that experiment."""
    buckets = unit_buckets(log)
    by_id = {search["search_id"]: search for search in log["searches"]}
    groups = defaultdict(list)
    for dwell in ref.click_dwells(log["searches"], log["clicks"], log["page_visits"]):
        search = by_id[dwell["search_id"]]
        if search["experiment"] is None or search["bucket"] is None:
            continue
        if len(buckets[(search["experiment"], search["session_id"])]) != 1:
            continue
        for search_type in (search["search_type"], "(all)"):
            groups[(search["experiment"], search["bucket"], search_type)].append(
                (dwell["dwell_seconds"], not dwell["censored"]))
    return groups


def median_with_tolerance(fit: KaplanMeierFitter) -> float | None:
    """lifelines' median_survival_time_ (the first time with S <= 1/2), except that S within 1e-12 of 1/2 counts
    as 1/2 (docs/online_evaluation.md): lifelines' product of floats gives 3/4 * 2/3 as 0.5000000000000001 and so
    skips an exact 1/2 to the next time. Returns None where S stays above 1/2 (lifelines: inf)."""
    median = next((float(t) for t, s in zip(fit.survival_function_.index, fit.survival_function_.iloc[:, 0])
                   if s <= 0.5 + 1e-12), None)
    lifelines_median = float(fit.median_survival_time_)
    if median is None:
        assert math.isinf(lifelines_median)
    elif median != lifelines_median:
        assert median < lifelines_median
        assert abs(float(fit.survival_function_at_times(median).iloc[0]) - 0.5) <= 1e-12
        EXACT_HALF_MEDIANS.append(median)
    return median


EXACT_HALF_MEDIANS: list[float] = []  # the medians where the tolerance changed lifelines' answer


def expected_survival(groups: dict) -> list[dict]:
    rows = []
    for (experiment, bucket, search_type), observations in groups.items():
        durations = [d for d, _ in observations]
        observed = [o for _, o in observations]
        fit = KaplanMeierFitter().fit(durations, event_observed=observed)
        survival = fit.survival_function_at_times(CHECKIN_SECONDS).to_numpy()
        median = median_with_tolerance(fit)
        for t, s in zip(CHECKIN_SECONDS, survival):
            rows.append({"experiment": experiment, "bucket": bucket, "search_type": search_type,
                         "checkin_seconds": float(t), "survival": float(s),
                         "n_at_risk": sum(1 for d in durations if d >= t), "n_dwells": len(durations),
                         "n_censored": observed.count(False),
                         "median_dwell_seconds": median})
    return rows


def log_rank_terms(a: list, b: list) -> tuple[int, float, float]:
    """O, E of the first sample and V, from the definition: at each distinct observed time t of either sample,
    n_a, n_b at risk (time >= t), d observed at t: O += d_a, E += d n_a / n, V += n_a n_b d (n - d) / (n² (n - 1))."""
    o = e = v = 0.0
    for t in sorted({d for d, obs in a + b if obs}):
        n_a = sum(1 for d, _ in a if d >= t)
        n_b = sum(1 for d, _ in b if d >= t)
        n = n_a + n_b
        d_all = sum(1 for d, obs in a + b if obs and d == t)
        o += sum(1 for d, obs in a if obs and d == t)
        e += d_all * n_a / n
        v += n_a * n_b * d_all * (n - d_all) / (n * n * (n - 1)) if n > 1 else 0.0
    return int(o), e, v


def expected_tests(log: dict, groups: dict) -> list[dict]:
    rows = []
    for experiment, buckets in experiment_buckets(log).items():
        baseline, *candidates = sorted(buckets)  # code-point order
        for candidate in candidates:
            for search_type in sorted({k[2] for k in groups if k[0] == experiment}):
                a = groups.get((experiment, baseline, search_type), [])
                b = groups.get((experiment, candidate, search_type), [])
                if not a or not b:  # a comparison needs clicks of the search type in both buckets
                    continue
                o, e, v = log_rank_terms(a, b)
                chi_square = p_value = None
                if v > 0:
                    result = logrank_test([d for d, _ in a], [d for d, _ in b],
                                          event_observed_A=[x for _, x in a], event_observed_B=[x for _, x in b])
                    chi_square, p_value = float(result.test_statistic), float(result.p_value)
                    assert (o - e) ** 2 / v == pytest.approx(chi_square, rel=1e-9)  # O, E, V agree with lifelines
                rows.append({"experiment": experiment, "baseline": baseline, "candidate": candidate,
                             "search_type": search_type, "n_baseline_dwells": len(a), "n_candidate_dwells": len(b),
                             "observed_baseline": o, "expected_baseline": e, "log_rank_chi_square": chi_square,
                             "p_value": p_value})
    return rows


@pytest.fixture(scope="module")
def runs(dbt_project):
    """(log, observations, SQL outputs) per seed: one compile, three runs of the compiled SQL."""
    out = []
    for seed in SEEDS:
        log = experiment_log(seed)
        out.append((log, experiment_observations(log), dbt_project.run_tables(tables_of(log), DBT_VARS, OUTPUTS)))
    return out


@pytest.mark.dbt
def test_dwell_survival_equals_lifelines_kaplan_meier(runs):
    EXACT_HALF_MEDIANS.clear()
    n_no_median = 0
    for _, groups, out in runs:
        expected = expected_survival(groups)
        assert_rows_match(out["search_experiment_dwell_survival"], expected,
                          key=("experiment", "bucket", "search_type", "checkin_seconds"),
                          value_columns=("survival", "n_at_risk", "n_dwells", "n_censored", "median_dwell_seconds"),
                          tol=TOL)
        n_no_median += sum(1 for row in expected if row["median_dwell_seconds"] is None)
    assert EXACT_HALF_MEDIANS and n_no_median  # S reaching exactly 1/2, and S staying above 1/2, both occur


@pytest.mark.dbt
def test_dwell_tests_equal_lifelines_log_rank(runs):
    n_tested = 0
    for log, groups, out in runs:
        expected = expected_tests(log, groups)
        assert_rows_match(out["search_experiment_dwell_tests"], expected,
                          key=("experiment", "baseline", "candidate", "search_type"),
                          value_columns=("n_baseline_dwells", "n_candidate_dwells", "observed_baseline",
                                         "expected_baseline", "log_rank_chi_square", "p_value"), tol=TOL)
        n_tested += sum(1 for row in expected if row["p_value"] is not None)
    assert n_tested >= 15


@pytest.mark.dbt
def test_the_logs_hold_the_hard_cases(runs):
    """Each log has what the comparisons above must get right, so a generator change cannot drop a case silently."""
    for log, groups, out in runs:
        # a bucket with searches but no click in a search type: no survival rows, no log-rank row
        assert any(s["experiment"] == "exp_1" and s["bucket"] == "C" and s["search_type"] == "autocomplete"
                   for s in log["searches"])
        assert ("exp_1", "C", "autocomplete") not in groups and ("exp_1", "A", "autocomplete") in groups
        assert not any(row["bucket"] == "C" and row["search_type"] == "autocomplete"
                       for row in out["search_experiment_dwell_survival"] if row["experiment"] == "exp_1")
        assert not [row for row in out["search_experiment_dwell_tests"]
                    if (row["experiment"], row["candidate"], row["search_type"]) == ("exp_1", "C", "autocomplete")]
        assert [row for row in out["search_experiment_dwell_tests"]
                if (row["experiment"], row["candidate"], row["search_type"]) == ("exp_1", "C", "fulltext")]
        # censored dwells, a censored and an observed dwell at the same time, ties of observed dwells, an observed
        # dwell at a check-in time
        observations = [o for key, group in groups.items() if key[2] != "(all)" for o in group]
        assert any(not observed for _, observed in observations)
        assert any({(d, True), (d, False)} <= set(group) for group in groups.values() for d, _ in group)
        assert any(len([d for d, o in group if o]) > len({d for d, o in group if o}) for group in groups.values())
        assert any(observed and d in CHECKIN_SECONDS for d, observed in observations)
        # clicks left out: searches without an experiment or a bucket, and contaminated units
        dwells = ref.click_dwells(log["searches"], log["clicks"], log["page_visits"])
        assert len(observations) < len(dwells)
        by_id = {s["search_id"]: s for s in log["searches"]}
        buckets = unit_buckets(log)
        clicked = [by_id[d["search_id"]] for d in dwells]
        assert any(s["experiment"] is None for s in clicked) and any(s["bucket"] is None for s in clicked)
        assert any(s["experiment"] is not None and len(buckets[(s["experiment"], s["session_id"])]) > 1
                   for s in clicked)
        # exp_2's buckets in binary order: "Treatment" (0x54) before "control" (0x63)
        assert {row["baseline"] for row in out["search_experiment_dwell_tests"] if row["experiment"] == "exp_2"} \
            == {"Treatment"}
        # exp_3 by hand: A = 0, 10, 20 observed, 0, 0 censored; B = 0, 0 censored. At 0: 7 at risk (5 of A), 1
        # event (A's); at 10 and 20 B has none at risk. O = 3, E = 5/7 + 1 + 1, V = 5 * 2 * 1 * 6 / (49 * 6) = 10/49
        exp_3 = [row for row in out["search_experiment_dwell_tests"] if row["experiment"] == "exp_3"]
        assert {row["search_type"] for row in exp_3} == {"fulltext", "(all)"}
        for row in exp_3:
            assert (row["baseline"], row["candidate"], row["n_baseline_dwells"], row["n_candidate_dwells"],
                    row["observed_baseline"]) == ("A", "B", 5, 2, 3)
            assert row["expected_baseline"] == pytest.approx(5 / 7 + 2, abs=1e-12)
            assert row["log_rank_chi_square"] == pytest.approx(0.4, abs=1e-12)  # (3 - 19/7)² / (10/49) = (4/49) (49/10)
        # exp_4: A = 10 observed, B = 0 censored: at 10 only A is at risk, so V = 0: no statistic
        exp_4 = [(row["search_type"], row["n_baseline_dwells"], row["n_candidate_dwells"], row["observed_baseline"],
                  row["expected_baseline"], row["log_rank_chi_square"], row["p_value"])
                 for row in out["search_experiment_dwell_tests"] if row["experiment"] == "exp_4"]
        assert sorted(exp_4) == [("(all)", 1, 1, 1, 1.0, None, None), ("fulltext", 1, 1, 1, 1.0, None, None)]
        b_rows = [row for row in out["search_experiment_dwell_survival"] if row["experiment"] == "exp_3"
                  and row["bucket"] == "B"]
        assert len(b_rows) == 2 * len(CHECKIN_SECONDS)
        assert all(row["survival"] == 1 and row["median_dwell_seconds"] is None and row["n_censored"] == 2
                   and row["n_at_risk"] == (2 if row["checkin_seconds"] == 0 else 0) for row in b_rows)
