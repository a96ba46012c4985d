"""The engine layer of the parity and portability tests: DuckDB, PostgreSQL and Apache Spark behind one interface.

Each engine compiles the project for its own dbt target (in-process, dbtRunner, one target path per engine and set
of vars, so dbt's parse cache survives), loads generated input tables, executes the compiled SQL of every model
in dependency order -- exactly the SQL dbt would run -- and fetches every model's rows. Full dbt commands (seeds,
data tests, incremental runs) go through `Engine.dbt`.

- DuckDB: a file per set of vars under the session's temp dir.
- PostgreSQL: a throwaway server from tests/python/postgres_server.py, started once per test session.
- Spark: pyspark in this process (dbt-spark `method: session`); the SparkSession is created once with the
  profile's server_side_parameters and reused by every dbt call; warehouse, metastore and derby.log stay under
  the session's temp dir (SEARCH_METRICS_SPARK_DIR).

Nothing here touches the shared target/ directory or the harness's DuckDB file, and environment variables that
the profile reads are set only for the duration of each dbt call.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import json
import math
import os
import re
import shutil
import tempfile
import time
from decimal import Decimal
from pathlib import Path

import pytest

from harness import MODELS_ONLY, NO_WRITE_JSON, PROFILES_DIR, REPO_ROOT, compiled_models, invoke_dbt


INPUT_SCHEMA = "harness_input"
ENGINE_NAMES = ("duckdb", "postgres", "spark")

# Logical column types of generated inputs, per engine.
TYPES = {
    "duckdb": {"string": "varchar", "int": "integer", "double": "double", "timestamp": "timestamp"},
    "postgres": {"string": "text", "int": "integer", "double": "double precision", "timestamp": "timestamp"},
    "spark": {"string": "string", "int": "int", "double": "double", "timestamp": "timestamp"},
}


class DbtFailed(RuntimeError):
    pass


@contextlib.contextmanager
def env_set(values: dict[str, str]):
    """Set environment variables for the duration of a block, then restore them."""
    saved = {key: os.environ.get(key) for key in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


class Engine:
    """One dbt target and a direct connection to the same database."""

    name: str = ""

    def __init__(self, workdir: Path):
        self.workdir = Path(workdir)
        self.workdir.mkdir(parents=True, exist_ok=True)
        self._compiled: dict[str, list[dict]] = {}  # compile key -> compiled_models
        self.timings: dict[str, float] = {}
        # reuses_identical_models: fingerprint (SQL, upstream fingerprints, input rows) -> (schema, relation)
        self._built: dict[str, tuple[str, str]] = {}
        self.reused_models: list[tuple[str, str]] = []

    # -- dbt ---------------------------------------------------------------------------------------
    def profile_env(self, schema: str) -> dict[str, str]:
        """Environment variables that point this engine's dbt target at `schema`."""
        raise NotImplementedError

    def dbt(self, args: list[str], schema: str, target_path: str, dbt_vars: dict | None = None,
            project_dir: Path | None = None, profiles_dir: Path | None = None, write_json: bool = False):
        """Run one dbt command in this process against this engine, writing to `schema`; the JSON artifacts
        only with write_json (harness.DbtProject.invoke)."""
        full = list(args)
        if dbt_vars is not None:
            full += ["--vars", json.dumps(dbt_vars)]
        full += ["--project-dir", str(project_dir or REPO_ROOT), "--profiles-dir", str(profiles_dir or PROFILES_DIR),
                 "--target", self.name, "--target-path", str(self.workdir / f"target_{target_path}"),
                 "--log-path", str(self.workdir / "logs")]
        if not write_json:
            full.append(NO_WRITE_JSON)
        started = time.monotonic()
        with env_set({"DBT_SEND_ANONYMOUS_USAGE_STATS": "false", **self.profile_env(schema)}):
            result = invoke_dbt(full)
        self._time("dbt " + args[0], started)
        return result

    def compile(self, dbt_vars: dict, schema: str, over_built_models: bool = False) -> list[dict]:
        """Compiled models (name, relation, materialized, sql) in dependency order; one compile per vars.

        By default `schema` is emptied first, so incremental models compile their full build; with
        over_built_models the models already built in `schema` stay, and incremental ones compile their
        incremental branch."""
        key = json.dumps([dbt_vars, schema, over_built_models], sort_keys=True)
        if key not in self._compiled:
            target_path = f"compile_{len(self._compiled) + 1}"
            if not over_built_models:
                self.reset_schema(schema)
            result = self.dbt(["compile", *MODELS_ONLY], schema, target_path, dbt_vars)
            if not result.success:
                raise DbtFailed(f"dbt compile on {self.name} failed: {result.exception}")
            self._compiled[key] = compiled_models(result)
        return self._compiled[key]

    def parse(self, dbt_vars: dict, schema: str):
        """dbt's Manifest object (enabled and disabled nodes) for `dbt_vars`, from a `dbt parse`."""
        result = self.dbt(["parse"], schema, f"parse_{schema}", dbt_vars)
        if not result.success:
            raise DbtFailed(f"dbt parse on {self.name} failed: {result.exception}")
        return result.result

    # -- running compiled SQL ----------------------------------------------------------------------
    def run_models(self, dbt_vars: dict, schema: str, tables: dict) -> dict[str, "Table"]:
        """Load `tables` ({name: (columns, rows)}, columns as [(name, logical type)]) into INPUT_SCHEMA, build
        every compiled model in a fresh `schema`, and return every model's rows."""
        models = self.compile(dbt_vars, schema)
        self.use(schema)
        started = time.monotonic()
        for name, (columns, rows) in tables.items():
            self.load_table(name, columns, rows)
        self._time("load inputs", started)
        started = time.monotonic()
        self.reset_schema(schema)
        inputs = {f"{INPUT_SCHEMA}.{name}": hashlib.sha256(repr((columns, rows)).encode()).hexdigest()
                  for name, (columns, rows) in tables.items()}
        fingerprints: dict[str, str] = {}
        for model in models:
            fingerprint = _fingerprint(model, {**inputs, **fingerprints})
            fingerprints[model["relation"]] = fingerprint
            built = self._built.get(fingerprint) if self.reuses_identical_models else None
            if built and built[0] != schema:
                self.execute(f"create view {model['relation']} as select * from {built[1]}")
                self.reused_models.append((schema, model["name"]))
            else:
                self.create(model)
                self._built.setdefault(fingerprint, (schema, model["relation"]))
        self._time("build models", started)
        started = time.monotonic()
        out = {model["name"]: self.fetch(model["relation"]) for model in models}
        self._time("fetch models", started)
        return out

    # A model whose compiled SQL, upstream models and input rows are those of a model this engine built before
    # in another schema gives the same rows: where building costs much (Spark), run_models then makes it a view
    # of that table (the parity var sets share most click and online models, and every input but the judged
    # ones). Its rows are still fetched and compared; reset_schema forgets the tables of the schema it drops.
    reuses_identical_models = False

    def _forget_built(self, schema: str) -> None:
        self._built = {key: built for key, built in self._built.items() if built[0] != schema}

    def fetch_model(self, schema: str, name: str) -> "Table":
        self.use(schema)
        return self.fetch(self.relation(schema, name))

    def use(self, schema: str) -> None:
        """Point the direct connection at the database that holds `schema` (only DuckDB has one per schema)."""

    def load_table(self, name: str, columns: list[tuple[str, str]], rows: list[dict]) -> None:
        self.execute(f"create schema if not exists {INPUT_SCHEMA}")
        self.execute(f"drop table if exists {INPUT_SCHEMA}.{name}{self._cascade}")
        self.execute(self.create_table_from_rows(f"{INPUT_SCHEMA}.{name}", columns, rows))

    _cascade = ""

    def create_table_from_rows(self, relation: str, columns: list[tuple[str, str]], rows: list[dict]) -> str:
        types = TYPES[self.name]
        casts = ", ".join(f"cast(c{i} as {types[typ]}) as {self.quote(col)}" for i, (col, typ) in enumerate(columns))
        if not rows:
            nulls = ", ".join(f"cast(null as {types[typ]}) as {self.quote(col)}" for col, typ in columns)
            return f"{self.create_table_prefix(relation)} select {nulls} where 1 = 0"
        values = ", ".join("(" + ", ".join(self.literal(row.get(col), typ) for col, typ in columns) + ")"
                           for row in rows)
        aliases = ", ".join(f"c{i}" for i in range(len(columns)))
        return f"{self.create_table_prefix(relation)} select {casts} from {self.values_clause(values, aliases)}"

    def values_clause(self, values: str, aliases: str) -> str:
        return f"(values {values}) as v({aliases})"

    def create_table_prefix(self, relation: str) -> str:
        return f"create table {relation} as"

    def literal(self, value, typ: str) -> str:
        if value is None:
            return "null"
        if typ == "string":
            return "'" + str(value).replace("'", "''") + "'"
        if typ == "int":
            return str(int(value))
        if typ == "double":
            value = float(value)
            assert math.isfinite(value), "generated inputs are finite"
            return repr(value)
        if typ == "timestamp":
            return f"timestamp '{value.isoformat(sep=' ')}'"
        raise ValueError(typ)

    def quote(self, identifier: str) -> str:
        return f'"{identifier}"'

    def create(self, model: dict) -> None:
        if model["materialized"] == "view":
            self.execute(f"create view {model['relation']} as {model['sql']}")
        else:
            self.execute(f"{self.create_table_prefix(model['relation'])} {model['sql']}")

    def _time(self, what: str, started: float) -> None:
        self.timings[what] = self.timings.get(what, 0.0) + time.monotonic() - started

    # -- engine specific ---------------------------------------------------------------------------
    def relation(self, schema: str, name: str) -> str:
        raise NotImplementedError

    def reset_schema(self, schema: str) -> None:
        raise NotImplementedError

    def execute(self, sql: str) -> None:
        raise NotImplementedError

    def fetch(self, relation: str) -> "Table":
        raise NotImplementedError

    def close(self) -> None:
        pass


class Table:
    """Rows of one relation: column names (lower case) and a list of tuples of Python values."""

    def __init__(self, columns: list[str], rows: list[tuple]):
        self.columns = [c.lower() for c in columns]
        self.rows = rows

    def dicts(self) -> list[dict]:
        return [dict(zip(self.columns, row)) for row in self.rows]

    def __repr__(self) -> str:
        return f"Table({self.columns}, {len(self.rows)} rows)"


# ---------------------------------------------------------------------------------------------------
class DuckDBEngine(Engine):
    name = "duckdb"

    def __init__(self, workdir: Path):
        super().__init__(workdir)
        self._schema_files: dict[str, Path] = {}
        self._con = None
        self._con_path = None

    def _path(self, schema: str) -> Path:
        # one DuckDB file per schema (dbt-duckdb names the catalog after the file); dbt writes to main
        return self.workdir / f"{schema}.duckdb"

    def profile_env(self, schema: str) -> dict[str, str]:
        self._disconnect()  # one writer per DuckDB file: dbt must not meet our connection
        return {"SEARCH_METRICS_DUCKDB_PATH": str(self._path(schema))}

    def _connect(self, schema: str):
        import duckdb

        path = self._path(schema)
        if self._con_path != path:
            self._disconnect()
            self._con = duckdb.connect(str(path))
            self._con_path = path
        return self._con

    def _disconnect(self) -> None:
        if self._con is not None:
            self._con.close()
        self._con, self._con_path = None, None

    def relation(self, schema: str, name: str) -> str:
        return f'"{schema}"."main"."{name}"'

    def reset_schema(self, schema: str) -> None:
        con = self._connect(schema)
        for (name, kind) in con.execute(
                "select table_name, table_type from information_schema.tables where table_schema = 'main'").fetchall():
            con.execute(f'drop {"view" if kind == "VIEW" else "table"} if exists main."{name}"')

    def use(self, schema: str) -> None:
        self._connect(schema)


    def execute(self, sql: str) -> None:
        self._con.execute(sql)

    def fetch(self, relation: str) -> Table:
        cursor = self._con.execute(f"select * from {relation}")
        return Table([d[0] for d in cursor.description], cursor.fetchall())

    def close(self) -> None:
        self._disconnect()


# ---------------------------------------------------------------------------------------------------
class PostgresEngine(Engine):
    name = "postgres"
    _cascade = " cascade"

    def __init__(self, workdir: Path, server):
        super().__init__(workdir)
        import psycopg2

        self.server = server
        self._con = psycopg2.connect(host=server.host, port=server.port, user=server.user,
                                     password=server.password, dbname=server.database)
        self._con.autocommit = True

    def profile_env(self, schema: str) -> dict[str, str]:
        return {**self.server.env(), "SEARCH_METRICS_PG_SCHEMA": schema}

    def relation(self, schema: str, name: str) -> str:
        return f'"{self.server.database}"."{schema}"."{name}"'

    def reset_schema(self, schema: str) -> None:
        self.execute(f'drop schema if exists "{schema}" cascade')
        self.execute(f'create schema "{schema}"')

    def execute(self, sql: str) -> None:
        with self._con.cursor() as cur:
            cur.execute(sql)

    def fetch(self, relation: str) -> Table:
        with self._con.cursor() as cur:
            cur.execute(f"select * from {relation}")
            return Table([d[0] for d in cur.description], cur.fetchall())

    def close(self) -> None:
        self._con.close()


# ---------------------------------------------------------------------------------------------------
class SparkEngine(Engine):
    name = "spark"

    def __init__(self, workdir: Path, spark_dir: Path):
        super().__init__(workdir)
        self.spark_dir = Path(spark_dir)
        self._session = None

    def profile_env(self, schema: str) -> dict[str, str]:
        return {"SEARCH_METRICS_SPARK_DIR": str(self.spark_dir), "SEARCH_METRICS_SPARK_SCHEMA": schema,
                "SPARK_LOCAL_IP": os.environ.get("SPARK_LOCAL_IP", "127.0.0.1")}

    @property
    def session(self):
        """The SparkSession dbt uses: built as dbt-spark builds it (Hive support + the profile's
        server_side_parameters), so whichever of dbt or this layer comes first, both get the same one."""
        if self._session is None:
            from pyspark.sql import SparkSession

            started = time.monotonic()
            builder = SparkSession.builder.enableHiveSupport()
            for key, value in spark_session_parameters(self.profile_env("default")).items():
                builder = builder.config(key, value)
            # The catalog in memory, not in the Hive metastore (Derby) that enableHiveSupport() and the profile
            # give: every test runs in this one session, so nothing has to outlive it, and each table lookup,
            # create and drop no longer goes through Derby (measured in bench/README.md). The profile keeps the
            # metastore, where a dbt invocation must see the tables of the one before.
            builder = builder.config("spark.sql.catalogImplementation", "in-memory")
            with env_set(self.profile_env("default")):
                self._session = builder.getOrCreate()
            self._session.sparkContext.setLogLevel("ERROR")
            self._time("session start", started)
            warehouse = self._session.conf.get("spark.sql.warehouse.dir")
            assert str(self.spark_dir) in warehouse, f"Spark warehouse outside the temp dir: {warehouse}"
        return self._session

    def dbt(self, *args, **kwargs):
        self.session  # noqa: B018 -- the session exists before dbt asks for it
        return super().dbt(*args, **kwargs)

    def relation(self, schema: str, name: str) -> str:
        return f"{schema}.{name}"

    def quote(self, identifier: str) -> str:
        return f"`{identifier}`"

    def values_clause(self, values: str, aliases: str) -> str:
        return f"values {values} as v({aliases})"

    def create_table_prefix(self, relation: str) -> str:
        return f"create table {relation} using parquet as"

    def literal(self, value, typ: str) -> str:
        if typ == "string" and value is not None:
            return "'" + str(value).replace("\\", "\\\\").replace("'", "\\'") + "'"
        return super().literal(value, typ)

    reuses_identical_models = True

    def reset_schema(self, schema: str) -> None:
        self._forget_built(schema)
        self.execute(f"drop database if exists {schema} cascade")
        self.execute(f"create database {schema}")

    def execute(self, sql: str) -> None:
        self.session.sql(sql).collect()

    def fetch(self, relation: str) -> Table:
        from pyspark.sql.types import TimestampNTZType, TimestampType

        df = self.session.table(relation)
        # timestamps as text: collect() would convert them to the Python process's local time zone
        select = [f"cast(`{f.name}` as string) as `{f.name}`"
                  if isinstance(f.dataType, (TimestampType, TimestampNTZType)) else f"`{f.name}`"
                  for f in df.schema.fields]
        timestamp_columns = {f.name for f in df.schema.fields if isinstance(f.dataType, (TimestampType, TimestampNTZType))}
        rows = df.selectExpr(*select).collect()
        columns = [f.name for f in df.schema.fields]
        out = []
        for row in rows:
            values = list(row)
            for i, col in enumerate(columns):
                if col in timestamp_columns and values[i] is not None:
                    values[i] = dt.datetime.fromisoformat(values[i])
            out.append(tuple(values))
        return Table(columns, out)

    def close(self) -> None:
        if self._session is not None:
            self._session.stop()
            self._session = None


def _fingerprint(model: dict, upstream: dict[str, str]) -> str:
    """What decides a model's rows: its materialization and SQL, with every relation it reads (an input table
    or a model built before it, from `upstream`: relation -> fingerprint) replaced by that relation's
    fingerprint, so the same SQL over the same rows gives the same fingerprint in any schema."""
    sql = model["sql"]
    for relation in sorted(upstream, key=len, reverse=True):
        sql = re.sub(re.escape(relation) + r"(?![\w`])", f"<{upstream[relation]}>", sql)
    return hashlib.sha256(f"{model['materialized']}\n{sql}".encode()).hexdigest()


def spark_session_parameters(env: dict[str, str]) -> dict[str, str]:
    """The spark target's server_side_parameters from profiles/profiles.yml, rendered with `env`."""
    import jinja2
    import yaml

    profile = yaml.safe_load((PROFILES_DIR / "profiles.yml").read_text())
    params = profile["search_metrics"]["outputs"]["spark"]["server_side_parameters"]

    def env_var(name, default=None):
        value = env.get(name, os.environ.get(name, default))
        if value is None:
            raise KeyError(name)
        return value

    rendered = {str(k): jinja2.Template(str(v)).render(env_var=env_var) for k, v in params.items()}
    rendered["spark.sql.ansi.enabled"] = "false"  # dbt-spark forces this for every session-mode connection
    return rendered


# ---------------------------------------------------------------------------------------------------
# Comparing relations across engines
def _category(value) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, Decimal):
        return "decimal"
    if isinstance(value, str):
        return "str"
    if isinstance(value, dt.datetime):
        return "timestamp"
    if isinstance(value, dt.date):
        return "date"
    return type(value).__name__


def column_categories(table: Table) -> dict[str, set[str]]:
    out = {c: set() for c in table.columns}
    for row in table.rows:
        for col, value in zip(table.columns, row):
            if value is not None:
                out[col].add(_category(value))
    return out


def _key_value(value):
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


# Double columns that are keys, holding a setting's value as a literal (the PaulScore factor): the same double on every
# engine, compared exactly as a key, so that rows which differ only there are not paired by their computed values.
FLOAT_KEY_COLUMNS = frozenset({"factor"})
# The same, for one model only (another model's column of that name holds computed values: PBM's alpha)
MODEL_FLOAT_KEY_COLUMNS = {"search_run_risk": frozenset({"alpha"}), "search_run_georisk": frozenset({"alpha"})}


def _sort_key(values: tuple) -> tuple:
    return tuple((v is None, str(type(v)), v if v is not None else 0) for v in values)


# The fingerprints of the judged incremental models are sums of each engine's own row hash (macro row_hash): compared
# only with fingerprints of the same engine, never across engines (test_incremental_runs.py tests what they catch);
# built_at is the start of the build that wrote the row (macro built_at_column), another for each build.
ENGINE_SPECIFIC_COLUMNS = frozenset({"results_fingerprint", "input_fingerprint", "run_fingerprint",
                                     "run_results_fingerprint", "comparison_fingerprint", "delta_fingerprint",
                                     "overlap_fingerprint", "pair_fingerprint", "built_at"})


def _without_engine_specific_columns(table: Table) -> Table:
    kept = [i for i, column in enumerate(table.columns) if column not in ENGINE_SPECIFIC_COLUMNS]
    if len(kept) == len(table.columns):
        return table
    return Table([table.columns[i] for i in kept], [tuple(row[i] for i in kept) for row in table.rows])


def assert_same_table(name: str, actual: Table, expected: Table, engine: str, reference: str,
                      tol: float = 1e-9) -> None:
    """Same columns (by name: Spark moves partition columns last), same multiset of rows; columns holding
    floats are compared with |delta| <= tol, nulls equal; every other column exactly. The kind of each column's
    values (integer, float, decimal, text, date, timestamp) must agree too. The engine's own fingerprints
    (ENGINE_SPECIFIC_COLUMNS) are left out."""
    actual, expected = _without_engine_specific_columns(actual), _without_engine_specific_columns(expected)
    where = f"{name}: {engine} vs {reference}"
    assert sorted(actual.columns) == sorted(expected.columns), f"{where}: columns {actual.columns} != {expected.columns}"
    assert len(actual.rows) == len(expected.rows), f"{where}: {len(actual.rows)} rows != {len(expected.rows)}"
    cats_a, cats_e = column_categories(actual), column_categories(expected)
    mismatched = {c: (cats_a[c], cats_e[c]) for c in expected.columns
                  if cats_a[c] and cats_e[c] and cats_a[c] != cats_e[c]}
    assert not mismatched, f"{where}: value kinds differ per column: {mismatched}"
    columns = sorted(expected.columns)
    float_keys = FLOAT_KEY_COLUMNS | MODEL_FLOAT_KEY_COLUMNS.get(name, frozenset())
    float_columns = [c for c in columns if {"float", "decimal"} & (cats_a[c] | cats_e[c]) and c not in float_keys]
    key_columns = [c for c in columns if c not in float_columns]

    def grouped(table: Table) -> dict:
        index = {c: i for i, c in enumerate(table.columns)}
        groups: dict[tuple, list[tuple]] = {}
        for row in table.rows:
            key = tuple(_key_value(row[index[c]]) for c in key_columns)
            groups.setdefault(key, []).append(tuple(row[index[c]] for c in float_columns))
        return {k: sorted(v, key=_sort_key) for k, v in groups.items()}

    got, want = grouped(actual), grouped(expected)
    missing = [k for k in want if k not in got][:3]
    extra = [k for k in got if k not in want][:3]
    assert not missing and not extra, (f"{where}: rows differ on {key_columns}: missing {missing}, "
                                       f"unexpected {extra}")
    mismatches = []
    for key, expected_values in want.items():
        actual_values = got[key]
        if len(actual_values) != len(expected_values):
            mismatches.append((key, "count", len(actual_values), len(expected_values)))
            continue
        for a_row, e_row in zip(actual_values, expected_values):
            for col, a, e in zip(float_columns, a_row, e_row):
                if (a is None) != (e is None) or (a is not None and not abs(float(a) - float(e)) <= tol):
                    mismatches.append((dict(zip(key_columns, key)), col, a, e))
    assert not mismatches, f"{where}: {len(mismatches)} values differ (|delta| > {tol}), first: {mismatches[:3]}"


# ---------------------------------------------------------------------------------------------------
# Through dbt itself: a build, and an incremental run against a full refresh
def dbt_ok(result, what: str, warnings: frozenset[str] = frozenset()) -> dict[str, str]:
    """Assert a dbt invocation succeeded with every node passing, except that exactly the data tests named in
    `warnings` warn; returns {node name: status}."""
    assert result.success, f"{what} failed: {result.exception or _failures(result)}"
    statuses = {r.node.name: str(r.status) for r in result.result.results
                if r.node.resource_type in ("model", "seed", "test", "snapshot")}  # exposures are no-ops
    bad = {name: status for name, status in statuses.items()
           if status not in ("success", "pass") and not (name in warnings and status == "warn")}
    assert not bad, f"{what}: nodes not passing: {bad}"
    missing = {name: statuses.get(name) for name in warnings if statuses.get(name) != "warn"}
    assert not missing, f"{what}: expected these data tests to warn: {missing}"
    return statuses


def _failures(result) -> str:
    try:
        return "; ".join(f"{r.node.name}: {r.message}" for r in result.result.results
                         if str(r.status) not in ("success", "pass"))[:3000]
    except AttributeError:
        return "(no results)"


def load_inputs(engine: Engine, schema: str, tables: dict) -> None:
    """Load {name: (columns, rows)} into INPUT_SCHEMA of the database that holds `schema`."""
    engine.use(schema)
    for name, (columns, rows) in tables.items():
        engine.load_table(name, columns, rows)


def run_incremental_and_full_refresh(engine: Engine, dbt_vars: dict, before: dict, after: dict,
                                     models: list[str], prefix: str = "incremental"):
    """Build `models` (and their parents) with dbt from the `before` inputs, load the `after` inputs, run again
    (the incremental run), and build the same models from `after` with --full-refresh in another schema.
    Returns ({model: Table} after the first run, after the incremental run, after the full refresh); asserts
    that the second run compiled
    every model in `models` with its incremental filter (`built_days`, see click_recompute_filter).

    The click models' incremental = full-refresh test on every engine uses this; reuse it for any incremental
    model (pass inputs whose late rows fall inside the recompute window)."""
    incremental, full = f"{prefix}_incr", f"{prefix}_full"
    select = ["--select", *[f"+{m}" for m in models]]
    for schema in (incremental, full):
        engine.reset_schema(schema)
    load_inputs(engine, incremental, before)
    dbt_ok(engine.dbt(["run", *select], incremental, f"{prefix}_1", dbt_vars), f"first run on {engine.name}")
    first_tables = {m: engine.fetch_model(incremental, m) for m in models}
    load_inputs(engine, incremental, after)
    second = engine.dbt(["run", *select], incremental, f"{prefix}_1", dbt_vars)
    dbt_ok(second, f"incremental run on {engine.name}")
    compiled = {r.node.name: r.node.compiled_code for r in second.result.results}
    not_incremental = [m for m in models if "built_days" not in compiled[m]]
    assert not not_incremental, f"{engine.name}: second run did not take the incremental path for {not_incremental}"
    load_inputs(engine, full, after)
    dbt_ok(engine.dbt(["run", "--full-refresh", *select], full, f"{prefix}_2", dbt_vars),
           f"full refresh on {engine.name}")
    return (first_tables, {m: engine.fetch_model(incremental, m) for m in models},
            {m: engine.fetch_model(full, m) for m in models})


# ---------------------------------------------------------------------------------------------------
# Session fixtures (imported into conftest.py). Each engine starts once per test session, on first use.
@pytest.fixture(scope="session")
def engine_workdir():
    workdir = Path(tempfile.mkdtemp(prefix="search_metrics_engines_"))
    yield workdir
    shutil.rmtree(workdir, ignore_errors=True)


@pytest.fixture(scope="session")
def duckdb_engine(engine_workdir):
    engine = DuckDBEngine(engine_workdir / "duckdb")
    yield engine
    engine.close()


@pytest.fixture(scope="session")
def postgres_server():
    """A throwaway PostgreSQL server for the test session (tests/python/postgres_server.py), stopped at the end."""
    from postgres_server import PostgresServer

    server = PostgresServer().start(watch_pid=os.getpid())
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def postgres_engine(engine_workdir, postgres_server):
    engine = PostgresEngine(engine_workdir / "postgres", postgres_server)
    yield engine
    engine.close()


@pytest.fixture(scope="session")
def spark_engine(engine_workdir):
    """Spark in this process; warehouse, metastore_db and derby.log under a temp dir, stopped at the end."""
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    engine = SparkEngine(engine_workdir / "spark", engine_workdir / "spark_warehouse")
    yield engine
    engine.close()
