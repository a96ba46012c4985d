"""Tests across all systems: search_run_anova, search_run_tukey_hsd and search_run_hsd_groups equal
reference.hsd (plain Python from the papers; scipy's f and studentized_range for the distributions) within 1e-9,
every column, on per-query values given directly as search_query_metrics (the models read nothing else):

- a mixed dataset: ties, a run missing a query and a null value (queries left out of the complete block design),
  two identical runs (p = 1 for both tests), a constant metric (nil residual: F, q and the Tukey p-value null,
  every randomized p = 1, one letter), an exactly additive metric (x = a_i + b_j: nil residual too), a metric one
  run has no row for (n_topics = 0: no pairs, no letters), a metric where two runs have the same mean that their
  sums in query order give one bit apart (they tie: the run_id decides their positions);
- two runs only; generated datasets with large effects (several letter groups) and small ones.

One compile (var search_metrics_all_systems_tests with 199 permutations); each dataset runs the compiled SQL of the
four models on DuckDB (search_query_metrics replaced by the dataset's table).
"""

from __future__ import annotations

import random

import pytest

from harness import INPUT_SCHEMA, assert_rows_match
from reference import hsd as ref

PERMUTATIONS = 199
VARS = {"search_metrics_all_systems_tests": {"permutations": PERMUTATIONS}}
OUTPUTS = ("search_run_anova", "search_run_tukey_hsd", "search_run_hsd_groups")
QUERY_METRICS_COLUMNS = [("run_id", "varchar"), ("query_id", "varchar"), ("metric", "varchar"), ("k", "integer"),
                         ("value", "double")]
ANOVA_KEY = ("metric", "k")
ANOVA_COLUMNS = ("n_systems", "n_topics", "n_queries_left_out", "grand_mean", "ss_systems", "ss_topics",
                 "ss_residual", "ss_total", "df_systems", "df_topics", "df_residual", "ms_systems", "ms_topics",
                 "ms_residual", "f_systems", "p_value_systems", "f_topics")
PAIR_KEY = ("metric", "k", "run_a", "run_b")
PAIR_COLUMNS = ("n_systems", "n_topics", "df_residual", "mean_a", "mean_b", "mean_difference", "q_statistic",
                "p_value_tukey", "significant_tukey", "p_value_randomized", "significant_randomized", "permutations")
GROUP_KEY = ("metric", "k", "test", "run_id")
GROUP_COLUMNS = ("run_mean", "run_position", "first_group", "last_group")


@pytest.fixture(scope="module")
def compiled(dbt_project):
    """The one compile of the file, with search_query_metrics read from the dataset's table."""
    models = []
    for model in dbt_project.compile(VARS):
        if model["name"] == "search_query_metrics":
            # a table, as the model is: the session's DuckDB file is shared, and a view of the model's name would
            # stop the next file's build of search_query_metrics (DuckDB does not replace a view with a table)
            model = {**model, "sql": f"select * from {INPUT_SCHEMA}.query_metrics", "parents": [],
                     "materialized": "table"}
        models.append(model)
    return models


def run(dbt_project, compiled, rows):
    return dbt_project.run_models(compiled, {"query_metrics": (QUERY_METRICS_COLUMNS, rows)}, outputs=OUTPUTS)


def check(out, rows):
    expected = ref.all_systems_tests(rows, n_permutations=PERMUTATIONS)
    assert_rows_match(out["search_run_anova"], expected["search_run_anova"], ANOVA_KEY, ANOVA_COLUMNS)
    assert_rows_match(out["search_run_tukey_hsd"], expected["search_run_tukey_hsd"], PAIR_KEY, PAIR_COLUMNS)
    assert_rows_match(out["search_run_hsd_groups"], expected["search_run_hsd_groups"], GROUP_KEY, GROUP_COLUMNS)
    letters = {tuple(r[c] for c in GROUP_KEY): r["letters"] for r in out["search_run_hsd_groups"]}
    assert letters == {tuple(r[c] for c in GROUP_KEY): r["letters"] for r in expected["search_run_hsd_groups"]}
    return expected


def mixed_rows():
    rnd = random.Random(50)
    runs = ["r0", "r1", "r2", "r3", "r4", "r1_copy"]
    effects = {"r0": 0.0, "r1": 0.25, "r2": -0.1, "r3": 0.05, "r4": 0.3}
    rows = []
    for j in range(12):
        query, difficulty = f"q{j:02d}", rnd.uniform(0, 0.5)
        for run in runs:
            base = effects[run.replace("_copy", "")]
            value = round(min(1.0, max(0.0, difficulty + base + rnd.choice([-0.1, 0.0, 0.1]))), 1)  # ties
            if run == "r1_copy":
                value = next(r["value"] for r in rows if r["run_id"] == "r1" and r["query_id"] == query
                             and r["metric"] == "score")
            if not (run == "r3" and j == 7):  # r3 lacks q07: left out
                rows.append({"run_id": run, "query_id": query, "metric": "score", "k": 10,
                             "value": None if (run == "r2" and j == 3) else value})  # a null value: left out
            rows.append({"run_id": run, "query_id": query, "metric": "flat", "k": 10, "value": 0.5})
            rows.append({"run_id": run, "query_id": query, "metric": "additive", "k": None,
                         "value": effects[run.replace("_copy", "")] + 0.1 * j})
            if run != "r4":
                rows.append({"run_id": run, "query_id": query, "metric": "sparse", "k": 3, "value": rnd.random()})
            rows.append({"run_id": run, "query_id": query, "metric": "tied", "k": 1, "value": tied_value(run, j)})
    return rows


# r0 and r4 hold the same twelve values in opposite query orders: equal means whose sums in query order differ in
# the last bit (r4's the larger), so they tie only when means are compared at 12 decimals (then r0 comes first)
TIED = [0.81, 0.52, 0.56, 0.43, 0.06, 0.87, 0.57, 0.2, 0.5, 0.48, 0.36, 0.35]


def tied_value(run, j):
    return {"r0": TIED[j], "r4": TIED[11 - j], "r1": 0.9 - 0.01 * j, "r1_copy": 0.9 - 0.01 * j,
            "r2": 0.1 + 0.01 * j, "r3": 0.6}[run]


def generated_rows(seed, n_runs, n_queries, spread):
    rnd = random.Random(seed)
    effects = [rnd.uniform(-spread, spread) for _ in range(n_runs)]
    rows = []
    for j in range(n_queries):
        difficulty = rnd.uniform(0, 0.6)
        for i, effect in enumerate(effects):
            for metric, k in (("ndcg", 10), ("precision", 5)):
                rows.append({"run_id": f"run_{i}", "query_id": f"query_{j}", "metric": metric, "k": k,
                             "value": difficulty + effect + rnd.gauss(0, 0.1 if metric == "ndcg" else 0.2)})
    return rows


@pytest.mark.dbt
def test_mixed_dataset_matches_reference(dbt_project, compiled):
    rows = mixed_rows()
    expected = check(run(dbt_project, compiled, rows), rows)
    anova = {r["metric"]: r for r in expected["search_run_anova"]}
    assert anova["score"]["n_queries_left_out"] == 2 and anova["score"]["n_topics"] == 10
    assert anova["flat"]["f_systems"] is None and anova["additive"]["f_systems"] is None
    assert anova["sparse"]["n_topics"] == 0
    pairs = {(r["metric"], r["run_a"], r["run_b"]): r for r in expected["search_run_tukey_hsd"]}
    assert pairs[("score", "r1", "r1_copy")]["p_value_tukey"] == 1 and pairs[("score", "r1", "r1_copy")]["p_value_randomized"] == 1
    assert all(r["p_value_randomized"] == 1 for r in expected["search_run_tukey_hsd"] if r["metric"] == "flat")
    assert not any(r["metric"] == "sparse" for r in expected["search_run_tukey_hsd"])
    assert {r["letters"] for r in expected["search_run_hsd_groups"] if r["metric"] == "flat"} == {"a"}
    assert sum(TIED) / 12 < sum(reversed(TIED)) / 12  # the hard case: the same mean, summed apart by one bit
    tied = {r["run_id"]: r["run_position"] for r in expected["search_run_hsd_groups"]
            if r["metric"] == "tied" and r["test"] == "tukey"}
    assert tied["r0"] + 1 == tied["r4"]


@pytest.mark.dbt
def test_two_runs_and_generated_datasets_match_reference(dbt_project, compiled):
    groups_seen = set()
    for seed, n_runs, n_queries, spread in ((1, 2, 8, 0.2), (2, 4, 15, 0.3), (3, 6, 10, 0.4), (4, 5, 20, 0.05)):
        rows = generated_rows(seed, n_runs, n_queries, spread)
        expected = check(run(dbt_project, compiled, rows), rows)
        groups_seen |= {(r["test"], r["last_group"]) for r in expected["search_run_hsd_groups"]}
    # the data reach several letter groups and overlapping ones in both tests
    assert max(g for t, g in groups_seen if t == "tukey") >= 3
    assert max(g for t, g in groups_seen if t == "randomized") >= 3
