"""Print the judging workflow of a demo build (docs/judgments.md): the top of the judgment queue, each run's
judged@k at the largest cutoff, and how each automated judge ranks the runs against the humans on the main metric.

Usage: python scripts/demo/print_judging_summary.py path/to/demo.duckdb [schema] [main metric]
(main metric: default ndcg, read at the largest cutoff)
"""

import sys

import duckdb

N_QUEUE = 10


def main(path: str, schema: str = "main", main_metric: str = "ndcg") -> None:
    with duckdb.connect(path, read_only=True) as con:
        existing = {row[0] for row in con.execute(
            "select table_name from information_schema.tables where table_schema = ?", [schema]).fetchall()}
        if "search_judgment_queue" in existing:
            n_pairs, n_queries = con.execute(
                f"select count(*), count(distinct query_id) from {schema}.search_judgment_queue").fetchone()
            queue = con.execute(f"""
                select query_id, doc_id, n_runs, best_rank, priority, priority_rank
                from {schema}.search_judgment_queue
                order by priority desc, query_id, priority_rank limit {N_QUEUE}""").fetchall()
            print(f"\nsearch_judgment_queue: {n_pairs} (query, doc) pairs of {n_queries} queries no human graded; "
                  f"the first {len(queue)} by priority (sum over the runs of 0.8^(rank - 1) by default)")
            print(f"{'query_id':<24}{'doc_id':<10}{'runs':>6}{'best rank':>11}{'priority':>10}{'rank in query':>15}")
            for query_id, doc_id, n_runs, best_rank, priority, priority_rank in queue:
                print(f"{query_id:<24}{doc_id:<10}{n_runs:>6}{best_rank:>11}{priority:>10.3f}{priority_rank:>15}")
        if "search_run_judgment_coverage" in existing:
            coverage = con.execute(f"""
                select run_id, k, judged_at_k, n_unjudged, n_results, n_fully_judged_queries, n_queries
                from {schema}.search_run_judgment_coverage
                where k = (select max(k) from {schema}.search_run_judgment_coverage)
                order by run_id""").fetchall()
            if coverage:
                print(f"\nsearch_run_judgment_coverage at k = {coverage[0][1]}: judged@k (mean share of the top k "
                      f"a human graded), the results still to judge, the queries fully judged")
                width = max([22] + [len(row[0]) + 2 for row in coverage])  # fused runs' ids can be long
                for run_id, _, judged, n_unjudged, n_results, n_full, n_q in coverage:
                    print(f"  {run_id:<{width}}judged@k {judged:.3f}   unjudged {n_unjudged:>3} of {n_results:<4}"
                          f" fully judged queries {n_full}/{n_q}")
        if "search_judge_run_agreement" in existing:
            k_max = con.execute(f"select max(k) from {schema}.search_judge_run_agreement where metric = ?",
                                [main_metric]).fetchone()[0]
            judges = con.execute(f"""
                select rater_id, n_runs, n_queries, kendall_tau_b, tau_ap, n_same_verdict, n_run_pairs,
                    verdict_agreement, max_abs_difference
                from {schema}.search_judge_run_agreement
                where metric = ? and k is not distinct from ?
                order by rater_id""", [main_metric, k_max]).fetchall()
            label = main_metric if k_max is None else f"{main_metric}@{k_max}"
            print(f"\nsearch_judge_run_agreement on {label}: does each automated judge rank the runs as the humans "
                  f"do (its queries only)?")
            if not judges:
                print("  no automated judge has judgments")
            for rater_id, n_runs, n_q, tau_b, tau_ap, n_same, n_pairs, agreement, max_diff in judges:
                print(f"  {rater_id:<12}{n_runs} runs, {n_q} queries   tau-b {fmt(tau_b)}   tau_AP {fmt(tau_ap)}   "
                      f"same verdict {n_same}/{n_pairs} ({fmt(agreement)})   largest |difference| {fmt(max_diff)}")


def fmt(value) -> str:
    return "null" if value is None else f"{value:.3f}"


if __name__ == "__main__":
    main(*sys.argv[1:])
