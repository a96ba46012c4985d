"""The demo build that test_bi_and_report.py and test_demo_and_consumer.py share: `dbt build` with the example
seeds and vars (every model family, the A/B experiments with CUPED) into a temporary DuckDB file, once per test
session. conftest.py imports the fixture and runs both files in one unit on one worker (SAME_UNIT_AS), so the build
is made once a run.
"""

from __future__ import annotations

import json
import shutil

import duckdb
import pytest

from harness import DEMO_WARNINGS, write_duckdb_profile

# the Makefile's DEMO_VARS (test_demo_and_consumer.py checks that both agree): the example seeds, the A/B
# experiments with CUPED on and the sequential intervals tuned to the example's size, and the example's LLM judge
# (rater_id llm:demo) among the automated raters, two example runs as the counterfactual family's candidates, two
# fusions of bm25_baseline and dense_v3 (RRF; a weighted sum with one more weight vector: the sweep table has rows,
# q01, q05 and q06 held out) and the tests across all runs on nDCG
FUSIONS = [{"name": "rrf_bm25_dense", "runs": ["bm25_baseline", "dense_v3"], "method": "rrf"},
           {"name": "wsum_bm25_dense", "runs": ["bm25_baseline", "dense_v3"], "method": "wsum",
            "params": {"weights": [0.3, 0.7]}, "weight_grid": [[0.7, 0.3]], "holdout_share": 0.25}]
EXAMPLES = {"search_metrics_examples": True,
            "search_metrics_experiments": {"cuped_days": 7, "sequential_tuning": 100},
            "search_metrics_automated_raters": ["sdbn", "coec", "pbm", "llm:*"],
            "search_metrics_counterfactual_candidates": ["hybrid_v2", "dense_v3"],
            "search_metrics_fusions": FUSIONS,
            "search_metrics_all_systems_tests": {"metrics": ["ndcg"], "permutations": 200}}


@pytest.fixture(scope="session")
def demo(dbt_project, tmp_path_factory):
    """The demo build's DuckDB file, a checkpointed copy of it (read it: dbt-duckdb keeps the file open in this
    process), its profiles dir, manifest, and every node's status ({resource type: {name: status}}). The build
    must pass, but for the two data tests the example click logs trip on purpose (DEMO_WARNINGS)."""
    workdir = tmp_path_factory.mktemp("demo_build")
    db = workdir / "demo.duckdb"
    profiles = write_duckdb_profile(workdir / "profiles", db)
    result = dbt_project.invoke(["build", "--vars", json.dumps(EXAMPLES)], target_name="bi_demo",
                                profiles_dir=profiles, write_json=True)
    assert result.success, result.exception
    statuses: dict[str, dict[str, str]] = {}
    for r in result.result.results:
        statuses.setdefault(r.node.resource_type, {})[r.node.name] = str(r.status)
    failed = [(name, status) for kind, nodes in statuses.items() if kind != "exposure"
              for name, status in nodes.items() if status not in ("pass", "success")]
    assert sorted(failed) == sorted((name, "warn") for name in DEMO_WARNINGS), failed
    manifest = json.loads((dbt_project.workdir / "target_bi_demo" / "manifest.json").read_text())
    with duckdb.connect(str(db)) as con:
        con.execute("checkpoint")
    copy = workdir / "demo_copy.duckdb"
    shutil.copy(db, copy)
    return {"db": db, "copy": copy, "profiles": profiles, "manifest": manifest, "workdir": workdir,
            "statuses": statuses}
