"""Print the click models of a demo build, and the judged run metrics computed from click judgments next to the
human-judged ones.

Usage: python scripts/demo/print_click_model_summary.py path/to/demo.duckdb path/to/demo_click_judged.duckdb
The first file is the demo build (human judgments); the second, a build of the judged models with
search_metrics_judgments pointed at search_click_judgments (make demo runs both).
"""

import sys

import duckdb

from print_click_summary import fmt

METRICS = [("ndcg_pool", 10), ("precision", 5), ("average_precision_pool", 10), ("reciprocal_rank", 10)]


def print_position_bias(con):
    rows = con.execute("""
        select position, n_impressions, n_clicks, ctr, examination
        from main.search_click_position_bias order by position
    """).fetchall()
    print("\nsearch_click_position_bias: click-through rate (COEC) and PBM's examination per position")
    print(f"{'position':>8}{'shown':>8}{'clicks':>8}{'ctr':>8}{'PBM γ':>8}")
    for r in rows:
        print(f"{r[0]:>8}{r[1]:>8}{r[2]:>8}{fmt(r[3])}{fmt(r[4])}")


def print_agreement(con):
    rows = con.execute("""
        select model, n_pairs, spearman, kendall_tau_b, n_relevant, n_non_relevant, auc
        from main.search_click_judgment_agreement order by model
    """).fetchall()
    print("\nsearch_click_judgment_agreement: click relevance vs the human judgments, over the pairs both rate")
    print(f"{'model':<6}{'pairs':>7}{'Spearman':>10}{'τ-b':>8}{'rel':>6}{'non-rel':>8}{'AUC':>8}")
    for r in rows:
        print(f"{r[0]:<6}{r[1]:>7}{fmt(r[2], 10)}{fmt(r[3])}{r[4]:>6}{r[5]:>8}{fmt(r[6])}")


def run_metrics(con):
    wanted = " or ".join(f"(metric = '{m}' and k = {k})" for m, k in METRICS)
    rows = con.execute(f"select run_id, metric, k, value, n_queries from main.search_run_metrics where {wanted}")
    return {(r[0], r[1], r[2]): (r[3], r[4]) for r in rows.fetchall()}


def print_judged_side_by_side(human, clicks):
    print("\nsearch_run_metrics from human judgments and from click judgments (search_click_judgments: the mean of "
          "the three models' grades)")
    header = f"{'run_id':<16}" + "".join(f"{m + '@' + str(k):>30}" for m, k in METRICS)
    print(header)
    print(f"{'':<16}" + "".join(f"{'human':>15}{'clicks':>15}" for _ in METRICS))
    print("-" * len(header))
    # the runs of both builds (the click-judged build sets no fusion: the demo's fused runs are in the first only)
    both = {key[0] for key in human} & {key[0] for key in clicks}
    for run_id in sorted(both):
        line = f"{run_id:<16}"
        for m, k in METRICS:
            h = human.get((run_id, m, k), (None, 0))
            c = clicks.get((run_id, m, k), (None, 0))
            line += f"{fmt(h[0], 9)} ({h[1]:>2} q){fmt(c[0], 9)} ({c[1]:>2} q)"
        print(line)
    others = sorted(({key[0] for key in human} | {key[0] for key in clicks}) - both)
    if others:
        print(f"(in one build only: {', '.join(others)})")


def main(human_path, click_path):
    human = duckdb.connect(human_path, read_only=True)
    clicks = duckdb.connect(click_path, read_only=True)
    print_position_bias(human)
    print_agreement(human)
    print_judged_side_by_side(run_metrics(human), run_metrics(clicks))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
