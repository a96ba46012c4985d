"""Portability gate for the warehouses we cannot start here: BigQuery, Snowflake, Trino, Databricks, Redshift.

Every model is compiled for each engine we run (DuckDB, PostgreSQL, Spark; both sets of vars of the parity
tests, and the incremental branch of the incremental models), its relation names replaced by neutral
`analytics.<model>` names, and the DuckDB and PostgreSQL SQL must parse with sqlglot (30.x) in each warehouse
dialect, the Spark SQL (which carries dbt-spark's own macros) as Databricks; the DuckDB SQL in every dialect, the
PostgreSQL SQL as Redshift and the Spark SQL as Databricks (see FAMILY) must also pass:

1. it parses (`parse_one(sql, read=dialect, error_level=RAISE)`);
2. it reads the same tables and columns as in the engine's own dialect (no identifier taken for a string,
   no column lost);
3. it calls no function sqlglot does not know (an `Anonymous` node: a function no dialect has), and no
   operator the dialect lacks that sqlglot would rewrite silently (MISSING_OPERATORS: BigQuery's `%`);
4. it round-trips in the dialect: generated with `unsupported_level=RAISE` and parsed back, generating it
   again gives the same SQL, and no WITH defines a CTE name twice (what a generator that hoists nested CTEs
   makes of two nested CTEs of the same name);
5. it transpiles from the engine's dialect with `unsupported_level=RAISE` (no construct the warehouse lacks;
   see NULL_ORDER_IN_WINDOW for the one message tolerated).

The data tests (the named input and output rules) run in the warehouse too and pass the same gate (TEST_FAMILY).
"""

from __future__ import annotations

import functools
import re

import pytest
import sqlglot
from sqlglot import exp
from sqlglot.dialects.dialect import Dialect
from sqlglot.errors import ErrorLevel
from sqlglot.tokens import TokenType

from test_engine_parity import VAR_SETS

DIALECTS = ["bigquery", "snowflake", "trino", "databricks", "redshift"]
# Which compiled SQL a warehouse's adapter would get: dbt-databricks dispatches databricks__, spark__, default__;
# dbt-redshift redshift__, postgres__, default__; the others their own variant, then default__, which is what the
# DuckDB build shows (DuckDB overrides only type_double). The checks after parsing (2-5) apply to the DuckDB SQL
# in every dialect and to each engine's SQL in its family.
FAMILY = {"duckdb": set(DIALECTS), "postgres": {"redshift"}, "spark": {"databricks"}}
# The data tests: DuckDB's SQL is not what the other warehouses get (duckdb__duplicate_keys hashes the key with
# DuckDB's hash(); every other adapter compiles default__duplicate_keys), so it is parsed in every dialect but checked
# in full only as DuckDB runs it (by the dbt builds); the PostgreSQL SQL, which carries the default__ macros (its
# postgres__ overrides, binary_order and materialized_cte, serve models only), is checked in full in every dialect.
TEST_FAMILY = {"duckdb": set(), "postgres": set(DIALECTS), "spark": {"databricks"}}
# Spark SQL carries the package's spark__ macros (date_add(date, n), explode(sequence(...)), VALUES tables): only
# Databricks reads it.
PARSED_IN = {"duckdb": set(DIALECTS), "postgres": set(DIALECTS), "spark": {"databricks"}}
ENGINE_PARAMS = ["duckdb", pytest.param("postgres", marks=pytest.mark.postgres),
                 pytest.param("spark", marks=pytest.mark.spark)]
INCREMENTAL_SCHEMA = "portability_incremental"

_compiled: dict[str, list[tuple[str, str]]] = {}
_compiled_tests: dict[str, list[tuple[str, str]]] = {}


def compiled_sql(engine) -> list[tuple[str, str]]:
    """[(label, neutral SQL)] of every model for both sets of vars, plus the incremental branch of each
    incremental model (compiled over an existing table)."""
    if engine.name in _compiled:
        return _compiled[engine.name]
    out = []
    for var_set, dbt_vars in sorted(VAR_SETS.items()):
        models = engine.compile(dbt_vars, f"parity_{var_set}")
        out += [(f"{m['name']} ({var_set})", neutral(m["sql"], models)) for m in models]
    # the incremental branch: with the model's table present, is_incremental() is true at compile time
    dbt_vars = VAR_SETS["defaults"]
    full = engine.compile(dbt_vars, "parity_defaults")
    incremental = [m for m in full if m["materialized"] == "incremental"]
    assert incremental, "no incremental model"
    engine.reset_schema(INCREMENTAL_SCHEMA)
    engine.use(INCREMENTAL_SCHEMA)
    for m in incremental:
        relation = engine.relation(INCREMENTAL_SCHEMA, m["name"])
        suffix = " using parquet" if engine.name == "spark" else ""
        engine.execute(f"create table {relation} (search_date date){suffix}")
    models = engine.compile(dbt_vars, INCREMENTAL_SCHEMA, over_built_models=True)
    for m in models:
        if m["materialized"] == "incremental":
            assert "built_days" in m["sql"], f"{m['name']} did not compile its incremental branch"
            out.append((f"{m['name']} (incremental run)", neutral(m["sql"], models)))
    _compiled[engine.name] = out
    return out


def compiled_data_tests(engine) -> list[tuple[str, str]]:
    """[(label, neutral SQL)] of every data test of the package (the named input and output rules, generic and
    singular) for each set of vars: the rules run in the warehouse too, so they pass the same gate as the models."""
    if engine.name in _compiled_tests:
        return _compiled_tests[engine.name]
    out = []
    for var_set, dbt_vars in sorted(VAR_SETS.items()):
        models = engine.compile(dbt_vars, f"parity_{var_set}")
        result = engine.dbt(["compile", "--select", "resource_type:test"], f"parity_{var_set}",
                            f"compile_tests_{var_set}", dbt_vars)
        if not result.success:
            raise AssertionError(f"dbt compile of the data tests on {engine.name} failed: {result.exception}")
        tests = [r.node for r in result.result.results
                 if r.node.resource_type == "test" and r.node.package_name == "search_metrics"]
        out += [(f"{t.name} ({var_set})", neutral(t.compiled_code, models)) for t in tests]
    _compiled_tests[engine.name] = out
    return out


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
        failures.append(f"reads other tables/columns: tables {t1 ^ t0}, columns {sorted(c1 ^ c0)[:6]}")
    if missing := MISSING_OPERATORS.get(dialect):
        used = sorted({missing[t.token_type] for t in sqlglot.tokenize(sql, read=dialect) if t.token_type in missing})
        if used:
            failures.append(f"uses operators {dialect} does not have: {used}")
    unknown = sorted({f.name for f in tree.find_all(exp.Anonymous)})
    if unknown:
        failures.append(f"unknown functions {unknown}")
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


def gate_problems(engine_name: str, compiled: list[tuple[str, str]], family: dict = FAMILY) -> list[str]:
    """Every gate failure of `compiled` ([(label, SQL)] of one engine). A node often compiles to the same SQL under
    several var sets: the gate is deterministic, so each distinct SQL is checked once and a problem names every
    label that compiled to it."""
    labels_of: dict[str, list[str]] = {}
    for label, sql in compiled:
        labels_of.setdefault(sql, []).append(label)
    problems = []
    for sql, labels in labels_of.items():
        for dialect in sorted(PARSED_IN[engine_name]):
            failures = gate_failures(engine_name, sql, dialect, parse_only=dialect not in family[engine_name])
            problems += [f"{', '.join(labels)} [{engine_name} -> {dialect}]: {p}" for p in failures]
    return problems


@pytest.mark.dbt
@pytest.mark.parametrize("engine_name", ENGINE_PARAMS)
def test_compiled_models_parse_in_every_warehouse_dialect(request, engine_name):
    engine = request.getfixturevalue(f"{engine_name}_engine")
    compiled = compiled_sql(engine)
    assert len(compiled) >= 2 * 20
    problems = gate_problems(engine_name, compiled)
    assert not problems, f"{len(problems)} portability problems:\n" + "\n".join(problems[:40])


@pytest.mark.dbt
@pytest.mark.parametrize("engine_name", ENGINE_PARAMS)
def test_compiled_data_tests_parse_in_every_warehouse_dialect(request, engine_name):
    """The data tests (every named input and output rule) pass the same gate as the models."""
    engine = request.getfixturevalue(f"{engine_name}_engine")
    compiled = compiled_data_tests(engine)
    names = {label.split(" (")[0] for label, _ in compiled}
    # the input rules of every input and the output rules of the marts are among them
    for rule in ("search_metrics_results__rank_", "search_metrics_judgments__", "search_metrics_searches__",
                 "search_metrics_clicks__", "search_metrics_impressions__", "search_metrics_page_visits__",
                 "search_query_metrics__"):
        assert any(name.startswith(rule) for name in names), f"no compiled data test named {rule}*"
    problems = gate_problems(engine_name, compiled, TEST_FAMILY)
    assert not problems, f"{len(problems)} portability problems:\n" + "\n".join(problems[:40])


def test_the_gate_rejects_constructs_a_warehouse_lacks():
    """The gate can fail: engine-specific SQL that a warehouse does not accept is caught."""
    assert gate_failures("duckdb", "select x from analytics.t qualify row_number() over (order by x) = 1", "trino")
    assert gate_failures("duckdb", "select list_transform(xs, v -> v + 1) as y from analytics.t", "snowflake")
    assert gate_failures("spark", "select assert_true(x > 0) as y from analytics.t", "snowflake")
    assert gate_failures("postgres", 'select "x" from analytics.t', "databricks")  # identifier vs string literal
    assert gate_failures("postgres", "select array_agg(x order by y) as a from analytics.t", "bigquery")
    nested = ("select * from (with a as (select 1 as x) select x from a) as p "
              "cross join (with a as (select 2 as y) select y from a) as q")
    assert gate_failures("duckdb", nested, "databricks")  # hoisted nested CTEs: `a` twice
    assert gate_failures("duckdb", "select x % 7 as y from analytics.t", "bigquery")
    assert not gate_failures("duckdb", "select mod(x, 7) as y from analytics.t", "bigquery")
    assert not gate_failures("postgres", "select ln(x) / ln(2) as y from analytics.t", "trino")


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
