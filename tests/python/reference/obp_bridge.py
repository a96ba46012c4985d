"""obp 0.5.7 (Open Bandit Pipeline, PyPI `obp`) as the outside reference of the counterfactual estimators with
propensities: its slate estimators (obp/ope/estimators_slate.py).

obp declares torch (CUDA wheels) and Python < 3.11, so it lives in a venv of its own (.venv-obp, made by `make venv`
/ `make venv-obp` from reference/obp-requirements.txt: obp and only what its slate estimators import, --no-deps).
This module runs in the test suite's venv: it checks the cases, starts reference/obp_runner.py under the obp venv's
python ONCE per batch (JSON in on stdin, JSON out on stdout) and returns obp's numbers. Batch a whole test module's
cases into one call (a module-scoped fixture): each call is a new process that imports numpy, pandas, scikit-learn.

The python used: $SEARCH_METRICS_OBP_PYTHON if set, else <repository>/.venv-obp/bin/python.

Input: a list of cases, one logged dataset each, in obp's own long format (one row per (slate, position); every
slate has exactly len_list rows, in slate order then position order, positions 0..len_list-1, slate ids whole
numbers >= 0, in ascending order; obp's cascade DR reads the previous row's weight, np.roll):

    {"id": <any JSON value, echoed back>, "len_list": L,
     "slate_id", "position", "reward",                                # per row
     "pscore" (the slate's joint propensity, the same on its rows), "pscore_item_position", "pscore_cascade",
     "evaluation_policy_pscore", "evaluation_policy_pscore_item_position", "evaluation_policy_pscore_cascade",
     # optional, for SlateCascadeDoublyRobust:
     "n_unique_action": A, "action" (per row, 0..A-1),
     "q_hat" (per row and action, row-major: q_hat[row * A + a]),
     "evaluation_policy_action_dist" (per row and action, the same layout)}

Output: obp_batch(cases) returns {"cases": [result, ...], "versions": {...}, "torch_is_stub": True,
"obp_package_init_run": False}, results in input order:

    result = {"id", "sips", "iips", "rips", "snips", "sniips", "snrips"[, "cascade_dr"]}, each
             {"value": estimate_policy_value(...),
              "slate_terms": [the sum over the slate's rows of obp's _estimate_round_rewards, per slate in
                              ascending slate id]}  # for sips / iips / rips / cascade_dr: each slate's term, whose
                                                    # mean is the value; for the self-normalized ones their
                                                    # normalized rewards (not a linearization)
Floats that are not finite (a self-normalized position whose weights are all 0 gives 0/0) are None.
obp's names: snips is SelfNormalizedSlateStandardIPS ("snsips" in obp), cascade_dr SlateCascadeDoublyRobust.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[3]
RUNNER = Path(__file__).resolve().with_name("obp_runner.py")
PYTHON_ENV = "SEARCH_METRICS_OBP_PYTHON"
OBP_VERSION = "0.5.7"
ROW_KEYS = ("slate_id", "position", "reward", "pscore", "pscore_item_position", "pscore_cascade",
            "evaluation_policy_pscore", "evaluation_policy_pscore_item_position",
            "evaluation_policy_pscore_cascade")
DR_KEYS = ("action", "q_hat", "evaluation_policy_action_dist")


def obp_python() -> Path:
    """The obp venv's python: $SEARCH_METRICS_OBP_PYTHON, else <repository>/.venv-obp/bin/python."""
    python = Path(os.environ.get(PYTHON_ENV) or REPOSITORY / ".venv-obp" / "bin" / "python")
    if not python.exists():
        raise FileNotFoundError(
            f"{python} does not exist: the obp reference needs its own venv; `make venv-obp` (part of `make venv` "
            f"and `make test`) makes it, or set {PYTHON_ENV} to the python of a venv with obp=={OBP_VERSION} "
            "(reference/obp-requirements.txt)")
    return python


def _finite(values, where):
    out = []
    for v in values:
        v = float(v)
        if not math.isfinite(v):
            raise ValueError(f"{where}: {v!r} is not finite")
        out.append(v)
    return out


def _case(case, i):
    where = f"obp case {i}"
    L = int(case["len_list"])
    rows = len(case["slate_id"])
    if rows == 0 or rows % L:
        raise ValueError(f"{where}: {rows} rows is not a positive multiple of len_list {L}")
    out = {"id": case.get("id"), "len_list": L}
    for key in ROW_KEYS:
        if len(case[key]) != rows:
            raise ValueError(f"{where}: {key} has {len(case[key])} rows, not {rows}")
        out[key] = _finite(case[key], f"{where}[{key!r}]")
    slates = [int(s) for s in case["slate_id"]]
    positions = [int(p) for p in case["position"]]
    for r in range(rows):
        if positions[r] != r % L or slates[r] != slates[r - r % L] or (r >= L and r % L == 0
                                                                       and slates[r] <= slates[r - 1]):
            raise ValueError(f"{where}: row {r} breaks the layout (slates ascending, positions 0..{L - 1} each)")
    if case.get("q_hat") is not None:
        A = int(case["n_unique_action"])
        out["n_unique_action"] = A
        out["action"] = [int(a) for a in case["action"]]
        out["q_hat"] = _finite(case["q_hat"], f"{where}['q_hat']")
        out["evaluation_policy_action_dist"] = _finite(case["evaluation_policy_action_dist"],
                                                       f"{where}['evaluation_policy_action_dist']")
        if len(out["action"]) != rows or len(out["q_hat"]) != rows * A \
                or len(out["evaluation_policy_action_dist"]) != rows * A:
            raise ValueError(f"{where}: action needs {rows} rows, q_hat and the action dist {rows * A}")
    return out


def obp_batch(cases, python=None) -> dict:
    """obp's numbers for every case, in one subprocess (formats: module docstring)."""
    payload = json.dumps({"cases": [_case(c, i) for i, c in enumerate(cases)]}, allow_nan=False)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP")}
    completed = subprocess.run([str(python or obp_python()), "-I", str(RUNNER)], input=payload,
                               capture_output=True, text=True, env=env, timeout=600, check=False)
    if completed.returncode != 0:
        raise RuntimeError(f"obp runner failed ({completed.returncode}):\n{completed.stderr}")
    out = json.loads(completed.stdout)
    if out["versions"]["obp"] != OBP_VERSION:
        raise RuntimeError(f"the obp venv has obp {out['versions']['obp']}, not {OBP_VERSION}")
    return out
