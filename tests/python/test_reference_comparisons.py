"""Unit tests of reference.comparisons: the hash draws, the Student t series, the percentile rule, and that the
hash-based randomization tests and bootstrap behave like the textbook procedures they stand for (exact
enumeration, normal theory), so that the property tests compare the SQL with something correct."""

from __future__ import annotations

import itertools
import math
import random

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


def test_two_sample_permutation_p_value_approximates_exact_enumeration():
    baseline, candidate = [0.1, 0.4, 0.35, 0.2], [0.5, 0.45, 0.3, 0.9, 0.6]
    pooled = baseline + candidate
    observed = abs(sum(candidate) / 5 - sum(baseline) / 4)
    splits = list(itertools.combinations(range(9), 4))
    exact = sum(abs((sum(pooled) - sum(pooled[i] for i in s)) / 5 - sum(pooled[i] for i in s) / 4) >= observed - 1e-12
                for s in splits) / len(splits)
    got = ref.two_sample_tests(baseline, candidate, n_permutations=20000, n_bootstrap=1)["p_value_randomization"]
    assert got == pytest.approx(exact, abs=0.01)


def test_bootstrap_interval_agrees_with_normal_theory_on_a_large_sample():
    deltas = list(np.random.default_rng(3).normal(0.05, 0.2, size=400))
    out = ref.paired_tests([0.0] * 400, deltas, n_permutations=1, n_bootstrap=2000)
    mean, se = float(np.mean(deltas)), float(np.std(deltas, ddof=1) / math.sqrt(400))
    assert out["ci_low"] == pytest.approx(mean - 1.96 * se, abs=0.15 * 1.96 * se)
    assert out["ci_high"] == pytest.approx(mean + 1.96 * se, abs=0.15 * 1.96 * se)
    # and the two-sample version: difference of two means, variances add
    b = list(np.random.default_rng(4).normal(0.3, 0.2, size=300))
    c = list(np.random.default_rng(5).normal(0.35, 0.3, size=200))
    out = ref.two_sample_tests(b, c, n_permutations=1, n_bootstrap=2000)
    diff = float(np.mean(c) - np.mean(b))
    se = math.sqrt(np.var(b, ddof=1) / 300 + np.var(c, ddof=1) / 200)
    assert out["ci_low"] == pytest.approx(diff - 1.96 * se, abs=0.15 * 1.96 * se)
    assert out["ci_high"] == pytest.approx(diff + 1.96 * se, abs=0.15 * 1.96 * se)


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
    # an empty arm
    assert ref.two_sample_tests([], [0.1, 0.2])["p_value_t"] is None
    # run_comparison: a pair whose runs share no query gives n_queries 0 and null statistics
    rows = [{"run_id": "a", "query_id": "q1", "metric": "ndcg", "k": 10, "value": 0.5},
            {"run_id": "b", "query_id": "q2", "metric": "ndcg", "k": 10, "value": 0.7}]
    (row,) = ref.run_comparison(rows)
    assert (row["n_queries"], row["mean_delta"], row["p_value_t"], row["ci_low"]) == (0, None, None, None)
