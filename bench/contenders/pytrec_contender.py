"""Contender: pytrec_eval (pytrec-eval-terrier), from the Parquet files to per-query numbers.

Reads the two Parquet files (pyarrow), builds pytrec_eval's dicts ({query: {doc: score}} and
{query: {doc: grade}}), evaluates ndcg_cut_10, map_cut_100 and recip_rank, and writes one row per query
(query_id, ndcg_cut_10, map_cut_100, recip_rank) to the output Parquet file.
Usage: python pytrec_contender.py <results.parquet> <judgments.parquet> <out.parquet>
"""
import sys

import pyarrow as pa
import pyarrow.parquet as pq
import pytrec_eval


def read_run_and_qrels(results_path, judgments_path):
    """pytrec_eval's dicts from the two Parquet files: ({query: {doc: score}}, {query: {doc: grade}}), ungraded
    judgments left out. Also read by pytrec_all_contender.py."""
    results = pq.read_table(results_path, columns=["query_id", "doc_id", "score"])
    run = {}
    for query_id, doc_id, score in zip(*(results.column(c).to_pylist() for c in ("query_id", "doc_id", "score"))):
        docs = run.get(query_id)
        if docs is None:
            docs = run[query_id] = {}
        docs[doc_id] = score
    del results
    judgments = pq.read_table(judgments_path, columns=["query_id", "doc_id", "grade"])
    qrels = {}
    for query_id, doc_id, grade in zip(*(judgments.column(c).to_pylist() for c in ("query_id", "doc_id", "grade"))):
        if grade is None:
            continue
        docs = qrels.get(query_id)
        if docs is None:
            docs = qrels[query_id] = {}
        docs[doc_id] = int(grade)
    del judgments
    return run, qrels


def main(results_path, judgments_path, out_path):
    run, qrels = read_run_and_qrels(results_path, judgments_path)
    evaluator = pytrec_eval.RelevanceEvaluator(qrels, {"ndcg_cut.10", "map_cut.100", "recip_rank"})
    per_query = evaluator.evaluate(run)
    query_ids = sorted(per_query)
    table = pa.table({
        "query_id": query_ids,
        "ndcg_cut_10": [per_query[q]["ndcg_cut_10"] for q in query_ids],
        "map_cut_100": [per_query[q]["map_cut_100"] for q in query_ids],
        "recip_rank": [per_query[q]["recip_rank"] for q in query_ids],
    })
    pq.write_table(table, out_path)


if __name__ == "__main__":
    main(*sys.argv[1:4])
