"""Benchmark of the judged incremental build (docs/metrics.md, "Incremental builds"): what a build costs when
one run is added, when 1 % of the queries' judgments change and when nothing changed, against a full build.

The data: R runs of Q queries x 100 results, in a table of the benchmark's DuckDB file (where a team appends its
runs), and the judgments of Q queries (bench/generate.py's judged data). Run r returns the docs of the generated
run rotated by a per-(run, query) offset of 0..19 ranks, so the runs' metrics differ. Every build is
`dbt build --select +search_run_metrics +search_input_quality` (the models and their data tests, the input rules
too) with the default metrics and cutoffs; with --pairs N, +search_run_comparison too, N configured pairs
(run r against run r + 1); with --trec-eval, +search_trec_eval too (the trec_eval family on, its defaults).

The sequence, on one file: a full build of R runs (--full-refresh); a build with nothing changed; run R + 1
appended, a build; the judgments of 1 % of the queries changed (every grade of those queries moved by one), a
build. And, on a fresh file, a full build of a project holding only run R + 1. Node time = dbt's own figure for
running the nodes ("Finished running ... (N s)"), start-up excluded. After the last step the incremental tables are
compared with a full refresh of the same data, row for row (untimed; values rounded to 9 decimals).

To compare two revisions' SQL on the regraded build alone: --save-before-regrade PATH keeps the file as it is before
the regrade; --regrade-from PATH (same sizes and options), run from each revision's tree, builds only the regraded
build on a copy of it. Regrading the same queries twice on one file is no substitute: the second regrade deletes
the rows the first appended (a few row groups at the end of each table) instead of rows spread over all of them.

Usage: python bench/incremental.py --runs 100 --queries 10000 [--pairs 10] [--trec-eval] [--name incremental]
       [--save-before-regrade PATH | --regrade-from PATH]
Figures go to stdout and to bench/results/<name>.json.
"""
import argparse
import json
import os
import shutil
import sys

import duckdb

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import generate  # noqa: E402
from run import RESULTS, dbt_cmd, dbt_env, dbt_execution_seconds, measure, node_times  # noqa: E402

SELECT = ["+search_run_metrics", "+search_input_quality"]
TABLES = ["search_query_metrics", "search_run_metrics"]


def run_id(r):
    return f"run_{r:04d}"


def results_of(source, first, last):
    """The SQL of runs first..last (inclusive) from the generated single run at `source`."""
    return f"""
        select
            'run_' || lpad(cast(runs.r as varchar), 4, '0') as run_id,
            base.query_id,
            rotated.doc_id,
            base.rank,
            base.score
        from read_parquet('{source}') as base
        cross join range({first}, {last + 1}) as runs(r)
        inner join read_parquet('{source}') as rotated
            on rotated.query_id = base.query_id
            and rotated.rank = (base.rank - 1 + cast(hash(runs.r, base.query_id) % 20 as integer)) % 100 + 1
    """


def prepare(db_path, data_dir, first, last):
    """Untimed: a fresh DuckDB file holding runs first..last as bench_results and the judgments as bench_judgments."""
    for suffix in ("", ".wal"):
        if os.path.exists(db_path + suffix):
            os.remove(db_path + suffix)
    with duckdb.connect(db_path) as con:
        con.execute(f"create table bench_results as {results_of(os.path.join(data_dir, 'results.parquet'), first, last)}")
        con.execute(f"create table bench_judgments as select * from read_parquet('{os.path.join(data_dir, 'judgments.parquet')}')")
        return con.execute("select count(*) from bench_results").fetchone()[0]


def bench_vars(runs, pairs, trec_eval=False):
    vars_ = {"search_metrics_results": "main.bench_results", "search_metrics_judgments": "main.bench_judgments"}
    if trec_eval:
        vars_["search_metrics_enable_trec_eval"] = True
    if pairs:
        vars_["search_metrics_comparisons"] = [[run_id(r), run_id(r + 1)]
                                               for r in range(1, pairs + 1)]
    return vars_


def build(name, db_path, vars_, select, extra=()):
    temp_dir = os.path.join(RESULTS, "duckdb_tmp")
    shutil.rmtree(temp_dir, ignore_errors=True)
    log_path = os.path.join(RESULTS, f"{name}.log")
    env = dbt_env(db_path, os.environ.get("BENCH_MEMORY_LIMIT", "8GB"), temp_dir)
    figure = measure(dbt_cmd("build", name, vars_, select, extra), env=env, log_path=log_path)
    figure["node_s"] = dbt_execution_seconds(log_path)
    figure["slowest_nodes"], figure["model_node_s"], figure["test_node_s"] = node_times(name, n=8)
    print(f"  {name}: node time {figure['node_s']:.2f} s (wall {figure['wall_s']:.2f} s, peak "
          f"{figure['peak_mib']:.0f} MiB, this process's own peak {figure['parent_peak_mib'] or 0:.0f} MiB at the fork); "
          f"slowest {figure['slowest_nodes']}", flush=True)
    return figure


def regrade(db_path):
    """Untimed: every grade of the queries with hash(query_id) % 100 = 0 (about 1 %) moved by one."""
    with duckdb.connect(db_path) as con:
        con.execute("update bench_judgments set grade = (grade + 1) % 4 where hash(query_id) % 100 = 0")
        changed = con.execute("select count(distinct query_id) from bench_judgments where hash(query_id) % 100 = 0").fetchone()[0]
    print(f"  ({changed} queries' judgments changed)", flush=True)


def rows_apart(db_path, other_path, table):
    """The rows of `table` in one file and not in the other (both ways; the fingerprint, settings and built_at columns
    left out, floating-point values rounded to 9 decimals): 0 when the two tables hold the same rows."""
    with duckdb.connect(db_path, read_only=True) as con:
        con.execute(f"attach '{other_path}' as other (read_only)")
        columns = [(name, kind) for name, kind in con.execute(
            "select column_name, data_type from information_schema.columns where table_catalog = current_database()"
            " and table_schema = 'main' and table_name = ? order by ordinal_position", [table]).fetchall()
            if not name.endswith("fingerprint") and name not in ("build_settings", "built_at")]
        select = ", ".join(f"round({name}, 9)" if kind == "DOUBLE" else name for name, kind in columns)
        mine = f"select {select} from main.{table}"
        theirs = f"select {select} from other.main.{table}"
        return con.execute(f"select (select count(*) from ({mine} except all {theirs})) "
                           f"+ (select count(*) from ({theirs} except all {mine}))").fetchone()[0]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--queries", type=int, default=10000)
    parser.add_argument("--pairs", type=int, default=0, help="configured comparison pairs (0: none)")
    parser.add_argument("--trec-eval", action="store_true", help="the trec_eval table too")
    parser.add_argument("--name", default="incremental")
    parser.add_argument("--save-before-regrade", metavar="PATH",
                        help="copy the DuckDB file to PATH after run R + 1 is built, before the regrade")
    parser.add_argument("--regrade-from", metavar="PATH",
                        help="only the regraded build, on a copy of a file --save-before-regrade wrote (the same "
                             "--runs, --queries, --pairs, --trec-eval): to compare two revisions' SQL on one state")
    args = parser.parse_args(argv)
    os.makedirs(RESULTS, exist_ok=True)
    data_dir = generate.generate_judged(args.queries)
    select = SELECT + (["+search_run_comparison"] if args.pairs else []) + (["+search_trec_eval"] if args.trec_eval else [])
    tables = (TABLES + (["search_run_comparison", "search_query_deltas"] if args.pairs else [])
              + (["search_trec_eval"] if args.trec_eval else []))
    vars_ = bench_vars(args.runs, args.pairs, args.trec_eval)
    db_path = os.path.join(RESULTS, f"{args.name}.duckdb")
    new = args.runs + 1
    figures = {}

    if args.regrade_from:
        shutil.copy(args.regrade_from, db_path)
        regrade(db_path)
        measure(dbt_cmd("parse", args.name, vars_, None), env=dbt_env(db_path, "8GB", RESULTS), log_path=os.devnull)
        build(f"{args.name}_judged", db_path, vars_, select)
        os.remove(db_path)
        return

    rows = prepare(db_path, data_dir, 1, args.runs)
    print(f"[{args.runs} runs x {args.queries} queries: {rows} result rows]", flush=True)
    measure(dbt_cmd("parse", args.name, vars_, None), env=dbt_env(db_path, "8GB", RESULTS), log_path=os.devnull)
    figures["full"] = build(f"{args.name}_full", db_path, vars_, select, ["--full-refresh"])
    figures["nothing_changed"] = build(f"{args.name}_nothing", db_path, vars_, select)
    with duckdb.connect(db_path) as con:
        con.execute(f"insert into bench_results {results_of(os.path.join(data_dir, 'results.parquet'), new, new)}")
    figures["one_run_added"] = build(f"{args.name}_added", db_path, vars_, select)
    if args.save_before_regrade:
        shutil.copy(db_path, args.save_before_regrade)
    regrade(db_path)
    figures["judgments_changed"] = build(f"{args.name}_judged", db_path, vars_, select)

    single_path = os.path.join(RESULTS, f"{args.name}_single.duckdb")
    prepare(single_path, data_dir, new, new)
    single_vars = dict(vars_)
    single_vars.pop("search_metrics_comparisons", None)
    measure(dbt_cmd("parse", f"{args.name}_single", single_vars, None), env=dbt_env(single_path, "8GB", RESULTS),
            log_path=os.devnull)
    single_select = SELECT + (["+search_trec_eval"] if args.trec_eval else [])
    figures["only_the_new_run"] = build(f"{args.name}_single", single_path, single_vars, single_select, ["--full-refresh"])
    os.remove(single_path)

    # Untimed, last: the incremental tables against a full refresh of the same data. The comparison runs in this
    # process, and Linux starts a child's peak at its parent's peak so far, so no measured build follows it.
    refreshed_path = os.path.join(RESULTS, f"{args.name}_refreshed.duckdb")
    shutil.copy(db_path, refreshed_path)
    build(f"{args.name}_refreshed", refreshed_path, vars_, select, ["--full-refresh"])
    agreement = {table: rows_apart(db_path, refreshed_path, table) for table in tables}
    print(f"  rows apart between the incremental tables and a full refresh: {agreement}", flush=True)
    os.remove(refreshed_path)

    full, single = figures["full"]["node_s"], figures["only_the_new_run"]["node_s"]
    print(f"\nGoals (issue: pay for what changed), node time:")
    print(f"  one run added: {figures['one_run_added']['node_s']:.2f} s = "
          f"{figures['one_run_added']['node_s'] / single:.2f}x a project of that run alone ({single:.2f} s; goal <= 2x)")
    print(f"  judgments of 1 % of queries changed: {figures['judgments_changed']['node_s']:.2f} s = "
          f"{figures['judgments_changed']['node_s'] / full:.3f}x the full build ({full:.2f} s; goal <= 0.1x)")
    print(f"  nothing changed: {figures['nothing_changed']['node_s']:.2f} s = "
          f"{figures['nothing_changed']['node_s'] / full:.3f}x the full build (goal <= 0.1x)")
    json.dump({"runs": args.runs, "queries": args.queries, "pairs": args.pairs, "trec_eval": args.trec_eval,
               "result_rows": rows,
               "figures": figures, "agreement": agreement},
              open(os.path.join(RESULTS, f"{args.name}.json"), "w"), indent=1, default=str)


if __name__ == "__main__":
    main()
