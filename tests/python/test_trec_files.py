"""From a TREC run file and a qrels file (grades -1..4) to search_run_metrics, as the README's recipe goes: a consumer
project reads both files with search_metrics.read_trec_run / read_trec_qrels, points the inputs at them, ranks by
score as trec_eval does, and gets trec_eval's numbers (pytrec_eval on the same files). The files' lines end in CRLF
and LF by turns.

Then hostile files through the same project and vars (one more build, of the staging models only; the models read
whatever the files hold): a grade '1.5' and 'high' in the qrels, an ndeval grade 'high', each failing its named rule
(the message giving the input's grade) and counted in search_input_quality; a qrels line of three fields stops its
model with an error naming the line; the run's fields as the file writes them. A run rank '2.5' (read with
search_metrics_rank_from: rank) fails the rank rule in test_input_rules.py, where the rank column is text.

The clean build also turns the trec_eval table on with z-scores (trec_eval -Z) from a model of the consumer, named as
docs/trec.md writes it, `zscores: "{{ ref('trec_zscores') }}"` inside the dict var search_metrics_trec_eval (whose
text dbt does not render): search_trec_eval and the zscores data tests depend on that model, and the z-scores equal a
hand computation from pytrec_eval's values. One inline compile in the same project then resolves the settings'
other relation forms (a two-part ref, a source, a schema.table name)."""

import math
import random
import textwrap

import duckdb
import pytest
import pytrec_eval

from harness import REPO_ROOT, fetch_dicts, values_equal


def write_files(directory, rng):
    """A run file with two tags (two runs), tabs and repeated spaces between fields, tied scores and a rank column
    that disagrees with the scores; a qrels file with grades -1..4 (every topic has a judged doc, as trec_eval
    needs) and doc ids shared by the topics."""
    qrel, runs, run_lines, qrels_lines = {}, {"bm25": {}, "dense": {}}, [], []
    for q in range(6):
        query_id = f"topic{q}"
        docs = ["shared_a", "shared_b"] + [f"{query_id}_doc{i}" for i in range(8)]
        qrel[query_id] = {docs[0]: rng.randint(0, 4)}
        qrel[query_id].update({doc_id: rng.randint(-1, 4) for doc_id in docs[1:] if rng.random() < 0.8})
        qrels_lines += [f"{query_id} 0 {doc_id} {grade}" for doc_id, grade in qrel[query_id].items()]
        for tag in runs:
            returned = rng.sample(docs, rng.randint(3, len(docs)))
            runs[tag][query_id] = {}
            for rank, doc_id in enumerate(returned, start=1):
                score = float(rng.randint(0, 5))  # ties; the rank column is the file's, not the score order
                runs[tag][query_id][doc_id] = score
                run_lines.append(f"{query_id}\tQ0  {doc_id} {rank}   {score} {tag}")
    write_lines(directory / "run.txt", run_lines)
    write_lines(directory / "qrels.txt", qrels_lines)
    return qrel, runs


def write_lines(path, lines):
    """The lines ending in CRLF and LF by turns (DuckDB's CSV sniffer rejected such a file)."""
    path.write_bytes("".join(line + ("\r\n" if i % 2 == 0 else "\n") for i, line in enumerate(lines)).encode())


@pytest.fixture(scope="module")
def consumer(dbt_project, tmp_path_factory):
    """The consumer project, built on the clean files: (project dir, DuckDB file, files dir, search_run_metrics rows,
    qrel, runs). Its models read files of fixed names; ndeval_qrels and malformed_qrels are built by the hostile
    test only (the clean build selects what search_run_metrics needs)."""
    files = tmp_path_factory.mktemp("trec_files")
    qrel, runs = write_files(files, random.Random(17))
    write_lines(files / "ndeval.txt", ["topic0 1 shared_a 1", "topic0 2 shared_b 0"])  # the diversity family reads it
    project = files / "evaluation"
    (project / "models").mkdir(parents=True)
    models = {"trec_run": f"read_trec_run('{files / 'run.txt'}')",
              "trec_qrels": f"read_trec_qrels('{files / 'qrels.txt'}')",
              "ndeval_qrels": f"read_ndeval_qrels('{files / 'ndeval.txt'}')",
              "malformed_qrels": f"read_trec_qrels('{files / 'malformed.txt'}')"}
    for name, call in models.items():
        table = "{{ config(materialized='table') }}" if name == "malformed_qrels" else ""  # a build reads the file
        (project / "models" / f"{name}.sql").write_text(f"{table}{{{{ search_metrics.{call} }}}}\n")
    # z-scores for map and P_5 of every topic but (topic2, P_5), which trec_eval would print as -1000000
    zscores = {(f"topic{q}", measure): (0.1 * q, 0.5 + q) for q in range(6) for measure in ("map", "P_5")
               if (q, measure) != (2, "P_5")}
    (project / "models" / "trec_zscores.sql").write_text("\nunion all\n".join(
        f"select '{query_id}' as query_id, '{measure}' as measure, cast({mean!r} as double) as mean, "
        f"cast({stddev!r} as double) as stddev" for (query_id, measure), (mean, stddev) in zscores.items()) + "\n")
    (project / "models" / "sources.yml").write_text(textwrap.dedent("""
        sources:
          - name: stats
            schema: main
            tables: [{name: trec_zscores}]
    """))
    (project / "dbt_project.yml").write_text(textwrap.dedent("""
        name: evaluation
        version: "1.0.0"
        config-version: 2
        profile: evaluation
        vars:
          search_metrics_results: "{{ ref('trec_run') }}"
          search_metrics_judgments: "{{ ref('trec_qrels') }}"
          search_metrics_subtopic_judgments: "{{ ref('ndeval_qrels') }}"
          search_metrics_rank_from: score
          search_metrics_max_grade: 4
          search_metrics_negative_grades: unjudged
          search_metrics_cutoffs: [5, 10]
          search_metrics_metrics: [average_precision_pool_whole_list, ndcg_pool, bpref, r_precision, success]
          search_metrics_enable_trec_eval: true
          search_metrics_trec_eval:
            zscores: "{{ ref('trec_zscores') }}"
    """))
    (project / "packages.yml").write_text(f"packages:\n  - local: {REPO_ROOT}\n")
    db = files / "evaluation.duckdb"
    (project / "profiles.yml").write_text(textwrap.dedent(f"""
        evaluation:
          target: dev
          outputs:
            dev: {{type: duckdb, path: "{db}", threads: 2}}
    """))
    assert dbt_project.invoke(["deps"], project_dir=project, target_name="trec_files", profiles_dir=project).success
    build = dbt_project.invoke(["build", "--select", "+search_run_metrics", "+search_trec_eval",
                                "--indirect-selection", "cautious"],
                               project_dir=project, target_name="trec_files", profiles_dir=project)
    assert build.success, build.exception
    depends_on = {r.node.name: set(r.node.depends_on.nodes) for r in build.result.results}
    with duckdb.connect(str(db)) as con:
        run_rows = fetch_dicts(con, "select * from main.search_run_metrics")
        trec_rows = fetch_dicts(con, "select * from main.search_trec_eval where measure in ('map', 'P_5')")
    return dict(project=project, db=db, files=files, run_rows=run_rows, qrel=qrel, runs=runs, trec_rows=trec_rows,
                zscores=zscores, depends_on=depends_on)


@pytest.mark.dbt
def test_trec_files_to_run_metrics_match_pytrec_eval(consumer):
    run_rows, qrel, runs = consumer["run_rows"], consumer["qrel"], consumer["runs"]
    names = {"average_precision_pool_whole_list": "map", "ndcg_pool": "ndcg_cut", "bpref": "bpref",
             "r_precision": "Rprec", "success": "success"}
    null_without_relevant = {"average_precision_pool_whole_list", "bpref", "r_precision"}
    evaluator = pytrec_eval.RelevanceEvaluator(qrel, {"map", "ndcg_cut.5,10", "bpref", "Rprec", "success.5,10",
                                                      "num_rel"})
    assert {r["run_id"] for r in run_rows} == set(runs)
    assert len(run_rows) == len(runs) * (3 + 2 * 2)  # three metrics with k null, two at two cutoffs
    for tag, run in runs.items():
        per_query = evaluator.evaluate(run)
        for row in (r for r in run_rows if r["run_id"] == tag):
            name = names[row["metric"]] if row["k"] is None else f"{names[row['metric']]}_{row['k']}"
            # our mean is over the queries with a value; the metrics that are null without a relevant document
            # (trec_eval: 0) leave those queries out
            with_value = [values[name] for values in per_query.values()
                          if row["metric"] not in null_without_relevant or values["num_rel"] > 0]
            assert row["n_queries"] == len(with_value), row
            expected = sum(with_value) / len(with_value) if with_value else None
            assert values_equal(row["value"], expected), (row, expected)


@pytest.mark.dbt
def test_zscores_named_by_ref_inside_the_settings_dict(dbt_project, consumer):
    """docs/trec.md's -Z recipe as a consumer writes it. Before: the literal {{ ref(...) }} reached the SQL and the
    build failed with a parser error."""
    project, qrel, runs, trec_rows, zscores = (consumer[key] for key in ("project", "qrel", "runs", "trec_rows", "zscores"))
    readers = {"search_metrics_int_trec_eval_query_values", "search_metrics_int_trec_eval_spine",
               "search_metrics_int_trec_eval_run_fingerprints",
               "search_metrics_trec_eval_zscores__one_row_per_query_id_and_measure",
               "search_metrics_trec_eval_zscores__query_id_and_measure_must_not_be_null"}
    assert {name for name, parents in consumer["depends_on"].items()
            if "model.evaluation.trec_zscores" in parents} == readers
    # trec_eval -Z by hand: (value - mean) / stddev; no row: null, counted, and the run's summary null
    trec = {(r["run_id"], r["query_id"], r["measure"]): r for r in trec_rows}
    evaluator = pytrec_eval.RelevanceEvaluator(qrel, {"map", "P.5"})
    assert len(trec) == len(runs) * (len(qrel) + 1) * 2
    for tag, run in runs.items():
        per_query = evaluator.evaluate(run)
        for measure in ("map", "P_5"):
            z = {}
            for query_id, values in per_query.items():
                row = trec[(tag, query_id, measure)]
                mean, stddev = zscores.get((query_id, measure), (None, None))
                z[query_id] = None if mean is None else (values[measure] - mean) / stddev
                assert values_equal(row["raw_value"], values[measure]) and values_equal(row["value"], z[query_id]), row
                assert row["n_zscores_missing"] == (z[query_id] is None), row
            summary = trec[(tag, "all", measure)]
            missing = [q for q, value in z.items() if value is None]
            assert summary["n_zscores_missing"] == len(missing) == (measure == "P_5"), summary
            assert values_equal(summary["value"], None if missing else sum(z.values()) / len(z)), summary
            assert not math.isnan(summary["raw_value"])

    # the other forms a relation-valued setting takes, resolved in the consumer's context: a two-part ref and a
    # source record their nodes; a schema.table name is passed through
    forms = {"ref": "{{ ref('evaluation', 'trec_zscores') }}", "source": '{{source( "stats" , "trec_zscores" )}}',
             "name": " main.trec_zscores "}
    inline = " | ".join("{{ search_metrics.setting_relation('search_metrics_trec_eval.zscores', " + repr(text) + ") }}"
                        for text in forms.values())
    compiled = dbt_project.invoke(["compile", "--inline", inline], project_dir=project, target_name="trec_files",
                                  profiles_dir=project)
    assert compiled.success, compiled.exception
    node = compiled.result.results[0].node
    assert [part.strip() for part in node.compiled_code.split("|")] == [f'"evaluation"."main"."trec_zscores"'] * 2 + [
        "main.trec_zscores"], node.compiled_code
    assert {"model.evaluation.trec_zscores", "source.evaluation.stats.trec_zscores"} <= set(node.depends_on.nodes)


# the hostile files: (line, the rule its field fails); every other line is clean, of queries the run returned
HOSTILE_QRELS = [("topic0 0 a 1.5", "grade"), ("topic0 0 b 2", None), ("topic0 0 c high", "grade"),
                 ("topic1 0 a 0", None), ("topic1 0 d 1", None)]
HOSTILE_NDEVAL = [("topic0 1 a 1", None), ("topic0 2 b high", "subtopic grade"), ("topic1 1 a 0", None)]
RULES = {"grade": "search_metrics_judgments__grade_must_be_a_whole_number",
         "subtopic grade": "search_metrics_subtopic_judgments__grade_must_be_a_whole_number"}


@pytest.mark.dbt
def test_hostile_fields_fail_their_named_rules_and_are_counted(dbt_project, consumer):
    """Before: the grade 1.5 was read as 2 (a cast to integer rounds; trec_eval's atol reads 1) and the build passed,
    'high' stopped it with DuckDB's cast error, and a qrels line without its grade was an ungraded judgment."""
    project, db, files = consumer["project"], consumer["db"], consumer["files"]
    write_lines(files / "qrels.txt", [line for line, _ in HOSTILE_QRELS])
    write_lines(files / "ndeval.txt", [line for line, _ in HOSTILE_NDEVAL])
    write_lines(files / "malformed.txt", ["topic0 0 a 1", "topic0 0 b", "topic0 0 c 2"])
    # the results' and judgments' rules read their rule_violations tables, which the staging views depend on
    staging = ["search_metrics_stg_results_rule_violations", "search_metrics_stg_results",
               "search_metrics_stg_judgments_rule_violations", "search_metrics_stg_judgments",
               "search_metrics_stg_subtopic_judgments"]
    build = dbt_project.invoke(["build", "--select", *staging, "ndeval_qrels", "malformed_qrels"],
                               project_dir=project, target_name="trec_files", profiles_dir=project)
    assert not build.success
    statuses = {r.node.name: r.status for r in build.result.results}
    failed = {name for name, status in statuses.items() if status in ("fail", "error")}
    assert failed == set(RULES.values()) | {"malformed_qrels"}, statuses
    assert statuses["search_metrics_judgments__grade_must_be_on_its_scale"] == "pass"
    malformed = next(r for r in build.result.results if r.node.name == "malformed_qrels")
    assert "every line must have 4 fields separated by spaces or tabs, this one has 3: topic0 0 b" in malformed.message
    # each rule's rows (its compiled SQL run again) are the lines that break it; the grade's gives the input's grade
    compiled = {r.node.name: r.node.compiled_code for r in build.result.results}
    with duckdb.connect(str(db)) as con:
        for which, rule in RULES.items():
            rows = fetch_dicts(con, compiled[rule])
            lines = [line.split() for line, broken in HOSTILE_QRELS + HOSTILE_NDEVAL if broken == which]
            assert sorted((r["query_id"], r["doc_id"]) for r in rows) == sorted((f[0], f[2]) for f in lines), rows
            if which == "grade":
                assert sorted(r["rule_violated"] for r in rows) == sorted(
                    f"grade must be null or a whole number from -2147483647 to 2147483647, got {f[3]}" for f in lines)
        # the run's fields as the file writes them: the rank is text, for the staging model to read
        assert con.execute("select typeof(rank), typeof(score) from main.trec_run limit 1").fetchone() == (
            "VARCHAR", "DOUBLE")
    # search_input_quality, built without the rules that stop it in a build, counts every row and says why
    run = dbt_project.invoke(["run", "--select", "search_input_quality"], project_dir=project,
                             target_name="trec_files", profiles_dir=project)
    assert run.success, run.exception
    with duckdb.connect(str(db)) as con:
        quality = fetch_dicts(con, "select * from main.search_input_quality")
    for input_name, lines, which, status in (("judgments", HOSTILE_QRELS, "grade", "ungraded"),
                                             ("subtopic_judgments", HOSTILE_NDEVAL, "subtopic grade", "not_used")):
        rows = [r for r in quality if r["input_name"] == input_name]
        assert sum(r["n_rows"] for r in rows) == len(lines)
        named = [r for r in rows if RULES[which] in r["reason"]]
        assert [(r["status"], r["n_rows"]) for r in named] == [(status, sum(b == which for _, b in lines))], rows
