"""Unit tests of reference.risk: URisk, TRisk and GeoRisk on cases worked by hand from the papers' definitions
(Wang, Bennett & Collins-Thompson 2012; Dincer, Macdonald & Ounis 2014 and 2016), written out below, and against
independent computations (scipy's one-sample t statistic, a numpy form of the runs x topics table), so that the
harness test of the SQL compares with something correct."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from scipy import stats

from reference import risk


def test_urisk_by_hand():
    """Deltas +0.2, -0.1, +0.05, -0.3 (candidate - baseline) over c = 4 topics. Reward = (0.2 + 0.05) / 4, Risk =
    (0.1 + 0.3) / 4; URisk = Reward - (1 + alpha) Risk: alpha 0 -> (0.25 - 0.4) / 4 = -0.0375 (the mean delta),
    alpha 1 -> (0.25 - 0.8) / 4 = -0.1375, alpha 5 -> (0.25 - 2.4) / 4 = -0.5375."""
    deltas = [0.2, -0.1, 0.05, -0.3]
    assert risk.urisk(deltas, 0) == pytest.approx(-0.0375, abs=1e-15)
    assert risk.urisk(deltas, 1) == pytest.approx(-0.1375, abs=1e-15)
    assert risk.urisk(deltas, 5) == pytest.approx(-0.5375, abs=1e-15)
    assert risk.urisk([], 1) is None
    # a candidate that never loses has URisk = its mean delta whatever alpha
    assert risk.urisk([0.1, 0.0, 0.3], 10) == pytest.approx(0.4 / 3, abs=1e-15)


def test_trisk_by_hand():
    """The same deltas at alpha 1: risk-adjusted r = 0.2, -0.2, 0.05, -0.6, mean -0.1375; deviations 0.3375,
    -0.0625, 0.1875, -0.4625, squares 0.11390625 + 0.00390625 + 0.03515625 + 0.21390625 = 0.366875; sample sd =
    sqrt(0.366875 / 3); SE = sd / sqrt(4); TRisk = -0.1375 / SE = -0.786383..."""
    se = math.sqrt(0.366875 / 3) / 2
    assert risk.trisk([0.2, -0.1, 0.05, -0.3], 1) == pytest.approx(-0.1375 / se, abs=1e-12)
    assert -0.1375 / se == pytest.approx(-0.786383, abs=1e-6)
    # undefined: fewer than two topics, or every risk-adjusted delta equal (no spread)
    assert risk.trisk([0.3], 1) is None
    assert risk.trisk([-0.1, -0.1, -0.1], 2) is None
    assert risk.trisk([0.0, 0.0], 5) is None


@pytest.mark.parametrize("alpha", [0, 1, 2, 5, 10, 0.5])
def test_trisk_is_the_one_sample_t_of_the_risk_adjusted_deltas(alpha):
    rng = random.Random(alpha)
    deltas = [rng.uniform(-0.5, 0.5) for _ in range(40)]
    adjusted = [d if d >= 0 else (1 + alpha) * d for d in deltas]
    assert risk.trisk(deltas, alpha) == pytest.approx(stats.ttest_1samp(adjusted, 0).statistic, abs=1e-9)
    if alpha == 0:  # TRisk at alpha 0 is the paired t statistic of the two runs
        base = [rng.random() for _ in deltas]
        assert risk.trisk(deltas, 0) == pytest.approx(
            stats.ttest_rel([b + d for b, d in zip(base, deltas)], base).statistic, abs=1e-9)


def test_urisk_falls_as_alpha_grows_when_something_is_lost():
    deltas = [0.3, -0.01, 0.2]
    values = [risk.urisk(deltas, alpha) for alpha in (0, 1, 2, 5, 10)]
    assert values == sorted(values, reverse=True) and values[0] > values[-1]


def test_hurt_count_by_hand():
    deltas = [-0.3, -0.05, -0.0499999, -1e-13, 0.0, 0.2]
    assert risk.hurt_count(deltas, 0.0) == 3  # -1e-13 is a tie (within 1e-12), 0 is not a loss
    assert risk.hurt_count(deltas, 0.05) == 1  # -0.05 itself is not below -0.05
    assert risk.hurt_count(deltas, 0.01) == 3


def test_georisk_by_hand():
    """Runs A and B over topics q1, q2: A = (0.4, 0.2), B = (0.2, 0.2). S_A = 0.6, S_B = 0.4, T = (0.6, 0.4),
    N = 1. Expected e = S T / N: A (0.36, 0.24), B (0.24, 0.16). z = (x - e) / sqrt(e): A (0.04 / 0.6, -0.04 /
    sqrt(0.24)), B (-0.04 / sqrt(0.24), 0.04 / 0.4). ZRisk_alpha = sum of z >= 0 + (1 + alpha) sum of z < 0;
    GeoRisk = sqrt(S / c * Phi(ZRisk / c)), c = 2."""
    table = {"A": {"q1": 0.4, "q2": 0.2}, "B": {"q1": 0.2, "q2": 0.2}}
    z_a = (0.04 / 0.6, -0.04 / math.sqrt(0.24))
    z_b = (-0.04 / math.sqrt(0.24), 0.04 / 0.4)
    phi = lambda x: 0.5 * (1 + math.erf(x / math.sqrt(2)))  # noqa: E731
    for alpha in (0, 1, 5):
        zrisk_a = z_a[0] + (1 + alpha) * z_a[1]
        zrisk_b = (1 + alpha) * z_b[0] + z_b[1]
        assert risk.zrisk(table, "A", alpha) == pytest.approx(zrisk_a, abs=1e-15)
        assert risk.zrisk(table, "B", alpha) == pytest.approx(zrisk_b, abs=1e-15)
        assert risk.georisk(table, "A", alpha) == pytest.approx(math.sqrt(0.3 * phi(zrisk_a / 2)), abs=1e-15)
        assert risk.georisk(table, "B", alpha) == pytest.approx(math.sqrt(0.2 * phi(zrisk_b / 2)), abs=1e-15)
    # alpha 0: A's z sum is 0.0667 - 0.0816 < 0, B's is -0.0816 + 0.1 > 0
    assert risk.zrisk(table, "A", 0) < 0 < risk.zrisk(table, "B", 0)


def test_georisk_zero_cells_and_identical_runs():
    """A topic every run scores 0 has e = 0 and contributes z = 0; identical runs have every x = e, so ZRisk = 0 and
    GeoRisk = sqrt(mean * 1/2); an all-zero table gives GeoRisk 0."""
    table = {"A": {"q1": 0.5, "q2": 0.0, "q3": 0.3}, "B": {"q1": 0.5, "q2": 0.0, "q3": 0.3}}
    for run in table:
        assert risk.zrisk(table, run, 5) == pytest.approx(0.0, abs=1e-15)
        assert risk.georisk(table, run, 5) == pytest.approx(math.sqrt(0.8 / 3 * 0.5), abs=1e-15)
    zeros = {"A": {"q1": 0.0}, "B": {"q1": 0.0}}
    assert risk.zrisk(zeros, "A", 1) == 0.0 and risk.georisk(zeros, "A", 1) == 0.0


@pytest.mark.parametrize("seed", range(5))
def test_georisk_equals_a_numpy_form_of_the_table(seed):
    """The runs x topics matrix form (expected = outer(S, T) / N, as the GeoRisk papers write it), on random tables
    with some zero topics and a zero run."""
    rng = np.random.default_rng(seed)
    x = rng.random((4, 9)) * (rng.random((4, 9)) < 0.8)
    x[:, 3] = 0.0
    if seed == 0:
        x[2] = 0.0
    s, t = x.sum(axis=1), x.sum(axis=0)
    e = np.outer(s, t) / x.sum()
    z = np.divide(x - e, np.sqrt(e), out=np.zeros_like(x), where=e > 0)
    table = {f"r{i}": {f"q{j}": float(x[i, j]) for j in range(x.shape[1])} for i in range(x.shape[0])}
    for alpha in (0, 1, 2.5):
        zr = np.where(z < 0, (1 + alpha) * z, z).sum(axis=1)
        geo = np.sqrt(s / x.shape[1] * stats.norm.cdf(zr / x.shape[1]))
        for i in range(x.shape[0]):
            assert risk.zrisk(table, f"r{i}", alpha) == pytest.approx(zr[i], abs=1e-12)
            assert risk.georisk(table, f"r{i}", alpha) == pytest.approx(geo[i], abs=1e-12)


def test_run_risk_and_run_georisk_rows():
    """The row builders: unpaired queries counted, not in the sample; n = 0 gives null statistics; GeoRisk keeps only
    the topics every run of the set has a value for, and counts the rest."""
    deltas = [{"baseline": "a", "candidate": "b", "query_id": q, "metric": "m", "k": 3, "delta": d}
              for q, d in (("q1", 0.2), ("q2", -0.1), ("q3", None))]
    deltas += [{"baseline": "a", "candidate": "c", "query_id": "q1", "metric": "m", "k": 3, "delta": None}]
    rows = {(r["candidate"], r["alpha"]): r for r in risk.run_risk(deltas, [1, 4], 0.0)}
    assert (rows[("b", 1.0)]["n_queries"], rows[("b", 1.0)]["n_unpaired_queries"]) == (2, 1)
    assert rows[("b", 4.0)]["urisk"] == pytest.approx((0.2 - 5 * 0.1) / 2, abs=1e-15)
    assert rows[("b", 1.0)]["hurt_queries"] == 1 and rows[("b", 1.0)]["hurt_share"] == 0.5
    empty = rows[("c", 1.0)]
    assert (empty["n_queries"], empty["hurt_queries"]) == (0, 0)
    assert all(empty[c] is None for c in ("mean_delta", "urisk", "trisk", "hurt_share"))

    query_rows = [{"run_id": run, "query_id": q, "metric": "m", "k": None, "value": v}
                  for run, q, v in (("a", "q1", 0.4), ("a", "q2", 0.2), ("b", "q1", 0.2), ("b", "q2", 0.2),
                                    ("a", "q3", 0.9), ("b", "q3", None), ("c", "q1", 1.0))]
    geo = {r["run_id"]: r for r in risk.run_georisk(query_rows, {"a", "b"}, [1])}
    assert set(geo) == {"a", "b"} and geo["a"]["n_queries"] == 2 and geo["a"]["n_queries_left_out"] == 1
    table = {"a": {"q1": 0.4, "q2": 0.2}, "b": {"q1": 0.2, "q2": 0.2}}
    assert geo["a"]["georisk"] == risk.georisk(table, "a", 1) and geo["a"]["mean_value"] == pytest.approx(0.3)
    negative = [dict(r, value=-r["value"]) if r["value"] is not None else r for r in query_rows]
    assert all(r["georisk"] is None for r in risk.run_georisk(negative, {"a", "b"}, [1]))
