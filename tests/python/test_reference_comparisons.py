"""Unit tests of reference.comparisons: the hash draws, the Student t series, the percentile rule, and that the
hash-based randomization tests and bootstrap behave like the textbook procedures they stand for (exact
enumeration, normal theory), so that the property tests compare the SQL with something correct."""

from __future__ import annotations

import gc
import itertools
import math
import os
import random
import re

import numpy as np
import pytest
from scipy import stats

from reference import comparisons as ref


def test_mix_is_x_to_the_fifth_mod_p_and_stays_in_range():
    assert ref.P == 2**31 - 1
    assert (ref.mix(0), ref.mix(1), ref.mix(2), ref.mix(3)) == (0, 1, 32, 243)
    assert ref.mix(ref.P - 1) == ref.P - 1  # (-1)^5 = -1
    rng = random.Random(1)
    for x in (rng.randrange(ref.P) for _ in range(2000)):
        assert ref.mix(x) == pow(x, 5, ref.P)
    # x -> x^5 is a permutation of Z_p exactly because gcd(5, p - 1) = 1
    assert math.gcd(5, ref.P - 1) == 1


def test_key_and_draw_hand_computed():
    key = ref.mix(ref.mix(1 * 1048576 + 1))
    assert ref.replicate_key(1, 1) == key
    inner = pow((key + 7) % ref.P, 5, ref.P)
    assert ref.draw(key, 7) == pow((inner + key) % ref.P, 5, ref.P)
    assert ref.stream_draws(1, 1, 7)[6] == ref.draw(key, 7)
    assert ref.sign(1, 7) == (1 if ref.draw(key, 7) < 2**30 else -1)


def test_signs_are_balanced_and_uncorrelated():
    signs = np.array([[1 if d < ref.HALF else -1 for d in ref.stream_draws(ref.STREAM_SIGN_FLIP, r, 200)]
                      for r in range(1, 1001)])
    assert abs(signs.mean()) < 0.01  # 200000 draws: 4.5 standard errors
    assert abs((signs[:, 1:] * signs[:, :-1]).mean()) < 0.01  # neighbouring units
    assert abs((signs[1:] * signs[:-1]).mean()) < 0.01  # neighbouring replicates
    # bootstrap picks are uniform over the units
    picks = np.array([d % 7 for r in range(1, 2001) for d in ref.stream_draws(ref.STREAM_PAIRED_BOOTSTRAP, r, 7)])
    assert stats.chisquare(np.bincount(picks, minlength=7)).pvalue > 0.001
    # streams differ
    assert ref.stream_draws(1, 5, 10) != ref.stream_draws(2, 5, 10)


def test_unit_key_is_the_md5_of_the_utf8_bytes_mod_p():
    # RFC 1321's test vector: MD5("abc") = 900150983cd24fb0d6963f7d28e17f72; 0x90015098 = 2416005272 > p
    assert ref.unit_key("abc") == 2416005272 - ref.P
    # MD5("") = d41d8cd98f00b204e9800998ecf8427e: 0xd41d8cd9 = 3558706393
    assert ref.unit_key("") == 3558706393 - ref.P
    assert ref.unit_key("é") != ref.unit_key("é".encode("utf-8").decode("latin-1"))


def test_poisson_counts_are_poisson_one():
    """The thresholds are floor(p F(k - 1)) of the Poisson(1) distribution function, written out in the SQL
    (macros/statistics/poisson_count.sql) and computed here from exp(-1); the counts of the comparisons' stream
    have the Poisson(1) frequencies, mean 1 and variance 1, independently of the unit's neighbours."""
    cdf = [sum(math.exp(-1) / math.factorial(j) for j in range(k)) for k in range(1, 13)]
    assert all(abs(t - ref.P * f) <= 1 for t, f in zip(ref.POISSON_THRESHOLDS, cdf))
    with open(os.path.join(os.path.dirname(__file__), "..", "..", "macros", "statistics", "poisson_count.sql")) as f:
        written = [int(x) for x in re.search(r"thresholds = \[([0-9,\s]+)\]", f.read()).group(1).split(",")]
    assert tuple(written) == ref.POISSON_THRESHOLDS
    assert (ref.poisson_count(0), ref.poisson_count(ref.POISSON_THRESHOLDS[0] - 1)) == (0, 0)
    assert (ref.poisson_count(ref.POISSON_THRESHOLDS[0]), ref.poisson_count(ref.P - 1)) == (1, 12)
    counts = np.array([[ref.poisson_count(ref.draw(ref.replicate_key(ref.STREAM_POISSON_BOOTSTRAP, r), u))
                        for u in range(1, 201)] for r in range(1, 501)])
    assert abs(counts.mean() - 1) < 0.015 and abs(counts.var() - 1) < 0.03  # 100000 counts
    observed = np.bincount(counts.ravel(), minlength=13)[:5]
    expected = [counts.size * math.exp(-1) / math.factorial(k) for k in range(5)]
    assert stats.chisquare(observed, expected, sum_check=False).pvalue > 0.001
    assert abs(np.corrcoef(counts[:, 1:].ravel(), counts[:, :-1].ravel())[0, 1]) < 0.01  # neighbouring units


def test_a_units_draws_do_not_depend_on_the_other_units():
    """Adding a unit to a group leaves every other unit's signs and counts as they were: the p-value and the
    interval move only by what the new unit brings (here: a zero delta changes no sign-flip sum, and the
    bootstrap's weighted means only through the weights it adds)."""
    deltas, ids = [0.3, -0.1, 0.25, 0.05, 0.4], ["a", "b", "c", "d", "e"]
    base = ref.paired_tests([0.0] * 5, deltas, n_permutations=200, n_bootstrap=200, query_ids=ids)
    more = ref.paired_tests([0.0] * 6, [0.0] + deltas, n_permutations=200, n_bootstrap=200, query_ids=["0"] + ids)
    assert more["p_value_randomization"] == base["p_value_randomization"]
    # keyed by position instead (the unit's index in the group), the new first unit moves every other unit's signs
    by_position = ref.paired_tests([0.0] * 6, [0.0] + deltas, n_permutations=200, n_bootstrap=200,
                                   query_ids=[f"unit{i}" for i in range(1, 7)])
    assert by_position["p_value_randomization"] != ref.paired_tests(
        [0.0] * 5, deltas, n_permutations=200, n_bootstrap=200, query_ids=[f"unit{i}" for i in range(1, 6)]
    )["p_value_randomization"]


@pytest.mark.parametrize("df", list(range(1, 31)) + [51, 100, 101, 1000, 4001])
def test_student_t_series_matches_scipy(df):
    for t in (0.0, 0.1, -0.7, 1.0, 2.0, 3.3, -6.0, 12.0, 100.0):
        assert ref.student_t_two_sided_p(t, df) == pytest.approx(2 * stats.t.sf(abs(t), df), abs=1e-12)


@pytest.mark.parametrize("n", [1, 2, 10, 999, 1000, 1001])
@pytest.mark.parametrize("level", [0.95, 0.9, 0.5])
def test_percentile_interval_is_numpy_linear_percentile(n, level):
    values = list(np.random.default_rng(n).normal(size=n))
    low, high = ref.percentile_interval(values, level)
    q = (1 - level) / 2
    assert low == pytest.approx(np.percentile(values, 100 * q), abs=1e-12)
    assert high == pytest.approx(np.percentile(values, 100 * (1 - q)), abs=1e-12)


def exact_sign_flip_p(deltas):
    observed = abs(sum(deltas))
    flips = list(itertools.product((1, -1), repeat=len(deltas)))
    return sum(abs(sum(s * d for s, d in zip(signs, deltas))) >= observed - 1e-12 for signs in flips) / len(flips)


@pytest.mark.parametrize("deltas", [[0.3, 0.1, 0.25, -0.05, 0.4, 0.2], [1, 1, 1, 1, 1, 1, 1, 1],
                                    [0.5, -0.5, 0.2, -0.1, 0.05], [0.2, 0.0, 0.0, 0.1]])
def test_sign_flip_p_value_approximates_exact_enumeration(deltas):
    exact = exact_sign_flip_p(deltas)
    got = ref.paired_tests([0.0] * len(deltas), deltas, n_permutations=20000, n_bootstrap=1)["p_value_randomization"]
    assert got == pytest.approx(exact, abs=0.01)


def test_bootstrap_interval_agrees_with_normal_theory_on_a_large_sample():
    deltas = list(np.random.default_rng(3).normal(0.05, 0.2, size=400))
    out = ref.paired_tests([0.0] * 400, deltas, n_permutations=1, n_bootstrap=2000)
    mean, se = float(np.mean(deltas)), float(np.std(deltas, ddof=1) / math.sqrt(400))
    assert out["ci_low"] == pytest.approx(mean - 1.96 * se, abs=0.15 * 1.96 * se)
    assert out["ci_high"] == pytest.approx(mean + 1.96 * se, abs=0.15 * 1.96 * se)


def test_null_p_values_are_uniform_enough():
    """Under the null (symmetric deltas) the randomization test rejects at 5 % about 5 % of the time."""
    rng = np.random.default_rng(8)
    rejections = sum(ref.paired_tests([0.0] * 12, list(rng.normal(size=12)), n_permutations=500,
                                      n_bootstrap=1)["p_value_randomization"] < 0.05 for _ in range(300))
    assert 5 <= rejections <= 28  # 300 tests: mean 15, sd 3.8


def test_degenerate_cases():
    # one pair: no t-test, p = 1 (every permutation is as extreme), the interval is the delta itself
    out = ref.paired_tests([0.2], [0.5], n_permutations=50, n_bootstrap=50)
    assert out["t_statistic"] is None and out["p_value_randomization"] == 1.0
    assert out["ci_low"] == out["ci_high"] == pytest.approx(0.3)
    # equal deltas: t undefined, interval collapses
    out = ref.paired_tests([0.0, 0.1, 0.2], [0.1, 0.2, 0.3], n_permutations=50, n_bootstrap=50)
    assert out["t_statistic"] is None and out["ci_low"] == pytest.approx(0.1) == out["ci_high"]
    # no pair at all
    assert ref.paired_tests([], [])["p_value_randomization"] is None
    # run_comparison: a pair whose runs share no query gives n_queries 0 and null statistics
    rows = [{"run_id": "a", "query_id": "q1", "metric": "ndcg", "k": 10, "value": 0.5},
            {"run_id": "b", "query_id": "q2", "metric": "ndcg", "k": 10, "value": 0.7}]
    (row,) = ref.run_comparison(rows)
    assert (row["n_queries"], row["mean_delta"], row["p_value_t"], row["ci_low"]) == (0, None, None, None)


# ---------------------------------------------------------------------------
# Multiple testing, effect size and power (issue 13)
# ---------------------------------------------------------------------------


def _p_value_sets():
    """p-value sets with ties (repeated values, randomization-style (1 + b) / (1 + R) values), ones, very small
    values, a single value and None entries (not in the family)."""
    rng = random.Random(13)
    sets = [[0.01, 0.04, 0.03, 0.2, 1.0], [0.05], [1.0, 1.0, 1.0], [0.02, 0.02, 0.02, 0.5, 0.5, 1.0],
            [1e-12, 0.3, 1e-12, 0.04], [0.01, None, 0.04, None, 0.04, 1.0]]
    for size in (2, 3, 5, 8, 13, 40, 200):
        for _ in range(8):
            kind = rng.random()
            if kind < 0.3:  # randomization p-values: many exact ties
                values = [(1 + rng.randint(0, 60)) / 200 for _ in range(size)]
            elif kind < 0.6:  # some repeated, some ones
                pool = [rng.random() ** 3 for _ in range(max(1, size // 3))] + [1.0]
                values = [rng.choice(pool) for _ in range(size)]
            else:
                values = [rng.random() ** 4 for _ in range(size)]
            if rng.random() < 0.3:
                values[rng.randrange(size)] = None
            sets.append(values)
    return sets


@pytest.mark.parametrize("method, adjust", [("holm", ref.holm), ("fdr_bh", ref.benjamini_hochberg)])
def test_holm_and_benjamini_hochberg_match_statsmodels(method, adjust, monkeypatch):
    """Against statsmodels.stats.multitest.multipletests on the non-null values; None stays None; equal p-values
    get equal adjusted values (statsmodels gives them equal values too, whatever argsort's order of ties)."""
    from statsmodels.stats.multitest import multipletests

    # multipletests(method="holm") ends with gc.collect(), which frees nothing it allocated but walks the whole heap
    # of the worker (dbt's manifests included): its 62 calls took 33 to 40 s of a full run (bench/README.md). Its
    # result does not depend on it.
    monkeypatch.setattr(gc, "collect", lambda *args: 0)

    for values in _p_value_sets():
        got = adjust(values)
        present = [i for i, p in enumerate(values) if p is not None]
        expected = multipletests([values[i] for i in present], method=method)[1]
        assert all(got[i] is None for i, p in enumerate(values) if p is None)
        for i, want in zip(present, expected):
            assert got[i] == pytest.approx(float(want), abs=1e-15, rel=1e-12), (values, method)
        by_p = {}
        for i in present:
            by_p.setdefault(values[i], set()).add(got[i])
            assert values[i] * (1 - 1e-15) <= got[i] <= 1.0  # m p / m may round one ulp below p
        assert all(len(adjusted) == 1 for adjusted in by_p.values()), values
        # statsmodels itself: equal p -> equal adjusted p (the documented tie rule follows it)
        sm = {}
        for i, want in zip(present, expected):
            sm.setdefault(values[i], set()).add(float(want))
        assert all(len(adjusted) == 1 for adjusted in sm.values()), values


def test_holm_and_benjamini_hochberg_hand_computed():
    # m = 4, sorted 0.01, 0.02, 0.03, 0.5
    # Holm: 4*0.01 = 0.04, max(0.04, 3*0.02) = 0.06, max(0.06, 2*0.03) = 0.06, max(0.06, 1*0.5) = 0.5
    assert ref.holm([0.03, 0.01, 0.5, 0.02]) == pytest.approx([0.06, 0.04, 0.5, 0.06])
    # BH: m p / j = 0.04, 0.04, 0.04, 0.5; reverse running min: 0.04, 0.04, 0.04, 0.5
    assert ref.benjamini_hochberg([0.03, 0.01, 0.5, 0.02]) == pytest.approx([0.04, 0.04, 0.5, 0.04])
    # a None is not in the family (m = 2); ties share a value; capped at 1
    assert ref.holm([0.2, None, 0.2]) == pytest.approx([0.4, None, 0.4])
    assert ref.benjamini_hochberg([0.6, 0.6, None]) == pytest.approx([0.6, 0.6, None])
    assert ref.holm([0.6, 0.7]) == [1.0, 1.0]


def test_adjust_families_groups_rows_by_the_family_columns():
    rows = [{"baseline": "a", "candidate": c, "metric": m, "k": 10, "p_value_t": p, "p_value_randomization": None}
            for c, m, p in [("b", "ndcg", 0.01), ("b", "err", 0.04), ("c", "ndcg", 0.02), ("c", "err", 0.5)]]
    pair = ref.adjust_families([dict(r) for r in rows], ref.RUN_FAMILIES["pair"])
    assert [r["p_value_t_holm"] for r in pair] == pytest.approx([0.02, 0.04, 0.04, 0.5])
    report = ref.adjust_families([dict(r) for r in rows], ref.RUN_FAMILIES["report"])
    assert [r["p_value_t_holm"] for r in report] == pytest.approx([0.04, 0.08, 0.06, 0.5])
    metric = ref.adjust_families([dict(r) for r in rows], ref.RUN_FAMILIES["metric"])
    assert [r["p_value_t_bh"] for r in metric] == pytest.approx([0.02, 0.08, 0.02, 0.5])
    assert all(r["p_value_randomization_holm"] is None for r in report)


@pytest.mark.parametrize("alpha, power", [(0.05, 0.8), (0.01, 0.9), (0.2, 0.5), (0.001, 0.99)])
def test_effect_size_and_power_match_numpy_and_scipy(alpha, power):
    rng = np.random.default_rng(int(alpha * 1000 + power * 100))
    for n in (2, 3, 10, 57):
        deltas = list(rng.normal(0.03, 0.1, size=n))
        out = ref.effect_and_power(deltas, alpha, power)
        mean, sd = float(np.mean(deltas)), float(np.std(deltas, ddof=1))
        z = stats.norm.ppf(1 - alpha / 2) + stats.norm.ppf(power)
        assert out["effect_size_dz"] == pytest.approx(mean / sd, rel=1e-12)
        assert out["minimum_detectable_effect"] == pytest.approx(z * sd / np.sqrt(n), rel=1e-12)
        assert out["queries_needed"] == math.ceil((z * sd / abs(mean)) ** 2)
        # the MDE is the mean delta that n queries detect with the requested power: at n = queries needed,
        # |mean| >= MDE (normal approximation)
        at_needed = z * sd / math.sqrt(out["queries_needed"])
        assert at_needed <= abs(mean) * (1 + 1e-12)
    # a textbook value: sd 1, alpha 0.05, power 0.8, effect 0.5 sd -> (2.8016 / 0.5)^2 = 31.4 -> 32
    assert ref.z_sum(0.05, 0.8) == pytest.approx(1.959963985 + 0.841621234, abs=1e-8)


def test_effect_size_and_power_null_rules():
    assert ref.effect_and_power([0.3]) == {"effect_size_dz": None, "minimum_detectable_effect": None,
                                           "queries_needed": None}
    equal = ref.effect_and_power([0.1, 0.1, 0.1])  # sd 0 (every delta equal): no d_z, MDE 0, no n
    assert equal == {"effect_size_dz": None, "minimum_detectable_effect": 0.0, "queries_needed": None}
    zero_mean = ref.effect_and_power([0.2, -0.2])
    assert zero_mean["queries_needed"] is None and zero_mean["effect_size_dz"] == 0.0
    assert zero_mean["minimum_detectable_effect"] > 0
