"""Contender: ranx, from the Parquet files to per-query numbers.

Reads the two Parquet files into pandas (pyarrow), builds ranx's Qrels and Run with from_df, evaluates
ndcg@10, map@100 and mrr (ranx's reciprocal rank over the whole list, = trec_eval's recip_rank) and writes one
row per query (query_id, ndcg_cut_10, map_cut_100, recip_rank) to the output Parquet file.
ranx compiles its metrics with numba on first use and caches the machine code on disk; bench/run.py runs each
contender once untimed first, so the timed runs see a warm cache, as a user's second run would.
Usage: python ranx_contender.py <results.parquet> <judgments.parquet> <out.parquet>
"""
import sys

import pyarrow as pa
import pyarrow.parquet as pq
from ranx import Qrels, Run, evaluate


def main(results_path, judgments_path, out_path):
    # ranx wants object (Python str) id columns; pandas 3 reads text as its own string dtype, hence astype.
    results = pq.read_table(results_path, columns=["query_id", "doc_id", "score"]).to_pandas()
    results = results.astype({"query_id": object, "doc_id": object})
    run = Run.from_df(results, q_id_col="query_id", doc_id_col="doc_id", score_col="score")
    del results
    judgments = pq.read_table(judgments_path, columns=["query_id", "doc_id", "grade"]).to_pandas()
    judgments = judgments[judgments["grade"].notna()].astype({"query_id": object, "doc_id": object, "grade": "int64"})
    qrels = Qrels.from_df(judgments, q_id_col="query_id", doc_id_col="doc_id", score_col="grade")
    del judgments
    metrics = ["ndcg@10", "map@100", "mrr"]
    evaluate(qrels, run, metrics, save_results_in_run=True)
    scores = run.scores
    query_ids = sorted(scores["ndcg@10"])
    table = pa.table({
        "query_id": query_ids,
        "ndcg_cut_10": [float(scores["ndcg@10"][q]) for q in query_ids],
        "map_cut_100": [float(scores["map@100"][q]) for q in query_ids],
        "recip_rank": [float(scores["mrr"][q]) for q in query_ids],
    })
    pq.write_table(table, out_path)


if __name__ == "__main__":
    main(*sys.argv[1:4])
