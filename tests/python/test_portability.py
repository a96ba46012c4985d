"""Portability gate for the warehouses we cannot start here: BigQuery, Snowflake, Trino, Databricks, Redshift.

Every model and data test is compiled for each warehouse as its dbt adapter would compile it, as near as the
adapters installed here allow (WAREHOUSES): on the engine whose adapter the warehouse's adapter follows (DuckDB for
BigQuery, Snowflake and Trino, whose adapters dispatch their own variant then default__; PostgreSQL for Redshift;
Spark for Databricks), with dbt's adapter.dispatch searching the warehouse adapter's prefixes (bigquery__, then
default__; redshift__, postgres__, default__; ...) instead of the engine's; both sets of vars of the parity tests, and
the incremental branch of the incremental models. Relation names become neutral `analytics.<model>` names, and the
SQL must pass, in the warehouse's sqlglot (30.x) dialect:

1. it parses (`parse_one(sql, read=dialect, error_level=RAISE)`);
2. it reads the same tables and columns as in the engine's own dialect (no identifier taken for a string,
   no column lost);
3. every function it calls is in the warehouse's function list (portability/functions/<dialect>.csv, each name with
   the documentation page it comes from; `called_functions`), and it uses no operator the dialect lacks that sqlglot
   would rewrite silently (MISSING_OPERATORS: BigQuery's `%`);
4. it round-trips in the dialect: generated with `unsupported_level=RAISE` and parsed back, generating it
   again gives the same SQL, and no WITH defines a CTE name twice (what a generator that hoists nested CTEs
   makes of two nested CTEs of the same name);
5. it transpiles from the engine's dialect with `unsupported_level=RAISE` (no construct the warehouse lacks;
   see NULL_ORDER_IN_WINDOW for the one message tolerated).
"""

from __future__ import annotations

import contextlib
import csv
import functools
import re
import threading
from pathlib import Path

import pytest
import sqlglot
from sqlglot import exp
from sqlglot.dialects.dialect import Dialect
from sqlglot.errors import ErrorLevel
from sqlglot.tokens import TokenType

from harness import MODELS_ONLY, compiled_models
from test_engine_parity import VAR_SETS

DIALECTS = ["bigquery", "snowflake", "trino", "databricks", "redshift"]
# Each warehouse: the engine whose adapter compiles its SQL here, and its adapter's dispatch order (dbt-bigquery,
# dbt-snowflake and dbt-trino: their own variant, then default__; dbt-redshift: redshift__, postgres__, default__;
# dbt-databricks: databricks__, spark__, default__). The order applies to every macro namespace, dbt's own macros
# included: the warehouse adapters are not installed, so dbt-core's default__ stands in for their own variants of
# dbt's macros (dbt.dateadd, dbt.generate_series, ...), where the engine adapter's would be its SQL, not theirs.
WAREHOUSES = {"bigquery": ("duckdb", ("bigquery", "default")), "snowflake": ("duckdb", ("snowflake", "default")),
              "trino": ("duckdb", ("trino", "default")), "redshift": ("postgres", ("redshift", "postgres", "default")),
              "databricks": ("spark", ("databricks", "spark", "default"))}
ENGINE_PARAMS = ["duckdb", pytest.param("postgres", marks=pytest.mark.postgres),
                 pytest.param("spark", marks=pytest.mark.spark)]
INCREMENTAL_SCHEMA = "portability_incremental"
# the warehouses' function lists (how to add one: tests/README.md, "The portability gate")
FUNCTIONS_DIR = Path(__file__).parent / "portability" / "functions"

_compiled: dict[str, tuple[list[tuple[str, str]], list[tuple[str, str]]]] = {}
_incremental_ready: set[str] = set()


def _dbt_cross_database_macros() -> frozenset[str]:
    """dbt's cross-database macros (dbt-core's macros/utils: dateadd, date_spine, generate_series, concat, type_*,
    ...), whose variants are each adapter's SQL dialect, less those that run a query at compile time, which runs on
    the engine (date_spine's get_intervals_between and the datediff it selects)."""
    import dbt.include.global_project as global_project

    names = set()
    for path in (Path(global_project.__file__).parent / "macros" / "utils").glob("*.sql"):
        names |= set(re.findall(r"macro default__(\w+)\(", path.read_text()))
    return frozenset(names - {"get_intervals_between", "datediff"})


_dispatch_order = threading.local()


@contextlib.contextmanager
def dispatching_as(prefixes: tuple[str, ...]):
    """adapter.dispatch searches `prefixes` instead of the engine adapter's order while dbt renders the nodes, for
    the package's macros and dbt's cross-database macros (_dbt_cross_database_macros). dbt's adapter machinery
    (relations, columns, the cache) stays the engine's, and so does the parse context: a parse (and the partial
    parse that dbt saves and the suite reuses, keyed by vars and target) is the engine's, whatever is rendered."""
    from dbt.context.providers import RuntimeDatabaseWrapper

    cross_database = _dbt_cross_database_macros()
    dispatch, own_prefixes = RuntimeDatabaseWrapper.dispatch, RuntimeDatabaseWrapper._get_adapter_macro_prefixes

    def warehouse_dispatch(self, macro_name, macro_namespace=None, packages=None):
        if macro_namespace == "search_metrics" or (macro_namespace == "dbt" and macro_name in cross_database):
            _dispatch_order.prefixes = prefixes
        try:
            return dispatch(self, macro_name, macro_namespace, packages)
        finally:
            _dispatch_order.prefixes = None

    def prefixes_of(self):
        return list(getattr(_dispatch_order, "prefixes", None) or own_prefixes(self))

    RuntimeDatabaseWrapper.dispatch = warehouse_dispatch
    RuntimeDatabaseWrapper._get_adapter_macro_prefixes = prefixes_of
    try:
        yield
    finally:
        RuntimeDatabaseWrapper.dispatch, RuntimeDatabaseWrapper._get_adapter_macro_prefixes = dispatch, own_prefixes


READ_AS_LEFT_BY_A_BUILD = {"search_metrics_stg_results_checked_runs"}


def _incremental_schema(engine) -> None:
    """INCREMENTAL_SCHEMA with a table for each incremental model, so that is_incremental() is true there."""
    if engine.name in _incremental_ready:
        return
    full = engine.compile(VAR_SETS["defaults"], "parity_defaults")
    incremental = [m for m in full if m["materialized"] == "incremental"]
    assert incremental, "no incremental model"
    engine.reset_schema(INCREMENTAL_SCHEMA)
    engine.use(INCREMENTAL_SCHEMA)
    # and the tables an incremental model reads as an earlier build left them (previous_build_relation)
    for m in incremental + [m for m in full if m["name"] in READ_AS_LEFT_BY_A_BUILD]:
        relation = engine.relation(INCREMENTAL_SCHEMA, m["name"])
        suffix = " using parquet" if engine.name == "spark" else ""
        engine.execute(f"create table {relation} (search_date date){suffix}")
    _incremental_ready.add(engine.name)


def compiled_for(engine, dialect: str) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """([(label, neutral SQL)] of every model, the same of every data test of the package) as `dialect`'s adapter
    would compile them (WAREHOUSES), for each set of vars, plus the incremental branch of each incremental model.
    One compile per set of vars renders the models (their full build: --full-refresh) and the data tests, in the
    schema of the parity tests' compile, whose partial parse it reuses; one more the incremental branch, over
    INCREMENTAL_SCHEMA."""
    if dialect in _compiled:
        return _compiled[dialect]
    prefixes = WAREHOUSES[dialect][1]
    models_out, tests_out = [], []
    for var_set, dbt_vars in sorted(VAR_SETS.items()):
        engine.compile(dbt_vars, f"parity_{var_set}")  # the schema and the parse, shared with the parity tests
        with dispatching_as(prefixes):
            result = engine.dbt(["compile", "--select", "resource_type:model", "resource_type:test",
                                 "--indirect-selection", "empty", "--full-refresh"], f"parity_{var_set}",
                                f"gate_{dialect}_{var_set}", dbt_vars)
        if not result.success:
            raise AssertionError(f"dbt compile as {dialect} on {engine.name} failed: {result.exception}")
        models = compiled_models(result)
        models_out += [(f"{m['name']} ({var_set})", neutral(m["sql"], models)) for m in models]
        tests_out += [(f"{r.node.name} ({var_set})", neutral(r.node.compiled_code, models))
                      for r in result.result.results
                      if r.node.resource_type == "test" and r.node.package_name == "search_metrics"]
    _incremental_schema(engine)
    with dispatching_as(prefixes):
        result = engine.dbt(["compile", *MODELS_ONLY], INCREMENTAL_SCHEMA, f"gate_{dialect}_incremental",
                            VAR_SETS["defaults"])
    if not result.success:
        raise AssertionError(f"dbt compile as {dialect} on {engine.name} failed: {result.exception}")
    models = compiled_models(result)
    for m in models:
        if m["materialized"] == "incremental":
            # the click models' recompute filter reads `built_days`, the judged models' keys to build their build
            # record (`recorded`; `built_rows` on Spark, which keeps none), the rule tables' runs to check
            # `checked_runs`, the resampling state the kept units it takes away (`retired_units`)
            markers = ("built_days", "as recorded", "built_rows", "as checked_runs", "retired_units as")
            assert any(marker in m["sql"] for marker in markers), (
                f"{m['name']} did not compile its incremental branch")
            models_out.append((f"{m['name']} (incremental run)", neutral(m["sql"], models)))
    _compiled[dialect] = (models_out, tests_out)
    return _compiled[dialect]


def neutral(sql: str, models: list[dict]) -> str:
    """The compiled SQL with each model's relation name (database- and engine-specific) as analytics.<model>."""
    for model in sorted(models, key=lambda m: -len(m["relation"])):
        sql = sql.replace(model["relation"], f"analytics.{model['name']}")
    return sql


def references(tree: exp.Expression) -> tuple[set, set]:
    tables = {(t.db, t.name) for t in tree.find_all(exp.Table)}
    columns = {(c.table, c.name) for c in tree.find_all(exp.Column)}
    return tables, columns


@functools.lru_cache(maxsize=8)
def own_tree(sql: str, dialect: str) -> exp.Expression:
    """The SQL parsed in its engine's own dialect, once per SQL rather than once per target dialect. Callers must
    not modify it (generating SQL from a tree copies it)."""
    return sqlglot.parse_one(sql, read=dialect, error_level=ErrorLevel.RAISE)


def duplicate_ctes(tree: exp.Expression) -> list[str]:
    """CTE names defined twice in one WITH (what a dialect without nested WITH gets when its generator hoists
    nested CTEs to the top)."""
    duplicates = []
    for with_ in tree.find_all(exp.With):
        names = [cte.alias for cte in with_.expressions]
        duplicates += sorted({n for n in names if names.count(n) > 1})
    return duplicates


def hoists_nested_ctes(tree: exp.Expression, dialect: str) -> bool:
    """Whether generating `tree` for `dialect` moves nested CTEs to the top-level WITH, where two of the same name
    collide: sqlglot's own condition (Generator._move_ctes_to_top_level; Hive, Spark and Databricks for a SELECT,
    never for a UNION). Otherwise the generated WITH lists are the source's, and the round trip checks those; the
    transpiled SQL is parsed again only when they move (parsing it every time was a sixth of the gate's time)."""
    generator = Dialect.get_or_raise(dialect).generator_class
    return type(tree) in generator.EXPRESSIONS_WITHOUT_NESTED_CTES and any(
        with_.parent is not tree for with_ in tree.find_all(exp.With))


@functools.cache
def warehouse_functions(dialect: str) -> dict[str, str]:
    """{FUNCTION NAME: the documentation page it comes from} of portability/functions/<dialect>.csv."""
    with open(FUNCTIONS_DIR / f"{dialect}.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    functions = {row["function"].upper(): row["page"] for row in rows}
    assert len(functions) == len(rows), f"{dialect}.csv lists a function twice"
    assert all(page.startswith("https://") for page in functions.values()), f"{dialect}.csv: a row without its page"
    return functions


# Func nodes that are syntax rather than a call: AND / OR, CASE and its WHEN branches (If nodes), COLLATE, EXISTS
SYNTAX = (exp.Connector, exp.Case, exp.Collate, exp.Exists)
CALL_HEAD = re.compile(r"([A-Za-z_][A-Za-z0-9_.]*)\(")
# the name a dialect's generator writes for a Func node written without its name's position, per (dialect, node
# type, argument names): from the first such node (a CAST's name does not depend on what it casts)
_generated_names: dict[tuple, str | None] = {}
_MISSING = object()


def called_functions(tree: exp.Expression, sql: str, dialect: str) -> set[str]:
    """The upper-cased names of the functions `sql` (parsed as `tree` in `dialect`) calls, from sqlglot's parse:
    a call written with its name (every Func node sqlglot parsed from a name and parentheses, known or Anonymous,
    keeps the name's position in `sql`), as written there, with its qualifier (`AI.GENERATE`), which is what the
    warehouse reads (sqlglot's generator may write another, e.g. BigQuery's LOG(x, 2) for a log2(x) BigQuery does
    not have); any other Func node (CAST, EXTRACT, a keyword form) by the name `dialect`'s generator writes for it.
    To be called before the tree is generated in place."""
    names = set()
    for node in tree.find_all(exp.Func):
        if isinstance(node, SYNTAX) or (isinstance(node, exp.If) and isinstance(node.parent, exp.Case)):
            continue
        start = node.meta.get("start")
        if start is not None:
            name = sql[start:node.meta["end"] + 1]
            if isinstance(node.parent, exp.Dot) and node.parent.expression is node:
                name = f"{node.parent.this.sql(dialect=dialect)}.{name}"
        else:
            key = (dialect, type(node), tuple(sorted(k for k, v in node.args.items() if v is not None)))
            name = _generated_names.get(key, _MISSING)
            if name is _MISSING:
                match = CALL_HEAD.match(node.sql(dialect=dialect))
                name = _generated_names[key] = match.group(1) if match else None
        if name:
            names.add(name.upper())
    return names


# sqlglot spells out the source dialect's NULL order when the target's default differs, and BigQuery takes no
# NULLS FIRST/LAST in an aggregate window. The package's windows order by keys that are never null (ranks, ids,
# score levels, replicate numbers, coalesce()d gains), where the default does not matter; the parity tests run
# PostgreSQL (nulls first when descending) and Spark (nulls first when ascending) to catch any that could be.
# Operators a dialect lacks but sqlglot silently rewrites (so parsing alone would let them through).
MISSING_OPERATORS = {"bigquery": {TokenType.MOD: "%"}}

NULL_ORDER_IN_WINDOW = re.compile(r"'NULLS (FIRST|LAST)' translation not supported in window function")


def gate_failures(source_dialect: str, sql: str, dialect: str, parse_only: bool = False) -> list[str]:
    failures = []
    try:
        tree = sqlglot.parse_one(sql, read=dialect, error_level=ErrorLevel.RAISE)
    except sqlglot.errors.SqlglotError as e:
        return [f"does not parse: {str(e)[:300]}"]
    if parse_only:
        return []
    own = own_tree(sql, source_dialect)
    if references(tree) != references(own):
        t1, c1 = references(tree)
        t0, c0 = references(own)
        # a date part that the warehouse's date function takes as its unit (Snowflake's dateadd(day, n, d), dbt-core's
        # default dateadd, compiled for Snowflake only) is a column to the engine's dialect: not a column lost
        units = {unit.name.lower() for f in tree.find_all(exp.Func) if isinstance(unit := f.args.get("unit"), exp.Var)}
        differ = (c1 - c0) | {c for c in c0 - c1 if c[0] or c[1].lower() not in units}
        if t1 != t0 or differ:
            failures.append(f"reads other tables/columns: tables {t1 ^ t0}, columns {sorted(differ)[:6]}")
    if missing := MISSING_OPERATORS.get(dialect):
        used = sorted({missing[t.token_type] for t in sqlglot.tokenize(sql, read=dialect) if t.token_type in missing})
        if used:
            failures.append(f"uses operators {dialect} does not have: {used}")
    if missing := sorted(called_functions(tree, sql, dialect) - set(warehouse_functions(dialect))):
        failures.append(f"calls functions {dialect} does not have: {missing} (not in "
                        f"{FUNCTIONS_DIR.relative_to(Path(__file__).parent)}/{dialect}.csv)")
    generated = None
    # `tree` and `again` are read for the last time before they are generated, so they are generated in place
    # (copy=False; the generator's transforms may rewrite its input) instead of as a deep copy, which was a third
    # of the gate's time; `own`, shared by every dialect, is always copied
    try:  # round trip: generated for the dialect and parsed back, the same query, and generation is stable
        generated = tree.sql(dialect=dialect, unsupported_level=ErrorLevel.RAISE, copy=False)
        again = sqlglot.parse_one(generated, read=dialect, error_level=ErrorLevel.RAISE)
        if duplicates := duplicate_ctes(again):
            failures.append(f"round trip: CTE names defined twice {duplicates}")
        if again.sql(dialect=dialect, copy=False) != generated:
            failures.append("round trip: generating the parsed SQL again gives other SQL")
    except sqlglot.errors.SqlglotError as e:
        failures.append(f"round trip: {str(e)[:300]}")
    try:  # what sqlglot.transpile does, from the source tree parsed once
        transpiled = own.sql(dialect=dialect, unsupported_level=ErrorLevel.RAISE)
        if transpiled != generated and hoists_nested_ctes(own, dialect) and duplicate_ctes(
                sqlglot.parse_one(transpiled, read=dialect)):
            failures.append(f"transpiled from {source_dialect}: CTE names defined twice")
    except sqlglot.errors.SqlglotError as e:
        messages = [m for m in re.split(r"\n+", str(e)) if m.strip() and not m.startswith("... and")]
        other = [m for m in messages if not NULL_ORDER_IN_WINDOW.search(m)]
        if other:
            failures.append(f"does not transpile from {source_dialect}: {re.sub(r'[ ]+', ' ', other[0])[:300]}")
    return failures


def gate_problems(engine_name: str, compiled: dict[str, list[tuple[str, str]]]) -> list[str]:
    """Every gate failure of `compiled` ({dialect: [(label, SQL)] compiled on one engine for that dialect}). A node
    often compiles to the same SQL under several var sets and for several dialects: the gate is deterministic, so
    each distinct SQL is checked once per dialect, a problem names every label that compiled to it, and the
    dialects of one SQL are checked one after the other, so its parse in the engine's dialect (own_tree) is made
    once rather than once per dialect."""
    labels_of: dict[str, dict[str, list[str]]] = {}
    for dialect, nodes in compiled.items():
        for label, sql in nodes:
            labels_of.setdefault(sql, {}).setdefault(dialect, []).append(label)
    problems = []
    for sql, dialects in labels_of.items():
        for dialect, labels in dialects.items():
            problems += [f"{', '.join(labels)} [{engine_name} -> {dialect}]: {p}"
                         for p in gate_failures(engine_name, sql, dialect)]
    return problems


def dialects_of(engine_name: str) -> list[str]:
    return sorted(d for d, (engine, _) in WAREHOUSES.items() if engine == engine_name)


@pytest.mark.dbt
@pytest.mark.parametrize("engine_name", ENGINE_PARAMS)
def test_compiled_models_parse_in_every_warehouse_dialect(request, engine_name):
    engine = request.getfixturevalue(f"{engine_name}_engine")
    compiled = {dialect: compiled_for(engine, dialect)[0] for dialect in dialects_of(engine_name)}
    assert all(len(nodes) >= 2 * 20 for nodes in compiled.values())
    problems = gate_problems(engine_name, compiled)
    assert not problems, f"{len(problems)} portability problems:\n" + "\n".join(problems[:40])


@pytest.mark.dbt
@pytest.mark.parametrize("engine_name", ENGINE_PARAMS)
def test_compiled_data_tests_parse_in_every_warehouse_dialect(request, engine_name):
    """The data tests (every named input and output rule) pass the same gate as the models."""
    engine = request.getfixturevalue(f"{engine_name}_engine")
    compiled = {dialect: compiled_for(engine, dialect)[1] for dialect in dialects_of(engine_name)}
    for dialect, nodes in compiled.items():
        names = {label.split(" (")[0] for label, _ in nodes}
        # the input rules of every input and the output rules of the marts are among them
        for rule in ("search_metrics_results__rank_", "search_metrics_judgments__", "search_metrics_searches__",
                     "search_metrics_clicks__", "search_metrics_impressions__", "search_metrics_page_visits__",
                     "search_query_metrics__"):
            assert any(name.startswith(rule) for name in names), f"no compiled data test named {rule}* ({dialect})"
    problems = gate_problems(engine_name, compiled)
    assert not problems, f"{len(problems)} portability problems:\n" + "\n".join(problems[:40])


def test_the_gate_rejects_constructs_a_warehouse_lacks():
    """The gate can fail: engine-specific SQL that a warehouse does not accept is caught."""
    assert gate_failures("duckdb", "select x from analytics.t qualify row_number() over (order by x) = 1", "trino")
    assert gate_failures("duckdb", "select list_transform(xs, v -> v + 1) as y from analytics.t", "snowflake")
    assert gate_failures("spark", "select assert_true(x > 0) as y from analytics.t", "snowflake")
    assert gate_failures("postgres", 'select "x" from analytics.t', "databricks")  # identifier vs string literal
    # a date function's unit is no column lost (Snowflake's dateadd(day, ...)); a column lost elsewhere still fails
    assert not gate_failures("duckdb", "select dateadd(day, 1, d) as x from analytics.t", "snowflake")
    assert gate_failures("postgres", 'select dateadd(day, 1, "d") as x from analytics.t', "databricks")
    assert gate_failures("postgres", "select array_agg(x order by y) as a from analytics.t", "bigquery")
    nested = ("select * from (with a as (select 1 as x) select x from a) as p "
              "cross join (with a as (select 2 as y) select y from a) as q")
    assert gate_failures("duckdb", nested, "databricks")  # hoisted nested CTEs: `a` twice
    assert gate_failures("duckdb", "select x % 7 as y from analytics.t", "bigquery")
    assert not gate_failures("duckdb", "select mod(x, 7) as y from analytics.t", "bigquery")
    assert not gate_failures("postgres", "select ln(x) / ln(2) as y from analytics.t", "trino")


def test_the_gate_rejects_functions_a_warehouse_lacks():
    """A function absent from the warehouse's list (portability/functions/<dialect>.csv) fails the gate, named with
    the dialect, though sqlglot knows it: BigQuery has no chr() (its code_points_to_string([39]) is what
    bigquery__string_literal writes) and no log2() (sqlglot's BigQuery generator would write LOG(x, 2), so the name
    is the one written in the SQL); Snowflake has no generate_series. Names are compared without case, and a
    keyword form (CAST) by the name the dialect's generator writes."""
    failures = gate_failures("duckdb", "select ('it' || chr(39) || 's') as y from analytics.t", "bigquery")
    assert failures == ["calls functions bigquery does not have: ['CHR'] (not in portability/functions/bigquery.csv)"]
    assert not gate_failures("duckdb", "select ('it' || code_points_to_string([39]) || 's') as y from analytics.t",
                             "bigquery")
    assert gate_failures("duckdb", "select log2(x) as y from analytics.t", "bigquery")
    assert gate_failures("duckdb", "select * from generate_series(1, 3)", "snowflake")
    assert not gate_failures("duckdb", "select CoalEsce(cast(x as double), Pi()) as y from analytics.t", "trino")
    assert gate_failures("duckdb", "select foo_bar(x) as y from analytics.t", "trino")  # unknown to sqlglot too
    sql = "select cast(x as int) as a, ln(y) as b, AI.GENERATE(p).result as c from analytics.t"
    assert called_functions(sqlglot.parse_one(sql, read="bigquery"), sql, "bigquery") == {"CAST", "LN", "AI.GENERATE"}


def test_every_function_list_entry_names_its_page():
    """Each warehouse's list is data with its source: one row per function, with the documentation page it came
    from (on the vendor's own documentation site)."""
    sites = {"bigquery": "https://cloud.google.com/bigquery/docs/", "snowflake": "https://docs.snowflake.com/",
             "trino": "https://trino.io/docs/", "databricks": "https://docs.databricks.com/",
             "redshift": "https://docs.aws.amazon.com/redshift/"}
    for dialect in DIALECTS:
        functions = warehouse_functions(dialect)
        assert functions and all(page.startswith(sites[dialect]) for page in functions.values()), dialect


def test_transpiled_sql_is_parsed_again_where_the_generator_moves_nested_ctes():
    """The gate parses the transpiled SQL again only where sqlglot's generator moves nested CTEs to the top (where
    names can collide); elsewhere the WITH lists are the source's. Both halves of that premise, on sqlglot itself."""
    nested = ("select * from (with a as (select 1 as x) select x from a) as p "
              "cross join (with a as (select 2 as y) select y from a) as q")
    as_union = f"{nested} union all {nested}"
    for sql, dialect, moves in [(nested, "databricks", True), (nested, "trino", False), (nested, "bigquery", False),
                                (as_union, "databricks", False)]:
        tree = sqlglot.parse_one(sql, read="duckdb")
        assert hoists_nested_ctes(tree, dialect) is moves, (dialect, sql[:40])
        transpiled = sqlglot.parse_one(tree.sql(dialect=dialect), read=dialect)
        assert (duplicate_ctes(transpiled) == ["a"]) is moves, (dialect, sql[:40])
