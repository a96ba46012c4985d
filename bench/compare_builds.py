"""Results must not move: build the same models with the SQL of two git revisions and compare every value.

    .venv/bin/python bench/compare_builds.py --before main~1 [--after WORKTREE] [--data judged_q10000 | --data demo]
        [--tables search_query_metrics search_run_metrics ...] [--tolerance 1e-12]

`--before` is a git revision (its files are exported to a temp dir with `git archive`); `--after` is a directory
(default: this working tree, uncommitted changes included). `--data demo` builds the example seeds with the demo's
vars (several scales, raters, unjudged results, subtopics, clicks); `--data judged_q<Q>` reads the benchmark's
Parquet inputs (bench/generate.py) with the full default metric set at cutoffs 1, 3, 5, 10. Each side runs
`dbt build --resource-type model --resource-type seed` of the tables' ancestors into its own DuckDB file. Then,
per table, the rows are matched on every non-floating-point column (a full outer join: a row on one side only is a
difference) and every floating-point column is compared: equal, both null, or |a - b| <= tolerance * max(1, |a|).
Prints per table the rows, the rows on one side only and the values that differ, and exits 1 on any difference.
Not a test (it builds twice at the size given); tests/python holds the references.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

import duckdb

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DBT = os.path.join(ROOT, ".venv", "bin", "dbt")
DEMO_VARS = {"search_metrics_examples": True, "search_metrics_experiments": {"cuped_days": 7, "sequential_tuning": 100},
             "search_metrics_automated_raters": ["sdbn", "coec", "pbm", "llm:*"]}
DEFAULT_TABLES = ["search_query_metrics", "search_run_metrics"]
FLOATS = {"DOUBLE", "FLOAT", "REAL", "DECIMAL"}


def data_vars(data: str) -> dict:
    if data == "demo":
        return dict(DEMO_VARS)
    path = os.path.join(HERE, "data", data)
    if not os.path.isdir(path):
        sys.exit(f"{path} is missing: python bench/generate.py judged <Q> writes it")
    return {"search_metrics_results": f"read_parquet('{os.path.join(path, 'results.parquet')}')",
            "search_metrics_judgments": f"read_parquet('{os.path.join(path, 'judgments.parquet')}')",
            "search_metrics_cutoffs": [1, 3, 5, 10]}


def export(revision: str, into: str) -> None:
    archive = subprocess.run(["git", "-C", ROOT, "archive", revision], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", into], input=archive, check=True)


def build(project: str, db_path: str, vars_: dict, tables: list[str], work: str) -> None:
    env = dict(os.environ, DBT_SEND_ANONYMOUS_USAGE_STATS="false", SEARCH_METRICS_DUCKDB_PATH=db_path,
               DBT_PROFILES_DIR=os.path.join(project, "profiles"))
    command = [DBT, "build", "--project-dir", project, "--target-path", os.path.join(work, "target"),
               "--log-path", os.path.join(work, "logs"), "--vars", json.dumps(vars_), "--quiet",
               "--resource-type", "model", "--resource-type", "seed",
               "--select", *[f"+{table}" for table in tables]]
    result = subprocess.run(command, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"dbt build failed in {project}:\n{result.stdout[-4000:]}\n{result.stderr[-2000:]}")


def compare(before_db: str, after_db: str, tables: list[str], tolerance: float) -> int:
    con = duckdb.connect()
    con.execute(f"attach '{before_db}' as before_db (read_only)")
    con.execute(f"attach '{after_db}' as after_db (read_only)")
    differences = 0
    for table in tables:
        # built_at: the start of the build that wrote the row (macro built_at_column), another in every build
        columns = con.execute(
            "select column_name, data_type from duckdb_columns() where database_name = 'after_db' and table_name = ?"
            " and column_name <> 'built_at'", [table]).fetchall()
        if not columns:
            print(f"{table}: not built")
            differences += 1
            continue
        keys = [name for name, kind in columns if kind.split("(")[0] not in FLOATS]
        values = [name for name, kind in columns if kind.split("(")[0] in FLOATS]
        # rows with the same non-float columns (a float in the key: a PaulScore factor, a dwell time) pair up in the
        # order of their float values rounded to 9 decimals
        partition = ", ".join(keys) or "1"
        order = ", ".join(f"round({v}, 9)" for v in values) or "1"
        numbered = (f"select *, row_number() over (partition by {partition} order by {order}) as compared_row_number"
                    " from {db}.main." + table)
        on = " and ".join(f"b.{k} is not distinct from a.{k}" for k in keys + ["compared_row_number"])
        value_checks = " or ".join(
            f"not (b.{v} is not distinct from a.{v} or abs(b.{v} - a.{v}) <= {tolerance} * greatest(1, abs(b.{v})))"
            for v in values) or "false"
        n_before, n_after = (con.execute(f"select count(*) from {db}.main.{table}").fetchone()[0]
                             for db in ("before_db", "after_db"))
        one_side, differing = con.execute(f"""
            select count(*) filter (where b_row is null or a_row is null),
                   count(*) filter (where b_row and a_row and ({value_checks}))
            from (select *, true as b_row from ({numbered.format(db="before_db")})) as b
            full outer join (select *, true as a_row from ({numbered.format(db="after_db")})) as a on {on}
        """).fetchone()
        print(f"{table}: {n_before} rows before, {n_after} after; {one_side} on one side only; "
              f"{differing} with a value that differs beyond {tolerance} (keys {', '.join(keys)})")
        if one_side or differing or n_before != n_after:
            differences += 1
            for row in con.execute(f"""
                select * from (select *, true as b_row from ({numbered.format(db="before_db")})) as b
                full outer join (select *, true as a_row from ({numbered.format(db="after_db")})) as a on {on}
                where b_row is null or a_row is null or ({value_checks})
                limit 5
            """).fetchall():
                print("   ", row)
    return differences


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", required=True, help="a git revision")
    parser.add_argument("--after", default=ROOT, help="a project directory (default: this working tree)")
    parser.add_argument("--data", default="demo", help="demo, or judged_q<Q> under bench/data")
    parser.add_argument("--tables", nargs="+", default=DEFAULT_TABLES)
    parser.add_argument("--vars", default="{}", help="JSON vars added to the data's")
    parser.add_argument("--tolerance", type=float, default=1e-12)
    args = parser.parse_args()
    vars_ = dict(data_vars(args.data), **json.loads(args.vars))
    work = tempfile.mkdtemp(prefix="compare_builds_")
    try:
        before = os.path.join(work, "before_project")
        os.makedirs(before)
        export(args.before, before)
        for side, project in (("before", before), ("after", args.after)):
            os.makedirs(os.path.join(work, side), exist_ok=True)
            build(project, os.path.join(work, f"{side}.duckdb"), vars_, args.tables, os.path.join(work, side))
        differences = compare(os.path.join(work, "before.duckdb"), os.path.join(work, "after.duckdb"), args.tables,
                              args.tolerance)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("every value equal" if not differences else f"{differences} table(s) differ")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
