"""The vars that carry SQL or names: an input var is one relation or one SQL expression (never a second statement),
its columns are checked against the input contract whatever its form, a column var names a column, and the values
of the vars that become string literals reach the SQL intact."""

import json

import duckdb
import pytest

from harness import INPUT_SCHEMA, write_duckdb_profile

INPUTS = {"search_metrics_results": f"{INPUT_SCHEMA}.results",
          "search_metrics_judgments": f"{INPUT_SCHEMA}.judgments"}
INJECTION = "raw.results); drop table raw.judgments; create or replace view raw.injected as (select 1 as x"


def message_of(result) -> str:
    """The error text of a failed dbt invocation: the exception (a compile error at parse) or the nodes' messages."""
    if result.exception:
        return str(result.exception)
    return " ".join(str(r.message) for r in result.result.results if r.message)


# -- 1. an input var is one relation or one SQL expression ------------------------------------------------------
@pytest.mark.dbt
def test_a_second_statement_in_an_input_var_fails_and_runs_nothing(dbt_project, tmp_path):
    """The injection closes the staging view's from-clause and appends statements; before the check, dbt-duckdb ran
    them (the judgments table was dropped). Now the parse fails naming the var, and the warehouse is untouched."""
    db = tmp_path / "injection.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute("create schema raw")
        con.execute("create table raw.results as select 'a' as run_id, 'q1' as query_id, 'd1' as doc_id, 1 as rank, "
                    "1.0 as score")
        con.execute("create table raw.judgments as select 'q1' as query_id, 'd1' as doc_id, 1 as grade, "
                    "'binary' as scale")
    profiles = write_duckdb_profile(tmp_path / "profiles", db)
    result = dbt_project.invoke(["build", "--select", "search_metrics_stg_results", "--vars",
                                 json.dumps({"search_metrics_results": INJECTION,
                                             "search_metrics_judgments": "raw.judgments"})],
                                target_name="injection", profiles_dir=profiles)
    with duckdb.connect(str(db)) as con:
        tables = {name for (name,) in con.execute(
            "select table_name from information_schema.tables where table_schema = 'raw'").fetchall()}
    assert tables == {"results", "judgments"}, tables
    assert not result.success
    message = message_of(result)
    assert "var search_metrics_results must name one relation or hold one SQL expression" in message, message


BAD_EXPRESSIONS = {
    "statement separator": ("raw.results; drop table raw.judgments", "a statement separator ';' outside string literals"),
    "line comment": ("raw.results --", "a comment '--' outside string literals"),
    "block comment": ("read_parquet('r.parquet') /* x */", "a comment '/*' outside string literals"),
    "closes first": ("raw.results) union all (select * from raw.other", "a ')' that closes no parenthesis"),
    "left open": ("(select * from raw.results", "a '(' that is never closed"),
    "unclosed literal": ("read_parquet('r.parquet)", "a quote ' that is never closed"),
    "unclosed identifier": ('raw."results', 'a quote " that is never closed'),
    # Spark reads \' as a quote inside the literal: the rest is SQL there, so both readings must pass
    "escaped quote on Spark": ("read_parquet('x\\'') ; drop table t; --')",
                               "reading a backslash in a literal as an escape, as Spark does"),
}


@pytest.mark.dbt
@pytest.mark.parametrize("case", sorted(BAD_EXPRESSIONS))
@pytest.mark.parametrize("var_name", ["search_metrics_judgments", "search_metrics_clicks"])
def test_an_input_var_holding_more_than_one_expression_fails_at_parse(dbt_project, case, var_name):
    value, problem = BAD_EXPRESSIONS[case]
    clicks = {"search_metrics_searches": f"{INPUT_SCHEMA}.searches", "search_metrics_clicks": f"{INPUT_SCHEMA}.clicks"}
    result = dbt_project.invoke(["parse", "--vars", json.dumps({**INPUTS, **clicks, var_name: value})],
                                target_name="config")
    assert not result.success
    message = str(result.exception)
    assert f"var {var_name} must name one relation or hold one SQL expression" in message, message
    assert problem in message and value in message, message


@pytest.mark.dbt
def test_separators_comments_and_parentheses_inside_literals_are_allowed(dbt_project):
    """Inside string literals ('' escaped) and quoted identifiers, `;`, `--`, `/*` and parentheses are text."""
    good = {"search_metrics_results": "read_parquet('runs;2026 (final) -- v1.parquet')",
            "search_metrics_judgments": "(select * from raw.\"judgments;x\" where note <> 'it''s ) /* fine') as j",
            "search_metrics_searches": "`raw`.`searches (new)`",
            "search_metrics_clicks": "read_csv('clicks.csv', delim = ';')"}
    result = dbt_project.invoke(["parse", "--vars", json.dumps(good)], target_name="config")
    assert result.success, result.exception
