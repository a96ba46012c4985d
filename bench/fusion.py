"""Benchmark of the fused runs (docs/fusion.md) against ranx's fuse on the same data.

The data: R runs x Q queries x D results (scores from a hash, ranks by score), made in DuckDB. The package is
compiled once by dbt (var search_metrics_fusions with an rrf fusion and a min-max wsum fusion of every run); the
compiled SQL of search_metrics_stg_fused_results then runs on the file as a table materialization would run it
(`create table ... as <compiled SQL>`, DuckDB's optimizer on, 2 threads): its node time. ranx 0.3.21 fuses the same
runs (ranx.Run objects built from the same rows before the clock starts; numba's JIT warmed up on a small run first):
the seconds of ranx.fuse alone, per method (the faster of two calls). The goal: node time <= 1.0 x ranx's fuse at
5 runs x 100k queries x 100 results.

Usage: python bench/fusion.py [--runs 5] [--queries 100000] [--depth 100]
"""
import argparse
import json
import sys
import time
from pathlib import Path

import duckdb

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "python"))
from harness import DbtProject, new_workdir, remove_workdir  # noqa: E402

METHODS = [("bench_rrf", "rrf", None, {}), ("bench_wsum", "wsum", "min-max", None)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--queries", type=int, default=100000)
    parser.add_argument("--depth", type=int, default=100)
    parser.add_argument("--no-ranx", action="store_true", help="the package's side only (ranx holds every run in "
                        "Python dicts: about 10 GB at 20k queries)")
    args = parser.parse_args()
    runs = [f"run_{r}" for r in range(args.runs)]
    fusions = []
    for name, method, norm, params in METHODS:
        fusion = {"name": name, "runs": runs, "method": method}
        if norm:
            fusion["norm"] = norm
        fusion["params"] = params if params is not None else {"weights": [1.0 / args.runs] * args.runs}
        fusions.append(fusion)
    workdir = new_workdir("search_metrics_bench_")
    try:
        project = DbtProject(workdir)
        compiled = {m["name"]: m for m in project.compile(
            {"search_metrics_results": "bench_input.results", "search_metrics_judgments": "bench_input.judgments",
             "search_metrics_fusions": fusions})}
        model = compiled["search_metrics_stg_fused_results"]
        with duckdb.connect(str(project.db_path)) as con:
            con.execute("set threads = 2")
            con.execute("create schema if not exists bench_input")
            # each run ranks a random sample of a query's 2 x depth candidate docs by a hashed score
            con.execute(f"""
                create or replace table bench_input.results as
                with candidates as (
                    select r, q, d, hash(r * 1000003 + q * 1009 + d) as h
                    from range({args.runs}) as rr(r), range({args.queries}) as qq(q), range({2 * args.depth}) as dd(d)
                ),
                ranked as (
                    select r, q, d, cast(h % 100000 as double) / 1000.0 as score,
                        row_number() over (partition by r, q order by h % 100000 desc, d) as rank
                    from candidates
                )
                select 'run_' || cast(r as varchar) as run_id, 'q' || cast(q as varchar) as query_id,
                    'd' || cast(d as varchar) as doc_id, cast(rank as integer) as rank, score
                from ranked where rank <= {args.depth}""")
            con.execute("create or replace table bench_input.judgments as select 'q0' as query_id, 'd0' as doc_id, "
                        "'r' as rater_id, 1 as grade, 'binary' as scale")
            con.execute(f"create schema if not exists {model['relation'].rsplit('.', 1)[0]}")
            start = time.perf_counter()
            con.execute(f"create or replace table {model['relation']} as {model['sql']}")
            node = time.perf_counter() - start
            n_fused = con.execute(f"select count(*) from {model['relation']}").fetchone()[0]
            rows = [] if args.no_ranx else con.execute(
                "select run_id, query_id, doc_id, score from bench_input.results").fetchall()
        figures = {"runs": args.runs, "queries": args.queries, "depth": args.depth, "fused_rows": n_fused,
                   "node_seconds_both_fusions": round(node, 2)}
        if not args.no_ranx:
            ranx_seconds = ranx_fuse_seconds(rows, runs, args.runs)
            figures |= {"ranx_fuse_seconds": ranx_seconds, "ratio": round(node / sum(ranx_seconds.values()), 2)}
        print(json.dumps(figures, indent=2))
    finally:
        remove_workdir(workdir)


def ranx_fuse_seconds(rows, runs, n_runs):
    from ranx import Run, fuse

    warm = Run({"q": {"a": 1.0, "b": 0.5}})
    for _, method, norm, _ in METHODS:
        fuse([warm, warm], method=method, norm=norm or "min-max",
             params={"weights": [0.5, 0.5]} if method == "wsum" else None)
    by_run = {run: {} for run in runs}
    for run_id, query_id, doc_id, score in rows:
        by_run[run_id].setdefault(query_id, {})[doc_id] = score
    ranx_runs = [Run(by_run[run]) for run in runs]
    seconds = {}
    for name, method, norm, params in METHODS:
        times = []
        for _ in range(2):  # the faster of two: the first may compile numba's parallel variants for this shape
            start = time.perf_counter()
            fuse(ranx_runs, method=method, norm=norm or "min-max",
                 params={"weights": [1.0 / n_runs] * n_runs} if method == "wsum" else params or None)
            times.append(time.perf_counter() - start)
        seconds[name] = round(min(times), 2)
    return seconds


if __name__ == "__main__":
    main()
