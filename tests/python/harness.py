"""Run the package's compiled SQL on many datasets without paying dbt's start-up per dataset.

dbt compiles the project once per set of vars (in-process, through dbtRunner); the harness then loads each
generated dataset into DuckDB tables that the input vars point at and executes the compiled models in
dependency order, exactly the SQL dbt would run. Each table model's SQL is a view that DuckDB parses once per
run, and the harness's connection plans without DuckDB's optimizer (tests/README.md says why that is safe). Full
`dbt build` runs (data tests, the consumer project) go through `DbtRunner.invoke`.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import shutil
import tempfile
import time
from pathlib import Path

import duckdb

REPO_ROOT = Path(__file__).resolve().parents[2]
PROFILES_DIR = REPO_ROOT / "profiles"
INPUT_SCHEMA = "harness_input"
MODEL_SQL_SCHEMA = "harness_model_sql"
# The warning-level data tests that a demo build (the example seeds) trips on purpose: the example click logs have
# two clicks and an impression of a search_id that is not in the searches (counted and ignored, not an error), and
# the example's experiment 3 splits its users 70/30 against equal expected shares (a sample ratio mismatch).
DEMO_WARNINGS = frozenset({"search_metrics_clicks__search_id_should_be_a_known_search",
                           "search_metrics_impressions__search_id_should_be_a_known_search",
                           "search_metrics_experiments__sample_ratio_must_match_expected_shares"})

# dbt's flag that skips writing the JSON artifacts; every invocation of the suite passes it unless it reads them.
# On this machine it takes about a fifth off a compile with new vars, more off a build (bench/README.md).
NO_WRITE_JSON = "--no-write-json"
# What a compile of the models selects: the models alone. By default (`--indirect-selection eager`) dbt also compiles
# every data test on a selected model, some 150 here, about a third of the compile (bench/README.md); the suite
# reads only the models' SQL from it.
MODELS_ONLY = ["--select", "resource_type:model", "--indirect-selection", "empty"]

# The harness runs each model's full build on the data it loads: an incremental model compiled after the harness
# wrote its table in this DuckDB file would otherwise compile its incremental branch, which reads that table.
FULL_BUILD = "--full-refresh"

RESULTS_COLUMNS = [("run_id", "varchar"), ("query_id", "varchar"), ("doc_id", "varchar"),
                   ("rank", "integer"), ("score", "double")]
JUDGMENTS_COLUMNS = [("query_id", "varchar"), ("doc_id", "varchar"), ("rater_id", "varchar"),
                     ("grade", "double"), ("scale", "varchar")]


class DbtFailed(RuntimeError):
    pass


class ModelFailed(RuntimeError):
    """A compiled model's SQL failed on the harness's DuckDB (the message names the model)."""


class DbtProject:
    """One temporary DuckDB file and dbt target paths for a test session."""

    def __init__(self, workdir: Path):
        self.workdir = Path(workdir)
        self.db_path = self.workdir / "harness.duckdb"
        os.environ["SEARCH_METRICS_DUCKDB_PATH"] = str(self.db_path)
        os.environ["DBT_SEND_ANONYMOUS_USAGE_STATS"] = "false"
        self._compiled: dict[str, list[dict]] = {}
        self._n_targets = 0

    # -- dbt invocations -------------------------------------------------------------------------
    def invoke(self, args: list[str], project_dir: Path | None = None, target_name: str = "build",
               profiles_dir: Path | None = None, callbacks: list | None = None, write_json: bool = False):
        """Run one dbt command in this process; returns dbtRunnerResult. `callbacks` receive dbt's events.

        The JSON artifacts (manifest.json, run_results.json, semantic_manifest.json) are written only with
        write_json: writing them is a large part of an invocation (NO_WRITE_JSON), and the result object holds the
        nodes, their compiled SQL and their statuses."""
        project_dir = Path(project_dir or REPO_ROOT)
        full_args = list(args) + ["--project-dir", str(project_dir),
                                  "--profiles-dir", str(profiles_dir or PROFILES_DIR)]
        if args[0] != "deps":  # deps takes no target or log path
            full_args += ["--target-path", str(self.workdir / f"target_{target_name}"),
                          "--log-path", str(self.workdir / "logs")]
            if not write_json:
                full_args.append(NO_WRITE_JSON)
        return invoke_dbt(full_args, callbacks)

    def compile(self, extra_vars: dict | None = None) -> list[dict]:
        """Compile the models with the input vars pointing at the harness tables; cached per vars."""
        dbt_vars = {
            "search_metrics_results": f"{INPUT_SCHEMA}.results",
            "search_metrics_judgments": f"{INPUT_SCHEMA}.judgments",
        }
        dbt_vars.update(extra_vars or {})
        key = json.dumps(dbt_vars, sort_keys=True)
        if key not in self._compiled:
            self._n_targets += 1
            target = f"compile_{self._n_targets}"
            result = self.invoke(["compile", "--vars", json.dumps(dbt_vars), *MODELS_ONLY, FULL_BUILD],
                                 target_name=target)
            if not result.success:
                raise DbtFailed(f"dbt compile failed: {result.exception}")
            self._compiled[key] = compiled_models(result)
        return self._compiled[key]

    # -- running compiled SQL on data ------------------------------------------------------------
    def run(self, results: list[dict], judgments: list[dict], extra_vars: dict | None = None,
            outputs=("search_query_metrics", "search_run_metrics")) -> dict[str, list[dict]]:
        """Load a judged dataset, run every compiled model on it, and return the requested output tables."""
        tables = {"results": (RESULTS_COLUMNS, results), "judgments": (JUDGMENTS_COLUMNS, judgments)}
        return self.run_tables(tables, extra_vars, outputs)

    def run_tables(self, tables: dict[str, tuple[list[tuple[str, str]], list[dict]]],
                   extra_vars: dict | None = None, outputs=("search_query_metrics",)) -> dict[str, list[dict]]:
        """Load `tables` ({name: (columns, rows)}) into the harness schema, run every compiled model on them
        (the vars in extra_vars must point the package's inputs at f"{INPUT_SCHEMA}.<name>"), and return
        the requested output tables."""
        return self.run_models(self.compile(extra_vars), tables, outputs)

    def run_models(self, compiled: list[dict], tables: dict[str, tuple[list[tuple[str, str]], list[dict]]],
                   outputs=("search_query_metrics",)) -> dict[str, list[dict]]:
        """run_tables with the compiled models given (a list of compile()'s form) instead of compiled here. A model
        whose SQL fails raises ModelFailed naming it."""
        models = _needed_models(compiled, outputs)
        with duckdb.connect(str(self.db_path)) as con:
            if not os.environ.get("SEARCH_METRICS_HARNESS_OPTIMIZER"):
                con.execute("pragma disable_optimizer")
            for name, (columns, rows) in tables.items():
                load_table(con, f"{INPUT_SCHEMA}.{name}", columns, rows)
            input_types = json.dumps(sorted((name, columns) for name, (columns, _) in tables.items()))
            kept = {name for (name,) in con.execute(
                f"select view_name from duckdb_views() where schema_name = '{MODEL_SQL_SCHEMA}'").fetchall()}
            digests: dict[str, str] = {}  # model name -> digest of its SQL, its parents' digests and the input types
            for model in models:
                parents = [digests[parent] for parent in model["parents"]]
                digests[model["name"]] = hashlib.sha256(
                    json.dumps([input_types, model["sql"], parents]).encode()).hexdigest()[:16]
                try:
                    if model["materialized"] == "view":
                        _create_or_replace(con, "view", model["relation"], model["sql"])
                    else:
                        view = _model_sql_view(con, f"{model['name']}__{digests[model['name']]}", model["sql"], kept)
                        _create_or_replace(con, "table", model["relation"], f"select * from {view}")
                except duckdb.Error as error:
                    raise ModelFailed(f"model {model['name']} failed: {error}") from error
            by_name = {model["name"]: model["relation"] for model in models}
            return {name: fetch_dicts(con, f"select * from {by_name[name]}") for name in outputs}


def _create_or_replace(con, kind: str, relation: str, select: str) -> None:
    """`create or replace <kind> <relation> as <select>`, dropping first an object of the other kind of that name
    (a model that is a view with some vars and a table with others, as the spine is with and without fused runs):
    DuckDB replaces a table with a table and a view with a view only."""
    try:
        con.execute(f"create or replace {kind} {relation} as {select}")
    except duckdb.CatalogException as error:
        if "trying to replace with type" not in str(error):
            raise
        con.execute(f"drop {'table' if kind == 'view' else 'view'} {relation}")
        con.execute(f"create {kind} {relation} as {select}")


# dbt parses the whole project again whenever the vars, the profile or the target differ from those of the parse
# saved in the target path (partial_parse.msgpack); with the same ones it reads the saved manifest and re-parses
# only changed files (a parse: about 2 s of CPU -> 0.2-0.5 s; a compile of the models 2.8 -> 1.0 s). The suite uses
# many target paths, and often the same vars in several of them (a compile, then a parse or a compile of the data
# tests with the same vars) or one after the other in one (a build with other vars in between): each invocation is
# given the last partial_parse.msgpack written with the same project, profile, target, vars and SEARCH_METRICS_*
# environment (the profile reads it). dbt itself still checks the file (vars, profile, target, every file's hash,
# its own version) and parses everything again if anything differs. A saved parse of other vars is removed from the
# target path first (_VARS_OF_SAVED_PARSE): dbt would read and decode it (about 0.4 s) only to find the vars changed.
_PARTIAL_PARSES: dict[str, Path] = {}
_VARS_OF_SAVED_PARSE: dict[str, str | None] = {}  # partial_parse.msgpack path -> the --vars of the parse it holds


def invoke_dbt(full_args: list[str], callbacks: list | None = None):
    """dbtRunner(callbacks).invoke(full_args), with the partial parse of an earlier invocation with the same
    project, profile, target and vars put in its target path first (_PARTIAL_PARSES), and its own kept after.
    Fails on any deprecation dbt reported during the invocation (_fail_on_deprecations)."""
    result = _invoke_dbt(full_args, callbacks)
    _fail_on_deprecations(full_args)
    return result


def _fail_on_deprecations(full_args: list[str]) -> None:
    """Raises when dbt counted a deprecation (duplicate YAML keys, a deprecated config or flag, ...) in the
    invocation that just ran: the package must parse without any, as `dbt parse --show-all-deprecations` shows it.
    dbt keeps the count per process (dbt.deprecations.active_deprecations) and shows each kind once per process
    unless asked; it is cleared here so that the next invocation is judged on its own."""
    from dbt import deprecations

    found = dict(deprecations.active_deprecations)
    deprecations.reset_deprecations()
    if found:
        raise AssertionError(f"dbt reported deprecations {found} in `dbt {' '.join(full_args[:1])}`; "
                             "`dbt parse --show-all-deprecations` lists them")


def _invoke_dbt(full_args: list[str], callbacks: list | None):
    from dbt.cli.main import dbtRunner

    def option(name):
        return _option(full_args, name)

    target_path = option("--target-path")
    if target_path is None or "--no-partial-parse" in full_args:
        return dbtRunner(callbacks=callbacks or []).invoke(full_args)
    msgpack = Path(target_path) / "partial_parse.msgpack"
    environment = sorted((name, value) for name, value in os.environ.items() if name.startswith("SEARCH_METRICS_"))
    key = hashlib.sha256(json.dumps([option("--project-dir"), option("--profiles-dir"), option("--target"),
                                     option("--vars"), environment]).encode()).hexdigest()
    saved = _PARTIAL_PARSES.get(key)
    if saved is not None and saved.exists():
        msgpack.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(saved, msgpack)
        _VARS_OF_SAVED_PARSE[str(msgpack)] = option("--vars")
    stale_parse_removed = (saved is None and msgpack.exists()
                           and _VARS_OF_SAVED_PARSE.get(str(msgpack), option("--vars")) != option("--vars"))
    if stale_parse_removed:
        msgpack.unlink()
    before = msgpack.stat().st_mtime_ns if msgpack.exists() else None
    started = time.process_time()
    result = dbtRunner(callbacks=callbacks or []).invoke(full_args)
    if os.environ.get("SEARCH_METRICS_DBT_LOG"):
        _log_invocation(full_args, key, saved is not None, stale_parse_removed, time.process_time() - started)
    if msgpack.exists() and (saved is None or msgpack.stat().st_mtime_ns != before):
        kept = msgpack.parent.parent / "partial_parses" / f"{key[:24]}.msgpack"
        kept.parent.mkdir(exist_ok=True)
        shutil.copyfile(msgpack, kept)
        _PARTIAL_PARSES[key] = kept
        _VARS_OF_SAVED_PARSE[str(msgpack)] = option("--vars")
    return result


def _option(full_args: list[str], name: str) -> str | None:
    """The value given to option `name` in a dbt command line, or None."""
    return full_args[full_args.index(name) + 1] if name in full_args else None


def _log_invocation(full_args: list[str], key: str, saved_parse: bool, stale_parse_removed: bool,
                    cpu_seconds: float) -> None:
    """One JSON line per dbt invocation in the file SEARCH_METRICS_DBT_LOG names (the suite's dbt work, by test)."""
    def option(name):
        return _option(full_args, name)

    line = {"test": os.environ.get("PYTEST_CURRENT_TEST", "").split(" ")[0], "command": full_args[0],
            "select": option("--select"), "project": option("--project-dir"), "vars": option("--vars"),
            "target_path": option("--target-path"), "key": key[:12], "saved_parse": saved_parse,
            "stale_parse_removed": stale_parse_removed, "cpu": round(cpu_seconds, 3), "pid": os.getpid()}
    with open(os.environ["SEARCH_METRICS_DBT_LOG"], "a") as log:
        log.write(json.dumps(line) + "\n")


def _model_sql_view(con, name: str, sql: str, kept: set[str]) -> str:
    """A view in MODEL_SQL_SCHEMA whose query is a model's compiled SQL, created on first use and kept in the
    harness's DuckDB file (`kept`: the ones there), so that DuckDB parses each compiled SQL once. `name` carries a
    digest of the SQL, of its parent models' digests and of the input tables' columns and types: a DuckDB view keeps
    the column types it was created with, so the same relation names under other vars, or over inputs of other
    types, get views of their own."""
    if name not in kept:
        con.execute(f"create schema if not exists {MODEL_SQL_SCHEMA}")
        con.execute(f"create view {MODEL_SQL_SCHEMA}.{name} as {sql}")
        kept.add(name)
    return f"{MODEL_SQL_SCHEMA}.{name}"


def compiled_models(result) -> list[dict]:
    """The package's compiled models of a `dbt compile --select resource_type:model` result, in dependency order
    (read from the result's nodes, so the compile need not write manifest.json)."""
    return _models_in_dependency_order({"nodes": {r.node.unique_id: r.node.to_dict() for r in result.result.results}})


def _models_in_dependency_order(manifest: dict) -> list[dict]:
    nodes = {uid: node for uid, node in manifest["nodes"].items()
             if node["resource_type"] == "model" and node["package_name"] == "search_metrics"}
    ordered: list[str] = []

    def visit(uid: str) -> None:
        if uid in ordered or uid not in nodes:
            return
        for parent in nodes[uid]["depends_on"]["nodes"]:
            visit(parent)
        ordered.append(uid)

    for uid in sorted(nodes):
        visit(uid)
    return [{"name": nodes[uid]["name"], "relation": nodes[uid]["relation_name"],
             "materialized": nodes[uid]["config"]["materialized"], "sql": nodes[uid]["compiled_code"],
             "parents": [nodes[parent]["name"] for parent in nodes[uid]["depends_on"]["nodes"] if parent in nodes]}
            for uid in ordered]


def _needed_models(models: list[dict], outputs) -> list[dict]:
    """The models the requested outputs are built from (themselves and their ancestors), in dependency order:
    a test of one model family does not pay for the others (e.g. the resampling in models/comparisons)."""
    by_name = {model["name"]: model for model in models}
    needed: set[str] = set()
    stack = [name for name in outputs if name in by_name]
    while stack:
        name = stack.pop()
        if name not in needed:
            needed.add(name)
            stack.extend(by_name[name]["parents"])
    return [model for model in models if model["name"] in needed]


def load_table(con, name: str, columns: list[tuple[str, str]], rows: list[dict]) -> None:
    schema = name.split(".")[0]
    con.execute(f"create schema if not exists {schema}")
    column_sql = ", ".join(f'"{col}" {typ}' for col, typ in columns)
    con.execute(f"create or replace table {name} ({column_sql})")
    if rows:
        # one list per column, zipped back into rows by unnest in a single statement: DuckDB casts each value to
        # the column's type as a row-by-row insert would, about a hundred times faster than executemany
        # (12,000 rows: 11.5 s -> 0.1 s)
        unnested = ", ".join(f"unnest(${i})" for i in range(1, len(columns) + 1))
        con.execute(f"insert into {name} select {unnested}", [[row.get(col) for row in rows] for col, _ in columns])


def write_duckdb_profile(profiles_dir: Path, db: Path) -> Path:
    """A profiles.yml in `profiles_dir` whose search_metrics profile writes to the DuckDB file `db` (for the tests
    that run `dbt build` into a file of their own); returns profiles_dir, to pass as --profiles-dir."""
    profiles_dir.mkdir(parents=True, exist_ok=True)
    (profiles_dir / "profiles.yml").write_text(
        "search_metrics:\n  target: duckdb\n  outputs:\n"
        f"    duckdb: {{type: duckdb, path: \"{db}\", threads: 2}}\n")
    return profiles_dir


def fetch_dicts(con, sql: str) -> list[dict]:
    cursor = con.execute(sql)
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row)) for row in cursor.fetchall()]


def read_csv(path: Path) -> list[dict]:
    """Rows of one of the package's seed CSVs, typed like the input contract (empty = null)."""
    import csv

    numeric = {"rank": int, "score": float, "grade": float}
    with open(path, newline="") as f:
        return [{col: (None if val == "" else numeric.get(col, str)(val)) for col, val in row.items()}
                for row in csv.DictReader(f)]


def values_equal(a, b, tol: float = 1e-9) -> bool:
    """Nulls equal nulls; numbers equal within an absolute tolerance."""
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, float) and math.isnan(a):
        return False
    return abs(float(a) - float(b)) <= tol


def assert_rows_match(actual: list[dict], expected: list[dict], key: tuple[str, ...],
                      value_columns: tuple[str, ...], tol: float = 1e-9) -> None:
    """Same key set, and every value column equal (|delta| <= tol, nulls equal)."""
    actual_by_key = {tuple(row[c] for c in key): row for row in actual}
    expected_by_key = {tuple(row[c] for c in key): row for row in expected}
    assert len(actual_by_key) == len(actual), "duplicate keys in SQL output"
    missing = sorted(set(expected_by_key) - set(actual_by_key), key=str)[:5]
    extra = sorted(set(actual_by_key) - set(expected_by_key), key=str)[:5]
    assert not missing and not extra, f"row sets differ: missing {missing}, unexpected {extra}"
    mismatches = []
    for k, exp in expected_by_key.items():
        act = actual_by_key[k]
        for col in value_columns:
            if not values_equal(act[col], exp[col], tol):
                mismatches.append((k, col, act[col], exp[col]))
    assert not mismatches, f"{len(mismatches)} values differ, first: {mismatches[:5]}"


def new_workdir(prefix: str = "search_metrics_tests_") -> Path:
    return Path(tempfile.mkdtemp(prefix=prefix))


def remove_workdir(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)
