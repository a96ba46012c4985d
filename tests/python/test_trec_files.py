"""From a TREC run file and a qrels file (grades -1..4) to search_run_metrics, as the README's recipe goes: a consumer
project reads both files with search_metrics.read_trec_run / read_trec_qrels, points the inputs at them, ranks by
score as trec_eval does, and gets trec_eval's numbers (pytrec_eval on the same files)."""

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
    (directory / "run.txt").write_text("\n".join(run_lines) + "\n")
    (directory / "qrels.txt").write_text("\n".join(qrels_lines) + "\n")
    return qrel, runs


@pytest.mark.dbt
def test_trec_files_to_run_metrics_match_pytrec_eval(dbt_project, tmp_path):
    qrel, runs = write_files(tmp_path, random.Random(17))
    project = tmp_path / "evaluation"
    (project / "models").mkdir(parents=True)
    (project / "models" / "trec_run.sql").write_text(
        f"{{{{ search_metrics.read_trec_run('{tmp_path / 'run.txt'}') }}}}\n")
    (project / "models" / "trec_qrels.sql").write_text(
        f"{{{{ search_metrics.read_trec_qrels('{tmp_path / 'qrels.txt'}') }}}}\n")
    (project / "dbt_project.yml").write_text(textwrap.dedent("""
        name: evaluation
        version: "1.0.0"
        config-version: 2
        profile: evaluation
        vars:
          search_metrics_results: "{{ ref('trec_run') }}"
          search_metrics_judgments: "{{ ref('trec_qrels') }}"
          search_metrics_rank_from: score
          search_metrics_max_grade: 4
          search_metrics_negative_grades: unjudged
          search_metrics_cutoffs: [5, 10]
          search_metrics_metrics: [average_precision_pool_whole_list, ndcg_pool, bpref, r_precision, success]
    """))
    (project / "packages.yml").write_text(f"packages:\n  - local: {REPO_ROOT}\n")
    db = tmp_path / "evaluation.duckdb"
    (project / "profiles.yml").write_text(textwrap.dedent(f"""
        evaluation:
          target: dev
          outputs:
            dev: {{type: duckdb, path: "{db}", threads: 2}}
    """))
    assert dbt_project.invoke(["deps"], project_dir=project, target_name="trec_files", profiles_dir=project).success
    build = dbt_project.invoke(["build"], project_dir=project, target_name="trec_files", profiles_dir=project)
    assert build.success, build.exception
    with duckdb.connect(str(db)) as con:
        run_rows = fetch_dicts(con, "select * from main.search_run_metrics")
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
