"""Print the per-run summary of a demo build: each run's mean of every metric at each cutoff.

Usage: python scripts/demo/print_judged_summary.py path/to/demo.duckdb [schema]
"""

import sys

import duckdb


def main(path: str, schema: str = "main") -> None:
    with duckdb.connect(path, read_only=True) as con:
        runs = [r[0] for r in con.execute(f"select distinct run_id from {schema}.search_run_metrics order by 1").fetchall()]
        cutoffs = [r[0] for r in con.execute(
            f"select distinct k from {schema}.search_run_metrics where k is not null order by 1").fetchall()]
        rows = con.execute(f"""
            select metric, k, run_id, value, n_queries, n_queries_total
            from {schema}.search_run_metrics
            order by metric, k nulls first, run_id
        """).fetchall()
        quality = con.execute(f"""
            select input_name, status, n_rows, reason
            from {schema}.search_input_quality order by input_name desc, status
        """).fetchall()
    values = {(m, k, r): (v, n, t) for m, k, r, v, n, t in rows}
    metrics = sorted({m for m, _, _ in values})
    k_max = max(cutoffs) if cutoffs else None
    print(f"\nsearch_run_metrics at k = {k_max}: mean over queries with a value "
          f"(n = queries with a value / all queries; every cutoff is in the table)")
    width = max([24] + [len(run) + 2 for run in runs])  # a fused run's id can be long (name@w=weights)
    header = f"{'metric':<24}{'k':>4}" + "".join(f"{run:>{width}}" for run in runs)
    print(header)
    print("-" * len(header))
    for metric in metrics:
        for k in ([None] if (metric, None, runs[0]) in values else [k_max]):
            cells = []
            for run in runs:
                v, n, t = values.get((metric, k, run), (None, 0, 0))
                cells.append(f"{'null' if v is None else f'{v:.4f}':>14} ({n}/{t})".rjust(width))
            print(f"{metric:<24}{'' if k is None else k:>4}" + "".join(cells))
    print("\nsearch_input_quality")
    for input_name, status, n_rows, reason in quality:
        print(f"  {input_name:<12}{status:<10}{n_rows:>8}  {reason}")


if __name__ == "__main__":
    main(*sys.argv[1:])
