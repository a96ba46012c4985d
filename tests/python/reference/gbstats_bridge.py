"""gbstats 0.8.0 (GrowthBook's stats engine, PyPI `gbstats`) as an outside reference of the experiments' statistics.

gbstats pins numpy < 2 and pandas < 2, so it lives in a venv of its own (.venv-gbstats, made by `make venv` /
`make venv-gbstats` from reference/gbstats-requirements.txt). This module runs in the test suite's venv: it checks
the cases, starts reference/gbstats_runner.py under the gbstats venv's python ONCE per batch (JSON in on stdin, JSON
out on stdout) and returns gbstats' numbers. Batch a whole test module's cases into one call (a module-scoped
fixture): each call is a new process that imports gbstats (about a second).

The python used: $SEARCH_METRICS_GBSTATS_PYTHON if set, else <repository>/.venv-gbstats/bin/python.

Input: comparison cases
-----------------------
A list of plain dicts, one per comparison of a baseline arm "a" with a candidate arm "b":

    {"id": <any JSON value, echoed back; optional>,
     "kind": "unit" | "ratio" | "moments",
     "a": <arm>, "b": <arm>,
     "alpha": 0.05,               # optional: intervals are 1 - alpha (sequential too)
     "sequential_tuning": 5000,   # optional: SequentialTwoSidedTTest's sequential_tuning_parameter
     "cuped": None}               # optional: None = on when kind is 'unit' and both arms carry the pre sums

    arm, kind 'unit'     (SampleMeanStatistic over units u with value m_u):
        {"n", "sum_m", "sum_m2"}  and, for CUPED (RegressionAdjustedStatistic, pre value x_u),
        {"sum_x", "sum_x2", "sum_mx"}
    arm, kind 'ratio'    (RatioStatistic of two SampleMeanStatistics, numerator m_u, denominator d_u):
        {"n", "sum_m", "sum_m2", "sum_d", "sum_d2", "sum_md"}
    arm, kind 'moments'  (a statistic whose moments are given, e.g. reference.experiments.ratio_cuped's adjusted
        arms, run through gbstats' own tests): {"n", "mean", "variance"} and optionally "unadjusted_mean"
        (default: mean; relative differences divide by it)

    n = units; sum_m = Σ m_u, sum_m2 = Σ m_u², sum_d = Σ d_u, sum_d2 = Σ d_u², sum_md = Σ m_u d_u,
    sum_x = Σ x_u, sum_x2 = Σ x_u², sum_mx = Σ m_u x_u. Other keys of an arm are ignored, so a row of
    reference.experiments.bucket_sums is an arm as it is. gbstats 0.8.0 has no CUPED for ratio metrics: "cuped":
    True with kind 'ratio' is an error (reference.experiments.ratio_cuped + kind 'moments' instead).

Input: SRM cases
----------------
    {"users": [units per bucket], "weights": [expected share per bucket, any positive scale]}

Output
------
gbstats_batch(comparisons, srm) returns {"comparisons": [result, ...], "srm": [{"p_value": p}, ...],
"versions": {"gbstats": "0.8.0", "numpy": ..., "scipy": ..., "pandas": ..., "pydantic": ...}}, in input order:

    result = {"id", "kind",
              "a": <stat>, "b": <stat>,             # the raw statistics (no CUPED)
              "absolute": <test>, "relative": <test>,                        # TwoSidedTTest
              "sequential_absolute": <test>, "sequential_relative": <test>,  # SequentialTwoSidedTTest, raw
              "cuped": None | {"theta": compute_theta(a, b), "reverted": theta == 0 (gbstats then tests the post
                               statistics, raw), "test_theta": the theta the test's statistics carry,
                               "a": <stat>, "b": <stat> (adjusted: mean = post - theta pre, unadjusted_mean =
                               post mean, variance = var_m + theta² var_x - 2 theta cov_mx),
                               "absolute": <test>, "relative": <test>}}
    stat = {"n", "mean", "unadjusted_mean", "variance" (per unit, n - 1), "stddev"}
    test = {"point_estimate", "variance", "dof" (Welch), "critical_value" (t), the test's own properties,
            computed whatever its checks say;
            "expected", "ci_low", "ci_high", "p_value", "uplift_mean", "uplift_stddev", "error_message":
            what compute_result() returns; "default_output": True when gbstats gave its uninformative output
            (expected 0, ci [0, 0], p 1) with error_message "ZERO_NEGATIVE_BASELINE_VARIATION" (baseline mean,
            adjusted or not, is 0) or "ZERO_NEGATIVE_VARIANCE" (an arm's variance <= 0)}

Floats that are not finite, and properties that raise (the Welch dof with n = 1 divides by zero), are None.
A relative test's point estimate is (mean_b - mean_a) / unadjusted mean_a, its variance
V_b/(ua² n_b) + V_a ub²/(ua⁴ n_a) with the unadjusted means ua, ub (gbstats 0.8.0's frequentist_variance).
"""

from __future__ import annotations

import json
import math
import numbers
import os
import subprocess
import sys
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[3]
RUNNER = Path(__file__).resolve().with_name("gbstats_runner.py")
PYTHON_ENV = "SEARCH_METRICS_GBSTATS_PYTHON"
KINDS = ("unit", "ratio", "moments")
ARM_KEYS = {
    "unit": ("n", "sum_m", "sum_m2"),
    "ratio": ("n", "sum_m", "sum_m2", "sum_d", "sum_d2", "sum_md"),
    "moments": ("n", "mean", "variance"),
}
CUPED_KEYS = ("sum_x", "sum_x2", "sum_mx")
DEFAULT_ALPHA = 0.05
DEFAULT_SEQUENTIAL_TUNING = 5000.0


def gbstats_python() -> Path:
    """The gbstats venv's python: $SEARCH_METRICS_GBSTATS_PYTHON, else <repository>/.venv-gbstats/bin/python."""
    python = Path(os.environ.get(PYTHON_ENV) or REPOSITORY / ".venv-gbstats" / "bin" / "python")
    if not python.exists():
        raise FileNotFoundError(
            f"{python} does not exist: the gbstats reference needs its own venv; `make venv-gbstats` (part of "
            f"`make venv` and `make test`) makes it, or set {PYTHON_ENV} to the python of a venv with "
            f"gbstats==0.8.0 (reference/gbstats-requirements.txt)")
    return python


def _number(value, where):
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{where} must be a number, not {value!r}")
    value = float(value)
    if not math.isfinite(value):
        raise ValueError(f"{where} must be finite, not {value!r}")
    return value


def _arm(kind, arm, cuped, where):
    if not isinstance(arm, dict):
        raise TypeError(f"{where} must be a dict, not {arm!r}")
    keys = ARM_KEYS[kind] + (CUPED_KEYS if cuped else ())
    missing = [k for k in keys if arm.get(k) is None]
    if missing:
        raise KeyError(f"{where} (kind {kind!r}{', cuped' if cuped else ''}) lacks {missing}")
    out = {k: _number(arm[k], f"{where}[{k!r}]") for k in keys}
    if out["n"] != int(out["n"]) or out["n"] < 0:
        raise ValueError(f"{where}['n'] must be a whole number >= 0, not {arm['n']!r}")
    out["n"] = int(out["n"])
    if kind == "moments":
        unadjusted = arm.get("unadjusted_mean")
        out["unadjusted_mean"] = out["mean"] if unadjusted is None else _number(unadjusted, f"{where}['unadjusted_mean']")
    return out


def _case(case, i):
    where = f"comparison {i}"
    kind = case.get("kind")
    if kind not in KINDS:
        raise ValueError(f"{where}: kind must be one of {KINDS}, not {kind!r}")
    cuped = case.get("cuped")
    if cuped is None:
        cuped = kind == "unit" and all(
            arm.get(k) is not None for arm in (case.get("a") or {}, case.get("b") or {}) for k in CUPED_KEYS)
    elif cuped and kind != "unit":
        raise ValueError(f"{where}: gbstats 0.8.0 has CUPED only for kind 'unit' (RegressionAdjustedStatistic); "
                         "for a ratio use reference.experiments.ratio_cuped and kind 'moments'")
    alpha = _number(case.get("alpha", DEFAULT_ALPHA), f"{where}['alpha']")
    if not 0 < alpha < 1:
        raise ValueError(f"{where}: alpha must be in (0, 1), not {alpha}")
    tuning = _number(case.get("sequential_tuning", DEFAULT_SEQUENTIAL_TUNING), f"{where}['sequential_tuning']")
    if tuning <= 0:
        raise ValueError(f"{where}: sequential_tuning must be > 0, not {tuning}")
    return {"id": case.get("id"), "kind": kind, "alpha": alpha, "sequential_tuning": tuning, "cuped": bool(cuped),
            "a": _arm(kind, case.get("a"), cuped, f"{where}['a']"),
            "b": _arm(kind, case.get("b"), cuped, f"{where}['b']")}


def _srm_case(case, i):
    users = [_number(u, f"srm {i} users") for u in case["users"]]
    weights = [_number(w, f"srm {i} weights") for w in case["weights"]]
    if len(users) != len(weights) or len(users) < 2:
        raise ValueError(f"srm {i}: users and weights need the same length >= 2")
    return {"users": [int(u) for u in users], "weights": weights}


def gbstats_batch(comparisons=(), srm=(), python=None) -> dict:
    """gbstats' numbers for every comparison case and SRM case, in one subprocess (formats: module docstring)."""
    batch = {"comparisons": [_case(c, i) for i, c in enumerate(comparisons)],
             "srm": [_srm_case(c, i) for i, c in enumerate(srm)]}
    payload = json.dumps(batch, allow_nan=False)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP")}
    completed = subprocess.run([str(python or gbstats_python()), "-I", str(RUNNER)], input=payload,
                               capture_output=True, text=True, env=env, timeout=600, check=False)
    if completed.returncode != 0:
        raise RuntimeError(f"gbstats runner failed ({completed.returncode}):\n{completed.stderr}")
    out = json.loads(completed.stdout)
    if out["versions"]["gbstats"] != "0.8.0":
        raise RuntimeError(f"the gbstats venv has gbstats {out['versions']['gbstats']}, not 0.8.0")
    return out


def gbstats_compare(comparisons, python=None) -> list:
    """gbstats_batch(comparisons)["comparisons"]."""
    return gbstats_batch(comparisons=comparisons, python=python)["comparisons"]


def gbstats_srm(srm_cases, python=None) -> list:
    """[check_srm(users, weights)] per case."""
    return [row["p_value"] for row in gbstats_batch(srm=srm_cases, python=python)["srm"]]


if __name__ == "__main__":  # a smoke test: python -m reference.gbstats_bridge (from tests/python)
    json.dump(gbstats_batch(
        [{"kind": "unit", "a": {"n": 3, "sum_m": 6, "sum_m2": 14}, "b": {"n": 3, "sum_m": 9, "sum_m2": 29}}],
        [{"users": [10, 12], "weights": [1, 1]}]), sys.stdout, indent=1)
