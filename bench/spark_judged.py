"""The judged family on Apache Spark (dbt-spark, method: session, local[2]) at Q queries x 100 results.

    .venv/bin/python bench/spark_judged.py --q 100000 [--metrics three|full] [--shuffle-partitions 8]

One process: a SparkSession (the bench profile's `spark` target), the generated Parquet inputs registered as tables
of database `bench_input`, then `dbt build` of the judged family with its data tests (in-process dbtRunner, as
bench/run.py selects it for DuckDB). Prints the wall time of the build, the slowest nodes, and the steps of the
physical plans (`EXPLAIN` of every compiled model) that would run in one partition (the check of the Spark parity
test, tests/python/test_engine_parity.py). Not a test: nothing here runs under pytest.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
RESULTS = os.path.join(HERE, "results")
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "python"))

import generate  # noqa: E402

JUDGED_MODELS = ["+search_run_metrics", "+search_input_quality"]
THREE = ["ndcg_pool", "average_precision_pool", "reciprocal_rank"]


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--q", type=int, default=100000)
    parser.add_argument("--metrics", choices=["three", "full"], default="full")
    parser.add_argument("--shuffle-partitions", default="8")
    parser.add_argument("--driver-memory", default="8g")
    args = parser.parse_args(argv)

    spark_dir = os.path.join(RESULTS, "spark")
    shutil.rmtree(spark_dir, ignore_errors=True)
    os.makedirs(spark_dir)
    env = {"SEARCH_METRICS_SPARK_DIR": spark_dir, "SEARCH_METRICS_SPARK_SHUFFLE_PARTITIONS": args.shuffle_partitions,
           "SPARK_LOCAL_IP": "127.0.0.1", "DBT_SEND_ANONYMOUS_USAGE_STATS": "false",
           "PYSPARK_SUBMIT_ARGS": f"--driver-memory {args.driver_memory} pyspark-shell"}
    os.environ.update(env)

    import jinja2
    import yaml
    from pyspark.sql import SparkSession

    profile = yaml.safe_load(open(os.path.join(HERE, "profiles", "profiles.yml")))
    params = profile["search_metrics"]["outputs"]["spark"]["server_side_parameters"]
    builder = SparkSession.builder.enableHiveSupport()
    for key, value in params.items():
        builder = builder.config(key, jinja2.Template(str(value)).render(env_var=lambda n, d=None: os.environ.get(n, d)))
    started = time.monotonic()
    session = builder.getOrCreate()
    session.sparkContext.setLogLevel("ERROR")
    print(f"session start {time.monotonic() - started:.1f} s")

    data_dir = generate.generate_judged(args.q)
    session.sql("create database if not exists bench_input")
    for name in ("results", "judgments"):
        session.sql(f"drop table if exists bench_input.{name}")
        session.sql(f"create table bench_input.{name} using parquet location '{os.path.join(data_dir, name + '.parquet')}'")
    dbt_vars = {"search_metrics_results": "bench_input.results", "search_metrics_judgments": "bench_input.judgments",
                "search_metrics_cutoffs": [10, 100] if args.metrics == "three" else [1, 3, 5, 10]}
    if args.metrics == "three":
        dbt_vars["search_metrics_metrics"] = THREE

    from dbt.cli.main import dbtRunner

    target = os.path.join(RESULTS, "target_spark_judged")
    common = ["--project-dir", ROOT, "--profiles-dir", os.path.join(HERE, "profiles"), "--target", "spark",
              "--target-path", target, "--log-path", os.path.join(RESULTS, "logs_spark_judged"),
              "--vars", json.dumps(dbt_vars)]
    runner = dbtRunner()
    runner.invoke(["parse", *common])  # untimed, as in bench/run.py
    started = time.monotonic()
    result = runner.invoke(["build", *common, "--select", *JUDGED_MODELS, "--indirect-selection", "cautious"])
    wall = time.monotonic() - started
    results = json.load(open(os.path.join(target, "run_results.json")))["results"]
    failed = [r["unique_id"] for r in results if r["status"] not in ("success", "pass")]
    slowest = sorted(results, key=lambda r: -r["execution_time"])[:6]
    print(f"dbt build, Q = {args.q} ({args.q * 100:,} result rows), {args.metrics} metrics, "
          f"shuffle partitions {args.shuffle_partitions}: {wall:.1f} s wall, success {result.success}, "
          f"not passed {failed}")
    print("  slowest: " + ", ".join(f"{r['unique_id'].split('.')[2][:50]} {r['execution_time']:.1f}" for r in slowest))
    print(f"  models {sum(r['execution_time'] for r in results if r['unique_id'].startswith('model.')):.1f} s, "
          f"data tests {sum(r['execution_time'] for r in results if r['unique_id'].startswith('test.')):.1f} s")

    from test_engine_parity import single_partition_steps

    manifest = json.load(open(os.path.join(target, "manifest.json")))
    compiled = {r["unique_id"]: r.get("compiled_code") for r in results if r["unique_id"].startswith("model.")}
    steps = {}
    for unique_id, sql in compiled.items():
        if sql:
            name = manifest["nodes"][unique_id]["name"]
            plan = session.sql("explain " + sql).collect()[0][0]
            steps[name] = single_partition_steps(plan)
    print(f"  plans: {len(steps)} models, steps in one partition: {({k: v for k, v in steps.items() if v}) or 'none'}")
    session.stop()
    return 0 if result.success else 1


if __name__ == "__main__":
    sys.exit(main())
