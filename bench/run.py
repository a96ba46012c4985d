"""Benchmark: the package's judged metrics (dbt build on DuckDB) against pytrec_eval, ranx and a floor query.

Every contender is a separate process, timed as a whole from the same Parquet files (bench/generate.py) to its
final numbers, with its peak memory (the child's maximum resident set size, from wait4):
  ours_3     dbt build of the judged models, metrics ndcg_pool, average_precision_pool, reciprocal_rank at
             cutoffs 10 and 100 (ndcg_pool@10 = ndcg_cut_10, average_precision_pool@100 = map_cut_100,
             reciprocal_rank@100 = recip_rank on these 100-result lists; see bench/README.md)
  ours_full  dbt build of the judged models, every built-in metric at cutoffs 1, 3, 5, 10 (the default)
  pytrec     pytrec_eval: ndcg_cut_10, map_cut_100, recip_rank, including building its dicts
  ranx       ranx: ndcg@10, map@100, mrr, including building its Qrels / Run
  floor      one hand-written DuckDB query computing the three metrics in one grouped pass
  dbt_min    dbt build of one view of this project (no data read): the fixed cost of any dbt process here
dbt build runs the selected models and their data tests (the input rules too), as a user's `dbt build` does;
--indirect-selection cautious leaves out tests of other model families that merely read these models.
Untimed preparation: the input files are read once (OS page cache), dbt parses once per set of vars (its
partial-parse cache, as on a user's second run) and ranx runs once on the smallest data (numba's on-disk cache).
Then --repeat timed runs per contender; the best wall time is reported with that run's CPU time and peak memory,
and the load average before each run (this machine is shared: a load above 2 inflates wall times). Then: agreement of the five on the
three metrics (per query and mean, |delta| <= 1e-9), the ratios, the cost curve over the sizes given, and
the benchmark's goals. With --clicks S...: the click models (dbt build) against a floor query on S searches, with
dbt_min beside them (goal 4 is on the node time). With --comparisons Q...: search_run_comparison over one pair of
runs of Q queries (goals 3 and 5, its growth also per bootstrap pick). With --experiments S...: the experiments
family (`dbt build --select +models/experiments`, models only) on S searches of two buckets by user with a pre-period
and CUPED on, against a floor query; node time = the model nodes' summed execution times (one dbt thread). With
--trec-eval Q...: search_trec_eval (dbt build of +search_trec_eval with its data tests, trec_eval 9's version)
against pytrec_eval evaluating every measure it supports (contenders/pytrec_all_contender.py) on the judged data of
Q queries, and every (query, measure) the two share compared (relative |delta| <= 1e-9).

Usage: python bench/run.py --q 10000 [--q 100000 --q 1000000] [--repeat 3] [--contenders ours_3,floor]
       python bench/run.py --clicks 1000000 --clicks 10000000
       python bench/run.py --comparisons 10000 --comparisons 100000 --repeat 1
       python bench/run.py --experiments 1000000 --experiments 10000000 --repeat 1
       python bench/run.py --trec-eval 10000 --repeat 1
Figures go to stdout and to bench/results/<name>.json.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time

import duckdb

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
RESULTS = os.path.join(HERE, "results")
sys.path.insert(0, HERE)
import generate  # noqa: E402

PYTHON = sys.executable
DBT = os.path.join(os.path.dirname(sys.executable), "dbt")
ALL_JUDGED = ["ours_3", "ours_full", "pytrec", "ranx", "floor", "dbt_min"]
THREE = ["ndcg_cut_10", "map_cut_100", "recip_rank"]
# The package's metric and cutoff for each trec_eval measure.
OURS_FOR = {"ndcg_cut_10": ("ndcg_pool", 10), "map_cut_100": ("average_precision_pool", 100),
            "recip_rank": ("reciprocal_rank", 100)}
JUDGED_MODELS = ["+search_run_metrics", "+search_input_quality"]
CLICK_MODELS = ["+search_paulscore_daily", "+search_click_metrics_daily", "+search_auc_daily"]
TOLERANCE = 1e-9


# ---------------------------------------------------------------------------------------------------- running

def measure(cmd, env=None, cwd=ROOT, log_path=None):
    """Run cmd as a child process; return wall seconds, CPU seconds (user + sys) and peak RSS (MiB) of that
    child (wait4 reports the child's own rusage, which for dbt includes the in-process DuckDB). Linux starts a
    child's peak at its parent's peak resident set so far (the forked memory map carries it), so the figure is never
    below this process's own peak then, returned as parent_peak_mib: a peak close to it may be the parent's."""
    parent_peak_mib = own_peak_mib()
    started = time.perf_counter()
    with open(log_path or os.devnull, "w") as log:
        child = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        tail = open(log_path).read()[-4000:] if log_path else ""
        raise RuntimeError(f"{' '.join(cmd[:3])} ... failed with exit code {child.returncode}\n{tail}")
    return {"wall_s": wall, "cpu_s": usage.ru_utime + usage.ru_stime, "peak_mib": usage.ru_maxrss / 1024,
            "parent_peak_mib": parent_peak_mib}


def own_peak_mib():
    """This process's peak resident set so far (MiB), from /proc/self/status; None where that file does not exist."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def warm_files(paths):
    """Read the input files once so that every contender starts with them in the OS page cache."""
    for path in paths:
        with open(path, "rb") as f:
            while f.read(1 << 24):
                pass


def load_average():
    return os.getloadavg()[0]


def best_of(runs):
    best = min(runs, key=lambda r: r["wall_s"])
    return dict(best, runs_wall_s=[round(r["wall_s"], 2) for r in runs], load_before=[r["load"] for r in runs])


# ------------------------------------------------------------------------------------------------ dbt runs

def dbt_env(db_path, memory_limit, temp_dir):
    env = dict(os.environ)
    env.update({
        "DBT_SEND_ANONYMOUS_USAGE_STATS": "false",
        "SEARCH_METRICS_BENCH_DB": db_path,
        "SEARCH_METRICS_BENCH_MEMORY_LIMIT": memory_limit,
        "SEARCH_METRICS_BENCH_TEMP_DIR": temp_dir,
    })
    return env


def dbt_cmd(command, name, vars_, select, extra=()):
    return [DBT, command, "--project-dir", ROOT, "--profiles-dir", os.path.join(HERE, "profiles"),
            "--target-path", os.path.join(RESULTS, f"target_{name}"),
            "--log-path", os.path.join(RESULTS, f"logs_{name}"),
            "--vars", json.dumps(vars_)] + (["--select"] + select + ["--indirect-selection", "cautious"] if select else []) + list(extra)


def dbt_execution_seconds(log_path):
    """dbt's own figure for running the nodes ('Finished running ... (12.34s).'); the rest of the wall time
    is dbt's start-up (imports, parse cache, manifest, connection) and teardown."""
    match = re.findall(r"Finished running .*\((\d+(?:\.\d+)?)s\)", open(log_path).read())
    return float(match[-1]) if match else None


def node_times(name, n=6):
    """From dbt's run_results.json: the slowest nodes, and the summed node times of models and of data tests
    (dbt runs two nodes at a time, so the sums exceed the wall time)."""
    path = os.path.join(RESULTS, f"target_{name}", "run_results.json")
    results = json.load(open(path))["results"]
    nodes = sorted(results, key=lambda r: r["execution_time"], reverse=True)[:n]
    slowest = [(r["unique_id"].split(".")[2] if r["unique_id"].startswith("model.") else "test " + r["unique_id"].split(".")[2][:60],
                round(r["execution_time"], 2)) for r in nodes]
    models = sum(r["execution_time"] for r in results if r["unique_id"].startswith("model."))
    tests = sum(r["execution_time"] for r in results if r["unique_id"].startswith("test."))
    return slowest, round(models, 2), round(tests, 2)


def model_node_times(name):
    """Every model node's execution time (s) from dbt's run_results.json, slowest first."""
    path = os.path.join(RESULTS, f"target_{name}", "run_results.json")
    results = [r for r in json.load(open(path))["results"] if r["unique_id"].startswith("model.")]
    return {r["unique_id"].split(".")[2]: round(r["execution_time"], 3)
            for r in sorted(results, key=lambda r: r["execution_time"], reverse=True)}


def run_dbt(name, vars_, select, repeat, memory_limit, size_tag, extra=(), env_extra=None):
    db_path = os.path.join(RESULTS, f"{name}_{size_tag}.duckdb")
    temp_dir = os.path.join(RESULTS, "duckdb_tmp")
    env = dbt_env(db_path, memory_limit, temp_dir)
    env.update(env_extra or {})
    log_path = os.path.join(RESULTS, f"{name}_{size_tag}.log")
    # Untimed: fill dbt's partial-parse cache for these vars (a user's second `dbt build` has it too).
    measure(dbt_cmd("parse", name, vars_, None), env=env, log_path=log_path)
    runs = []
    for _ in range(repeat):
        for suffix in ("", ".wal"):
            if os.path.exists(db_path + suffix):
                os.remove(db_path + suffix)
        shutil.rmtree(temp_dir, ignore_errors=True)
        load = load_average()
        run = measure(dbt_cmd("build", name, vars_, select, extra), env=env, log_path=log_path)
        run["load"] = round(load, 2)
        run["dbt_execution_s"] = dbt_execution_seconds(log_path)
        run["dbt_startup_s"] = run["wall_s"] - run["dbt_execution_s"] if run["dbt_execution_s"] else None
        run["slowest_nodes"], run["model_node_s"], run["test_node_s"] = node_times(name)
        run["model_nodes"] = model_node_times(name)
        runs.append(run)
    result = best_of(runs)
    result["db_path"] = db_path
    return result


def run_dbt_min(vars_, view, repeat, memory_limit, size_tag):
    """dbt_min: the fixed cost of any `dbt build` of this project: start-up, one staging view over an input file
    (no row is read), manifest and run results written. A package build's node time is its wall minus this."""
    return run_dbt("dbt_min", vars_, [view], repeat, memory_limit, size_tag, extra=["--resource-type", "model"])


# ---------------------------------------------------------------------------------------------- judged bench

def judged_vars(data_dir, metrics, cutoffs):
    return {
        "search_metrics_results": f"read_parquet('{os.path.join(data_dir, 'results.parquet')}')",
        "search_metrics_judgments": f"read_parquet('{os.path.join(data_dir, 'judgments.parquet')}')",
        "search_metrics_metrics": metrics,
        "search_metrics_cutoffs": cutoffs,
    }


def export_ours(db_path, out_path):
    """Untimed: our per-query values of the three measures, from the table dbt built, in the contenders' shape."""
    con = duckdb.connect(db_path, read_only=True)
    available = {(m, k) for m, k in con.execute("select distinct metric, k from search_query_metrics").fetchall()}
    columns = []
    for measure_name, (metric, k) in OURS_FOR.items():
        if (metric, k) in available:
            columns.append(f"max(case when metric = '{metric}' and k = {k} then value end) as {measure_name}")
    con.execute(f"""
        copy (select query_id, {', '.join(columns)} from search_query_metrics group by query_id)
        to '{out_path}' (format parquet)
    """)
    run_means = con.execute("select metric, k, value from search_run_metrics").fetchall()
    con.close()
    return {f"{m}@{k}": v for m, k, v in run_means if (m, k) in set(OURS_FOR.values())}


def agreement(outputs):
    """Per-query and mean agreement of every contender with pytrec_eval (or the first one present)."""
    names = list(outputs)
    reference = "pytrec" if "pytrec" in outputs else names[0]
    con = duckdb.connect()
    report = {"reference": reference, "pairs": {}}
    for name in names:
        if name == reference:
            continue
        ref_cols = set(c for c, in con.execute(f"select column_name from (describe select * from '{outputs[reference]}')").fetchall())
        cols = [m for m in THREE if m in ref_cols and m in set(
            c for c, in con.execute(f"select column_name from (describe select * from '{outputs[name]}')").fetchall())]
        row = {}
        for m in cols:
            n_ref, n_other, n_joined, max_diff, mean_ref, mean_other, null_mismatch = con.execute(f"""
                select
                    (select count(*) from '{outputs[reference]}'),
                    (select count(*) from '{outputs[name]}'),
                    count(*),
                    max(abs(a.{m} - b.{m})),
                    (select avg({m}) from '{outputs[reference]}'),
                    (select avg({m}) from '{outputs[name]}'),
                    count(*) filter (where (a.{m} is null) <> (b.{m} is null))
                from '{outputs[reference]}' as a
                inner join '{outputs[name]}' as b on a.query_id = b.query_id
            """).fetchone()
            ok = (n_ref == n_other == n_joined and null_mismatch == 0 and max_diff is not None
                  and max_diff <= TOLERANCE and abs(mean_ref - mean_other) <= TOLERANCE)
            row[m] = {"ok": ok, "queries": [n_ref, n_other, n_joined], "max_abs_diff_per_query": max_diff,
                      "mean_ref": mean_ref, "mean": mean_other, "null_mismatches": null_mismatch}
        report["pairs"][name] = row
    con.close()
    return report


_RANX_WARM = []


def warm_ranx():
    """Untimed, once: a ranx run on the smallest data set, so that numba's on-disk cache of ranx's compiled
    metrics exists (the first ranx run ever spends ~50 s compiling; a user's later runs do not)."""
    if _RANX_WARM:
        return
    data_dir = generate.generate_judged(10000)
    files = [os.path.join(data_dir, f) for f in ("results.parquet", "judgments.parquet")]
    measure([PYTHON, os.path.join(HERE, "contenders", "ranx_contender.py")] + files
            + [os.path.join(RESULTS, "ranx_warmup.parquet")], log_path=os.path.join(RESULTS, "ranx_warmup.log"))
    _RANX_WARM.append(True)


def bench_judged(q, contenders, repeat, memory_limit):
    data_dir = generate.generate_judged(q)
    files = [os.path.join(data_dir, f) for f in ("results.parquet", "judgments.parquet")]
    warm_files(files)
    tag = f"q{q}"
    figures, outputs, run_means = {}, {}, {}
    for name in contenders:
        print(f"  [{tag}] {name} ...", flush=True)
        out_path = os.path.join(RESULTS, f"{name}_{tag}.parquet")
        if name in ("ours_3", "ours_full"):
            if name == "ours_3":
                vars_ = judged_vars(data_dir, ["ndcg_pool", "average_precision_pool", "reciprocal_rank"], [10, 100])
            else:
                vars_ = judged_vars(data_dir, None, [1, 3, 5, 10])
            figures[name] = run_dbt(name, vars_, JUDGED_MODELS, repeat, memory_limit, tag)
            run_means[name] = export_ours(figures[name]["db_path"], out_path)
            outputs[name] = out_path
        elif name == "dbt_min":
            # No metric, so it takes no part in the agreement check.
            vars_ = judged_vars(data_dir, ["ndcg_pool", "average_precision_pool", "reciprocal_rank"], [10, 100])
            figures[name] = run_dbt_min(vars_, "search_metrics_stg_results", repeat, memory_limit, tag)
        else:
            script = os.path.join(HERE, "contenders", f"{name}_contender.py")
            cmd = [PYTHON, script] + files + [out_path]
            if name == "floor":
                cmd += [memory_limit, os.path.join(RESULTS, "duckdb_tmp")]
            log_path = os.path.join(RESULTS, f"{name}_{tag}.log")
            if name == "ranx":
                warm_ranx()
            runs = []
            for _ in range(repeat):
                load = load_average()
                run = measure(cmd, log_path=log_path)
                run["load"] = round(load, 2)
                runs.append(run)
            figures[name] = best_of(runs)
            outputs[name] = out_path
        f = figures[name]
        print(f"      best {f['wall_s']:.2f} s wall, {f['cpu_s']:.2f} s CPU, peak {f['peak_mib']:.0f} MiB "
              f"(runs {f['runs_wall_s']}, load before {f['load_before']})", flush=True)
    check = agreement(outputs) if len(outputs) > 1 else None
    return {"q": q, "result_rows": q * 100, "judgment_rows": q * 30, "figures": figures,
            "agreement": check, "ours_run_means": run_means}


# ----------------------------------------------------------------------------------------------- click bench

CLICK_FLOOR_SQL = os.path.join(HERE, "contenders", "clicks_floor_contender.py")


COMPARISON_MODELS = ["+search_run_comparison"]


def bench_comparisons(q, repeat, memory_limit):
    """One baseline-candidate pair over Q queries with the default metrics and cutoffs, 1000 permutations and
    1000 bootstrap samples: the node time of search_run_comparison (and of the rest of its build)."""
    data_dir = generate.generate_two_runs(q)
    vars_ = judged_vars(data_dir, None, [1, 3, 5, 10])
    vars_["search_metrics_results"] = f"read_parquet('{os.path.join(data_dir, 'results_two_runs.parquet')}')"
    tag = f"q{q}"
    print(f"  [{tag}] ours_comparison ...", flush=True)
    figure = run_dbt("ours_comparison", vars_, COMPARISON_MODELS, repeat, memory_limit, tag,
                     extra=["--resource-type", "model"])
    results = json.load(open(os.path.join(RESULTS, "target_ours_comparison", "run_results.json")))["results"]
    nodes = {r["unique_id"].split(".")[2]: round(r["execution_time"], 2) for r in results}
    with duckdb.connect(figure["db_path"], read_only=True) as con:
        # The resampling tests draw per (replicate, query): each pass reads every compared query once per
        # replicate, so their work is the queries times the replicates (docs/comparisons.md, "Cost").
        n_rows, n_queries = con.execute(
            "select count(*), max(n_queries) from main.search_run_comparison").fetchone()
    figure.update({"comparison_node_s": nodes.get("search_run_comparison"), "deltas_node_s": nodes.get("search_query_deltas"),
                   "comparison_rows": n_rows, "paired_queries": n_queries,
                   "bootstrap_rows": int(n_queries) * vars_.get("search_metrics_bootstrap_samples", 1000)})
    print(f"      best {figure['wall_s']:.2f} s wall; search_run_comparison node {figure['comparison_node_s']} s "
          f"({n_rows} rows, up to {n_queries} paired queries); search_query_deltas node {figure['deltas_node_s']} s",
          flush=True)
    return {"q": q, "figures": {"ours_comparison": figure}}


def click_vars(data_dir):
    return {
        "search_metrics_searches": f"read_parquet('{os.path.join(data_dir, 'searches.parquet')}')",
        "search_metrics_clicks": f"read_parquet('{os.path.join(data_dir, 'clicks.parquet')}')",
        "search_metrics_impressions": f"read_parquet('{os.path.join(data_dir, 'impressions.parquet')}')",
    }


def bench_clicks(s, repeat, memory_limit):
    data_dir = generate.generate_clicks(s)
    files = [os.path.join(data_dir, f) for f in ("searches.parquet", "clicks.parquet", "impressions.parquet")]
    warm_files(files)
    tag = f"s{s}"
    figures = {}
    vars_ = click_vars(data_dir)
    print(f"  [{tag}] ours_clicks ...", flush=True)
    figures["ours_clicks"] = run_dbt("ours_clicks", vars_, CLICK_MODELS, repeat, memory_limit, tag)
    # goal 4 is on the node time: the build's wall minus dbt_min's
    print(f"  [{tag}] dbt_min ...", flush=True)
    figures["dbt_min"] = run_dbt_min(vars_, "search_metrics_stg_searches", repeat, memory_limit, tag)
    print(f"  [{tag}] clicks_floor ...", flush=True)
    out_prefix = os.path.join(RESULTS, f"clicks_floor_{tag}")
    cmd = [PYTHON, CLICK_FLOOR_SQL] + files + [out_prefix, memory_limit, os.path.join(RESULTS, "duckdb_tmp")]
    log_path = out_prefix + ".log"
    runs = []
    for _ in range(repeat):
        load = load_average()
        run = measure(cmd, log_path=log_path)
        run["load"] = round(load, 2)
        runs.append(run)
    figures["clicks_floor"] = best_of(runs)
    for name, f in figures.items():
        print(f"      {name}: best {f['wall_s']:.2f} s wall, {f['cpu_s']:.2f} s CPU, peak {f['peak_mib']:.0f} MiB "
              f"(runs {f['runs_wall_s']})", flush=True)
    check = click_agreement(figures["ours_clicks"]["db_path"], out_prefix)
    counts = duckdb.sql(" union all ".join(
        f"select '{os.path.basename(p)}' as f, count(*) as n from read_parquet('{p}')" for p in files)).fetchall()
    return {"s": s, "rows": dict(counts), "figures": figures, "agreement": check}


def click_agreement(db_path, out_prefix):
    """The click floor's per-(day, type) figures against the package's tables."""
    con = duckdb.connect(db_path, read_only=True)
    checks = {}
    pairs = {
        "paulscore": ("search_paulscore_daily", ["search_date", "search_type", "factor"], ["paulscore"]),
        "engagement": ("search_click_metrics_daily", ["search_date", "search_type"],
                       ["clickthrough_rate", "abandonment_rate", "zero_result_rate", "mean_first_click_position"]),
        "auc": ("search_auc_daily", ["search_date", "search_type"], ["auc", "gauc", "gauc_weighted"]),
    }
    for name, (table, keys, values) in pairs.items():
        floor = f"{out_prefix}_{name}.parquet"
        if not os.path.exists(floor):
            continue
        on = " and ".join(f"a.{k} = b.{k}" for k in keys)
        diffs = ", ".join(f"max(abs(a.{v} - b.{v}))" for v in values)
        row = con.execute(f"""
            select (select count(*) from {table}), (select count(*) from '{floor}'), count(*), {diffs}
            from {table} as a inner join '{floor}' as b on {on}
        """).fetchone()
        ok = row[0] == row[1] == row[2] and all(d is not None and d <= TOLERANCE for d in row[3:])
        checks[name] = {"ok": ok, "rows": list(row[:3]), "max_abs_diff": dict(zip(values, row[3:]))}
    con.close()
    return checks


# ------------------------------------------------------------------------------------------ experiments bench

EXPERIMENTS_FLOOR = os.path.join(HERE, "contenders", "experiments_floor_contender.py")
EXPERIMENT_MODELS = ["+models/experiments"]
EXPERIMENT_CUPED_DAYS = 3
# The floor's p-values are normal approximations (and the intervals use 1.96), so the agreement is on the rest.
EXPERIMENT_CHECKS = {
    "buckets": ("search_experiment_buckets", ["experiment", "bucket", "search_type", "metric", "factor"],
                ["n_units", "numerator_sum", "denominator_sum", "mean", "variance", "standard_error"]),
    "results": ("search_experiment_results", ["experiment", "baseline", "candidate", "search_type", "metric", "factor"],
                ["n_baseline_units", "n_candidate_units", "baseline_mean", "candidate_mean",
                 "baseline_standard_error", "candidate_standard_error", "absolute_difference", "relative_difference",
                 "degrees_of_freedom", "t_statistic", "minimum_detectable_effect", "cuped_theta",
                 "cuped_baseline_mean", "cuped_candidate_mean", "cuped_absolute_difference",
                 "cuped_relative_difference", "variance_reduction"]),
    "sample_ratios": ("search_experiment_sample_ratios", ["experiment", "bucket"],
                      ["n_units", "expected_units", "chi_square", "degrees_of_freedom", "n_contaminated_units"]),
}


def experiment_vars(data_dir):
    return {
        "search_metrics_searches": f"read_parquet('{os.path.join(data_dir, 'searches.parquet')}')",
        "search_metrics_clicks": f"read_parquet('{os.path.join(data_dir, 'clicks.parquet')}')",
        "search_metrics_bucket_column": "bucket",
        "search_metrics_unit_column": "user_id",
        "search_metrics_enable_sessions": False,
        "search_metrics_experiments": {"cuped_days": EXPERIMENT_CUPED_DAYS},
    }


def bench_experiments(s, repeat, memory_limit):
    """The experiments family's models and their parents (dbt build --select +models/experiments, models only, one
    dbt thread so that nodes do not overlap) against the floor on S searches. Node time = the sum of the model
    nodes' execution times in run_results.json (dbt's start-up excluded)."""
    data_dir = generate.generate_experiments(s)
    files = [os.path.join(data_dir, f) for f in ("searches.parquet", "clicks.parquet")]
    warm_files(files)
    tag = f"s{s}"
    figures = {}
    print(f"  [{tag}] ours_experiments ...", flush=True)
    figure = run_dbt("ours_experiments", experiment_vars(data_dir), EXPERIMENT_MODELS, repeat, memory_limit, tag,
                     extra=["--resource-type", "model"], env_extra={"SEARCH_METRICS_BENCH_DBT_THREADS": "1"})
    figure["node_s"] = round(sum(figure["model_nodes"].values()), 2)
    figures["ours_experiments"] = figure
    # CPU beyond dbt_min's is the build's own CPU: a figure that a loaded machine inflates less than wall times
    print(f"  [{tag}] dbt_min ...", flush=True)
    figures["dbt_min"] = run_dbt_min(experiment_vars(data_dir), "search_metrics_stg_searches", repeat, memory_limit, tag)
    print(f"  [{tag}] experiments_floor ...", flush=True)
    out_prefix = os.path.join(RESULTS, f"experiments_floor_{tag}")
    cmd = [PYTHON, EXPERIMENTS_FLOOR] + files + [out_prefix, memory_limit, os.path.join(RESULTS, "duckdb_tmp"),
                                                 str(EXPERIMENT_CUPED_DAYS), "user_id"]
    log_path = out_prefix + ".log"
    runs = []
    for _ in range(repeat):
        load = load_average()
        run = measure(cmd, log_path=log_path)
        run["load"] = round(load, 2)
        run["statements"] = open(log_path).read().strip().splitlines()
        runs.append(run)
    figures["experiments_floor"] = best_of(runs)
    for name, f in figures.items():
        print(f"      {name}: best {f['wall_s']:.2f} s wall, {f['cpu_s']:.2f} s CPU, peak {f['peak_mib']:.0f} MiB "
              f"(runs {f['runs_wall_s']}, load before {f['load_before']})", flush=True)
    check = experiment_agreement(figure["db_path"], out_prefix)
    with duckdb.connect() as con:
        rows = con.execute(f"""
            select count(*), count(distinct user_id), count(*) filter (where bucket is null)
            from read_parquet('{files[0]}')
        """).fetchone()
        n_clicks = con.execute(f"select count(*) from read_parquet('{files[1]}')").fetchone()[0]
    return {"s": s, "rows": {"searches": rows[0], "users": rows[1], "pre_period_searches": rows[2], "clicks": n_clicks},
            "figures": figures, "agreement": check}


def experiment_agreement(db_path, out_prefix):
    """The floor's tables against the package's: same keys, every value within 1e-9 (relative above 1)."""
    con = duckdb.connect(db_path, read_only=True)
    checks = {}
    for name, (table, keys, values) in EXPERIMENT_CHECKS.items():
        floor = f"{out_prefix}_{name}.parquet"
        on = " and ".join(f"a.{k} is not distinct from b.{k}" for k in keys)
        diffs = ", ".join(f"max(abs(a.{v} - b.{v}) / greatest(1, abs(a.{v})))" for v in values)
        nulls = " + ".join(f"count(*) filter (where (a.{v} is null) <> (b.{v} is null))" for v in values)
        row = con.execute(f"""
            select (select count(*) from {table}), (select count(*) from '{floor}'), count(*), {nulls}, {diffs}
            from {table} as a inner join '{floor}' as b on {on}
        """).fetchone()
        worst = dict(zip(values, row[4:]))
        ok = row[0] == row[1] == row[2] and row[3] == 0 and all(d is None or d <= TOLERANCE for d in worst.values())
        checks[name] = {"ok": ok, "rows": list(row[:3]), "null_mismatches": row[3], "max_rel_diff": worst}
    con.close()
    return checks


# --------------------------------------------------------------------------------------------- trec_eval bench

TREC_EVAL_MODELS = ["+search_trec_eval"]
PYTREC_ALL = os.path.join(HERE, "contenders", "pytrec_all_contender.py")


def trec_eval_vars(data_dir):
    """The judged inputs, trec_eval's order (by score) and the trec_eval family at version 9 (pytrec_eval is
    trec_eval 9); the families that +search_trec_eval does not need are off."""
    return {
        "search_metrics_results": f"read_parquet('{os.path.join(data_dir, 'results.parquet')}')",
        "search_metrics_judgments": f"read_parquet('{os.path.join(data_dir, 'judgments.parquet')}')",
        "search_metrics_rank_from": "score",
        "search_metrics_enable_trec_eval": True,
        "search_metrics_trec_eval": {"version": 9},
        "search_metrics_enable_judgment_coverage": False,
        "search_metrics_enable_judge_validation": False,
        "search_metrics_enable_comparisons": False,
    }


def bench_trec_eval(q, repeat, memory_limit):
    """search_trec_eval (dbt build of +search_trec_eval with its data tests) against pytrec_eval evaluating every
    measure it supports, on the judged data of Q queries; then every (query, measure) of both compared."""
    data_dir = generate.generate_judged(q)
    files = [os.path.join(data_dir, f) for f in ("results.parquet", "judgments.parquet")]
    warm_files(files)
    tag = f"q{q}"
    figures = {}
    print(f"  [{tag}] ours_trec_eval ...", flush=True)
    figures["ours_trec_eval"] = run_dbt("ours_trec_eval", trec_eval_vars(data_dir), TREC_EVAL_MODELS, repeat,
                                        memory_limit, tag)
    ours_out = os.path.join(RESULTS, f"ours_trec_eval_{tag}.parquet")
    with duckdb.connect(figures["ours_trec_eval"]["db_path"], read_only=True) as con:
        runs_ = [r for r, in con.execute("select distinct run_id from search_trec_eval").fetchall()]
        con.execute(f"copy (select query_id, measure, value from search_trec_eval) to '{ours_out}' (format parquet)")
    print(f"  [{tag}] pytrec_all ...", flush=True)
    pytrec_out = os.path.join(RESULTS, f"pytrec_all_{tag}.parquet")
    log_path = os.path.join(RESULTS, f"pytrec_all_{tag}.log")
    runs = []
    for _ in range(repeat):
        load = load_average()
        run = measure([PYTHON, PYTREC_ALL] + files + [pytrec_out], log_path=log_path)
        run["load"] = round(load, 2)
        runs.append(run)
    figures["pytrec_all"] = best_of(runs)
    for name, f in figures.items():
        print(f"      {name}: best {f['wall_s']:.2f} s wall, {f['cpu_s']:.2f} s CPU, peak {f['peak_mib']:.0f} MiB "
              f"(runs {f['runs_wall_s']}, load before {f['load_before']})", flush=True)
    check = trec_eval_agreement(pytrec_out, ours_out)
    check["runs"] = runs_
    return {"q": q, "result_rows": q * 100, "judgment_rows": q * 30, "figures": figures, "agreement": check}


def trec_eval_agreement(pytrec_path, ours_path, show=20):
    """Every (query_id, measure) of pytrec_eval whose measure the table has, against the table's value: equal
    within 1e-9 relative (|delta| <= 1e-9 * max(1, |pytrec_eval's|)), no row missing on either side. pytrec_eval's
    per-query gm_map, gm_bpref (logs) and num_q are summary-only lines of trec_eval and of the table."""
    con = duckdb.connect()
    con.execute(f"create view p as select * from read_parquet('{pytrec_path}')")
    con.execute(f"create view o as select * from read_parquet('{ours_path}')")
    pytrec_measures = {m for m, in con.execute("select distinct measure from p").fetchall()}
    ours_measures = {m for m, in con.execute("select distinct measure from o").fetchall()}
    both = sorted(pytrec_measures & ours_measures)
    con.execute("create temp table both_measures (measure varchar)")
    con.executemany("insert into both_measures values (?)", [(m,) for m in both])
    con.execute("""
        create temp table pairs as
        select coalesce(p.query_id, o.query_id) as query_id, coalesce(p.measure, o.measure) as measure,
               p.value as pytrec, o.value as ours
        from (select * from p where measure in (select measure from both_measures)
                and (query_id = 'all' or not (starts_with(measure, 'gm_') or measure = 'num_q'))) as p
        full outer join (select * from o where measure in (select measure from both_measures)) as o
            on p.query_id = o.query_id and p.measure = o.measure
    """)
    compared, queries, max_rel = con.execute(f"""
        select count(*), count(distinct query_id) filter (where query_id <> 'all'),
               max(abs(pytrec - ours) / greatest(1, abs(pytrec)))
        from pairs
    """).fetchone()
    bad_where = (f"pytrec is null or ours is null or isnan(ours) or isnan(pytrec) "
                 f"or abs(pytrec - ours) > {TOLERANCE} * greatest(1, abs(pytrec))")
    n_bad = con.execute(f"select count(*) from pairs where {bad_where}").fetchone()[0]
    bad_measures = con.execute(f"""
        select measure, count(*) from pairs where {bad_where} group by measure order by measure
    """).fetchall()
    examples = con.execute(f"""
        select measure, query_id, pytrec, ours from pairs where {bad_where}
        order by measure, query_id limit {show}
    """).fetchall()
    con.close()
    return {"ok": n_bad == 0, "measures_compared": len(both), "queries_compared": queries, "values_compared": compared,
            "max_rel_diff": max_rel, "disagreements": n_bad, "disagreeing_measures": dict(bad_measures),
            "examples": [list(e) for e in examples],
            "pytrec_only_measures": sorted(pytrec_measures - ours_measures),
            "ours_only_measures": sorted(ours_measures - pytrec_measures)}


# ------------------------------------------------------------------------------------------------ reporting

def fmt(x, digits=2):
    return "-" if x is None else f"{x:.{digits}f}"


def report_judged(points):
    print("\n== Judged metrics: best wall time (s) / CPU (s) / peak memory (MiB) ==")
    names = [n for n in ALL_JUDGED if any(n in p["figures"] for p in points)]
    print(f"{'Q':>9} {'rows':>12} " + " ".join(f"{n:>24}" for n in names))
    for p in points:
        cells = []
        for n in names:
            f = p["figures"].get(n)
            cells.append(f"{fmt(f['wall_s']):>7} /{fmt(f['cpu_s']):>7} /{f['peak_mib']:>6.0f}" if f else f"{'-':>24}")
        print(f"{p['q']:>9} {p['result_rows']:>12,} " + " ".join(f"{c:>24}" for c in cells))
    for p in points:
        for n in ("ours_3", "ours_full"):
            f = p["figures"].get(n)
            if f and f.get("dbt_execution_s"):
                print(f"  Q={p['q']} {n}: dbt start-up {fmt(f['dbt_startup_s'])} s of {fmt(f['wall_s'])} s "
                      f"({100 * f['dbt_startup_s'] / f['wall_s']:.0f} %); node time models {f['model_node_s']} s, "
                      f"data tests {f['test_node_s']} s; slowest {f['slowest_nodes'][:4]}")

    print("\n== Agreement on ndcg_cut_10, map_cut_100, recip_rank (per query and mean, |delta| <= 1e-9) ==")
    for p in points:
        check = p["agreement"]
        if not check:
            continue
        for name, row in check["pairs"].items():
            parts = []
            for m, r in row.items():
                parts.append(f"{m} {'OK' if r['ok'] else 'MISMATCH'} (max {r['max_abs_diff_per_query']:.1e}, "
                             f"mean {r['mean']:.12f})")
            print(f"  Q={p['q']} {name} vs {check['reference']}: " + "; ".join(parts))

    print("\n== Ratios (wall time) ==")
    for p in points:
        fig = p["figures"]
        for ours in ("ours_3", "ours_full"):
            if ours not in fig:
                continue
            ratios = [f"{ours} / {other} = {fig[ours]['wall_s'] / fig[other]['wall_s']:.2f}"
                      for other in ("pytrec", "ranx", "floor") if other in fig]
            print(f"  Q={p['q']}: " + ", ".join(ratios))

    if len(points) > 1:
        print("\n== Cost curve (wall s; x = time ratio to the previous size, rows grow 10x) ==")
        for n in names:
            row, prev = [], None
            for p in points:
                f = p["figures"].get(n)
                if not f:
                    row.append(f"Q={p['q']}: -")
                    prev = None
                    continue
                row.append(f"Q={p['q']}: {f['wall_s']:.2f}" + (f" (x{f['wall_s'] / prev:.1f})" if prev else ""))
                prev = f["wall_s"]
            print(f"  {n:>10}: " + ", ".join(row))


def node_time(fig, name):
    """The package's own cost: the wall of its `dbt build` minus the wall of dbt_min (a build of one view that reads
    no row) in the same run; None without dbt_min."""
    if name not in fig or "dbt_min" not in fig:
        return None
    return fig[name]["wall_s"] - fig["dbt_min"]["wall_s"]


def verdict(value, goal, unit="x"):
    return f"{value:.2f} {unit} (goal <= {goal} {unit}) -> {'MET' if value <= goal else 'MISSED'}"


def report_goals(points):
    """The goals as restated on node time (ours - dbt_min in the same run), at Q = 100k unless stated."""
    by_q = {p["q"]: p for p in points}
    print("\n== Goals (node time = wall of the dbt build - wall of dbt_min, same run) ==")
    p = by_q.get(100000)
    if p:
        fig = p["figures"]
        if "dbt_min" in fig:
            print(f"  dbt_min (the fixed cost of any dbt build here): {fig['dbt_min']['wall_s']:.2f} s")
        full, three = node_time(fig, "ours_full"), node_time(fig, "ours_3")
        if full is not None and "pytrec" in fig:
            print(f"  1. full default set, node time {full:.2f} s / pytrec_eval's whole run "
                  f"{fig['pytrec']['wall_s']:.2f} s: {verdict(full / fig['pytrec']['wall_s'], 0.5)}")
        if three is not None and "floor" in fig:
            print(f"  2. three metrics, node time {three:.2f} s / the floor {fig['floor']['wall_s']:.2f} s: "
                  f"{verdict(three / fig['floor']['wall_s'], 2.0)}")
        if "pytrec" in fig:
            for ours in ("ours_3", "ours_full"):
                if ours in fig:
                    r = fig[ours]["peak_mib"] / fig["pytrec"]["peak_mib"]
                    print(f"  peak memory {ours} / pytrec_eval's: {verdict(r, 0.3) if ours == 'ours_full' else f'{r:.2f} x'}")
    if 100000 in by_q and 1000000 in by_q:
        for ours in ("ours_3", "ours_full"):
            a, b = by_q[100000]["figures"], by_q[1000000]["figures"]
            if ours in a and ours in b and "dbt_min" in a:
                # dbt_min is not run at 1M: its cost does not depend on the data, so the 100k figure is used
                grow = (b[ours]["wall_s"] - a["dbt_min"]["wall_s"]) / node_time(a, ours)
                print(f"  5. {ours}, node time 10M -> 100M rows: {verdict(grow, 10)}")
    p = by_q.get(1000000)
    if p:
        done = [n for n in ("ours_3", "ours_full") if n in p["figures"]]
        parts = [f"{n} in {p['figures'][n]['wall_s']:.0f} s, peak {p['figures'][n]['peak_mib']:.0f} MiB" for n in done]
        print(f"  Q = 1M (100M rows) completes: {', '.join(parts) or 'not run'}")


def report_clicks(points):
    print("\n== Click models: best wall time (s) / CPU (s) / peak memory (MiB) ==")
    for p in points:
        rows = ", ".join(f"{k} {v:,}" for k, v in p["rows"].items())
        cells = "; ".join(f"{n} {f['wall_s']:.2f} / {f['cpu_s']:.2f} / {f['peak_mib']:.0f}"
                          for n, f in p["figures"].items())
        print(f"  S={p['s']:,} ({rows}): {cells}")
        f = p["figures"]["ours_clicks"]
        print(f"    ours / floor = {f['wall_s'] / p['figures']['clicks_floor']['wall_s']:.2f}; dbt start-up "
              f"{fmt(f['dbt_startup_s'])} s; node time models {f['model_node_s']} s, data tests {f['test_node_s']} s; "
              f"slowest {f['slowest_nodes'][:4]}")
        for name, c in p["agreement"].items():
            print(f"    agreement {name}: {'OK' if c['ok'] else 'MISMATCH'} rows {c['rows']} max |delta| {c['max_abs_diff']}")
        node = f["wall_s"] - p["figures"]["dbt_min"]["wall_s"]
        floor = p["figures"]["clicks_floor"]["wall_s"]
        goal = verdict(node / floor, 1.0) if p["s"] == 10_000_000 else "(goal 4 is at S = 10M)"
        print(f"    4. node time {node:.2f} s (dbt_min {p['figures']['dbt_min']['wall_s']:.2f} s) / the floor "
              f"{floor:.2f} s: {goal}")
    if len(points) > 1:
        for a, b in zip(points, points[1:]):
            for n in ("ours_clicks", "clicks_floor"):
                print(f"  cost {n}: S={a['s']:,} -> S={b['s']:,}: x{b['figures'][n]['wall_s'] / a['figures'][n]['wall_s']:.1f}")


def report_comparisons(points):
    """Goals 3 and 5 for the comparisons: search_run_comparison's node time (dbt's own figure for the node, so no
    dbt_min is needed) at 10k queries, and its growth from 10k to 100k, also per bootstrap row."""
    print("\n== Comparisons: search_run_comparison's node time, one pair, default metrics ==")
    by_q = {p["q"]: p["figures"]["ours_comparison"] for p in points}
    for q, f in sorted(by_q.items()):
        print(f"  Q={q:,}: {f['comparison_node_s']} s; {f['bootstrap_rows']:,} bootstrap rows (queries x samples)")
    if 10000 in by_q:
        print(f"  3. Q=10k: {verdict(by_q[10000]['comparison_node_s'], 15, 's')}")
    if 10000 in by_q and 100000 in by_q:
        a, b = by_q[10000], by_q[100000]
        grow, rows = b["comparison_node_s"] / a["comparison_node_s"], b["bootstrap_rows"] / a["bootstrap_rows"]
        print(f"  5. node time 10k -> 100k queries: {verdict(grow, 11)}; the bootstrap rows grow {rows:.1f} x, "
              f"the node time per row {grow / rows:.2f} x")


def report_experiments(points):
    """The experiments goals: node time <= 1.5 x the floor's wall, and node time growth 1M -> 10M searches <= 11 x."""
    print("\n== Experiments: dbt build --select +models/experiments (models, one dbt thread) against the floor ==")
    for p in points:
        f, floor = p["figures"]["ours_experiments"], p["figures"]["experiments_floor"]
        rows = ", ".join(f"{k} {v:,}" for k, v in p["rows"].items())
        print(f"  S={p['s']:,} ({rows})")
        print(f"    ours: wall {f['wall_s']:.2f} s, CPU {f['cpu_s']:.2f} s, peak {f['peak_mib']:.0f} MiB; dbt start-up "
              f"{fmt(f['dbt_startup_s'])} s; node time {f['node_s']:.2f} s; nodes {list(f['model_nodes'].items())[:6]}")
        print(f"    floor: wall {floor['wall_s']:.2f} s, CPU {floor['cpu_s']:.2f} s, peak {floor['peak_mib']:.0f} MiB; "
              f"{'; '.join(floor.get('statements', []))}")
        print(f"    node time / floor: {verdict(f['node_s'] / floor['wall_s'], 1.5)}")
        own_cpu = f["cpu_s"] - p["figures"]["dbt_min"]["cpu_s"]
        print(f"    CPU beyond dbt_min's ({p['figures']['dbt_min']['cpu_s']:.2f} s): {own_cpu:.2f} s / the floor's "
              f"{floor['cpu_s']:.2f} s = {own_cpu / floor['cpu_s']:.2f} x")
        for name, c in p["agreement"].items():
            print(f"    agreement {name}: {'OK' if c['ok'] else 'MISMATCH'} rows {c['rows']}, null mismatches "
                  f"{c['null_mismatches']}, max relative |delta| {max((d for d in c['max_rel_diff'].values() if d is not None), default=0):.1e}")
    by_s = {p["s"]: p["figures"] for p in points}
    for a, b in zip(sorted(by_s), sorted(by_s)[1:]):
        grow = by_s[b]["ours_experiments"]["node_s"] / by_s[a]["ours_experiments"]["node_s"]
        floor_grow = by_s[b]["experiments_floor"]["wall_s"] / by_s[a]["experiments_floor"]["wall_s"]
        print(f"  node time S={a:,} -> S={b:,}: {verdict(grow, 11)}; the floor x{floor_grow:.1f}")
        nodes_a, nodes_b = by_s[a]["ours_experiments"]["model_nodes"], by_s[b]["ours_experiments"]["model_nodes"]
        print("    per model: " + ", ".join(f"{n} {nodes_a[n]:.2f} -> {t:.2f} s (x{t / nodes_a[n]:.1f})"
                                          for n, t in nodes_b.items() if n in nodes_a and nodes_a[n] > 0)[:2000])


def report_trec_eval(points):
    print("\n== The trec_eval table: search_trec_eval (dbt build of +search_trec_eval, every data test) against "
          "pytrec_eval (every supported measure, trec_eval 9) ==")
    for p in points:
        f, py = p["figures"]["ours_trec_eval"], p["figures"]["pytrec_all"]
        print(f"  Q={p['q']:,} ({p['result_rows']:,} result rows, {p['judgment_rows']:,} judgments)")
        print(f"    ours: wall {f['wall_s']:.2f} s, CPU {f['cpu_s']:.2f} s, peak {f['peak_mib']:.0f} MiB; dbt start-up "
              f"{fmt(f['dbt_startup_s'])} s; node time models {f['model_node_s']} s, data tests {f['test_node_s']} s; "
              f"slowest {f['slowest_nodes'][:4]}")
        print(f"    pytrec_eval: wall {py['wall_s']:.2f} s, CPU {py['cpu_s']:.2f} s, peak {py['peak_mib']:.0f} MiB")
        print(f"    ours / pytrec_eval: wall {f['wall_s'] / py['wall_s']:.2f} x, peak memory "
              f"{f['peak_mib'] / py['peak_mib']:.2f} x")
        if f.get("dbt_startup_s") is not None:
            node = f["wall_s"] - f["dbt_startup_s"]
            print(f"    node time (wall - dbt start-up) {node:.2f} s / pytrec_eval's wall: {verdict(node / py['wall_s'], 1.0)}")
        c = p["agreement"]
        print(f"    agreement: {'OK' if c['ok'] else 'MISMATCH'}: {c['measures_compared']} measures, "
              f"{c['queries_compared']:,} queries (+ 'all'), {c['values_compared']:,} values compared; max relative "
              f"|delta| {c['max_rel_diff'] or 0:.1e}; {c['disagreements']} disagreements")
        print(f"    measures pytrec_eval only: {c['pytrec_only_measures']}; the table only: {c['ours_only_measures']}")
        for m, n in c["disagreeing_measures"].items():
            print(f"    MISMATCH {m}: {n} (query, measure) values")
        for m, qid, a, b in c["examples"]:
            print(f"      {m} query {qid}: pytrec_eval {a!r}, ours {b!r}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--q", type=int, action="append", help="queries (x 100 result rows); repeat for a curve")
    parser.add_argument("--clicks", type=int, action="append", help="searches for the click benchmark")
    parser.add_argument("--comparisons", type=int, action="append",
                        help="queries of the comparison benchmark (two runs, one pair, default metrics)")
    parser.add_argument("--experiments", type=int, action="append",
                        help="searches of the experiments benchmark (two buckets by user, a pre-period, CUPED on)")
    parser.add_argument("--trec-eval", type=int, action="append",
                        help="queries of the trec_eval table's benchmark (search_trec_eval against pytrec_eval, "
                             "every supported measure)")
    parser.add_argument("--contenders", default=",".join(ALL_JUDGED),
                        help="comma-separated subset of " + ",".join(ALL_JUDGED))
    parser.add_argument("--big-contenders", default="ours_3,ours_full,floor",
                        help="contenders for Q > 100000 (pytrec_eval and ranx need about 10x their Q=100k memory)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--memory-limit", default=os.environ.get("BENCH_MEMORY_LIMIT", "8GB"),
                        help="DuckDB memory_limit for ours and the floor (spills to bench/results/duckdb_tmp)")
    parser.add_argument("--name", default="latest", help="writes bench/results/<name>.json")
    args = parser.parse_args(argv)
    if not args.q and not args.clicks and not args.comparisons and not args.experiments and not args.trec_eval:
        args.q = [10000]
    os.makedirs(RESULTS, exist_ok=True)
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()}; DuckDB memory_limit {args.memory_limit}")
    out = {"started": time.strftime("%Y-%m-%d %H:%M:%S"), "cores": os.cpu_count(), "memory_limit": args.memory_limit,
           "judged": [], "clicks": [], "comparisons": [], "experiments": [], "trec_eval": []}
    for q in sorted(args.q or []):
        contenders = (args.contenders if q <= 100000 else args.big_contenders).split(",")
        contenders = [c for c in ALL_JUDGED if c in contenders and (q <= 100000 or c in args.big_contenders.split(","))]
        out["judged"].append(bench_judged(q, contenders, args.repeat, args.memory_limit))
        json.dump(out, open(os.path.join(RESULTS, f"{args.name}.json"), "w"), indent=1, default=str)
    for s in sorted(args.clicks or []):
        out["clicks"].append(bench_clicks(s, args.repeat, args.memory_limit))
        json.dump(out, open(os.path.join(RESULTS, f"{args.name}.json"), "w"), indent=1, default=str)
    for q in sorted(args.comparisons or []):
        out["comparisons"].append(bench_comparisons(q, args.repeat, args.memory_limit))
        json.dump(out, open(os.path.join(RESULTS, f"{args.name}.json"), "w"), indent=1, default=str)
    for s in sorted(args.experiments or []):
        out["experiments"].append(bench_experiments(s, args.repeat, args.memory_limit))
        json.dump(out, open(os.path.join(RESULTS, f"{args.name}.json"), "w"), indent=1, default=str)
    for q in sorted(args.trec_eval or []):
        out["trec_eval"].append(bench_trec_eval(q, args.repeat, args.memory_limit))
        json.dump(out, open(os.path.join(RESULTS, f"{args.name}.json"), "w"), indent=1, default=str)
    if out["judged"]:
        report_judged(out["judged"])
        report_goals(out["judged"])
    if out["clicks"]:
        report_clicks(out["clicks"])
    if out["comparisons"]:
        report_comparisons(out["comparisons"])
    if out["experiments"]:
        report_experiments(out["experiments"])
    if out["trec_eval"]:
        report_trec_eval(out["trec_eval"])
    failed = [p["q"] for p in out["judged"] if p["agreement"]
              and not all(r["ok"] for row in p["agreement"]["pairs"].values() for r in row.values())]
    failed += [p["s"] for p in out["clicks"] + out["experiments"] if not all(c["ok"] for c in p["agreement"].values())]
    failed += [p["q"] for p in out["trec_eval"] if not p["agreement"]["ok"]]
    if failed:
        print(f"\nDISAGREEMENT at sizes {failed}: see above")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
