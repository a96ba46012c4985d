"""The vars that carry SQL or names: an input var is one relation or one SQL expression (never a second statement),
its columns are checked against the input contract whatever its form, a column var names a column, and the values
of the vars that become string literals reach the SQL intact."""

import json
from datetime import datetime

import duckdb
import pytest

from harness import INPUT_SCHEMA, write_duckdb_profile
from var_rules import assert_compile_error, errors_in_one_context

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


EXPRESSION_VARS = ["search_metrics_judgments", "search_metrics_clicks"]
# one case per var also gets a whole parse: the staging models call input_relation, which runs the check
WHOLE_PARSE_EXPRESSIONS = {"statement separator", "escaped quote on Spark"}


def _expression_vars(var_name: str, case: str) -> str:
    clicks = {"search_metrics_searches": f"{INPUT_SCHEMA}.searches", "search_metrics_clicks": f"{INPUT_SCHEMA}.clicks"}
    return json.dumps({**INPUTS, **clicks, var_name: BAD_EXPRESSIONS[case][0]})


@pytest.fixture(scope="module")
def one_context_expression_errors(dbt_project):
    """Each bad expression checked in one dbt context (var_rules.py) by input_relation, the macro every staging
    model reads its input through, for both vars."""
    calls = {("input_relation", (var_name,)): [frozenset()] for var_name in EXPRESSION_VARS}
    return errors_in_one_context(dbt_project, INPUTS, [_expression_vars(var_name, case) for var_name in EXPRESSION_VARS
                                                       for case in BAD_EXPRESSIONS], calls)


@pytest.mark.dbt
@pytest.mark.parametrize("case", sorted(BAD_EXPRESSIONS))
@pytest.mark.parametrize("var_name", EXPRESSION_VARS)
def test_an_input_var_holding_more_than_one_expression_fails_at_parse(dbt_project, one_context_expression_errors,
                                                                     case, var_name):
    value, problem = BAD_EXPRESSIONS[case]

    def check(message):
        assert f"var {var_name} must name one relation or hold one SQL expression" in message, message
        assert problem in message and value in message, message

    assert_compile_error(dbt_project, one_context_expression_errors, _expression_vars(var_name, case), check,
                         case in WHOLE_PARSE_EXPRESSIONS)


@pytest.mark.dbt
def test_separators_comments_and_parentheses_inside_literals_are_allowed(dbt_project):
    """Inside string literals ('' escaped) and quoted identifiers, `;`, `--`, `/*` and parentheses are text."""
    good = {"search_metrics_results": "read_parquet('runs;2026 (final) -- v1.parquet')",
            "search_metrics_judgments": "(select * from raw.\"judgments;x\" where note <> 'it''s ) /* fine') as j",
            "search_metrics_searches": "`raw`.`searches (new)`",
            "search_metrics_clicks": "read_csv('clicks.csv', delim = ';')"}
    result = dbt_project.invoke(["parse", "--vars", json.dumps(good)], target_name="config")
    assert result.success, result.exception


# -- 2. every input's columns are checked against its contract, whatever the var holds ------------------------------
RAW_TABLES = {  # the raw schema of a DuckDB file of the test's own; each staging case below breaks one input
    "results": "select 'a' as run_id, 'q1' as query_id, 'd1' as doc_id, 1 as rank, 1.0 as score",
    "judgments_without_scale": "select 'q1' as query_id, 'd1' as doc_id, 'r1' as rater_id, 1 as grade",
    "searches_without_n_results": "select 's1' as search_id, 'u1' as session_id, timestamp '2026-03-02 10:00:00' "
                                  "as searched_at, 'fulltext' as search_type, 'q1' as query",
    "searches": "select 's1' as search_id, 'u1' as session_id, timestamp '2026-03-02 10:00:00' as searched_at, "
                "'fulltext' as search_type, 3 as n_results, 'q1' as query",
    "clicks": "select 's1' as search_id, 1 as position, timestamp '2026-03-02 10:00:05' as clicked_at",
    "impressions_without_score": "select 's1' as search_id, 1 as position, 'd1' as doc_id",
}
# var -> (value, the message's words: the var and the relation, what is missing, the contract)
STAGING_CASES = {
    "search_metrics_results": (  # an expression: its columns come from a query of no rows
        "(select 'a' as run_id, 'q1' as query_id, 1 as rank) as r",
        "has no column doc_id. Its contract: run_id, query_id, doc_id, rank, and optionally score"),
    "search_metrics_judgments": ("raw.judgments_without_scale",
                                 "has no column scale. Its contract: query_id, doc_id, grade, scale, and optionally "
                                 "rater_id"),
    "search_metrics_searches": ("raw.searches_without_n_results",  # and the bucket and unit column vars' columns
                                "has no column n_results, bucket, user_id. Its contract: search_id, session_id, "
                                "searched_at, search_type, n_results, query, bucket, user_id"),
    "search_metrics_clicks": ("raw.no_such_clicks",
                              "does not exist: no table or view of that name in the warehouse, and no model, seed "
                              "or snapshot of this project builds it. Its contract: search_id, position, clicked_at"),
    "search_metrics_impressions": ("raw.impressions_without_score",
                                   "has no column score. Its contract: search_id, position, doc_id, score"),
    "search_metrics_page_visits": ("(select 's1' as search_id, 1 as position) as visits",
                                   "has no column visit_end_at. Its contract: search_id, position, visit_end_at"),
    "search_metrics_subtopic_judgments": ("(select 'q1' as query_id, 's1' as subtopic_id, 'd1' as doc_id) as s",
                                          "has no column grade. Its contract: query_id, subtopic_id, doc_id, grade"),
}


def raw_duckdb(tmp_path, tables=RAW_TABLES):
    db = tmp_path / "inputs.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute("create schema raw")
        for name, sql in tables.items():
            con.execute(f"create table raw.{name} as {sql}")
    return write_duckdb_profile(tmp_path / "profiles", db)


@pytest.mark.dbt
def test_each_staging_model_checks_its_input_against_the_contract(dbt_project, tmp_path):
    """One build of the seven staging models, each input broken its own way: a relation or an expression lacking a
    required column (also a column var's column), a relation that does not exist. Each model fails with a message
    naming its var, its input, what is missing and the contract, instead of the database's binder or catalog
    error."""
    dbt_vars = {var: value for var, (value, _) in STAGING_CASES.items()}
    dbt_vars.update({"search_metrics_query_id_column": "query", "search_metrics_bucket_column": "bucket",
                     "search_metrics_unit_column": "user_id"})
    staging = [f"search_metrics_stg_{var.removeprefix('search_metrics_')}" for var in STAGING_CASES]
    result = dbt_project.invoke(["run", "--select", *staging, "--vars", json.dumps(dbt_vars)],
                                target_name="staging_contracts", profiles_dir=raw_duckdb(tmp_path))
    messages = {r.node.name: str(r.message) for r in result.result.results if r.node.resource_type == "model"}
    assert sorted(messages) == sorted(staging)
    for var, (value, words) in STAGING_CASES.items():
        message = messages[f"search_metrics_stg_{var.removeprefix('search_metrics_')}"]
        assert f"the input {var} ({value}) {words}" in message, message


CLICK_MODEL_VARS = {"search_metrics_searches": "raw.searches", "search_metrics_clicks": "raw.clicks",
                    "search_metrics_impressions": "raw.impressions_without_score",
                    "search_metrics_query_id_column": "query"}


@pytest.mark.dbt
def test_a_model_of_the_project_not_built_yet_is_no_missing_input(dbt_project, tmp_path):
    """The demo's second build reads the click models' judgments as judgments ("{{ ref('search_click_judgments') }}").
    A relation that a model of the project builds is not called missing by the package, even when that model is not
    built yet (here: not selected); only the database's error remains for what was not built."""
    dbt_vars = {**CLICK_MODEL_VARS, "search_metrics_results": "raw.results",
                "search_metrics_judgments": "{{ ref('search_click_judgments') }}"}
    result = dbt_project.invoke(["run", "--select", "search_metrics_stg_judgments", "--vars", json.dumps(dbt_vars)],
                                target_name="staging_contracts", profiles_dir=raw_duckdb(tmp_path))
    assert not result.success
    message = message_of(result)
    assert "search_click_judgments" in message and "does not exist!" in message, message  # DuckDB's catalog error
    assert "no model, seed or snapshot of this project builds it" not in message, message


# -- 3. a column var names a column -------------------------------------------------------------------------------
KEY_WORD_COLUMNS = [("search_metrics_bucket_column", "select"), ("search_metrics_unit_column", "User"),
                    ("search_metrics_team_column", "Order"), ("search_metrics_query_id_column", "left")]


def _key_word_vars(var_name, column):
    online = {**CLICK_MODEL_VARS, "search_metrics_team_column": "ranker",
              "search_metrics_experiment_column": "experiment", "search_metrics_bucket_column": "bucket"}
    return json.dumps({**INPUTS, **online, var_name: column})


@pytest.fixture(scope="module")
def one_context_errors(dbt_project):
    """Each key word checked in one dbt context (var_rules.py); the bucket column's gets a whole parse too."""
    return errors_in_one_context(dbt_project, INPUTS, [_key_word_vars(*case) for case in KEY_WORD_COLUMNS])


@pytest.mark.dbt
@pytest.mark.parametrize("var_name, column", KEY_WORD_COLUMNS)
def test_a_column_var_naming_a_sql_key_word_fails_at_parse(dbt_project, one_context_errors, var_name, column):
    def check(message):
        assert f"search_metrics: {var_name} must name a column of" in message, message
        assert f"got the SQL key word {column}" in message, message

    assert_compile_error(dbt_project, one_context_errors, _key_word_vars(var_name, column), check,
                         var_name == "search_metrics_bucket_column")


def reserved_words(dbt_project) -> set[str]:
    result = dbt_project.invoke(["compile", "--vars", json.dumps(INPUTS), "--inline",
                                 "{{ search_metrics.reserved_words() | join(' ') }}"], target_name="config")
    assert result.success, result.exception
    return set(result.result.results[0].node.compiled_code.split())


@pytest.mark.dbt
def test_the_key_words_are_those_duckdb_reserves(dbt_project):
    """DuckDB's own list (its reserved key words and those only a type or function name may use) against the
    package's."""
    with duckdb.connect() as con:
        words = {word for (word,) in con.execute(
            "select keyword_name from duckdb_keywords() "
            "where keyword_category in ('reserved', 'type_function')").fetchall()}
    assert words and words <= reserved_words(dbt_project), sorted(words - reserved_words(dbt_project))


@pytest.mark.dbt
@pytest.mark.postgres
def test_the_key_words_are_those_postgres_reserves(dbt_project, postgres_engine):
    """PostgreSQL's reserved key words and those only a type or function name may use (pg_get_keywords)."""
    words = {row[0] for row in postgres_engine.fetch(
        "(select word from pg_get_keywords() where catcode in ('R', 'T')) as keywords").rows}
    assert words and words <= reserved_words(dbt_project), sorted(words - reserved_words(dbt_project))


# -- 4. ids are read as text ------------------------------------------------------------------------------------------
@pytest.mark.dbt
def test_integer_ids_are_read_as_text(dbt_project, tmp_path):
    """Integer run, query and doc ids in the results, the same ids as text in the judgments, and integer run ids in
    search_metrics_comparisons: every id is compared as text (before, VARCHAR = INTEGER was a binder error). By
    hand: run 1 returns the relevant doc 11 at rank 1 (precision_k@1 = 1), run 2 the non-relevant doc 12 (0)."""
    profiles = raw_duckdb(tmp_path, {
        "int_results": "select * from (values (1, 7, 11, 1), (2, 7, 12, 1)) as r(run_id, query_id, doc_id, rank)",
        "text_judgments": "select * from (values ('7', '11', 1, 'binary'), ('7', '12', 0, 'binary')) "
                          "as j(query_id, doc_id, grade, scale)"})
    dbt_vars = {"search_metrics_results": "raw.int_results", "search_metrics_judgments": "raw.text_judgments",
                "search_metrics_metrics": ["precision_k"], "search_metrics_cutoffs": [1],
                "search_metrics_comparisons": [[1, 2]]}
    result = dbt_project.invoke(["build", "--select", "+search_query_deltas", "--indirect-selection", "cautious",
                                 "--vars", json.dumps(dbt_vars)], target_name="staging_contracts", profiles_dir=profiles)
    assert result.success, message_of(result)
    with duckdb.connect(str(tmp_path / "inputs.duckdb")) as con:
        rows = con.execute("select baseline, candidate, query_id, metric, k, baseline_value, candidate_value, delta "
                           "from main.search_query_deltas").fetchall()
    assert rows == [("1", "2", "7", "precision_k", 1, 1.0, 0.0, -1.0)], rows


@pytest.mark.dbt
@pytest.mark.parametrize("unit_column", [None, "user_id"])
def test_the_experiments_columns_of_the_searches_are_text(dbt_project, unit_column):
    """With the experiments family on, search_metrics_stg_searches reads the bucket column as `bucket` and the unit
    column as `unit_id`, as text (an integer reads as its digits; a null bucket stays null), or session_id when
    search_metrics_unit_column is unset; with search_metrics_experiment_column unset, `experiment` is the text
    '(all)' (one experiment over the whole input). Expected rows written out by hand."""
    columns = [("search_id", "varchar"), ("session_id", "varchar"), ("searched_at", "timestamp"),
               ("search_type", "varchar"), ("n_results", "integer"), ("ab", "integer"), ("user_id", "bigint")]
    searched_at = datetime(2026, 3, 2, 10)
    rows = [{"search_id": "s1", "session_id": "u1-a", "searched_at": searched_at, "search_type": "fulltext",
             "n_results": 3, "ab": 1, "user_id": 42},
            {"search_id": "s2", "session_id": "u2-a", "searched_at": searched_at, "search_type": "fulltext",
             "n_results": 0, "ab": None, "user_id": 7}]
    dbt_vars = {"search_metrics_searches": f"{INPUT_SCHEMA}.ab_searches",
                "search_metrics_clicks": f"{INPUT_SCHEMA}.ab_clicks", "search_metrics_bucket_column": "ab",
                "search_metrics_unit_column": unit_column}
    out = dbt_project.run_tables({"ab_searches": (columns, rows)}, dbt_vars, outputs=("search_metrics_stg_searches",))
    got = sorted((r["search_id"], r["experiment"], r["bucket"], r["unit_id"])
                 for r in out["search_metrics_stg_searches"])
    if unit_column:
        assert got == [("s1", "(all)", "1", "42"), ("s2", "(all)", None, "7")], got
    else:
        assert got == [("s1", "(all)", "1", "u1-a"), ("s2", "(all)", None, "u2-a")], got


# -- 5. the literals made from vars ------------------------------------------------------------------------------------
@pytest.mark.dbt
def test_string_literal_reads_back_as_the_value(dbt_project):
    """A value with a quote and a backslash, which the engines read differently inside a literal, is written with
    chr(39) and chr(92) (the form written out by hand here), and DuckDB reads it back as the value; the parity tests
    read such values back on PostgreSQL and Spark (parity_data.HOSTILE in the comparison pairs). A plain value is
    a plain literal."""
    value = "rün_c'\";\\ -- /*"
    inline = "{{ search_metrics.string_literal(var('v')) }} | {{ search_metrics.string_literal('run_a') }}"
    result = dbt_project.invoke(["compile", "--vars", json.dumps({**INPUTS, "v": value}), "--inline", inline],
                                target_name="config")
    assert result.success, result.exception
    hostile, plain = result.result.results[0].node.compiled_code.split(" | ")
    assert hostile == "('rün_c' || chr(39) || '\";' || chr(92) || ' -- /*')" and plain == "'run_a'", hostile
    with duckdb.connect() as con:
        assert con.execute(f"select {hostile}").fetchone()[0] == value
