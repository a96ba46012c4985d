"""Runs obp 0.5.7's slate estimators (Open Bandit Pipeline, obp/ope/estimators_slate.py) on a batch of logged
datasets: JSON on stdin, JSON on stdout.

Executed by the obp venv's python (.venv-obp/bin/python, `make venv-obp`), never imported by the test suite.
reference/obp_bridge.py validates the input, starts this script once per batch and documents the formats; this file
only calls obp and copies its numbers out. Standard library plus numpy and obp; no import from the test suite.

How obp is loaded without torch: the venv has obp installed with --no-deps (reference/obp-requirements.txt), so torch
is absent. obp's package __init__ (obp/__init__.py, and obp/ope/__init__.py) imports every subpackage (datasets,
policies with torch models, matplotlib, ...): this script does NOT run them; it registers empty package modules
`obp` and `obp.ope` whose __path__ is the installed folders, so `import obp.ope.estimators_slate` runs only that file
and what it imports, obp/utils.py. obp/utils.py itself does `import torch` at the top and annotates one function
(check_tensor, unused here) with torch.tensor, so a stub module `torch` is put in sys.modules here, in this runner
only: it has the two names the annotation and isinstance check read and nothing else (any other use fails loudly).
The estimators' arithmetic and input checks are obp's own code, unchanged.
"""

from __future__ import annotations

import importlib.util
import json
import math
import sys
import types
import warnings
from importlib.metadata import version
from pathlib import Path


def _load_obp_slate():
    torch_stub = types.ModuleType("torch")

    class _Unavailable:  # torch.tensor / torch.Tensor for obp/utils.py's annotation; never instantiated here
        def __init__(self, *args, **kwargs):
            raise RuntimeError("torch is a stub in obp_runner.py: obp's torch code is not part of the reference")

    torch_stub.tensor = torch_stub.Tensor = _Unavailable
    sys.modules["torch"] = torch_stub

    spec = importlib.util.find_spec("obp")  # locates the installed package without executing its __init__
    root = Path(spec.submodule_search_locations[0])
    for name, folder in (("obp", root), ("obp.ope", root / "ope")):
        package = types.ModuleType(name)
        package.__path__ = [str(folder)]
        package.__package__ = name
        sys.modules[name] = package
    import obp.ope.estimators_slate as slate  # noqa: E402 (after the stubs)

    return slate


def _float(value):
    value = float(value)
    return value if math.isfinite(value) else None


def _per_slate(slate_id, estimated_rewards):
    """The per-slate sums of obp's round rewards, as obp's own _estimate_slate_confidence_interval_by_bootstrap
    forms them (np.unique order = ascending slate id)."""
    import numpy as np

    return [_float(estimated_rewards[slate_id == s].sum()) for s in np.unique(slate_id)]


def _run_case(slate, case):
    import numpy as np

    L = int(case["len_list"])
    slate_id = np.asarray(case["slate_id"], dtype=int)
    position = np.asarray(case["position"], dtype=int)
    reward = np.asarray(case["reward"], dtype=float)
    arrays = {key: np.asarray(case[key], dtype=float) for key in (
        "pscore", "pscore_item_position", "pscore_cascade", "evaluation_policy_pscore",
        "evaluation_policy_pscore_item_position", "evaluation_policy_pscore_cascade")}
    out = {"id": case.get("id")}
    common = {"slate_id": slate_id, "reward": reward, "position": position}
    kinds = {
        "sips": (slate.SlateStandardIPS, "pscore", "evaluation_policy_pscore"),
        "snips": (slate.SelfNormalizedSlateStandardIPS, "pscore", "evaluation_policy_pscore"),
        "iips": (slate.SlateIndependentIPS, "pscore_item_position", "evaluation_policy_pscore_item_position"),
        "sniips": (slate.SelfNormalizedSlateIndependentIPS, "pscore_item_position",
                   "evaluation_policy_pscore_item_position"),
        "rips": (slate.SlateRewardInteractionIPS, "pscore_cascade", "evaluation_policy_pscore_cascade"),
        "snrips": (slate.SelfNormalizedSlateRewardInteractionIPS, "pscore_cascade",
                   "evaluation_policy_pscore_cascade"),
    }
    for name, (cls, behavior, evaluation) in kinds.items():
        estimator = cls(len_list=L)
        value = estimator.estimate_policy_value(**common, **{behavior: arrays[behavior],
                                                             evaluation: arrays[evaluation]})
        rounds = estimator._estimate_round_rewards(reward=reward, position=position,
                                                   behavior_policy_pscore=arrays[behavior],
                                                   evaluation_policy_pscore=arrays[evaluation])
        out[name] = {"value": _float(value), "slate_terms": _per_slate(slate_id, rounds)}
    if case.get("q_hat") is not None:
        estimator = slate.SlateCascadeDoublyRobust(len_list=L, n_unique_action=int(case["n_unique_action"]))
        dr_args = {"action": np.asarray(case["action"], dtype=int),
                   "pscore_cascade": arrays["pscore_cascade"],
                   "evaluation_policy_pscore_cascade": arrays["evaluation_policy_pscore_cascade"],
                   "q_hat": np.asarray(case["q_hat"], dtype=float),
                   "evaluation_policy_action_dist": np.asarray(case["evaluation_policy_action_dist"], dtype=float)}
        value = estimator.estimate_policy_value(**common, **dr_args)
        rounds = estimator._estimate_round_rewards(
            action=dr_args["action"], reward=reward, position=position,
            behavior_policy_pscore=dr_args["pscore_cascade"],
            evaluation_policy_pscore=dr_args["evaluation_policy_pscore_cascade"],
            q_hat=dr_args["q_hat"], evaluation_policy_action_dist=dr_args["evaluation_policy_action_dist"])
        out["cascade_dr"] = {"value": _float(value), "slate_terms": _per_slate(slate_id, rounds)}
    return out


def main():
    warnings.simplefilter("ignore")  # pandas' groupby.apply deprecation notes in obp's input checks
    import numpy as np

    np.seterr(all="ignore")  # a self-normalized position whose weights are all 0: 0/0, reported as null
    slate = _load_obp_slate()
    batch = json.load(sys.stdin)
    out = {"cases": [_run_case(slate, case) for case in batch["cases"]],
           "versions": {name: version(name) for name in ("obp", "numpy", "pandas", "scikit-learn")},
           "torch_is_stub": not hasattr(sys.modules["torch"], "__version__"),
           "obp_package_init_run": hasattr(sys.modules["obp"], "__version__")}
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
