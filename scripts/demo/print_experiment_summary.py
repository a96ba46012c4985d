"""Print the A/B experiment scorecard of a demo build: per experiment its sample-ratio check first, then per metric
(search_type '(all)') the baseline and candidate means, the relative difference with its interval, the p-value and
its Holm adjustment, and with CUPED on the variance reduction and the adjusted relative difference and p-value.

Usage: python scripts/demo/print_experiment_summary.py path/to/demo.duckdb [schema]
Tables search_experiment_sample_ratios and search_experiment_results; skipped with a note when the experiments
family was not built.
"""

import sys

import duckdb

# the metrics in the order of the experiments family's metric list (docs/experiments.md); others follow by name
METRIC_ORDER = ["zero_result_rate", "clickthrough_rate", "abandonment_rate", "mean_first_click_position",
                "clicks_per_search", "mean_seconds_to_first_click", "paulscore", "satisfied_click_rate",
                "return_rate", "reformulation_rate", "searches_per_unit", "clicked_unit_rate", "threshold_pass_rate"]
# a fall of these is an improvement (the report colours a significant move by this)
LOWER_IS_BETTER = {"zero_result_rate", "abandonment_rate", "mean_first_click_position", "mean_seconds_to_first_click"}
SIGNIFICANCE = 0.05


def metric_key(metric, factor):
    rank = METRIC_ORDER.index(metric) if metric in METRIC_ORDER else len(METRIC_ORDER)
    return rank, metric, -1 if factor is None else factor


def metric_label(metric, factor):
    return metric if factor is None else f"{metric} F={factor:g}"


def experiment_key(experiment):
    """Numeric experiment ids in numeric order, then the others by name."""
    text = str(experiment)
    return (0, int(text), "") if text.isdigit() else (1, 0, text)


def pct(value, width=0):
    text = "null" if value is None else f"{100 * value:+.1f}%"
    return text.rjust(width)


def interval(estimate, low, high):
    if estimate is None:
        return "null"
    return f"{pct(estimate)} [{pct(low)}, {pct(high)}]"


def pfmt(value, width=9):
    if value is None:
        return "null".rjust(width)
    return (f"{value:.1e}" if value < 0.001 else f"{value:.4f}").rjust(width)


def mean_fmt(value, width=10):
    if value is None:
        return "null".rjust(width)
    return (f"{value:.3f}" if abs(value) < 100 else f"{value:.1f}").rjust(width)


def table_exists(con, schema, name):
    return con.execute(
        "select count(*) from information_schema.tables where table_schema = ? and table_name = ?",
        [schema, name]).fetchone()[0] > 0


def read(con, sql):
    cursor = con.execute(sql)
    columns = [d[0] for d in cursor.description]
    return [dict(zip(columns, row)) for row in cursor.fetchall()]


def sample_ratio_lines(buckets):
    """The experiment's sample-ratio check in one line (read it before any other number)."""
    first = buckets[0]
    observed = " / ".join(f'{b["bucket"]} {b["n_units"]}' for b in buckets)
    expected = " / ".join(f'{b["expected_units"]:.1f}' for b in buckets)
    contaminated = first["n_contaminated_units"]
    tail = f"; {contaminated} units seen in two buckets, excluded" if contaminated else ""
    if first["srm_passed"] is None:
        return [f"  sample ratio: not checked (one bucket){tail}"]
    test = f'chi-square {first["chi_square"]:.2f}, df {first["degrees_of_freedom"]}, p = {pfmt(first["p_value"], 0)}'
    if first["srm_passed"]:
        return [f"  sample ratio: passed ({observed} units against {expected} expected; {test}){tail}"]
    return [f"  sample ratio: FAILED ({observed} units against {expected} expected; {test}){tail}",
            "  !! a sample ratio mismatch: the buckets are not the random split they should be, so every number "
            "below is suspect"]


def print_scorecard(con, schema):
    ratios = read(con, f"select * from {schema}.search_experiment_sample_ratios")
    results = read(con, f"select * from {schema}.search_experiment_results where search_type = '(all)'")
    cuped = any(r["variance_reduction"] is not None for r in results)
    print("\nsearch_experiment_results: the A/B scorecard over all search types. Per metric: both buckets' means; "
          "Δ% = (candidate − baseline)\n/ baseline with its interval (delta method); p = Welch's t-test of the "
          "difference, Holm = p adjusted over the metrics\nof the comparison (* below 0.05)"
          + ("; CUPED: the variance reduction of the difference, the adjusted Δ% and its Holm p" if cuped
             else "; CUPED off") + ".\nRead the sample-ratio check first.")
    by_experiment = {}
    for r in ratios:
        by_experiment.setdefault(r["experiment"], []).append(r)
    for experiment in sorted(set(by_experiment) | {r["experiment"] for r in results}, key=experiment_key):
        buckets = sorted(by_experiment.get(experiment, []), key=lambda b: b["bucket"])
        comparisons = sorted({(r["baseline"], r["candidate"]) for r in results if r["experiment"] == experiment})
        print(f"\nexperiment {experiment}")
        for line in sample_ratio_lines(buckets) if buckets else ["  sample ratio: no bucket with units"]:
            print(line)
        for baseline, candidate in comparisons:
            rows = sorted((r for r in results if r["experiment"] == experiment and r["baseline"] == baseline
                           and r["candidate"] == candidate), key=lambda r: metric_key(r["metric"], r["factor"]))
            print(f"  {candidate} vs {baseline} (baseline)")
            header = (f"    {'metric':<28}{baseline[:9]:>9}{candidate[:10]:>11}  {'Δ% [interval]':<29}"
                      f"{'p':>8}{'Holm':>9} ")
            if cuped:
                header += f" | {'CUPED: var. red.':>16}{'Δ%':>9}{'Holm':>9}"
            print(header)
            print("    " + "-" * (len(header) - 4))
            for r in rows:
                line = (f"    {metric_label(r['metric'], r['factor']):<28}{mean_fmt(r['baseline_mean'], 9)}"
                        f"{mean_fmt(r['candidate_mean'], 11)}  "
                        f"{interval(r['relative_difference'], r['relative_ci_low'], r['relative_ci_high']):<29}"
                        f"{pfmt(r['p_value'], 8)}{pfmt(r['p_value_holm'])}{star(r['p_value_holm'])}")
                if cuped:
                    reduction = r["variance_reduction"]
                    line += (f" | {'null' if reduction is None else f'{100 * reduction:.1f}%':>16}"
                             f"{pct(r['cuped_relative_difference'], 9)}{pfmt(r['cuped_p_value_holm'])}"
                             f"{star(r['cuped_p_value_holm'])}")
                print(line.rstrip())


def star(p_value):
    return "*" if p_value is not None and p_value < SIGNIFICANCE else " "


def main(path, schema="main"):
    with duckdb.connect(path, read_only=True) as con:
        if table_exists(con, schema, "search_experiment_results"):
            print_scorecard(con, schema)
        else:
            print("\nsearch_experiment_results: not built (the experiments family is off)")


if __name__ == "__main__":
    main(*sys.argv[1:])
