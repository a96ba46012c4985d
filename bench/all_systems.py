"""Benchmark of the tests across all systems (docs/comparisons.md, "Tests across all systems"): the randomized Tukey
HSD over R runs x Q queries of one metric with B permutations, on DuckDB.

The data: search_query_metrics of R runs x Q queries, one metric (value = a query difficulty + a run effect + noise,
clipped to [0, 1]), made in DuckDB. The package is compiled once by dbt (var search_metrics_all_systems_tests with
B permutations); the compiled SQL of its four models (search_metrics_int_all_systems_values, search_run_anova,
search_run_tukey_hsd, search_run_hsd_groups) then runs on the file as dbt's table materialization runs it
(`create table ... as <compiled SQL>`, DuckDB's optimizer on, 2 threads), each timed: node time = the sum of those
four statements, dbt's start-up and parse excluded. The goal: <= 60 s at 10 runs x 10,000 queries x
1,000 permutations.

Usage: python bench/all_systems.py [--runs 10] [--queries 10000] [--permutations 1000]
"""
import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import duckdb

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "python"))
from harness import DbtProject, new_workdir, remove_workdir  # noqa: E402

MODELS = ["search_metrics_int_all_systems_values", "search_run_anova", "search_run_tukey_hsd", "search_run_hsd_groups"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--queries", type=int, default=10000)
    parser.add_argument("--permutations", type=int, default=1000)
    args = parser.parse_args()
    workdir = new_workdir("search_metrics_bench_")
    try:
        project = DbtProject(workdir)
        compiled = {m["name"]: m for m in project.compile(
            {"search_metrics_all_systems_tests": {"permutations": args.permutations},
             "search_metrics_metrics": ["ndcg"], "search_metrics_cutoffs": [10]})}
        with duckdb.connect(str(project.db_path)) as con:
            con.execute("set threads = 2")
            relation = compiled["search_query_metrics"]["relation"]
            con.execute(f"create schema if not exists {relation.rsplit('.', 1)[0]}")
            con.execute(f"""
                create or replace table {relation} as
                with runs as (select r, cast(hash(r) % 1000 as integer) / 10000.0 as effect from range({args.runs}) as t(r)),
                queries as (select q, cast(hash(q + 7) % 1000 as integer) / 1500.0 as difficulty from range({args.queries}) as t(q))
                select 'run_' || lpad(cast(r as varchar), 2, '0') as run_id, 'q' || lpad(cast(q as varchar), 6, '0') as query_id,
                    'ndcg' as metric, cast(10 as integer) as k,
                    cast(least(1, greatest(0, difficulty + effect + (cast(hash(r * 100003 + q) % 2001 as integer) - 1000) / 5000.0)) as double) as value
                from runs cross join queries""")
            seconds = {}
            for name in MODELS:
                start = time.perf_counter()
                con.execute(f"create or replace table {compiled[name]['relation']} as {compiled[name]['sql']}")
                seconds[name] = round(time.perf_counter() - start, 2)
            pairs = con.execute(f"select count(*), sum(case when significant_randomized then 1 else 0 end) "
                                f"from {compiled['search_run_tukey_hsd']['relation']}").fetchone()
        figures = {"runs": args.runs, "queries": args.queries, "permutations": args.permutations,
                   "node_seconds": round(sum(seconds.values()), 2), "per_model": seconds,
                   "pairs": pairs[0], "significant_randomized": pairs[1]}
        print(json.dumps(figures, indent=2))
    finally:
        remove_workdir(workdir)


if __name__ == "__main__":
    main()
