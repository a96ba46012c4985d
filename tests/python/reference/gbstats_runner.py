"""Runs gbstats 0.8.0 (GrowthBook's stats engine) on a batch of comparisons: JSON on stdin, JSON on stdout.

Executed by the gbstats venv's python (.venv-gbstats/bin/python, `make venv-gbstats`), never imported by the test
suite: gbstats pins numpy < 2 and pandas < 2. reference/gbstats_bridge.py validates the input, starts this script
once per batch and documents the formats; this file only calls gbstats and copies its numbers out. Standard library
plus gbstats (and the numpy / scipy it brings); no import from the test suite.

Input:  {"comparisons": [case, ...], "srm": [{"users": [...], "weights": [...]}, ...]}
Output: {"comparisons": [result, ...], "srm": [{"p_value": ...}, ...], "versions": {...}}
A float that is not finite (nan, +-inf) or a gbstats property that raises (a Welch dof with n = 1 divides by zero)
comes back as null.
"""

from __future__ import annotations

import json
import math
import sys
import warnings
from importlib.metadata import version

import numpy as np
from pydantic.dataclasses import dataclass

from gbstats.frequentist.tests import (
    FrequentistConfig,
    SequentialConfig,
    SequentialTwoSidedTTest,
    TwoSidedTTest,
)
from gbstats.models.statistics import (
    RatioStatistic,
    RegressionAdjustedStatistic,
    SampleMeanStatistic,
    Statistic,
    compute_theta,
)
from gbstats.utils import check_srm


@dataclass
class GivenMomentsStatistic(Statistic):
    """A statistic whose mean, unadjusted mean and per-unit variance are given (kind 'moments'): gbstats' tests
    read only n, mean, unadjusted_mean and variance (and stddev / _has_zero_variance from them)."""

    given_mean: float
    given_unadjusted_mean: float
    given_variance: float

    @property
    def mean(self):
        return self.given_mean

    @property
    def unadjusted_mean(self):
        return self.given_unadjusted_mean

    @property
    def variance(self):
        return self.given_variance


def _float(value):
    try:
        value = float(value)
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) else None


def _safe(getter):
    try:
        return _float(getter())
    except (ZeroDivisionError, FloatingPointError, ValueError, OverflowError):
        return None


def _sample_mean(n, total, total_squares):
    return SampleMeanStatistic(n=n, sum=total, sum_squares=total_squares)


def _raw_statistic(kind, arm):
    n = int(arm["n"])
    if kind == "unit":
        return _sample_mean(n, arm["sum_m"], arm["sum_m2"])
    if kind == "ratio":
        return RatioStatistic(
            n=n,
            m_statistic=_sample_mean(n, arm["sum_m"], arm["sum_m2"]),
            d_statistic=_sample_mean(n, arm["sum_d"], arm["sum_d2"]),
            m_d_sum_of_products=arm["sum_md"],
        )
    if kind == "moments":
        return GivenMomentsStatistic(n=n, given_mean=arm["mean"], given_unadjusted_mean=arm["unadjusted_mean"],
                                     given_variance=arm["variance"])
    raise ValueError(f"unknown kind {kind!r}")


def _cuped_statistic(arm):
    """gbstats.gbstats.variation_statistic_from_metric_row, statistic_type 'mean_ra' with 'count' metrics: the post
    and pre SampleMeanStatistics, their sum of products, theta 0 (set by the test's constructor)."""
    n = int(arm["n"])
    return RegressionAdjustedStatistic(
        n=n,
        post_statistic=_sample_mean(n, arm["sum_m"], arm["sum_m2"]),
        pre_statistic=_sample_mean(n, arm["sum_x"], arm["sum_x2"]),
        post_pre_sum_of_products=arm["sum_mx"],
        theta=0,
    )


def _arm_out(stat):
    return {
        "n": stat.n,
        "mean": _safe(lambda: stat.mean),
        "unadjusted_mean": _safe(lambda: stat.unadjusted_mean),
        "variance": _safe(lambda: stat.variance),
        "stddev": _safe(lambda: stat.stddev),
    }


def _test_out(test):
    """The test's own properties (computed whatever the checks say) and what compute_result returns."""
    result = test.compute_result()
    return {
        "point_estimate": _safe(lambda: test.point_estimate),
        "variance": _safe(lambda: test.variance),
        "dof": _safe(lambda: test.dof),
        "critical_value": _safe(lambda: test.critical_value),
        "expected": _float(result.expected),
        "ci_low": _float(result.ci[0]),
        "ci_high": _float(result.ci[1]),
        "p_value": _float(result.p_value),
        "uplift_mean": _float(result.uplift.mean),
        "uplift_stddev": _float(result.uplift.stddev),
        "error_message": result.error_message,
        "default_output": result.error_message is not None,
    }


def _run_case(case):
    kind = case["kind"]
    alpha = case["alpha"]
    tuning = case["sequential_tuning"]
    out = {"id": case.get("id"), "kind": kind}

    stat_a, stat_b = _raw_statistic(kind, case["a"]), _raw_statistic(kind, case["b"])
    out["a"], out["b"] = _arm_out(stat_a), _arm_out(stat_b)
    for difference_type in ("absolute", "relative"):
        test = TwoSidedTTest(_raw_statistic(kind, case["a"]), _raw_statistic(kind, case["b"]),
                             FrequentistConfig(alpha=alpha, difference_type=difference_type))
        out[difference_type] = _test_out(test)
        sequential = SequentialTwoSidedTTest(
            _raw_statistic(kind, case["a"]), _raw_statistic(kind, case["b"]),
            SequentialConfig(alpha=alpha, difference_type=difference_type, sequential_tuning_parameter=tuning))
        out["sequential_" + difference_type] = _test_out(sequential)

    out["cuped"] = None
    if case["cuped"]:
        theta = compute_theta(_cuped_statistic(case["a"]), _cuped_statistic(case["b"]))
        cuped = {"theta": _float(theta), "reverted": theta == 0}
        for difference_type in ("absolute", "relative"):
            # the constructor (BaseABTest) sets theta on both statistics, or swaps them for their post statistics
            # when theta is 0
            test = TwoSidedTTest(_cuped_statistic(case["a"]), _cuped_statistic(case["b"]),
                                 FrequentistConfig(alpha=alpha, difference_type=difference_type))
            cuped["a"], cuped["b"] = _arm_out(test.stat_a), _arm_out(test.stat_b)
            cuped["test_theta"] = _float(getattr(test.stat_a, "theta", 0.0))
            cuped[difference_type] = _test_out(test)
        out["cuped"] = cuped
    return out


def main():
    # a negative variance's sqrt and a nan critical value are reported as null, not warned about on stderr
    warnings.simplefilter("ignore")
    np.seterr(all="ignore")
    batch = json.load(sys.stdin)
    out = {
        "comparisons": [_run_case(case) for case in batch.get("comparisons", [])],
        "srm": [{"p_value": _float(check_srm(list(c["users"]), list(c["weights"])))} for c in batch.get("srm", [])],
        "versions": {name: version(name) for name in ("gbstats", "numpy", "scipy", "pandas", "pydantic")},
    }
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
