"""Contender: pytrec_eval (pytrec-eval-terrier, trec_eval 9) with every measure it supports, from the Parquet files
to per-query values (the trec_eval table's bench, `bench/run.py --trec-eval Q`).

Reads the two Parquet files into pytrec_eval's dicts (pytrec_contender.read_run_and_qrels), evaluates
pytrec_eval.supported_measures (all_trec of trec_eval 9) and writes one row per (query_id, measure, value) to the
output Parquet file, plus the summary (query_id 'all', pytrec_eval.compute_aggregated_measure: sums for
num_*, exp(mean of logs) for gm_*, the mean otherwise), as `trec_eval -q` prints it.
Usage: python pytrec_all_contender.py <results.parquet> <judgments.parquet> <out.parquet>
"""
import sys

import pyarrow as pa
import pyarrow.parquet as pq
import pytrec_eval

from pytrec_contender import read_run_and_qrels  # the same dicts as the three-measure contender


def main(results_path, judgments_path, out_path):
    run, qrels = read_run_and_qrels(results_path, judgments_path)
    evaluator = pytrec_eval.RelevanceEvaluator(qrels, pytrec_eval.supported_measures)
    per_query = evaluator.evaluate(run)
    query_col, measure_col, value_col = [], [], []
    for query_id in sorted(per_query):
        for measure, value in per_query[query_id].items():
            query_col.append(query_id)
            measure_col.append(measure)
            value_col.append(value)
    for measure in sorted(next(iter(per_query.values()))):
        query_col.append("all")
        measure_col.append(measure)
        value_col.append(pytrec_eval.compute_aggregated_measure(measure, [v[measure] for v in per_query.values()]))
    pq.write_table(pa.table({"query_id": query_col, "measure": measure_col,
                             "value": pa.array(value_col, type=pa.float64())}), out_path)


if __name__ == "__main__":
    main(*sys.argv[1:4])
