"""The llm_judge family: the judging queue judged by an LLM function, in real `dbt build` runs on DuckDB.

DuckDB has no LLM function, so the runs use `llm_stub`, a SQL function the test registers on every connection dbt
opens (a dbt-duckdb plugin, tests/python/llm_stub.py) that records each prompt and answers from a table of canned
answers. What is checked:

1. The prompts sent are UMBRELA's prompt (its text as castorini/umbrela's qrel_zeroshot_bing template has it, copied
   here, not from the package) with the query's and the document's text; exactly the pending pairs with both texts
   are sent, once each (the stub's calls are counted); a pair this rater graded in the judgments input never is.
2. The grades parsed from the answers (hand-read): "##final score: 3", "Final Score (O): 1.", "The final score is
   3", a bare "**2**", the last of two final scores, and the answers that give none (2.5, a score above the scale,
   no number): null grade, the answer kept, counted by the warning test; the pairs without a text are counted by
   theirs.
3. Incremental runs (an unchanged queue sends nothing: on PostgreSQL, below); the recipe of docs/llm_judge.md (the table appended to the
   judgments input, then a full refresh sends again only the pairs whose grade was null); new pairs sent once,
   max_pairs_per_run at a time in the documented order (priority_rank before priority).
4. PostgreSQL: a first and an unchanged second run with a PL/pgSQL function declared stable (which PostgreSQL
   would call at every use of the answer, were the CTE not materialized): the same prompts once each, the same
   grades. The grade parser on more answers, on DuckDB and PostgreSQL (each adapter's own variant, run there).
5. The warehouse variants (Snowflake AI_COMPLETE, Databricks ai_query, BigQuery AI.GENERATE): rendered with their
   own macros and parsed by sqlglot in that warehouse's dialect (the portability gate's checks), the only check
   they get; and the model's compiled SQL (a first and an incremental run) parses in every warehouse dialect.
"""

from __future__ import annotations

import hashlib
import json

import duckdb
import pytest

import llm_stub
from harness import fetch_dicts, load_table
from test_portability import DIALECTS, gate_failures

SCHEMA = "llm_input"
# castorini/umbrela, src/umbrela/prompts/prompt_templates/qrel_zeroshot_bing.yaml (prefix_user), as YAML reads it
UMBRELA = (
    "Given a query and a passage, you must provide a score on an integer scale of 0 to 3 with the following "
    "meanings:\n0 = represent that the passage has nothing to do with the query, \n1 = represents that the passage "
    "seems related to the query but does not answer it, \n2 = represents that the passage has some answer for the "
    "query, but the answer may be a bit unclear, or hidden amongst extraneous information and \n3 = represents that "
    "the passage is dedicated to the query and contains the exact answer.\n\nImportant Instruction: Assign category "
    "1 if the passage is somewhat related to the topic but not completely, category 2 if passage presents something "
    "very important related to the entire topic but also has some extra information and category 3 if the passage "
    "only and entirely refers to the topic. If none of the above satisfies give it category 0.\n\nQuery: {query}\n"
    "Passage: {passage}\n\nSplit this problem into steps:\nConsider the underlying intent of the search.\nMeasure "
    "how well the content matches a likely intent of the query (M).\nMeasure how trustworthy the passage is (T).\n"
    "Consider the aspects above and the relative importance of each, and decide on a final score (O). Final score "
    "must be an integer value only.\nDo not provide any code in result. Provide each score in the format of: "
    "##final score: score without providing any reasoning.")

RESULT_COLUMNS = [("run_id", "varchar"), ("query_id", "varchar"), ("doc_id", "varchar"), ("rank", "integer")]
JUDGMENT_COLUMNS = [("query_id", "varchar"), ("doc_id", "varchar"), ("rater_id", "varchar"), ("grade", "integer"),
                    ("scale", "varchar")]
QUERY_COLUMNS = [("query_id", "varchar"), ("query_text", "varchar")]
DOCUMENT_COLUMNS = [("doc_id", "varchar"), ("text", "varchar")]


def results_of(runs: dict[str, dict[str, list[str]]]) -> list[dict]:
    return [{"run_id": run, "query_id": query, "doc_id": doc, "rank": rank}
            for run, queries in runs.items() for query, docs in queries.items()
            for rank, doc in enumerate(docs, start=1)]


RUNS = {"a": {"q1": ["d1", "d2", "d3"], "q2": ["d4", "d5"], "q3": ["d6"]},
        "b": {"q1": ["d2", "d7"], "q2": ["d5", "d8"]}}
JUDGMENTS = [
    {"query_id": "q1", "doc_id": "d1", "rater_id": "r1", "grade": 3, "scale": "graded"},           # a human grade
    {"query_id": "q2", "doc_id": "d4", "rater_id": "r1", "grade": None, "scale": "graded"},        # pooled, unjudged
    {"query_id": "q1", "doc_id": "d3", "rater_id": "llm:umbrela", "grade": 2, "scale": "graded"},  # this rater's
    {"query_id": "q2", "doc_id": "d8", "rater_id": "llm:umbrela", "grade": None, "scale": "graded"},  # not graded
    {"query_id": "q1", "doc_id": "d7", "rater_id": "sdbn", "grade": 1, "scale": "graded"},         # another judge's
    {"query_id": "q4", "doc_id": "d1", "rater_id": "r1", "grade": 0, "scale": "graded"},           # q4: graded by
    {"query_id": "q4", "doc_id": "d2", "rater_id": "r1", "grade": 1, "scale": "graded"},           # run c's top two
]
QUERIES = [{"query_id": "q1", "query_text": "how tall is the eiffel tower"},
           {"query_id": "q2", "query_text": "sort a list in python"},
           {"query_id": "q3", "query_text": None},                                  # q3's pairs wait: no query text
           {"query_id": "q4", "query_text": "what is a dbt package"}]
DOC_TEXT = {f"d{i}": f"passage {i}: text of document d{i}." for i in range(1, 14) if i != 5}  # d5: no document
ANSWERS = {  # document -> the stub's answer, and the grade read from it by hand
    "d2": ("The passage states the height.\n##final score: 3", 3),
    "d3": ("##final score: 0", 0),
    "d4": ("##final score: 2.5", None),                     # not a whole number
    "d7": ("M: 2, T: 1\nFinal Score (O): 1.", 1),           # the prompt's "(O)", a sentence's full stop
    "d8": ("I cannot judge this passage.", None),           # no number at all
    "d9": ("**2**", 2),                                     # only a number
    "d10": ("##final score: 7", None),                      # above the 0..3 scale
    "d11": ("final score: 1\nOn reflection, it is off topic.\n##final score: 0", 0),  # the last final score counts
    "d12": ("##final score: 1", 1),
    "d13": ("The final score is 3", 3),
}
# the queue: every pooled pair no human graded (q1-d1 is graded); q1-d3 is graded by this rater in the input
FIRST_SENT = {("q1", "d2"), ("q1", "d7"), ("q2", "d4"), ("q2", "d8")}
WITHOUT_TEXT = {("q2", "d5"), ("q3", "d6")}
VARS = {
    "search_metrics_results": f"{SCHEMA}.results",
    "search_metrics_judgments": f"{SCHEMA}.judgments",
    "search_metrics_queries": f"{SCHEMA}.queries",
    "search_metrics_documents": f"{SCHEMA}.documents",
    "search_metrics_automated_raters": ["sdbn", "coec", "pbm", "llm:*"],
    "search_metrics_llm_judge": {"function": "llm_stub"},
}
CAPPED = {**VARS, "search_metrics_llm_judge": {"function": "llm_stub", "max_pairs_per_run": 2}}
RULE_NO_GRADE = "search_llm_judgments__answer_should_give_a_grade"
RULE_NO_TEXT = "search_llm_judgments__queue_pair_should_have_query_and_document_text"


def prompt(query_id: str, doc_id: str) -> str:
    query_text = next(q["query_text"] for q in QUERIES if q["query_id"] == query_id)
    return UMBRELA.replace("{query}", query_text).replace("{passage}", DOC_TEXT[doc_id])


@pytest.fixture(scope="module")
def llm(dbt_project, tmp_path_factory):
    """A DuckDB file of its own whose profile loads the stub plugin; load(), build() and rows()."""
    workdir = tmp_path_factory.mktemp("llm_judge")
    db = workdir / "llm.duckdb"
    profiles = workdir / "profiles"
    profiles.mkdir()
    (profiles / "profiles.yml").write_text(
        "search_metrics:\n  target: duckdb\n  outputs:\n"
        f"    duckdb: {{type: duckdb, path: \"{db}\", threads: 2, plugins: [{{module: llm_stub}}]}}\n")
    llm_stub.ANSWERS.clear()
    llm_stub.ANSWERS.update({DOC_TEXT[doc]: answer for doc, (answer, _) in ANSWERS.items()})

    def load(runs=RUNS, judgments=JUDGMENTS):
        with duckdb.connect(str(db)) as con:
            load_table(con, f"{SCHEMA}.results", RESULT_COLUMNS, results_of(runs))
            load_table(con, f"{SCHEMA}.judgments", JUDGMENT_COLUMNS, judgments)
            load_table(con, f"{SCHEMA}.queries", QUERY_COLUMNS, QUERIES)
            load_table(con, f"{SCHEMA}.documents", DOCUMENT_COLUMNS,
                       [{"doc_id": doc, "text": text} for doc, text in DOC_TEXT.items()])

    def build(dbt_vars, *args, select="+search_llm_judgments"):
        """dbt build of `select` (default search_llm_judgments and what it reads) and its data tests; returns
        (the prompts sent, {data test: (status, failures)})."""
        llm_stub.PROMPTS.clear()
        result = dbt_project.invoke(["build", "--vars", json.dumps(dbt_vars), "--select", *select.split(), *args],
                                    target_name="llm", profiles_dir=profiles)
        assert result.success, result.exception
        tests = {r.node.name: (str(r.status), r.failures) for r in result.result.results
                 if r.node.resource_type == "test"}
        return list(llm_stub.PROMPTS), tests

    def rows():
        with duckdb.connect(str(db)) as con:
            return {(r["query_id"], r["doc_id"]): r for r in fetch_dicts(con, "select * from main.search_llm_judgments")}

    return load, build, rows, db


@pytest.mark.dbt
def test_the_queue_is_judged_once_per_pair_and_incremental_runs_send_only_new_pairs(llm):
    load, build, rows, db = llm
    load()

    # 1. the first build sends every pending pair with both texts, once, with UMBRELA's prompt
    prompts, tests = build(VARS)
    assert sorted(prompts) == sorted(prompt(q, d) for q, d in FIRST_SENT)
    table = rows()
    assert set(table) == FIRST_SENT
    for (query_id, doc_id), row in table.items():
        assert (row["grade"], row["answer"]) == (ANSWERS[doc_id][1], ANSWERS[doc_id][0]), (query_id, doc_id)
        assert (row["rater_id"], row["scale"]) == ("llm:umbrela", "graded") and row["judged_at"] is not None
        assert json.loads(row["judge_settings"]) == {  # what the row was judged with: UMBRELA's template's md5
            "function": "llm_stub", "model": None, "connection_id": None,
            "prompt_template_md5": hashlib.md5(UMBRELA.encode()).hexdigest()}
    # d4's 2.5 and d8's text give no grade: kept, and counted by the warning test; q2-d5 and q3-d6 wait for a text
    assert tests[RULE_NO_GRADE] == ("warn", 2), tests
    assert tests[RULE_NO_TEXT] == ("warn", len(WITHOUT_TEXT)), tests
    assert tests["search_llm_judgments__one_row_per_query_doc_and_rater"][0] == "pass"
    for rule in ("search_metrics_queries__query_id_must_not_be_null", "search_metrics_queries__query_id_must_be_unique",
                 "search_metrics_documents__doc_id_must_not_be_null", "search_metrics_documents__doc_id_must_be_unique"):
        assert tests[rule][0] == "pass", (rule, tests[rule])

    # 2. the recipe of docs/llm_judge.md: the table appended to the judgments input; a full refresh then sends
    # again only the pairs whose grade is null (a null grade is no judgment); the graded ones are judged in the input
    with duckdb.connect(str(db)) as con:
        appended = fetch_dicts(con, "select query_id, doc_id, rater_id, grade, scale from main.search_llm_judgments")
    judgments = JUDGMENTS + appended
    load(RUNS, judgments)
    prompts, _ = build(VARS, "--full-refresh", select="search_llm_judgments")  # the human grades are unchanged
    resent = {("q2", "d4"), ("q2", "d8")}
    assert sorted(prompts) == sorted(prompt(q, d) for q, d in resent)
    assert set(rows()) == resent

    # 3. a new run ranks five new pairs; two a run (max_pairs_per_run), by priority_rank within the query, then
    # priority, query and doc. The queue then reads, priority (priority_rank): q1 d2 1.8 (1), d9 1.0 (2), d10 0.8
    # (3: tied with d7, both best at rank 2, d10 first in binary order), d7 0.8 (4), d3 0.64 (5), d12 0.64 (6); q2 d5
    # 1.8 (1), d11 1.0 (2: tied with d4, both best at rank 1), d4 1.0 (3), d8 0.8 (4); q4 d13 0.64 (1: d1 and d2,
    # above it, are graded). So q4-d13 (priority_rank 1) and q1-d9 (2, before q2-d11 at the same priority) go first,
    # where priority alone would send q1-d9 and q2-d11; then q2-d11 and q1-d10; then q1-d12: no pair twice
    runs = {**RUNS, "c": {"q1": ["d9", "d10", "d12"], "q2": ["d11"], "q4": ["d1", "d2", "d13"]}}
    load(runs, judgments)
    prompts, _ = build(CAPPED, select="search_judgment_queue search_llm_judgments")
    assert sorted(prompts) == sorted([prompt("q4", "d13"), prompt("q1", "d9")])
    prompts, _ = build(CAPPED, select="search_llm_judgments")
    assert sorted(prompts) == sorted([prompt("q2", "d11"), prompt("q1", "d10")])
    prompts, tests = build(CAPPED, select="search_llm_judgments")
    assert prompts == [prompt("q1", "d12")]
    table = rows()
    assert set(table) == resent | {("q1", "d9"), ("q1", "d10"), ("q1", "d12"), ("q2", "d11"), ("q4", "d13")}
    assert {key: row["grade"] for key, row in table.items()} == {key: ANSWERS[key[1]][1] for key in table}
    assert tests[RULE_NO_GRADE] == ("warn", 3), tests  # d4, d8, and d10's 7 above the scale
    # q1-d3, graded by this rater in the judgments input, was never sent
    assert ("q1", "d3") not in table


@pytest.mark.dbt
@pytest.mark.postgres
def test_the_queue_is_judged_alike_on_postgres(postgres_engine):
    """The first run and an unchanged second run on PostgreSQL, with a PL/pgSQL function that logs each prompt and
    answers from a table: the same prompts, once each (the answers CTE is materialized there), and the same grades as
    on DuckDB; then nothing sent."""
    engine, schema = postgres_engine, "llm_judge"
    inputs = "llm_pg_input"
    string = lambda *names: [(name, "string") for name in names]  # noqa: E731
    engine.execute(f"drop schema if exists {inputs} cascade")
    engine.execute(f"create schema {inputs}")
    for name, columns, rows in [
            ("results", string("run_id", "query_id", "doc_id") + [("rank", "int")], results_of(RUNS)),
            ("judgments", string("query_id", "doc_id", "rater_id") + [("grade", "int")] + string("scale"), JUDGMENTS),
            ("queries", string("query_id", "query_text"), QUERIES),
            ("documents", string("doc_id", "text"), [{"doc_id": d, "text": t} for d, t in DOC_TEXT.items()]),
            ("answers", string("doc_text", "answer"), [{"doc_text": DOC_TEXT[d], "answer": a}
                                                       for d, (a, _) in ANSWERS.items()])]:
        engine.execute(engine.create_table_from_rows(f"{inputs}.{name}", columns, rows))
    engine.execute(f"create table {inputs}.calls (prompt text)")
    # declared stable, as a user may declare a deterministic model call: PostgreSQL then inlines a CTE read once and
    # evaluates the function at every use of its column (three times per row here), unless the CTE is materialized;
    # the log is written by a volatile function it calls (a stable one may not insert)
    engine.execute(f"""create function {inputs}.log_call(prompt text) returns void language sql volatile as $$
        insert into {inputs}.calls values (prompt) $$""")
    engine.execute(f"""create function {inputs}.llm_stub(prompt text) returns text language plpgsql stable as $$
        begin
            perform {inputs}.log_call(prompt);
            return (select answer from {inputs}.answers where position(doc_text in prompt) > 0);
        end $$""")
    dbt_vars = {**VARS, **{var: value.replace(SCHEMA, inputs) for var, value in VARS.items()
                           if var in ("search_metrics_results", "search_metrics_judgments", "search_metrics_queries",
                                      "search_metrics_documents")},
                "search_metrics_llm_judge": {"function": f"{inputs}.llm_stub", "max_pairs_per_run": 10}}
    engine.reset_schema(schema)
    for run in (1, 2):
        result = engine.dbt(["build", "--select", "+search_llm_judgments"], schema, "llm_judge", dbt_vars)
        assert result.success, result.exception
        prompts = [prompt for (prompt,) in engine.fetch(f"{inputs}.calls").rows]
        assert sorted(prompts) == sorted(prompt(q, d) for q, d in FIRST_SENT), run  # the second run adds none
    table = engine.fetch(engine.relation(schema, "search_llm_judgments")).dicts()
    assert {(r["query_id"], r["doc_id"]): r["grade"] for r in table} == {
        (q, d): ANSWERS[d][1] for q, d in FIRST_SENT}
    assert all(r["rater_id"] == "llm:umbrela" and r["scale"] == "graded" for r in table)


# -- the grade parser ------------------------------------------------------------------------------------------------
GRADE_CASES = [  # answer, grade (read by hand)
    ("##final score: 2", 2),
    ("##Final Score: 3\n", 3),
    ("M: 2\nT: 1\n##final score: 1", 1),
    ("final score (O): 0", 0),
    ("**Final score:** 2.", 2),
    ("Final score = 3", 3),
    ("final score is 2", 2),
    ("The final score is: 1", 1),
    ("final score of the passage: 2", None),
    ("##final score: 1\nlater...\n##final score: 2", 2),   # the last final score
    ("##final score: 2\nfinal score: unknown", None),      # the last final score gives no number
    ("##final score: -1", None),
    ("##final score: 2.5", None),
    ("##final score: 4", None),                            # above search_metrics_max_grade (3)
    ("##final score: 10", None),
    ("##final score:", None),
    ("1", 1),
    ("  **3**\n", 3),
    ("2.", 2),
    ("Score: 2", None),                                    # no final score, and more than a number
    ("The answer is 2", None),
    ("", None),
    (None, None),
]


def _answers_sql() -> str:
    def literal(text):
        return "null" if text is None else "'" + text.replace("'", "''") + "'"
    return " union all ".join(f"select {i} as case_id, cast({literal(answer)} as varchar) as answer"
                              for i, (answer, _) in enumerate(GRADE_CASES))


WAREHOUSE_SETTINGS = {  # the names are the vendors' documentation examples
    "snowflake": {"function": None, "model": "llama3.1-70b", "connection_id": None},
    "databricks": {"function": None, "model": "databricks-meta-llama-3-3-70b-instruct", "connection_id": None},
    "bigquery": {"function": None, "model": "gemini-2.5-flash", "connection_id": "us.llm_connection"},
}
# what each warehouse's adapter dispatches to: dbt-databricks tries databricks__, spark__, then default__
VARIANTS = {"snowflake": ("default", "snowflake", "snowflake"), "databricks": ("default", "databricks", "default"),
            "bigquery": ("bigquery", "bigquery", "bigquery")}
OWN_FUNCTIONS = {"snowflake": "AI_COMPLETE", "databricks": "ai_query", "bigquery": "GENERATE"}
SEPARATOR = "-- next statement --"


@pytest.fixture(scope="module")
def rendered(dbt_project, llm):
    """One inline compile that renders, with each adapter's own macros: the grade expression of DuckDB (default__)
    and PostgreSQL, and for each warehouse the prompt, the call and the grade over a table of pairs."""
    statements = ["select case_id, {{ search_metrics.default__llm_grade('answer') }} as grade from cases",
                  "select case_id, {{ search_metrics.postgres__llm_grade('answer') }} as grade from cases"]
    for warehouse, (prompt_variant, call_variant, grade_variant) in VARIANTS.items():
        settings = json.dumps(WAREHOUSE_SETTINGS[warehouse]).replace("null", "none")
        statements.append(
            "with answers as (select query_id, doc_id, {{ search_metrics." + call_variant + "__llm_complete(search_metrics."
            + prompt_variant + "__llm_prompt(search_metrics.umbrela_prompt(), 'query_text', 'doc_text'), " + settings
            + ") }} as answer from analytics.pairs_to_send) select query_id, doc_id, {{ search_metrics." + grade_variant
            + "__llm_grade('answer') }} as grade, answer from answers")
    result = dbt_project.invoke(["compile", "--vars", json.dumps(CAPPED), "--inline",
                                 f"\n{SEPARATOR}\n".join(statements)], target_name="llm",
                                profiles_dir=llm[3].parent / "profiles")
    assert result.success, result.exception
    sql = result.result.results[0].node.compiled_code.split(SEPARATOR)
    return {"duckdb": sql[0], "postgres": sql[1], **dict(zip(VARIANTS, sql[2:]))}


def _expected_grades():
    return {i: grade for i, (_, grade) in enumerate(GRADE_CASES)}


@pytest.mark.dbt
def test_grades_read_from_answers_on_duckdb(rendered):
    with duckdb.connect() as con:
        rows = con.execute(f"with cases as ({_answers_sql()}) {rendered['duckdb']}").fetchall()
    assert dict(rows) == _expected_grades()


@pytest.mark.dbt
@pytest.mark.postgres
def test_grades_read_from_answers_on_postgres(rendered, postgres_engine):
    table = postgres_engine.fetch(f"(with cases as ({_answers_sql()}) {rendered['postgres']}) as graded")
    assert dict(table.rows) == _expected_grades()


@pytest.mark.dbt
@pytest.mark.parametrize("warehouse", sorted(VARIANTS))
def test_warehouse_variants_parse_in_their_dialect(rendered, warehouse):
    """The portability gate's checks in the warehouse's own dialect (it parses, reads the same columns, round-trips);
    the one unknown function allowed is the warehouse's LLM function, which sqlglot does not model."""
    sql = rendered[warehouse]
    assert OWN_FUNCTIONS[warehouse] in sql
    failures = [f for f in gate_failures(warehouse, sql, warehouse)
                if f != f"unknown functions ['{OWN_FUNCTIONS[warehouse]}']"]
    assert not failures, failures


def test_the_gate_catches_a_broken_warehouse_variant():
    """The same check fails on SQL the warehouse would not accept (an unbalanced call)."""
    assert gate_failures("snowflake", "select AI_COMPLETE('m', 'x' || q as answer from analytics.t", "snowflake")


@pytest.mark.dbt
def test_model_sql_parses_in_every_warehouse_dialect(dbt_project, llm):
    """The model as DuckDB compiles it, a first run and an incremental run, with the cap's ranking, and the warning
    test on the texts: parsed in every warehouse dialect (the CTEs, the anti-join and the window around the LLM
    call)."""
    load, build, _, db = llm
    with duckdb.connect(str(db)) as con:
        built = con.execute("select count(*) from information_schema.tables "
                            "where table_name = 'search_llm_judgments'").fetchone()[0]
    if not built:  # this test alone: build the table once, so that an incremental run has one to read
        load()
        build(CAPPED)
    compiled = {}
    for run, flags in (("incremental", []), ("first", ["--full-refresh"])):
        result = dbt_project.invoke(["compile", "--vars", json.dumps(CAPPED), "--select", "search_llm_judgments",
                                     RULE_NO_TEXT, *flags], target_name="llm", profiles_dir=db.parent / "profiles")
        assert result.success, result.exception
        nodes = {r.node.name: r.node.compiled_code for r in result.result.results}
        compiled[run] = nodes["search_llm_judgments"]
        compiled[RULE_NO_TEXT] = nodes[RULE_NO_TEXT]
    assert "search_llm_judgments" in compiled["incremental"].split("from", 1)[1]
    assert "rater_id = 'llm:umbrela'" in compiled["first"] and "row_number()" in compiled["first"]
    assert compiled["incremental"].count("union all") == compiled["first"].count("union all") + 1
    problems = [(run, dialect, f) for run, sql in compiled.items() for dialect in DIALECTS
                for f in gate_failures("duckdb", sql, dialect, parse_only=True)]
    assert not problems, problems


@pytest.mark.dbt
def test_one_row_per_pair_rule_fails_on_a_repeated_row(dbt_project, llm):
    """The output rule of the table fails, under its name, when a (query_id, doc_id, rater_id) is there twice (the
    parity-based output-rule test does not build this family: it needs a function)."""
    load, build, _, db = llm
    with duckdb.connect(str(db)) as con:
        built = con.execute("select count(*) from information_schema.tables "
                            "where table_name = 'search_llm_judgments'").fetchone()[0]
    if not built:
        load()
        build(CAPPED)
    rule = "search_llm_judgments__one_row_per_query_doc_and_rater"
    with duckdb.connect(str(db)) as con:
        con.execute("insert into main.search_llm_judgments select * from main.search_llm_judgments limit 1")
    try:
        result = dbt_project.invoke(["test", "--vars", json.dumps(CAPPED), "--select", rule], target_name="llm",
                                    profiles_dir=db.parent / "profiles")
        tests = [(r.node.name, str(r.status), r.failures) for r in result.result.results
                 if r.node.resource_type == "test"]
        assert tests == [(rule, "fail", 1)], tests
    finally:
        with duckdb.connect(str(db)) as con:
            con.execute("create or replace table main.search_llm_judgments as "
                        "select distinct * from main.search_llm_judgments")
