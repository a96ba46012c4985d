"""Unit tests of the experiments' references alone (no dbt): reference.experiments on a small log worked out by hand
(every expected value is the arithmetic in the comments, from the design's metric table and formulas), its
statistics against gbstats 0.8.0 through reference.gbstats_bridge (one subprocess for the whole module), the SRM
against scipy.stats.chisquare and gbstats' check_srm, the χ² tail against scipy, the ratio CUPED against the
unit-kind regression adjustment where they coincide, Kaplan-Meier and the log-rank test against lifelines, and the
families' Holm / BH against statsmodels.
"""

from __future__ import annotations

import gc
import math
import random
from datetime import date, datetime, timedelta

import pytest
from scipy import stats

from reference import experiments as ex
from reference import online
from reference.gbstats_bridge import gbstats_batch

approx = pytest.approx
D0, D1, D2, D3 = (date(2026, 3, 1) + timedelta(days=i) for i in range(4))


def at(day, hour, minute=0, second=0):
    return datetime(day.year, day.month, day.day, hour, minute, second)


def search(search_id, user, searched_at, bucket, experiment="e1", search_type="fulltext", n_results=5, query=None):
    return {"search_id": search_id, "session_id": user, "user": user, "searched_at": searched_at,
            "search_type": search_type, "n_results": n_results, "query_id": query, "bucket": bucket,
            "exp": experiment}


def click(search_id, position, clicked_at):
    return {"search_id": search_id, "position": position, "clicked_at": clicked_at}


# The hand log. Experiment e1 starts on D2 (its searches after exclusions); session_id = user.
#   bucket A: u1 = s1 (5 results; clicks position 3 at +5 s, position 1 at +12 s, position 3 again at +30 s) and
#             s2 (0 results, 60 s later, another query); u2 = s3 (autocomplete, 3 results, position 2 at +20 s, no
#             later event: censored)
#   bucket B: u3 = s4 (n_results unknown, position 1 at +4 s) and s5 (30 s after s4, 4 results, no click) on D3;
#             u4 = s6 (2 results, position 2 at +3 s), s7 at 12:02 (no click), s8 at 12:03 (no click, new query)
#   excluded: s9 (bucket null), s10 / s11 (u6 in A and B: contaminated), s12 (experiment null)
#   pre-period: p1 (u1, D1, experiment e0 bucket X, position 2 at +10 s, censored), p2 (u3, D1 autocomplete,
#             experiment null, 0 results), p3 (u2, D0, e0 bucket X, 1 result, no click)
SEARCHES = [
    search("s1", "u1", at(D2, 10), "A", n_results=5, query="q1"),
    search("s2", "u1", at(D2, 10, 1), "A", n_results=0, query="q2"),
    search("s3", "u2", at(D2, 11), "A", search_type="autocomplete", n_results=3, query="q3"),
    search("s4", "u3", at(D3, 9), "B", n_results=None, query="q4"),
    search("s5", "u3", at(D3, 9, 0, 30), "B", n_results=4, query="q5"),
    search("s6", "u4", at(D2, 12), "B", n_results=2, query="q6"),
    search("s7", "u4", at(D2, 12, 2), "B", n_results=2, query="q7"),
    search("s8", "u4", at(D2, 12, 3), "B", n_results=2, query="q8"),
    search("s9", "u5", at(D2, 13), None),
    search("s10", "u6", at(D2, 14), "A"),
    search("s11", "u6", at(D3, 14), "B"),
    search("s12", "u7", at(D2, 15), "A", experiment=None),
    search("p1", "u1", at(D1, 10), "X", experiment="e0", n_results=2),
    search("p2", "u3", at(D1, 9), "B", experiment=None, search_type="autocomplete", n_results=0),
    search("p3", "u2", at(D0, 10), "X", experiment="e0", n_results=1),
]
CLICKS = [
    click("s1", 3, at(D2, 10, 0, 5)), click("s1", 1, at(D2, 10, 0, 12)), click("s1", 3, at(D2, 10, 0, 30)),
    click("s3", 2, at(D2, 11, 0, 20)),
    click("s4", 1, at(D3, 9, 0, 4)),
    click("s6", 2, at(D2, 12, 0, 3)),
    click("p1", 2, at(D1, 10, 0, 10)),
    click("unknown", 1, at(D2, 10)),
]
SETTINGS = dict(unit_column="user", experiment_column="exp", query_column="query_id", factors=(0.5,))


def hand_log(**overrides):
    return ex.ExperimentLog(SEARCHES, CLICKS, **{**SETTINGS, **overrides})


def unit_table(log, experiment="e1", search_type=ex.ALL_TYPES):
    return {(u["unit_id"], u["metric"]): u for u in log.unit_values()
            if u["experiment"] == experiment and u["search_type"] == search_type}


# ---------------------------------------------------------------------------------------------------------------
# Metrics, exclusions, units
# ---------------------------------------------------------------------------------------------------------------


def test_metric_keys_follow_the_design_table():
    keys = ex.metric_keys(factors=(0.1, 0.9), query_column="query_id")
    assert [k[0] for k in keys] == [
        "zero_result_rate", "clickthrough_rate", "abandonment_rate", "mean_first_click_position",
        "clicks_per_search", "mean_seconds_to_first_click", "paulscore", "paulscore", "satisfied_click_rate",
        "return_rate", "reformulation_rate", "searches_per_unit", "clicked_unit_rate", "threshold_pass_rate"]
    assert [k for k in keys if k[0] == "paulscore"] == [("paulscore", "ratio", 0.1), ("paulscore", "ratio", 0.9)]
    assert {k[0] for k in keys if k[1] == "unit"} == {"searches_per_unit", "clicked_unit_rate"}
    assert "reformulation_rate" not in [k[0] for k in ex.metric_keys()]  # no query column
    assert [k[0] for k in ex.metric_keys(factors=(), sessions=False)] == [
        "zero_result_rate", "clickthrough_rate", "abandonment_rate", "mean_first_click_position",
        "clicks_per_search", "mean_seconds_to_first_click", "searches_per_unit", "clicked_unit_rate"]


def test_exclusions_contamination_and_first_day_by_hand():
    log = hand_log()
    assert log.exclusions() == {("e1", "null_bucket"): 1,            # s9
                                ("e1", "contaminated_unit"): 2,      # s10, s11 (u6 in A and B)
                                (None, "null_experiment"): 2}        # s12, p2
    assert log.contaminated_units() == {"e1": {"u6"}}
    # e1's earliest search after exclusions is on D2 (s12 on D2 and p2 on D1 are in no experiment)
    assert log.first_days() == {"e1": D2, "e0": D0}
    assert log.buckets() == {"e1": ["A", "B"], "e0": ["X"]}
    # without an experiment column every search is in '(all)': s12 and p2 are in it, p1 / p3 (bucket X) make u1
    # and u2 contaminated (X and A), u3 has p2 in B
    flat = hand_log(experiment_column=None)
    assert flat.contaminated_units() == {"(all)": {"u1", "u2", "u6"}}
    assert flat.first_days() == {"(all)": D1}  # p2 (u3, bucket B, D1)


def test_per_search_values_by_hand():
    v = hand_log().search_values()
    # s1: 5 results, distinct clicks {1, 3}; first click (earliest) 5 s after the search, smallest position 1
    assert v["s1"][("zero_result_rate", None)] == (0, 1)
    assert v["s1"][("clickthrough_rate", None)] == (1, 1)
    assert v["s1"][("abandonment_rate", None)] == (0, 1)
    assert v["s1"][("mean_first_click_position", None)] == (1, 1)
    assert v["s1"][("clicks_per_search", None)] == (2, 1)       # the repeated click on 3 counts once
    assert v["s1"][("mean_seconds_to_first_click", None)] == (5.0, 1)
    assert v["s1"][("paulscore", 0.5)] == (0.5 ** 0 + 0.5 ** 2, 1)
    # dwells: position 3 at +5 s ends at the next event, the click at +12 s: 7 s < 10; position 1 at +12 s ends at
    # s2 (+60 s): 48 s >= 10. Return: another click of s1 within 600 s. Reformulation: s2 has another query
    # 60 s later, but clicks lie between them: not reformulated
    assert v["s1"][("satisfied_click_rate", None)] == (1, 2)
    assert v["s1"][("return_rate", None)] == (1, 1)
    assert v["s1"][("reformulation_rate", None)] == (0, 1)
    assert v["s1"][("threshold_pass_rate", None)] == (1, 1)
    # s2: zero results, no click: the click-based denominators are 0
    assert v["s2"][("zero_result_rate", None)] == (1, 1)
    assert v["s2"][("clickthrough_rate", None)] == (0, 0)
    assert v["s2"][("mean_first_click_position", None)] == (0, 0)
    assert v["s2"][("clicks_per_search", None)] == (0, 1)
    assert v["s2"][("return_rate", None)] == (0, 0)
    # s3: its only click has no later event in its day-session: censored, not satisfied, no return
    assert v["s3"][("satisfied_click_rate", None)] == (0, 1)
    assert v["s3"][("return_rate", None)] == (0, 1)
    assert v["s3"][("mean_seconds_to_first_click", None)] == (20.0, 1)
    # s4: n_results unknown: out of the zero-result, clickthrough and abandonment denominators, clicked anyway
    assert v["s4"][("zero_result_rate", None)] == (0, 0)
    assert v["s4"][("clickthrough_rate", None)] == (0, 0)
    assert v["s4"][("abandonment_rate", None)] == (0, 0)
    assert v["s4"][("mean_first_click_position", None)] == (1, 1)
    assert v["s4"][("satisfied_click_rate", None)] == (1, 1)   # dwell 26 s (s5)
    # s7: s8 (another query) 60 s later with no click between: reformulated; s8 is the session's last search
    assert v["s7"][("reformulation_rate", None)] == (1, 1)
    assert v["s8"][("reformulation_rate", None)] == (0, 1)
    assert v["s5"][("abandonment_rate", None)] == (1, 1)


def test_unit_values_by_hand():
    units = unit_table(hand_log())
    assert {u for u, _ in units} == {"u1", "u2", "u3", "u4"}
    got = lambda unit, metric: (units[(unit, metric)]["m"], units[(unit, metric)]["d"])  # noqa: E731
    # u1 = s1 + s2
    assert got("u1", "zero_result_rate") == (0 + 1, 1 + 1)
    assert got("u1", "clicks_per_search") == (2 + 0, 1 + 1)
    assert got("u1", "paulscore") == (1.25 + 0, 1 + 1)
    assert got("u1", "satisfied_click_rate") == (1 + 0, 2 + 0)
    assert got("u1", "reformulation_rate") == (0 + 0, 1 + 1)
    assert got("u1", "searches_per_unit") == (2, 1)                # kind 'unit': d = 1
    assert got("u1", "clicked_unit_rate") == (1, 1)
    assert got("u1", "threshold_pass_rate") == (1, 1)
    # u2 = s3: a click, none satisfied
    assert got("u2", "threshold_pass_rate") == (0, 1)
    # u3 = s4 + s5
    assert got("u3", "zero_result_rate") == (0, 0 + 1)
    assert got("u3", "mean_seconds_to_first_click") == (4.0, 1)
    # u4 = s6 + s7 + s8
    assert got("u4", "clickthrough_rate") == (1 + 0 + 0, 3)
    assert got("u4", "abandonment_rate") == (0 + 1 + 1, 3)
    assert got("u4", "reformulation_rate") == (0 + 1 + 0, 3)
    assert got("u4", "searches_per_unit") == (3, 1)
    # per search type: u2's only search is autocomplete, so bucket A has u1 alone in fulltext
    fulltext = unit_table(hand_log(), search_type="fulltext")
    assert {u for u, _ in fulltext} == {"u1", "u3", "u4"}
    assert "x" not in units[("u1", "clickthrough_rate")]  # CUPED off


def test_unit_level_metrics_are_indicators():
    # one unit, two searches, each clicked with a satisfied click (12 s, 50 s to the next event) and a third search
    # with an unsatisfied click (3 s to the next search): clicked_unit_rate and threshold_pass_rate are 1 / 1, not
    # sums; searches_per_unit counts 4; the unit kind's d is 1
    searches = [search(f"t{i}", "w1", at(D2, 9, i), "A", n_results=3) for i in range(4)]
    clicks = [click("t0", 1, at(D2, 9, 0, 48)), click("t1", 2, at(D2, 9, 1, 10)),
              click("t2", 1, at(D2, 9, 2, 57))]
    units = unit_table(ex.ExperimentLog(searches, clicks, **SETTINGS))
    got = lambda metric: (units[("w1", metric)]["m"], units[("w1", metric)]["d"])  # noqa: E731
    assert got("clicked_unit_rate") == (1, 1)
    assert got("threshold_pass_rate") == (1, 1)
    assert got("satisfied_click_rate") == (2, 3)
    assert got("searches_per_unit") == (4, 1)
    assert got("clickthrough_rate") == (3, 4)


def test_pre_period_covariates_by_hand():
    # cuped_days = 1: [D1, D2). u1 has p1 (e0, bucket X: any bucket counts): 2 results, clicked at position 2,
    # censored; u3 has p2 (autocomplete, no experiment, 0 results); u2's p3 is on D0, outside; u4 has none
    units = unit_table(hand_log(cuped_days=1))
    pre = lambda unit, metric: (units[(unit, metric)]["x"], units[(unit, metric)]["y"])  # noqa: E731
    assert pre("u1", "clickthrough_rate") == (1, 1)
    assert pre("u1", "mean_first_click_position") == (2, 1)
    assert pre("u1", "mean_seconds_to_first_click") == (10.0, 1)
    assert pre("u1", "satisfied_click_rate") == (0, 1)
    assert pre("u1", "reformulation_rate") == (0, 0)             # p1 has no query
    assert pre("u1", "searches_per_unit") == (1, 1)
    assert pre("u3", "zero_result_rate") == (1, 1)
    assert pre("u3", "clickthrough_rate") == (0, 0)
    assert pre("u2", "searches_per_unit") == (0, 0)              # no pre data: x = y = 0
    assert pre("u4", "paulscore") == (0, 0)
    # same search type: p2 is autocomplete, so u3's fulltext covariates are 0
    fulltext = unit_table(hand_log(cuped_days=1), search_type="fulltext")
    assert (fulltext[("u3", "zero_result_rate")]["x"], fulltext[("u3", "zero_result_rate")]["y"]) == (0, 0)
    # cuped_days = 2: [D0, D2) takes p3 (fulltext, 1 result, no click) into u2's '(all)' covariates
    units2 = unit_table(hand_log(cuped_days=2))
    assert (units2[("u2", "abandonment_rate")]["x"], units2[("u2", "abandonment_rate")]["y"]) == (1, 1)
    assert units2[("u2", "searches_per_unit")]["x"] == 1


# ---------------------------------------------------------------------------------------------------------------
# Statistics by hand
# ---------------------------------------------------------------------------------------------------------------


def test_ratio_delta_method_variance_by_hand():
    # units (m, d) = (1, 2), (2, 2), (0, 1): n = 3, Σm = 3, Σd = 5, Σm² = 5, Σd² = 9, Σmd = 6
    s = ex.sums([{"m": 1, "d": 2}, {"m": 2, "d": 2}, {"m": 0, "d": 1}])
    assert s == {"n": 3, "sum_m": 3, "sum_m2": 5, "sum_d": 5, "sum_d2": 9, "sum_md": 6}
    a = ex.arm_statistics(s)
    # m̄ = 1, d̄ = 5/3; var_m = (5 - 9/3)/2 = 1, var_d = (9 - 25/3)/2 = 1/3, cov = (6 - 15/3)/2 = 1/2;
    # V = 1/(25/9) - 2 (1/2)(1)/(125/27) + 1 (1/3)/(625/81) = 9/25 - 27/125 + 27/625 = 117/625
    assert a["mean"] == approx(3 / 5)
    assert (a["var_m"], a["var_d"], a["cov_md"]) == approx((1, 1 / 3, 1 / 2))
    assert a["variance"] == approx(117 / 625)
    assert a["standard_error"] == approx(math.sqrt(117 / 625 / 3))
    # every d = 1: V = var_m (the unit kind)
    assert ex.arm_statistics(ex.sums([{"m": 2, "d": 1}, {"m": 1, "d": 1}]))["variance"] == approx(0.5)
    # Σd = 0: no mean, no variance; n = 1: a mean, no variance
    empty = ex.arm_statistics(ex.sums([{"m": 0, "d": 0}, {"m": 0, "d": 0}]))
    assert (empty["mean"], empty["variance"]) == (None, None)
    one = ex.arm_statistics(ex.sums([{"m": 1, "d": 2}]))
    assert (one["mean"], one["variance"]) == (0.5, None)


def test_hand_log_comparisons_by_hand():
    rows = {(r["search_type"], r["metric"]): r for r in hand_log().results() if r["experiment"] == "e1"}
    # autocomplete has units in A only: no comparison; e0 has one bucket: none
    assert {t for t, _ in rows} == {"(all)", "fulltext"}
    # searches_per_unit ('(all)'): A = (2, 1), B = (2, 3); means 1.5, 2.5; var 0.5 each;
    # var = 0.5/2 + 0.5/2 = 0.5; df = 0.5² / (0.25/(4·1) + 0.25/(4·1)) = 2; t = 1/sqrt(0.5);
    # with 2 df the two-sided p is 1 - |t|/sqrt(2 + t²) = 1 - sqrt(2)/2; CI = 1 ± t_{0.975, 2} sqrt(0.5)
    r = rows[("(all)", "searches_per_unit")]
    assert (r["baseline"], r["candidate"], r["metric_kind"]) == ("A", "B", "unit")
    assert (r["baseline_mean"], r["candidate_mean"]) == approx((1.5, 2.5))
    assert r["absolute_difference"] == approx(1.0)
    assert r["degrees_of_freedom"] == approx(2.0)
    assert r["t_statistic"] == approx(1 / math.sqrt(0.5))
    assert r["p_value"] == approx(1 - math.sqrt(2) / 2)
    assert (r["absolute_ci_low"], r["absolute_ci_high"]) == approx((1 - 4.302652729749464 * math.sqrt(0.5),
                                                                    1 + 4.302652729749464 * math.sqrt(0.5)))
    # relative: 1/1.5; var = 0.5/(1.5² 2) + 0.5 2.5²/(1.5⁴ 2) = 1/9 + 25/81 = 34/81
    assert r["relative_difference"] == approx(2 / 3)
    half = 4.302652729749464 * math.sqrt(34 / 81)
    assert (r["relative_ci_low"], r["relative_ci_high"]) == approx((2 / 3 - half, 2 / 3 + half))
    # MDE = (z_0.975 + z_0.8) sqrt(0.5); relative = MDE / 1.5
    mde = (1.959963984540054 + 0.8416212335729143) * math.sqrt(0.5)
    assert r["minimum_detectable_effect"] == approx(mde)
    assert r["relative_minimum_detectable_effect"] == approx(mde / 1.5)
    assert r["cuped_theta"] is None and r["variance_reduction"] is None  # CUPED off
    # clickthrough_rate: A's units are (1, 1), (1, 1): V_A = 0, so every statistic is null (gbstats: its default
    # output); B = (0, 1), (1, 3): mean 1/4, m̄ = 1/2, d̄ = 2, var_m = 1/2, var_d = 2, cov = 1,
    # V_B = (1/2)/4 - 2 (1)(1/2)/8 + (1/4)(2)/16 = 1/32
    r = rows[("(all)", "clickthrough_rate")]
    assert (r["baseline_mean"], r["candidate_mean"]) == approx((1.0, 0.25))
    assert r["candidate_standard_error"] == approx(math.sqrt(1 / 32 / 2))
    assert r["baseline_standard_error"] == 0.0
    for column in ("absolute_difference", "absolute_ci_low", "relative_difference", "p_value", "relative_p_value",
                   "degrees_of_freedom", "minimum_detectable_effect", "p_value_holm", "p_value_bh"):
        assert r[column] is None, column
    # fulltext: A has one unit (u1): nothing
    assert rows[("fulltext", "searches_per_unit")]["p_value"] is None
    assert rows[("fulltext", "searches_per_unit")]["n_baseline_units"] == 1


def test_unit_cuped_by_hand():
    # searches_per_unit with cuped_days = 2: m = (2, 1 | 2, 3), x = (1, 1 | 1, 0) (u1: p1, u2: p3, u3: p2, u4: none)
    # pooled: n = 4, Σm = 8, Σm² = 18, Σx = 3, Σx² = 3, Σmx = 5; var_x = (3 - 9/4)/3 = 1/4,
    # cov = (5 - 24/4)/3 = -1/3, θ = -4/3
    # A: m̄ = 3/2, x̄ = 1: adjusted 3/2 + 4/3 = 17/6; var_m = 1/2, var_x = 0, cov = 0: V = 1/2
    # B: m̄ = 5/2, x̄ = 1/2: adjusted 5/2 + 2/3 = 19/6; var_m = 1/2, var_x = 1/2, cov = (2 - 5/2)/1 = -1/2:
    #    V = 1/2 + (16/9)(1/2) - 2(-4/3)(-1/2) = 1/18
    table = hand_log(cuped_days=2).bucket_sums()
    a = table[("e1", "A", "(all)", "searches_per_unit", None)]
    b = table[("e1", "B", "(all)", "searches_per_unit", None)]
    c = ex.unit_cuped(a, b)
    assert c["theta"] == approx(-4 / 3) and not c["reverted"]
    assert (c["a"]["mean"], c["b"]["mean"]) == approx((17 / 6, 19 / 6))
    assert (c["a"]["variance"], c["b"]["variance"]) == approx((1 / 2, 1 / 18))
    assert (c["a"]["unadjusted_mean"], c["b"]["unadjusted_mean"]) == approx((3 / 2, 5 / 2))
    r = ex.compare(a, b, "unit", cuped=True)
    assert r["cuped_absolute_difference"] == approx(19 / 6 - 17 / 6)
    # variance of Δ: raw 1/2/2 + 1/2/2 = 1/2; CUPED 1/18/2 + 1/2/2 = 5/18: reduction 1 - (5/18)/(1/2) = 4/9
    assert r["variance_reduction"] == approx(4 / 9)
    # relative uses the unadjusted baseline mean: (19/6 - 17/6) / (3/2) = 2/9
    assert r["cuped_relative_difference"] == approx(2 / 9)
    # cuped_days = 1: x = (1, 0 | 1, 0): cov = (4 - 8·2/4)/3 = 0, θ = 0 (gbstats reverts to the raw test)
    table1 = hand_log(cuped_days=1).bucket_sums()
    c1 = ex.unit_cuped(table1[("e1", "A", "(all)", "searches_per_unit", None)],
                       table1[("e1", "B", "(all)", "searches_per_unit", None)])
    assert c1["theta"] == 0 and c1["reverted"]


def test_sample_ratios_by_hand():
    rows = {(r["experiment"], r["bucket"]): r for r in hand_log().sample_ratios()}
    # e1: 2 units in A, 2 in B, equal shares: χ² = 0, p = 1; one contaminated unit (u6)
    assert rows[("e1", "A")]["chi_square"] == 0 and rows[("e1", "A")]["p_value"] == 1.0
    assert rows[("e1", "B")]["n_contaminated_units"] == 1 and rows[("e1", "B")]["srm_passed"] is True
    # e0: one bucket: no test
    assert rows[("e0", "X")]["degrees_of_freedom"] is None and rows[("e0", "X")]["srm_passed"] is None
    # shares A 1 : B 3 -> expected 1 and 3: χ² = (2-1)²/1 + (2-3)²/3 = 4/3, p = erfc(sqrt(2/3)) (df 1)
    skewed = {r["bucket"]: r for r in hand_log().sample_ratios({"A": 1, "B": 3, "X": 1}) if r["experiment"] == "e1"}
    assert skewed["A"]["expected_share"] == 0.25 and skewed["B"]["expected_units"] == 3.0
    assert skewed["A"]["chi_square"] == approx(4 / 3)
    assert skewed["A"]["p_value"] == approx(math.erfc(math.sqrt(2 / 3)))
    strict = hand_log().sample_ratios({"A": 1, "B": 3, "X": 1}, srm_p_value=0.3)
    assert [r["srm_passed"] for r in strict if r["experiment"] == "e1"] == [False, False]
    with pytest.raises(KeyError, match="X"):
        hand_log().sample_ratios({"A": 1, "B": 1})


def test_dwells_km_and_log_rank_by_hand():
    log = hand_log()
    survival = {(r["bucket"], r["checkin_seconds"]): r for r in log.dwell_survival(checkin_seconds=(5, 10, 48, 60))
                if r["experiment"] == "e1" and r["search_type"] == "(all)"}
    # A's dwells: 7, 48 (observed), s3's 0 (censored). At 7: 2 at risk (7, 48), 1 event: S = 1/2; at 48: S = 0
    assert [survival[("A", t)]["survival"] for t in (5, 10, 48, 60)] == [1.0, 0.5, 0.0, 0.0]
    assert [survival[("A", t)]["n_at_risk"] for t in (5, 10, 48, 60)] == [2, 1, 1, 0]
    assert survival[("A", 10)]["median_dwell_seconds"] == 7.0
    assert (survival[("A", 10)]["n_dwells"], survival[("A", 10)]["n_censored"]) == (3, 1)
    # log-rank, A = 7, 48, 0+ against B = 26 (s4 -> s5), 117 (s6 -> s7):
    #  t=7:   n=4, n_A=2, e=1 (A): E += 2/4,  V += 1·2·2·3/(16·3) = 1/4
    #  t=26:  n=3, n_A=1, e=1 (B): E += 1/3,  V += 1·1·2·2/(9·2) = 2/9
    #  t=48:  n=2, n_A=1, e=1 (A): E += 1/2,  V += 1·1·1·1/(4·1) = 1/4
    #  t=117: n=1, n_A=0: nothing
    #  O_A = 2, E_A = 4/3, V = 13/18: χ² = (2/3)² / (13/18) = 8/13
    test = {r["search_type"]: r for r in log.dwell_tests() if r["experiment"] == "e1"}["(all)"]
    assert (test["n_baseline_dwells"], test["n_candidate_dwells"], test["observed_baseline"]) == (3, 2, 2)
    assert test["expected_baseline"] == approx(4 / 3)
    assert test["log_rank_chi_square"] == approx(8 / 13)
    assert test["p_value"] == approx(float(stats.chi2.sf(8 / 13, 1)))


def test_chi_square_tail_matches_scipy():
    for df in range(1, 13):
        for statistic in (0.0, 1e-6, 0.3, 1.0, 2.5, 7.0, 19.3, 60.0, 250.0):
            want = float(stats.chi2.sf(statistic, df))
            assert ex.chi_square_sf(statistic, df) == approx(want, rel=1e-11, abs=1e-300), (df, statistic)


def test_sample_ratio_test_matches_scipy_chisquare():
    rng = random.Random(11)
    for _ in range(40):
        k = rng.randint(2, 6)
        units = {f"b{i}": rng.randint(0, 400) for i in range(k)}
        shares = {b: rng.choice((1, 1, 2, 0.5, 3.25)) for b in units}
        total = sum(units.values())
        if total == 0:
            continue
        got = ex.sample_ratio_test(units, shares)
        buckets = sorted(units)
        weight = sum(shares.values())
        want = stats.chisquare([units[b] for b in buckets], [shares[b] / weight * total for b in buckets])
        assert got["chi_square"] == approx(float(want.statistic), rel=1e-12, abs=1e-12)
        assert got["p_value"] == approx(float(want.pvalue), rel=1e-9, abs=1e-300)
        assert got["degrees_of_freedom"] == k - 1


# ---------------------------------------------------------------------------------------------------------------
# gbstats 0.8.0 (one subprocess for the module)
# ---------------------------------------------------------------------------------------------------------------


def _random_units(rng, n, ratio, pre):
    units = []
    shift = rng.uniform(-0.5, 1.5)
    for _ in range(n):
        x = rng.choice((0, 0, 1, 2, 3)) if pre else None
        if ratio:
            d = rng.choice((0, 1, 1, 2, 3, 5))
            m = sum(1 for _ in range(d) if rng.random() < 0.4 + 0.1 * shift) + rng.choice((0, 0, 0.5))
        else:
            d = 1
            m = rng.gauss(2 + shift, 1.5) + (0.8 * x if pre else 0)
        unit = {"m": m, "d": d}
        if pre:
            unit["x"], unit["y"] = x, (rng.choice((0, 1, 2, 3)) if ratio else (1 if x else 0))
            if ratio and unit["y"] == 0:
                unit["x"] = 0
        units.append(unit)
    return units


def _build_cases():
    rng = random.Random(20261128)
    cases = []
    for i in range(60):
        kind = ("unit", "ratio")[i % 2]
        pre = i % 4 < 2 or kind == "ratio"
        a = ex.sums(_random_units(rng, rng.randint(2, 60), kind == "ratio", pre))
        b = ex.sums(_random_units(rng, rng.randint(2, 60), kind == "ratio", pre))
        cases.append({"a": a, "b": b, "kind": kind, "alpha": rng.choice((0.05, 0.1, 0.01)),
                      "tuning": rng.choice((5000, 100, 50_000))})
    # degenerate: baseline mean 0; one unit; constant values (V = 0); Σd = 0 in the baseline
    zero = ex.sums([{"m": 0, "d": 1}, {"m": 0, "d": 2}, {"m": 0, "d": 1}])
    some = ex.sums([{"m": 1, "d": 1}, {"m": 0, "d": 2}, {"m": 2, "d": 3}])
    cases.append({"a": zero, "b": some, "kind": "ratio", "alpha": 0.05, "tuning": 5000, "degenerate": True})
    unit = ex.sums([{"m": 1, "d": 1}, {"m": 0, "d": 1}, {"m": 4, "d": 1}])
    cases.append({"a": ex.sums([{"m": 3, "d": 1}]), "b": unit, "kind": "unit", "alpha": 0.05, "tuning": 5000,
                  "degenerate": True})
    cases.append({"a": ex.sums([{"m": 2, "d": 1}] * 4), "b": unit, "kind": "unit", "alpha": 0.05, "tuning": 5000,
                  "degenerate": True})
    cases.append({"a": ex.sums([{"m": 0, "d": 0}] * 3), "b": some, "kind": "ratio", "alpha": 0.05, "tuning": 5000,
                  "degenerate": True})
    return cases


@pytest.fixture(scope="module")
def gbstats_runs():
    """Every case of the module through gbstats in one subprocess: the raw and CUPED comparisons, the ratio CUPED
    arms as given moments, the SRM cases."""
    cases = _build_cases()
    comparisons = []
    for i, c in enumerate(cases):
        comparisons.append(ex.gbstats_case(c["a"], c["b"], c["kind"], c["alpha"], c["tuning"], case_id=i,
                                           cuped=c["kind"] == "unit" and "sum_x" in c["a"]))
    moments = []
    for i, c in enumerate(cases):
        if c["kind"] == "ratio" and "sum_x" in c["a"]:
            r = ex.ratio_cuped(c["a"], c["b"])
            if r["a"]["mean"] is None or r["b"]["mean"] is None:
                continue
            moments.append(i)
            comparisons.append({"id": f"moments {i}", "kind": "moments", "a": r["a"], "b": r["b"],
                                "alpha": c["alpha"]})
    rng = random.Random(5)
    srm = []
    for _ in range(20):
        k = rng.randint(2, 5)
        srm.append({"users": [rng.randint(0, 300) for _ in range(k)],
                    "weights": [rng.choice((1, 2, 0.5)) for _ in range(k)]})
    out = gbstats_batch(comparisons, srm)
    by_id = {r["id"]: r for r in out["comparisons"]}
    return {"cases": cases, "results": [by_id[i] for i in range(len(cases))],
            "moments": {i: by_id[f"moments {i}"] for i in moments}, "srm": srm, "srm_out": out["srm"],
            "versions": out["versions"]}


def test_gbstats_venv_versions(gbstats_runs):
    versions = gbstats_runs["versions"]
    assert versions["gbstats"] == "0.8.0"
    assert versions["numpy"].split(".")[0] == "1" and versions["pandas"].split(".")[0] == "1"


def _close(got, want, rel=1e-9, abs_=1e-12):
    if want is None or got is None:
        return got is None and want is None
    return got == approx(want, rel=rel, abs=abs_)


def test_arm_statistics_match_gbstats(gbstats_runs):
    for case, result in zip(gbstats_runs["cases"], gbstats_runs["results"]):
        for arm in ("a", "b"):
            ours = ex.arm_statistics(case[arm])
            theirs = result[arm]
            assert theirs["n"] == ours["n"]
            # gbstats: mean 0 when Σd = 0 (ours None); variance 0 when n < 2 or d̄ = 0 (ours None)
            assert theirs["mean"] == approx(0.0 if ours["mean"] is None else ours["mean"], rel=1e-12, abs=1e-15)
            want_v = 0.0 if ours["variance"] is None else ours["variance"]
            assert theirs["variance"] == approx(want_v, rel=1e-9, abs=1e-12), (case, arm)


def test_welch_matches_gbstats_two_sided_t_test(gbstats_runs):
    n_tested = 0
    for case, result in zip(gbstats_runs["cases"], gbstats_runs["results"]):
        a, b = ex.arm_statistics(case["a"]), ex.arm_statistics(case["b"])
        for name, relative in (("absolute", False), ("relative", True)):
            ours = ex.welch(a, b, case["alpha"], relative=relative)
            theirs = result[name]
            if ours["difference"] is None:
                # the design's null rule is exactly where gbstats gives its default output
                assert theirs["default_output"], (case, name)
                assert (theirs["expected"], theirs["ci_low"], theirs["ci_high"], theirs["p_value"]) == (0, 0, 0, 1)
                continue
            n_tested += 1
            assert not theirs["default_output"]
            assert _close(ours["difference"], theirs["point_estimate"])
            assert _close(ours["difference"], theirs["expected"])
            assert _close(ours["variance"], theirs["variance"])
            assert _close(ours["degrees_of_freedom"], theirs["dof"])
            assert _close(ours["t_statistic"], theirs["critical_value"])
            assert _close(ours["ci_low"], theirs["ci_low"], rel=1e-8)
            assert _close(ours["ci_high"], theirs["ci_high"], rel=1e-8)
            # gbstats computes 2 (1 - cdf): below ~1e-15 its p is rounding noise; ours is scipy's sf
            assert ours["p_value"] == approx(theirs["p_value"], rel=1e-7, abs=1e-14)
    assert n_tested >= 80
    messages = {r["absolute"]["error_message"] for c, r in zip(gbstats_runs["cases"], gbstats_runs["results"])
                if c.get("degenerate")}
    assert messages == {"ZERO_NEGATIVE_BASELINE_VARIATION", "ZERO_NEGATIVE_VARIANCE"}


def test_sequential_matches_gbstats(gbstats_runs):
    n_tested = 0
    for case, result in zip(gbstats_runs["cases"], gbstats_runs["results"]):
        a, b = ex.arm_statistics(case["a"]), ex.arm_statistics(case["b"])
        for name, relative in (("sequential_absolute", False), ("sequential_relative", True)):
            ours = ex.sequential_test(a, b, case["alpha"], case["tuning"], relative=relative)
            theirs = result[name]
            if ours["difference"] is None:
                assert theirs["default_output"]
                continue
            n_tested += 1
            assert _close(ours["ci_low"], theirs["ci_low"])
            assert _close(ours["ci_high"], theirs["ci_high"])
            assert ours["p_value"] == approx(theirs["p_value"], rel=1e-9, abs=1e-300)
            # always valid: the sequential interval is wider than the fixed-horizon one only when N is past the
            # tuning; here simply check it contains the point estimate
            assert ours["ci_low"] <= ours["difference"] <= ours["ci_high"]
    assert n_tested >= 80


def test_unit_cuped_matches_gbstats_regression_adjustment(gbstats_runs):
    n_adjusted = n_reverted = 0
    for case, result in zip(gbstats_runs["cases"], gbstats_runs["results"]):
        if case["kind"] != "unit" or "sum_x" not in case["a"]:
            assert result["cuped"] is None
            continue
        ours = ex.unit_cuped(case["a"], case["b"])
        theirs = result["cuped"]
        assert theirs["theta"] == approx(ours["theta"], rel=1e-9, abs=1e-12)
        assert theirs["reverted"] == ours["reverted"]
        n_reverted += ours["reverted"]
        n_adjusted += not ours["reverted"]
        for arm in ("a", "b"):
            assert theirs[arm]["mean"] == approx(ours[arm]["mean"], rel=1e-9, abs=1e-12)
            assert theirs[arm]["unadjusted_mean"] == approx(ours[arm]["unadjusted_mean"], rel=1e-12)
            assert theirs[arm]["variance"] == approx(ours[arm]["variance"], rel=1e-9, abs=1e-12)
        compared = ex.compare(case["a"], case["b"], "unit", case["alpha"], cuped=True)
        for name, prefix in (("absolute", "cuped_absolute"), ("relative", "cuped_relative")):
            t = theirs[name]
            if compared[prefix + "_difference"] is None:
                assert t["default_output"]
                continue
            assert compared[prefix + "_difference"] == approx(t["expected"], rel=1e-9, abs=1e-12)
            assert compared[prefix + "_ci_low"] == approx(t["ci_low"], rel=1e-8, abs=1e-12)
            assert compared[prefix + "_ci_high"] == approx(t["ci_high"], rel=1e-8, abs=1e-12)
        if compared["cuped_p_value"] is not None:
            assert compared["cuped_p_value"] == approx(theirs["absolute"]["p_value"], rel=1e-7, abs=1e-14)
    assert n_adjusted >= 10


def test_ratio_cuped_arms_through_gbstats_tests(gbstats_runs):
    """The ratio CUPED arms (ours) run through gbstats' TwoSidedTTest as given moments: compare()'s cuped_*
    statistics are gbstats' test on them."""
    assert len(gbstats_runs["moments"]) >= 20
    n_tested = 0
    for i, theirs in gbstats_runs["moments"].items():
        case = gbstats_runs["cases"][i]
        ours = ex.compare(case["a"], case["b"], "ratio", case["alpha"], cuped=True)
        for name, prefix in (("absolute", "cuped_absolute"), ("relative", "cuped_relative")):
            t = theirs[name]
            if ours[prefix + "_difference"] is None:
                assert t["default_output"], (i, name)
                continue
            n_tested += 1
            assert ours[prefix + "_difference"] == approx(t["expected"], rel=1e-9, abs=1e-12)
            assert ours[prefix + "_ci_low"] == approx(t["ci_low"], rel=1e-8, abs=1e-12)
            assert ours[prefix + "_ci_high"] == approx(t["ci_high"], rel=1e-8, abs=1e-12)
        if ours["cuped_p_value"] is not None:
            assert ours["cuped_p_value"] == approx(theirs["absolute"]["p_value"], rel=1e-7, abs=1e-14)
    assert n_tested >= 30


def test_srm_matches_gbstats_check_srm(gbstats_runs):
    for case, out in zip(gbstats_runs["srm"], gbstats_runs["srm_out"]):
        units = {f"b{i}": u for i, u in enumerate(case["users"])}
        shares = {f"b{i}": w for i, w in enumerate(case["weights"])}
        ours = ex.sample_ratio_test(units, shares)
        if sum(case["users"]) == 0:
            assert out["p_value"] == 1 and ours["p_value"] is None
            continue
        assert ours["p_value"] == approx(out["p_value"], rel=1e-9, abs=1e-300)


# ---------------------------------------------------------------------------------------------------------------
# Ratio CUPED against the unit-kind regression adjustment
# ---------------------------------------------------------------------------------------------------------------


def _ones(values, pre):
    return [{"m": m, "d": 1, "x": x, "y": 1} for m, x in zip(values, pre)]


def test_ratio_cuped_with_unit_denominators_reduces_to_the_regression_adjustment():
    """With every d = y = 1, g_post = (1, -m̄) and g_pre = (1, -x̄) meet only the covariances of m and x (the
    constant d and y have none): C = cov(x, m) and W = var(x) per arm, and the adjusted mean m̄ - θ x̄ and variance
    var_m + θ² var_x - 2θ cov are the unit kind's for the same θ. θ itself is NOT gbstats' unit θ in general: the
    ratio pools the arms' within-arm (n - 1) covariances, (C_a + C_b) / (W_a + W_b), the unit kind takes the
    covariance of the pooled sample, which also holds the between-arm spread of the means. They are equal when the
    arms have the same n and the same pre mean x̄."""
    # A: m = 1, 3, 2, 6; x = 0, 2, 1, 3 (x̄ = 3/2);  B: m = 4, 2, 7, 5; x = 2, 0, 3, 1 (x̄ = 3/2, same n)
    a = ex.sums(_ones([1, 3, 2, 6], [0, 2, 1, 3]))
    b = ex.sums(_ones([4, 2, 7, 5], [2, 0, 3, 1]))
    ratio, unit = ex.ratio_cuped(a, b), ex.unit_cuped(a, b)
    # A: var_x = (14 - 9)/3 = 5/3, cov = (0 + 6 + 2 + 18 - 12·6/4)/3 = 8/3;  B: var_x = 5/3,
    # cov = (8 + 0 + 21 + 5 - 18·6/4)/3 = 7/3;  θ = (8/3 + 7/3)/(5/3 + 5/3) = 3/2
    assert (ratio["a"]["C"], ratio["a"]["W"], ratio["b"]["C"], ratio["b"]["W"]) == approx((8 / 3, 5 / 3, 7 / 3, 5 / 3))
    assert ratio["theta"] == approx(3 / 2)
    # pooled (n = 8): Σx = 12, Σx² = 28, var_x = (28 - 18)/7 = 10/7; Σm = 30, Σmx = 26 + 34 = 60,
    # cov = (60 - 45)/7 = 15/7; θ = 3/2: the same
    assert unit["theta"] == approx(3 / 2)
    for arm in ("a", "b"):
        assert ratio[arm]["mean"] == approx(unit[arm]["mean"])
        assert ratio[arm]["variance"] == approx(unit[arm]["variance"])
    # A's adjusted mean: 3 - (3/2)(3/2) = 3/4; var_m = (50 - 144/4)/3 = 14/3;
    # V = var_m + θ² var_x - 2θ cov = 14/3 + (9/4)(5/3) - 3 (8/3) = (56 + 45 - 96)/12 = 5/12
    assert ratio["a"]["mean"] == approx(3 / 4)
    assert ratio["a"]["variance"] == approx(5 / 12)

    # other pre means (B's x shifted by 2): the adjusted means and variances are still the unit formulas at the
    # ratio's θ, but the two θ differ
    b2 = ex.sums(_ones([4, 2, 7, 5], [4, 2, 5, 3]))
    ratio2, unit2 = ex.ratio_cuped(a, b2), ex.unit_cuped(a, b2)
    assert ratio2["theta"] == approx(3 / 2)  # within-arm covariances unchanged by the shift
    assert unit2["theta"] != approx(ratio2["theta"])
    theta = ratio2["theta"]
    for arm, s in (("a", a), ("b", b2)):
        st = ex.arm_statistics(s)
        mean_x = s["sum_x"] / s["n"]
        var_x = (s["sum_x2"] - s["sum_x"] ** 2 / s["n"]) / (s["n"] - 1)
        cov = (s["sum_mx"] - s["sum_m"] * s["sum_x"] / s["n"]) / (s["n"] - 1)
        assert ratio2[arm]["mean"] == approx(st["mean"] - theta * mean_x)
        assert ratio2[arm]["variance"] == approx(st["var_m"] + theta ** 2 * var_x - 2 * theta * cov)


def test_ratio_cuped_rules():
    a = ex.sums([{"m": 1, "d": 2, "x": 1, "y": 2}, {"m": 3, "d": 4, "x": 2, "y": 3}, {"m": 0, "d": 1, "x": 0, "y": 1}])
    b = ex.sums([{"m": 2, "d": 2, "x": 2, "y": 2}, {"m": 1, "d": 3, "x": 0, "y": 2}, {"m": 4, "d": 4, "x": 3, "y": 4}])
    r = ex.ratio_cuped(a, b)
    # adjusted mean = Σm/Σd - θ Σx/Σy; V = V_post + θ² W - 2θ C
    assert r["a"]["mean"] == approx(4 / 7 - r["theta"] * 3 / 6)
    assert r["b"]["mean"] == approx(7 / 9 - r["theta"] * 5 / 8)
    assert r["theta"] == approx((r["a"]["C"] + r["b"]["C"]) / (r["a"]["W"] + r["b"]["W"]))
    for arm, s in (("a", a), ("b", b)):
        v_post = ex.arm_statistics(s)["variance"]
        assert r[arm]["variance"] == approx(v_post + r["theta"] ** 2 * r[arm]["W"] - 2 * r["theta"] * r[arm]["C"])
        assert r[arm]["unadjusted_mean"] == approx(s["sum_m"] / s["sum_d"])
    # no pre data at all (x = y = 0 everywhere): W = 0, θ = 0: the raw ratio
    no_pre = [ex.sums([{**u, "x": 0, "y": 0} for u in units]) for units in
              ([{"m": 1, "d": 2}, {"m": 3, "d": 4}], [{"m": 2, "d": 2}, {"m": 1, "d": 3}])]
    raw = ex.ratio_cuped(*no_pre)
    assert raw["theta"] == 0 and raw["reverted"]
    assert raw["a"]["mean"] == approx(4 / 6) and raw["a"]["variance"] == ex.arm_statistics(no_pre[0])["variance"]


# ---------------------------------------------------------------------------------------------------------------
# Generated logs: Kaplan-Meier and log-rank against lifelines, Holm / BH against statsmodels, sequential days
# ---------------------------------------------------------------------------------------------------------------


def _generated_log(seed):
    """reference.online's log generator (30 sessions over 3 days, session i on day i % 3) with users: session i
    belongs to user v(i % 11), so every user has a session on every day. The users are split over three buckets;
    the first day's searches have no bucket (before the experiment: its first day is the second day, and the first
    is the CUPED pre-period), a few later searches have none or another bucket (a contaminated user)."""
    rng = random.Random(seed)
    log = online.generate_online_log(rng, n_sessions=30, n_days=3)
    for s in log["searches"]:
        user = int(s["session_id"][1:]) % 11
        s["user"] = f"v{user}"
        s["bucket"] = ("control", "ltr", "bm25")[(user * 7) % 3]
        roll = rng.random()
        if s["searched_at"].date() == online.START.date() or roll < 0.04:
            s["bucket"] = None
        elif roll < 0.07:
            s["bucket"] = "ltr"
    return ex.ExperimentLog(log["searches"], log["clicks"], log["page_visits"], unit_column="user",
                            query_column="query_id", cuped_days=1)


@pytest.fixture(scope="module")
def generated():
    return [_generated_log(seed) for seed in (1, 2)]


@pytest.mark.filterwarnings("ignore")
def test_dwell_survival_and_log_rank_match_lifelines(generated):
    from lifelines import KaplanMeierFitter
    from lifelines.statistics import logrank_test

    n_tests = 0
    for log in generated:
        groups = {}
        for d in log.dwells():
            for t in (d["search_type"], ex.ALL_TYPES):
                groups.setdefault((d["experiment"], d["bucket"], t), []).append(d)
        rows = {}
        for r in log.dwell_survival():
            rows.setdefault((r["experiment"], r["bucket"], r["search_type"]), []).append(r)
        assert set(rows) == set(groups)
        for key, group_rows in rows.items():
            dwells = groups[key]
            km = KaplanMeierFitter().fit([d["dwell_seconds"] for d in dwells], [not d["censored"] for d in dwells])
            checkins = [r["checkin_seconds"] for r in group_rows]
            want = [float(v) for v in km.survival_function_at_times(checkins)]
            assert [r["survival"] for r in group_rows] == approx(want, rel=1e-12, abs=1e-15)
            median = km.median_survival_time_
            ours = group_rows[0]["median_dwell_seconds"]
            if ours is not None and abs(float(km.survival_function_at_times(ours).iloc[0]) - 0.5) < 1e-12:
                # S is exactly 1/2 there (reference.online decides it in fractions); lifelines' float product
                # may land a hair above and take the next step
                assert median >= ours
            else:
                assert ours == (None if math.isinf(median) else approx(median))
        for r in log.dwell_tests():
            a = groups[(r["experiment"], r["baseline"], r["search_type"])]
            b = groups[(r["experiment"], r["candidate"], r["search_type"])]
            lr = logrank_test([d["dwell_seconds"] for d in a], [d["dwell_seconds"] for d in b],
                              [not d["censored"] for d in a], [not d["censored"] for d in b])
            if r["log_rank_chi_square"] is None:
                continue
            n_tests += 1
            assert r["log_rank_chi_square"] == approx(float(lr.test_statistic), rel=1e-9)
            assert r["p_value"] == approx(float(lr.p_value), rel=1e-9)
    assert n_tests >= 6


def test_results_families_match_statsmodels(generated, monkeypatch):
    from statsmodels.stats.multitest import multipletests

    monkeypatch.setattr(gc, "collect", lambda *args: 0)  # as in test_reference_comparisons.py
    n_families = 0
    for log in generated:
        families = {}
        for r in log.results():
            families.setdefault((r["experiment"], r["baseline"], r["candidate"], r["search_type"]), []).append(r)
        for rows in families.values():
            present = [r for r in rows if r["p_value"] is not None]
            assert all(r["p_value_holm"] is None for r in rows if r["p_value"] is None)
            if len(present) < 2:
                continue
            n_families += 1
            p = [r["p_value"] for r in present]
            for column, method in (("p_value_holm", "holm"), ("p_value_bh", "fdr_bh")):
                want = multipletests(p, method=method)[1]
                assert [r[column] for r in present] == approx([float(w) for w in want], rel=1e-12)
    assert n_families >= 4


def test_generated_logs_cover_the_cases(generated):
    """The generated logs reach what the references distinguish: exclusions of both kinds, CUPED with pre data,
    comparisons with and without statistics, reverted and adjusted θ, one and several days."""
    for log in generated:
        reasons = {reason for _, reason in log.exclusions()}
        assert reasons == {"null_bucket", "contaminated_unit"}
        results = log.results()
        assert any(r["p_value"] is not None for r in results)
        assert any(r["p_value"] is None for r in results)
        assert any(u["x"] for u in log.unit_values())
        assert any(r["cuped_theta"] not in (0, None) for r in results)
        assert len(log.dates()["(all)"]) == 2


def test_sequential_days_are_cumulative(generated):
    log = generated[0]
    days = log.dates()["(all)"]
    rows = log.sequential()
    assert {r["search_date"] for r in rows} == set(days)
    last = {(r["baseline"], r["candidate"], r["search_type"], r["metric"], r["factor"]): r
            for r in rows if r["search_date"] == days[-1]}
    # the last day's cumulative arms are the whole period's
    for r in log.results():
        s = last[(r["baseline"], r["candidate"], r["search_type"], r["metric"], r["factor"])]
        assert (s["n_baseline_units"], s["n_candidate_units"]) == (r["n_baseline_units"], r["n_candidate_units"])
        assert s["baseline_mean"] == r["baseline_mean"] and s["candidate_mean"] == r["candidate_mean"]
    # units only accumulate
    by_key = {}
    for r in sorted(rows, key=lambda r: r["search_date"]):
        key = (r["baseline"], r["candidate"], r["search_type"], r["metric"], r["factor"])
        if key in by_key:
            assert r["n_baseline_units"] >= by_key[key]["n_baseline_units"]
        by_key[key] = r
