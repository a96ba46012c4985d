"""Build the static HTML report from the output tables of a build (by default the demo's DuckDB file).

Usage: python scripts/demo/build_report.py [path/to/demo.duckdb] [path/to/index.html] [schema] [--main-metric NAME]
(defaults: target/demo.duckdb, target/report/index.html, main; --main-metric: the A/B experiments' sequential chart,
the build's var search_metrics_experiments.main_metric, default clickthrough_rate)

One self-contained HTML file: tables and inline SVG charts generated here, a few lines of inline JavaScript
(sortable tables, and a render check that records what the browser laid out), no external resources, no
network. Sections appear for the tables that exist: per-run metrics, run comparisons with p-values and
confidence intervals, the queries that regressed most, rater agreement, the judgments workflow (coverage, the
unjudged readings, the automated judges), the fused runs beside their inputs and the weight sweep, the tests across
all runs (ANOVA, Tukey's HSD and the randomized Tukey HSD, with the runs' letters), PaulScore and click trends, AUC
trends, the online evaluation, and the candidates estimated from the click logs with the check against the A/B
experiments.
"""

from __future__ import annotations

import argparse
import html
import math
from pathlib import Path

import duckdb

from print_experiment_summary import LOWER_IS_BETTER, experiment_key, metric_key

PALETTE = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"]
SIGNIFICANCE = 0.05
N_WORST = 15


# ---------------------------------------------------------------------------------------------------------------
# data
# ---------------------------------------------------------------------------------------------------------------


# the experiments family's tables (section_experiments)
EXPERIMENT_TABLES = ["search_experiment_sample_ratios", "search_experiment_results", "search_experiment_sequential"]


def read_tables(path: str, schema: str) -> dict[str, list[dict]]:
    names = ["search_run_metrics", "search_run_comparison", "search_query_deltas", "search_paulscore_daily",
             "search_click_metrics_daily", "search_auc_daily", "search_judgment_agreement",
             "search_session_metrics_daily", "search_interleaving_experiments", "search_counterfactual_estimates",
             "search_counterfactual_experiment_checks", "search_fused_runs", "search_fusion_sweep",
             "search_run_anova", "search_run_tukey_hsd", "search_run_hsd_groups"]
    tables = {}
    with duckdb.connect(path, read_only=True) as con:
        existing = {row[0] for row in con.execute(
            "select table_name from information_schema.tables where table_schema = ?", [schema]).fetchall()}
        for name in names + EXPERIMENT_TABLES + JUDGMENT_TABLES:
            if name in existing:
                cursor = con.execute(f'select * from "{schema}"."{name}"')
                columns = [d[0] for d in cursor.description]
                tables[name] = [dict(zip(columns, row)) for row in cursor.fetchall()]
    return tables


def k_sort(k):
    return -1 if k is None else k


# ---------------------------------------------------------------------------------------------------------------
# formatting
# ---------------------------------------------------------------------------------------------------------------


def esc(value) -> str:
    return html.escape("" if value is None else str(value))


def num(value, digits=4) -> str:
    if value is None:
        return '<span class="null">null</span>'
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float) and (math.isnan(value) or math.isinf(value)):
        return esc(value)
    return f"{value:.{digits}f}"


def pval(value) -> str:
    if value is None:
        return '<span class="null">null</span>'
    text = f"{value:.2e}" if value < 0.001 else f"{value:.4f}"
    return f'<span class="sig">{text}</span>' if value < SIGNIFICANCE else text


def pct(value) -> str:
    return '<span class="null">null</span>' if value is None else f"{100 * value:+.1f} %"


def table(headers: list[str], rows: list[list[str]], css_class: str = "data", numeric_from: int = 1,
          row_classes: list[str] | None = None) -> str:
    head = "".join(f'<th class="{"num" if i >= numeric_from else ""}">{esc(h)}</th>' for i, h in enumerate(headers))
    body = []
    for r, cells in enumerate(rows):
        klass = f' class="{row_classes[r]}"' if row_classes and row_classes[r] else ""
        body.append(f"<tr{klass}>" + "".join(
            f'<td class="{"num" if i >= numeric_from else ""}">{c}</td>' for i, c in enumerate(cells)) + "</tr>")
    return (f'<table class="{css_class} sortable"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>')


# ---------------------------------------------------------------------------------------------------------------
# charts (inline SVG)
# ---------------------------------------------------------------------------------------------------------------


def nice_range(values: list[float], include_zero: bool = False) -> tuple[float, float]:
    lo, hi = min(values), max(values)
    if include_zero:
        lo, hi = min(lo, 0.0), max(hi, 0.0)
    if hi - lo < 1e-12:
        lo, hi = lo - 0.5, hi + 0.5
    pad = (hi - lo) * 0.08
    return lo - pad, hi + pad


def ticks(lo: float, hi: float, n: int = 5) -> list[float]:
    raw = (hi - lo) / n
    magnitude = 10 ** math.floor(math.log10(raw))
    step = min((m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw), default=raw)
    first = math.ceil(lo / step) * step
    out, value = [], first
    while value <= hi + 1e-12:
        out.append(round(value, 10))
        value += step
    return out


def line_chart(title: str, x_labels: list[str], series: dict[str, list[float | None]], y_label: str = "",
               width: int = 600, height: int = 260) -> str:
    """A line chart: one polyline (and a dot per point) per series over categorical x labels."""
    left, right, top, bottom = 56, 150, 30, 46
    plot_w, plot_h = width - left - right, height - top - bottom
    values = [v for ys in series.values() for v in ys if v is not None]
    if not values or not x_labels:
        return f'<p class="empty">{esc(title)}: no data</p>'
    y_lo, y_hi = nice_range(values)

    def x(i):
        return left + (plot_w * i / (len(x_labels) - 1) if len(x_labels) > 1 else plot_w / 2)

    def y(v):
        return top + plot_h * (1 - (v - y_lo) / (y_hi - y_lo))

    parts = [f'<svg class="chart line-chart" role="img" aria-label="{esc(title)}" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg">',
             f'<text class="title" x="{left}" y="18">{esc(title)}</text>',
             f'<rect class="plot" x="{left}" y="{top}" width="{plot_w}" height="{plot_h}"/>']
    for t in ticks(y_lo, y_hi):
        parts.append(f'<line class="gridline" x1="{left}" x2="{left + plot_w}" y1="{y(t):.1f}" y2="{y(t):.1f}"/>'
                     f'<text class="tick" x="{left - 6}" y="{y(t) + 4:.1f}" text-anchor="end">{t:g}</text>')
    # every step-th label: as many as fit side by side (about 6.5 px a character, and a gap)
    step = max(1, math.ceil(len(x_labels) * (6.5 * max(len(label) for label in x_labels) + 8) / plot_w))
    for i, label in enumerate(x_labels):
        if i % step == 0 or i == len(x_labels) - 1:
            parts.append(f'<text class="tick" x="{x(i):.1f}" y="{top + plot_h + 16}" text-anchor="middle">'
                         f'{esc(label)}</text>')
    if y_label:
        parts.append(f'<text class="axis" transform="translate(14,{top + plot_h / 2}) rotate(-90)" '
                     f'text-anchor="middle">{esc(y_label)}</text>')
    for s, (name, ys) in enumerate(series.items()):
        color = PALETTE[s % len(PALETTE)]
        points = [(x(i), y(v)) for i, v in enumerate(ys) if v is not None]
        if len(points) > 1:
            parts.append(f'<polyline class="series" data-series="{esc(name)}" fill="none" stroke="{color}" '
                         f'stroke-width="2" points="{" ".join(f"{px:.1f},{py:.1f}" for px, py in points)}"/>')
        for px, py in points:
            parts.append(f'<circle class="point" cx="{px:.1f}" cy="{py:.1f}" r="3" fill="{color}"/>')
        ly = top + 12 + 16 * s
        parts.append(f'<line x1="{left + plot_w + 12}" x2="{left + plot_w + 30}" y1="{ly - 4}" y2="{ly - 4}" '
                     f'stroke="{color}" stroke-width="3"/><text class="legend" x="{left + plot_w + 34}" '
                     f'y="{ly}">{esc(name)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def interval_chart(title: str, rows: list[tuple[str, float | None, float | None, float | None, bool]],
                   width: int = 640, legend: str | None = None) -> str:
    """A forest plot: per row a dot (the estimate) and a whisker (its confidence interval) around zero, green or
    red (by the estimate's sign) where the row's flag is set, grey otherwise; `legend`, a line under the title
    that says what sets the flag."""
    rows = [r for r in rows if r[1] is not None]
    if not rows:
        return f'<p class="empty">{esc(title)}: no data</p>'
    left, right, top = 190, 30, 44 if legend else 30
    row_h = 20 if len(rows) >= 3 else 44  # one or two rows (an interleaving experiment): room for the axis
    height = top + row_h * len(rows) + 30
    plot_w = width - left - right
    values = [v for _, est, lo, hi, _ in rows for v in (est, lo, hi) if v is not None]
    x_lo, x_hi = nice_range(values, include_zero=True)

    def x(v):
        return left + plot_w * (v - x_lo) / (x_hi - x_lo)

    parts = [f'<svg class="chart interval-chart" role="img" aria-label="{esc(title)}" width="{width}" '
             f'height="{height}" viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg">',
             f'<text class="title" x="8" y="18">{esc(title)}</text>',
             f'<rect class="plot" x="{left}" y="{top - 6}" width="{plot_w}" height="{row_h * len(rows) + 6}"/>']
    if legend:
        parts.append(f'<text class="legend" x="8" y="34">{esc(legend)}</text>')
    for t in ticks(x_lo, x_hi):
        parts.append(f'<line class="gridline" x1="{x(t):.1f}" x2="{x(t):.1f}" y1="{top - 6}" '
                     f'y2="{top + row_h * len(rows)}"/><text class="tick" x="{x(t):.1f}" '
                     f'y="{top + row_h * len(rows) + 16}" text-anchor="middle">{t:g}</text>')
    parts.append(f'<line class="zero" x1="{x(0):.1f}" x2="{x(0):.1f}" y1="{top - 6}" y2="{top + row_h * len(rows)}"/>')
    for i, (label, est, lo, hi, significant) in enumerate(rows):
        cy = top + row_h * i + row_h / 2
        color = "#2ca02c" if significant and est > 0 else "#d62728" if significant else "#555"
        parts.append(f'<text class="label" x="{left - 8}" y="{cy + 4:.1f}" text-anchor="end">{esc(label)}</text>')
        if lo is not None and hi is not None:
            parts.append(f'<line class="whisker" x1="{x(lo):.1f}" x2="{x(hi):.1f}" y1="{cy:.1f}" y2="{cy:.1f}" '
                         f'stroke="{color}" stroke-width="2"/>')
        parts.append(f'<circle class="estimate" cx="{x(est):.1f}" cy="{cy:.1f}" r="4" fill="{color}"/>')
    parts.append("</svg>")
    return "".join(parts)


# ---------------------------------------------------------------------------------------------------------------
# sections
# ---------------------------------------------------------------------------------------------------------------


def section_runs(rows: list[dict]) -> str:
    runs = sorted({r["run_id"] for r in rows})
    by_key = {(r["metric"], r["k"], r["run_id"]): r for r in rows}
    keys = sorted({(r["metric"], r["k"]) for r in rows}, key=lambda mk: (mk[0], k_sort(mk[1])))
    body = []
    for metric, k in keys:
        cells = [esc(metric), "" if k is None else str(k)]
        values = [by_key.get((metric, k, run), {}).get("value") for run in runs]
        best = max((v for v in values if v is not None), default=None)
        for run, value in zip(runs, values):
            row = by_key.get((metric, k, run))
            text = "" if row is None else f'{num(value)} <span class="n">({row["n_queries"]}/{row["n_queries_total"]})</span>'
            cells.append(f'<b>{text}</b>' if value is not None and value == best and len(runs) > 1 else text)
        body.append(cells)
    return ('<section id="runs"><h2>Runs: mean of each metric</h2><p>Mean over the queries with a value '
            '(queries with a value / queries the run returned); the best run of each row in bold. Table '
            '<code>search_run_metrics</code>.</p>'
            + table(["metric", "k"] + runs, body, numeric_from=1) + "</section>")


def comparison_move(r: dict) -> str:
    """The verdict's rule for a row of search_run_comparison: 'better' or 'worse' (by the sign of the mean delta)
    when the paired t-test's Holm-adjusted p-value is below SIGNIFICANCE and the bootstrap interval of the mean
    delta excludes 0, '' otherwise. The verdict, the comparison table's shading and its forest plots all use it."""
    moved = (r["p_value_t_holm"] is not None and r["p_value_t_holm"] < SIGNIFICANCE and r["ci_low"] is not None
             and r["ci_high"] is not None and (r["ci_low"] > 0 or r["ci_high"] < 0))
    return ("better" if r["mean_delta"] > 0 else "worse") if moved else ""


def section_verdict(rows: list[dict]) -> str:
    """Per compared pair, before any table: the metrics that moved (paired t-test p < 0.05 after the Holm
    correction of search_run_comparison.p_value_t_holm, and a bootstrap interval that excludes 0), by how much, and
    how many moves were significant only before the correction."""
    parts = []
    for baseline, candidate in sorted({(r["baseline"], r["candidate"]) for r in rows}):
        pair = [r for r in rows if r["baseline"] == baseline and r["candidate"] == candidate]

        def significant_before_correction(r):
            return comparison_move({**r, "p_value_t_holm": r["p_value_t"]}) != ""

        survive = sorted((r for r in pair if comparison_move(r)), key=lambda r: (r["metric"], k_sort(r["k"])))
        lost = [r for r in pair if significant_before_correction(r) and not comparison_move(r)]
        moves = "".join(
            f'<li class="{"better" if r["mean_delta"] > 0 else "worse"}">{esc(r["metric"])}'
            f'{"" if r["k"] is None else "@" + str(r["k"])}: {"+" if r["mean_delta"] > 0 else ""}{num(r["mean_delta"])}'
            f' ({pct(r["relative_delta"])}), p (Holm) {pval(r["p_value_t_holm"])}</li>' for r in survive)
        summary = (f'{len(survive)} of {len(pair)} metric × k moved after the correction'
                   + (f'; {len(lost)} more were significant only before it' if lost else ''))
        parts.append(f'<h3>{esc(candidate)} vs {esc(baseline)}</h3><p>{summary}.</p>'
                     + (f'<ul class="verdict">{moves}</ul>' if moves else '<p>No metric moved.</p>'))
    return ('<section id="verdict"><h2>Verdict</h2><p>A move counts when the paired t-test\'s p-value, Holm-adjusted '
            'over the family of var <code>search_metrics_p_value_family</code>, is below 0.05 and the bootstrap '
            'interval of the mean delta excludes 0. Table <code>search_run_comparison</code>.</p>'
            + "".join(parts) + "</section>")


def section_comparisons(rows: list[dict]) -> str:
    rows = sorted(rows, key=lambda r: (r["baseline"], r["candidate"], r["metric"], k_sort(r["k"])))
    body, classes = [], []
    for r in rows:
        classes.append(comparison_move(r))
        body.append([esc(r["baseline"]), esc(r["candidate"]), esc(r["metric"]), "" if r["k"] is None else str(r["k"]),
                     str(r["n_queries"]), num(r["baseline_mean"]), num(r["candidate_mean"]), num(r["mean_delta"]),
                     pct(r["relative_delta"]), f'{r["wins"]} / {r["losses"]} / {r["ties"]}', num(r["t_statistic"], 3),
                     pval(r["p_value_t"]), pval(r["p_value_t_holm"]), pval(r["p_value_randomization"]),
                     f'[{num(r["ci_low"])}, {num(r["ci_high"])}]'])
    charts = []
    for baseline, candidate in sorted({(r["baseline"], r["candidate"]) for r in rows}):
        pair = [r for r in rows if r["baseline"] == baseline and r["candidate"] == candidate]
        k_max = max((r["k"] for r in pair if r["k"] is not None), default=None)
        chosen = [r for r in pair if r["k"] == k_max or r["k"] is None]
        # relative to the baseline mean, so that metrics of every scale share one axis (the interval is divided
        # by the same constant, so it stays the interval of the relative delta); coloured by the verdict's rule
        charts.append(interval_chart(
            f"{candidate} vs {baseline} (k = {k_max}): mean delta ÷ baseline mean, with its CI",
            [(r["metric"], r["relative_delta"],
              None if r["ci_low"] is None or not r["baseline_mean"] else r["ci_low"] / r["baseline_mean"],
              None if r["ci_high"] is None or not r["baseline_mean"] else r["ci_high"] / r["baseline_mean"],
              comparison_move(r) != "")
             for r in chosen],
            legend=f"colour, as the verdict: p (t-test, Holm) < {SIGNIFICANCE:g} and CI excludes 0; "
                   "green better, red worse"))
    return ('<section id="comparisons"><h2>Comparisons: candidate against baseline</h2><p>Per metric and k over '
            'the queries both runs have a value for: paired t-test, sign-flip randomization test, bootstrap '
            'confidence interval of the mean delta. Rows where p (t-test, Holm-adjusted) &lt; 0.05 and the interval '
            'excludes 0 (the verdict\'s rule) are shaded green (better) or red (worse), in the table and in the '
            'forest plots. Table <code>search_run_comparison</code>.</p>'
            + "".join(charts)
            + table(["baseline", "candidate", "metric", "k", "n", "baseline", "candidate", "Δ mean", "Δ %",
                     "W / L / T", "t", "p (t-test)", "p (t, Holm)", "p (randomization)", "95% CI of Δ"], body, numeric_from=3,
                    row_classes=classes) + "</section>")


def section_regressions(rows: list[dict]) -> str:
    paired = [r for r in rows if r["delta"] is not None]
    if not paired:
        return ""
    metrics = sorted({(r["metric"], r["k"]) for r in paired}, key=lambda mk: (mk[0], k_sort(mk[1])))
    k_max = max((k for _, k in metrics if k is not None), default=None)
    headline = ("ndcg", k_max) if ("ndcg", k_max) in metrics else metrics[0]
    worst = sorted((r for r in paired if (r["metric"], r["k"]) == headline and r["delta"] < -1e-12),
                   key=lambda r: (r["delta"], r["query_id"]))[:N_WORST]
    body = [[esc(r["baseline"]), esc(r["candidate"]), esc(r["query_id"]), num(r["baseline_value"]),
             num(r["candidate_value"]), num(r["delta"])] for r in worst]
    counts = {}
    for r in paired:
        key = (r["baseline"], r["candidate"], r["metric"], r["k"])
        c = counts.setdefault(key, [0, 0])
        c[0] += r["delta"] < -1e-12
        c[1] += r["delta"] > 1e-12
    count_rows = [[esc(b), esc(c), esc(m), "" if k is None else str(k), str(v[0]), str(v[1])]
                  for (b, c, m, k), v in sorted(counts.items(), key=lambda kv: (kv[0][0], kv[0][1], kv[0][2],
                                                                                 k_sort(kv[0][3])))
                  if k is None or k == k_max]
    label = f"{headline[0]}@{headline[1]}" if headline[1] is not None else headline[0]
    return (f'<section id="regressions"><h2>Queries that got worse ({esc(label)})</h2><p>The {N_WORST} largest '
            f'drops of {esc(label)} (table <code>search_query_deltas</code>, <code>order by delta</code>).</p>'
            + (table(["baseline", "candidate", "query", "baseline", "candidate", "Δ"], body, numeric_from=3)
               if body else '<p class="empty">No query got worse.</p>')
            + f"<h3>Queries worse / better per metric (k = {k_max})</h3>"
            + table(["baseline", "candidate", "metric", "k", "worse", "better"], count_rows, numeric_from=3)
            + "</section>")


AGREEMENT_MEASURES = {"krippendorff_alpha": "Krippendorff's α", "fleiss_kappa": "Fleiss' κ",
                      "cohen_kappa": "Cohen's κ", "binary_tie_share": "binary ties (share of items)"}
N_LEAST_AGREED = 5


def section_agreement(rows: list[dict]) -> str:
    """Over all queries: every measure per scale; then the queries whose raters agree least (graded alpha)."""
    overall = sorted((r for r in rows if r["query_id"] is None),
                     key=lambda r: (("binary", "graded", "detail").index(r["scale"]),
                                    list(AGREEMENT_MEASURES).index(r["measure"]), r["rater_a"] or "", r["rater_b"] or ""))
    body = [[esc(r["scale"]), esc(AGREEMENT_MEASURES[r["measure"]]),
             esc(f'{r["rater_a"]} – {r["rater_b"]}' if r["rater_a"] is not None else "all"),
             num(r["value"], 3), str(r["n_items"]), str(r["n_ratings"])] for r in overall]
    least = sorted((r for r in rows if r["query_id"] is not None and r["scale"] == "graded"
                    and r["measure"] == "krippendorff_alpha" and r["value"] is not None),
                   key=lambda r: (r["value"], r["query_id"]))[:N_LEAST_AGREED]
    least_body = [[esc(r["query_id"]), num(r["value"], 3), str(r["n_items"]), str(r["n_ratings"])] for r in least]
    return ('<section id="agreement"><h2>Rater agreement</h2><p>Do the raters agree enough to trust the judged '
            'metrics? Over all queries, per scale: Krippendorff\'s α (interval; nominal on binary), Fleiss\' κ '
            '(binary), Cohen\'s κ per pair of raters with enough shared items, and the share of items whose binary '
            'vote ties (read as ungraded). Krippendorff suggests α ≥ 0.8 for conclusions and ≥ 0.667 for tentative '
            'ones. Table <code>search_judgment_agreement</code>.</p>'
            + table(["scale", "measure", "raters", "value", "items", "ratings"], body, numeric_from=3)
            + (f'<h3>Queries whose raters agree least (graded α)</h3>'
               + table(["query", "α", "items", "ratings"], least_body, numeric_from=1) if least_body else "")
            + "</section>")


def section_clicks(paulscore: list[dict], clicks: list[dict]) -> str:
    parts = ['<section id="clicks"><h2>Click quality over time</h2><p>Daily tables '
             '<code>search_paulscore_daily</code> and <code>search_click_metrics_daily</code>.</p><div class="grid">']
    if paulscore:
        days = sorted({str(r["search_date"]) for r in paulscore})
        for search_type in sorted({r["search_type"] for r in paulscore}):
            series = {}
            for factor in sorted({r["factor"] for r in paulscore}):
                by_day = {str(r["search_date"]): r["paulscore"] for r in paulscore
                          if r["search_type"] == search_type and r["factor"] == factor}
                series[f"F = {factor:g}"] = [by_day.get(d) for d in days]
            parts.append(line_chart(f"PaulScore, {search_type}", days, series, "PaulScore"))
    if clicks:
        days = sorted({str(r["search_date"]) for r in clicks})
        for column, title in (("clickthrough_rate", "Clickthrough rate"), ("abandonment_rate", "Abandonment rate"),
                              ("zero_result_rate", "Zero-result rate")):
            series = {}
            for search_type in sorted({r["search_type"] for r in clicks}):
                by_day = {str(r["search_date"]): r[column] for r in clicks if r["search_type"] == search_type}
                series[search_type] = [by_day.get(d) for d in days]
            parts.append(line_chart(title, days, series, "rate"))
    parts.append("</div></section>")
    return "".join(parts)


def section_auc(rows: list[dict]) -> str:
    days = sorted({str(r["search_date"]) for r in rows})
    parts = ['<section id="auc"><h2>Click AUC over time</h2><p>Table <code>search_auc_daily</code>: pooled AUC and '
             'GAUC (mean of session AUCs) of the ranker\'s scores against clicks.</p><div class="grid">']
    for search_type in sorted({r["search_type"] for r in rows}):
        series = {}
        for column in ("auc", "gauc", "gauc_weighted"):
            by_day = {str(r["search_date"]): r[column] for r in rows if r["search_type"] == search_type}
            series[column] = [by_day.get(d) for d in days]
        parts.append(line_chart(f"AUC, {search_type}", days, series, "AUC"))
    parts.append("</div></section>")
    return "".join(parts)


# ---------------------------------------------------------------------------------------------------------------
# A/B experiments (the experiments family)
# ---------------------------------------------------------------------------------------------------------------


def percent_tick(value: float) -> str:
    return f"{100 * value:+g}%" if value else "0"


def move_colour(metric: str, estimate: float | None, p_value: float | None) -> str:
    """Green for a significant improvement, red for a significant worsening (a fall of LOWER_IS_BETTER metrics is
    an improvement), grey otherwise."""
    if estimate is None or p_value is None or p_value >= SIGNIFICANCE or estimate == 0:
        return "#555"
    return "#2ca02c" if (estimate < 0) == (metric in LOWER_IS_BETTER) else "#d62728"


def experiment_forest_chart(title: str, rows: list[dict], cuped: bool, width: int = 640) -> str:
    """A forest plot of relative differences: per metric a dot and a whisker (its interval) around zero, coloured
    by the Holm-adjusted p-value; with CUPED on, the adjusted estimate and interval as a dashed whisker below
    (where CUPED adjusted anything)."""
    rows = [r for r in rows if r["relative_difference"] is not None]
    if not rows:
        return f'<p class="empty">{esc(title)}: no metric with a relative difference</p>'
    left, right, top = 210, 30, 44
    row_h = 26 if cuped else 20
    height = top + row_h * len(rows) + 30
    plot_w = width - left - right
    columns = [("relative_difference", "relative_ci_low", "relative_ci_high")]
    if cuped:
        columns.append(("cuped_relative_difference", "cuped_relative_ci_low", "cuped_relative_ci_high"))
    values = [r[c] for r in rows for group in columns for c in group if r[c] is not None]
    x_lo, x_hi = nice_range(values, include_zero=True)

    def x(v):
        return left + plot_w * (v - x_lo) / (x_hi - x_lo)

    bottom = top + row_h * len(rows)
    parts = [f'<svg class="chart forest-chart" role="img" aria-label="{esc(title)}" width="{width}" '
             f'height="{height}" viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg">',
             f'<text class="title" x="8" y="18">{esc(title)}</text>',
             f'<rect class="plot" x="{left}" y="{top - 6}" width="{plot_w}" height="{row_h * len(rows) + 6}"/>']
    parts.append(f'<text class="legend" x="8" y="34">{"solid: raw, dashed: CUPED · " if cuped else ""}colour: '
                 f'Holm p &lt; {SIGNIFICANCE:g}, green better, red worse</text>')
    for t in ticks(x_lo, x_hi):
        parts.append(f'<line class="gridline" x1="{x(t):.1f}" x2="{x(t):.1f}" y1="{top - 6}" y2="{bottom}"/>'
                     f'<text class="tick" x="{x(t):.1f}" y="{bottom + 16}" text-anchor="middle">'
                     f'{percent_tick(t)}</text>')
    parts.append(f'<line class="zero" x1="{x(0):.1f}" x2="{x(0):.1f}" y1="{top - 6}" y2="{bottom}"/>')
    for i, r in enumerate(rows):
        cy = top + row_h * i + row_h / 2
        label = r["metric"] if r["factor"] is None else f'{r["metric"]} F={r["factor"]:g}'
        parts.append(f'<text class="label" x="{left - 8}" y="{cy + 4:.1f}" text-anchor="end">{esc(label)}</text>')
        marks = [("relative", "p_value_holm", cy - (5 if cuped else 0), "")]
        # no dashed mark where CUPED changed nothing (theta 0: no pre-period data, or no variance in it)
        if cuped and r["cuped_relative_difference"] is not None and r["cuped_theta"]:
            marks.append(("cuped_relative", "cuped_p_value_holm", cy + 5, ' stroke-dasharray="4 2"'))
        for prefix, p_column, my, dash in marks:
            estimate = r[f"{prefix}_difference"]
            low, high = r[f"{prefix}_ci_low"], r[f"{prefix}_ci_high"]
            colour = move_colour(r["metric"], estimate, r[p_column])
            if low is not None and high is not None:
                parts.append(f'<line class="whisker" x1="{x(low):.1f}" x2="{x(high):.1f}" y1="{my:.1f}" '
                             f'y2="{my:.1f}" stroke="{colour}" stroke-width="2"{dash}/>')
            fill = colour if not dash else "#fff"
            parts.append(f'<circle class="estimate" cx="{x(estimate):.1f}" cy="{my:.1f}" r="{3.5 if dash else 4}" '
                         f'fill="{fill}" stroke="{colour}" stroke-width="1.5"/>')
    parts.append("</svg>")
    return "".join(parts)


def band_chart(title: str, x_labels: list[str], estimates: list[float | None], lows: list[float | None],
               highs: list[float | None], y_label: str = "", width: int = 580, height: int = 260) -> str:
    """A line of estimates over the days inside a shaded band (their always-valid interval), with the zero line.
    The first days' band can be many times wider than the last one's: the axis spans the estimates and the last
    day's band three times over, and the band is cut at its edges (then a note says so)."""
    left, right, top, bottom = 60, 20, 30, 46
    plot_w, plot_h = width - left - right, height - top - bottom
    values = [v for v in estimates if v is not None]
    if not values or not x_labels:
        return f'<p class="empty">{esc(title)}: no day with a defined interval</p>'
    last = max((i for i in range(len(x_labels)) if lows[i] is not None and highs[i] is not None), default=None)
    if last is not None:
        reach = 3 * max(highs[last] - lows[last], 1e-12)
        values += [max(lows[last] - reach, min(v for v in lows if v is not None)),
                   min(highs[last] + reach, max(v for v in highs if v is not None))]
    y_lo, y_hi = nice_range(values, include_zero=True)
    cut = any(v is not None and not y_lo <= v <= y_hi for v in lows + highs)

    def x(i):
        return left + (plot_w * i / (len(x_labels) - 1) if len(x_labels) > 1 else plot_w / 2)

    def y(v):
        return top + plot_h * (1 - (v - y_lo) / (y_hi - y_lo))

    parts = [f'<svg class="chart band-chart" role="img" aria-label="{esc(title)}" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg">',
             f'<text class="title" x="8" y="18">{esc(title)}</text>',
             f'<rect class="plot" x="{left}" y="{top}" width="{plot_w}" height="{plot_h}"/>']
    for t in ticks(y_lo, y_hi):
        parts.append(f'<line class="gridline" x1="{left}" x2="{left + plot_w}" y1="{y(t):.1f}" y2="{y(t):.1f}"/>'
                     f'<text class="tick" x="{left - 6}" y="{y(t) + 4:.1f}" text-anchor="end">{t:g}</text>')
    for i, label in enumerate(x_labels):
        parts.append(f'<text class="tick" x="{x(i):.1f}" y="{top + plot_h + 16}" text-anchor="middle">'
                     f'{esc(label)}</text>')
    if y_label:
        parts.append(f'<text class="axis" transform="translate(14,{top + plot_h / 2}) rotate(-90)" '
                     f'text-anchor="middle">{esc(y_label)}</text>')
    band = [i for i in range(len(x_labels)) if lows[i] is not None and highs[i] is not None]
    if band:
        def inside(v):
            return min(max(v, y_lo), y_hi)
        outline = [(x(i), y(inside(highs[i]))) for i in band] + [(x(i), y(inside(lows[i]))) for i in reversed(band)]
        parts.append(f'<polygon class="band" points="{" ".join(f"{px:.1f},{py:.1f}" for px, py in outline)}"/>')
    parts.append(f'<line class="zero" x1="{left}" x2="{left + plot_w}" y1="{y(0):.1f}" y2="{y(0):.1f}"/>')
    points = [(x(i), y(v)) for i, v in enumerate(estimates) if v is not None]
    if len(points) > 1:
        parts.append(f'<polyline class="series" fill="none" stroke="{PALETTE[0]}" stroke-width="2" '
                     f'points="{" ".join(f"{px:.1f},{py:.1f}" for px, py in points)}"/>')
    for px, py in points:
        parts.append(f'<circle class="point" cx="{px:.1f}" cy="{py:.1f}" r="3" fill="{PALETTE[0]}"/>')
    if cut:
        parts.append(f'<text class="legend" x="{left + 6}" y="{top + 14}">band cut at the axis: wider on the first '
                     f'days</text>')
    parts.append("</svg>")
    return "".join(parts)


def sample_ratio_html(experiment: str, buckets: list[dict]) -> str:
    """The experiment's sample-ratio check: a warning banner when it failed, one line when it passed."""
    first = buckets[0]
    observed = " / ".join(f'{esc(b["bucket"])} {b["n_units"]}' for b in buckets)
    expected = " / ".join(f'{b["expected_units"]:.1f}' for b in buckets)
    contaminated = first["n_contaminated_units"]
    tail = (f' {contaminated} units were seen in two buckets and are left out.' if contaminated else "")
    if first["srm_passed"] is None:
        return (f'<p class="srm srm-unchecked">Experiment {esc(experiment)}: sample ratio not checked ({observed} '
                f'units).{tail}</p>')
    test = (f'chi-square {first["chi_square"]:.2f}, df {first["degrees_of_freedom"]}, '
            f'p = {re_pval(first["p_value"])}')
    if first["srm_passed"]:
        return (f'<p class="srm srm-passed">Experiment {esc(experiment)}: sample ratio passed ({observed} units '
                f'against {expected} expected; {test}).{tail}</p>')
    return (f'<div class="banner srm-failed" role="alert" data-experiment="{esc(experiment)}"><b>Sample ratio '
            f'mismatch in experiment {esc(experiment)}</b>: {observed} units against {expected} expected ({test}). '
            f'The buckets are not the random split they should be (an assignment bug, a filter that depends on the '
            f'bucket, bots, ...): do not trust any number of this experiment until the cause is found.{tail}</div>')


def re_pval(value) -> str:
    return "null" if value is None else (f"{value:.2e}" if value < 0.001 else f"{value:.4f}")


def section_experiments(ratios: list[dict], results: list[dict], sequential: list[dict], main_metric: str) -> str:
    """Per experiment, the sample-ratio check first (a banner when it failed), then per comparison the forest plot
    of the relative differences (search_type '(all)'), the main metric's always-valid interval over the days, and
    the scorecard's table."""
    results = [r for r in results if r["search_type"] == "(all)"]
    cuped = any(r["variance_reduction"] is not None for r in results)
    by_experiment: dict[str, list[dict]] = {}
    for r in ratios:
        by_experiment.setdefault(r["experiment"], []).append(r)
    experiments = sorted(set(by_experiment) | {r["experiment"] for r in results}, key=experiment_key)
    checks = [sample_ratio_html(e, sorted(by_experiment[e], key=lambda b: b["bucket"]))
              for e in experiments if e in by_experiment]
    parts = ['<section id="experiments"><h2>A/B experiments</h2><p>Read the sample-ratio check first '
             '(<code>search_experiment_sample_ratios</code>: the units per bucket against the expected shares, '
             'Pearson\'s chi-square): a mismatch makes every other number of its experiment suspect. Then per '
             'comparison, over all search types (<code>search_experiment_results</code>, search_type '
             '<code>(all)</code>): the relative difference (candidate − baseline) / baseline of each metric with its '
             'interval (delta method), coloured when the Welch t-test\'s p-value, Holm-adjusted over the metrics of '
             'the comparison, is below 0.05'
             + ("; with CUPED, the regression-adjusted estimate below it" if cuped else "")
             + f'. The main metric (<code>{esc(main_metric)}</code>, var <code>search_metrics_experiments.main_metric'
             '</code>) over the days, with its always-valid interval (<code>search_experiment_sequential</code>): '
             'a team that looks every day may stop the first day the band leaves zero.</p>',
             '<div class="srm-checks">' + "".join(checks) + "</div>"]
    for experiment in experiments:
        buckets = by_experiment.get(experiment, [])
        failed = bool(buckets) and buckets[0]["srm_passed"] is False
        parts.append(f'<h3>Experiment {esc(experiment)}'
                     + (' <span class="srm-tag">sample ratio mismatch: suspect</span>' if failed else "") + "</h3>")
        comparisons = sorted({(r["baseline"], r["candidate"]) for r in results if r["experiment"] == experiment})
        for baseline, candidate in comparisons:
            rows = sorted((r for r in results if r["experiment"] == experiment and r["baseline"] == baseline
                           and r["candidate"] == candidate), key=lambda r: metric_key(r["metric"], r["factor"]))
            name = f"Experiment {experiment}: {candidate} vs {baseline}"
            charts = [experiment_forest_chart(f"{name}, relative difference and interval", rows, cuped)]
            days_rows = [r for r in sequential if r["experiment"] == experiment and r["baseline"] == baseline
                         and r["candidate"] == candidate and r["search_type"] == "(all)" and r["metric"] == main_metric]
            for factor in sorted({r["factor"] for r in days_rows}, key=lambda f: -1 if f is None else f):
                series = sorted((r for r in days_rows if r["factor"] == factor), key=lambda r: r["search_date"])
                label = main_metric if factor is None else f"{main_metric} F={factor:g}"
                charts.append(band_chart(
                    f"Experiment {experiment}: Δ {label} by day, always-valid interval",
                    [str(r["search_date"])[5:] for r in series], [r["absolute_difference"] for r in series],
                    [r["absolute_ci_low"] for r in series], [r["absolute_ci_high"] for r in series],
                    f"Δ {label}"))
            parts.append('<div class="grid">' + "".join(charts) + "</div>")
            body, classes = [], []
            for r in rows:
                colour = move_colour(r["metric"], r["relative_difference"], r["p_value_holm"])
                classes.append({"#2ca02c": "better", "#d62728": "worse"}.get(colour, ""))
                cells = [esc(r["metric"] if r["factor"] is None else f'{r["metric"]} F={r["factor"]:g}'),
                         f'{r["n_baseline_units"]} / {r["n_candidate_units"]}', num(r["baseline_mean"]),
                         num(r["candidate_mean"]), pct(r["relative_difference"]),
                         f'[{pct(r["relative_ci_low"])}, {pct(r["relative_ci_high"])}]', pval(r["p_value"]),
                         pval(r["p_value_holm"]), pct(r["relative_minimum_detectable_effect"])]
                if cuped:
                    reduction = r["variance_reduction"]
                    cells += ['<span class="null">null</span>' if reduction is None else f"{100 * reduction:.1f} %",
                              pct(r["cuped_relative_difference"]), pval(r["cuped_p_value_holm"])]
                body.append(cells)
            headers = ["metric", "units", esc(baseline), esc(candidate), "Δ %", "interval", "p", "p (Holm)",
                       "MDE %"] + (["CUPED variance reduction", "CUPED Δ %", "CUPED p (Holm)"] if cuped else [])
            parts.append(table(headers, body, css_class="data experiments", numeric_from=1, row_classes=classes))
    parts.append("</section>")
    return "".join(parts)


def section_online(sessions: list[dict], experiments: list[dict]) -> str:
    parts = ['<section id="online"><h2>Online evaluation</h2><p>Tables <code>search_interleaving_experiments</code> '
             '(one forest-plot row per experiment: Δ = (wins_a + ties/2) / (wins_a + wins_b + ties) − 0.5, '
             '&gt; 0 when team a is preferred, with its bootstrap interval) and <code>search_session_metrics_daily'
             '</code>.</p>']
    if experiments:
        rows = sorted(experiments, key=lambda r: str(r["experiment"]))
        chart_rows = [(f'experiment {r["experiment"]}: {r["team_a"]} vs {r["team_b"]}', r["preference_delta"],
                       r["ci_low"], r["ci_high"],
                       r["p_value"] is not None and r["p_value"] < SIGNIFICANCE) for r in rows]
        parts.append(interval_chart("Interleaving: preference Δ and interval", chart_rows))
        body = [[esc(r["experiment"]), esc(r["team_a"]), esc(r["team_b"]), f'{r["first_date"]} .. {r["last_date"]}',
                 str(r["n_units"]), f'{r["wins_a"]} / {r["wins_b"]} / {r["ties"]}', str(r["n_units_no_click"]),
                 num(r["preference_delta"]), pval(r["p_value"]), f'[{num(r["ci_low"])}, {num(r["ci_high"])}]']
                for r in rows]
        parts.append(table(["experiment", "team a", "team b", "days", "units", "wins a / b / ties", "no click", "Δ",
                            "p (sign test)", "interval"], body, numeric_from=4))
    if sessions:
        parts.append('<div class="grid">')
        days = sorted({str(r["search_date"]) for r in sessions})
        for column, title in (("satisfied_click_rate", "Satisfied-click rate"),
                              ("threshold_pass_rate", "Threshold-pass rate"), ("return_rate", "Return rate"),
                              ("reformulation_rate", "Reformulation rate")):
            series = {}
            for search_type in sorted({r["search_type"] for r in sessions}):
                by_day = {str(r["search_date"]): r[column] for r in sessions if r["search_type"] == search_type}
                series[search_type] = [by_day.get(d) for d in days]
            parts.append(line_chart(title, days, series, "rate"))
        parts.append("</div>")
    parts.append("</section>")
    return "".join(parts)


# ---------------------------------------------------------------------------------------------------------------
# judgments as a workflow (the judgment_coverage and judge_validation families, docs/judgments.md)
# ---------------------------------------------------------------------------------------------------------------


# the judgment_coverage and judge_validation families' tables (section_judgments); search_judge_agreement is read when it exists
JUDGMENT_TABLES = ["search_judgment_queue", "search_run_judgment_coverage", "search_run_unjudged_bounds",
                   "search_judge_run_agreement", "search_judge_agreement"]
# the main metrics of the section, read at the largest cutoff: two whose readings are bounds, two whose are values
JUDGMENT_METRICS = ["ndcg", "average_precision", "precision", "err"]
JUDGE_MEASURES = {"cohen_kappa": "Cohen's κ", "krippendorff_alpha": "Krippendorff's α",
                  "mean_signed_difference": "mean signed difference"}
N_QUEUE = 10
TAU_EQUIVALENT = 0.9  # Voorhees (2000): rankings with Kendall's tau >= 0.9 are usually read as equivalent


def metric_label(metric: str, k) -> str:
    return metric if k is None else f"{metric}@{k}"


def main_metric_keys(rows: list[dict]) -> list[tuple[str, int | None]]:
    """(metric, k) of JUDGMENT_METRICS present in rows, each at its largest cutoff (or without one)."""
    keys = []
    for metric in JUDGMENT_METRICS:
        ks = {r["k"] for r in rows if r["metric"] == metric}
        if ks:
            keys.append((metric, max((k for k in ks if k is not None), default=None)))
    return keys


def bounds_chart(title: str, rows: list[dict], width: int = 720) -> str:
    """Per run and metric a dot (the value) and a bar from the pessimistic to the optimistic reading: solid when
    the readings are bounds, dashed and hollow-ended when they are two values the metric could take."""
    rows = [r for r in rows if any(r[c] is not None for c in ("value", "pessimistic_value", "optimistic_value"))]
    if not rows:
        return f'<p class="empty">{esc(title)}: no reading</p>'
    left, right, top, row_h = 230, 30, 58, 20
    bottom = top + row_h * len(rows)
    height = bottom + 30
    plot_w = width - left - right
    values = [r[c] for r in rows for c in ("value", "pessimistic_value", "optimistic_value") if r[c] is not None]
    x_lo, x_hi = nice_range(values)

    def x(v):
        return left + plot_w * (v - x_lo) / (x_hi - x_lo)

    runs = sorted({r["run_id"] for r in rows})
    parts = [f'<svg class="chart bounds-chart" role="img" aria-label="{esc(title)}" width="{width}" '
             f'height="{height}" viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg">',
             f'<text class="title" x="8" y="18">{esc(title)}</text>',
             # the legend: what the dot and the two kinds of bar are
             f'<circle class="legend-mark" cx="14" cy="32" r="4" fill="#555"/>'
             f'<text class="legend" x="22" y="36">value</text>'
             f'<line x1="70" x2="100" y1="32" y2="32" stroke="#555" stroke-width="7" stroke-opacity="0.45"/>'
             f'<text class="legend" x="106" y="36">bounds: pessimistic (unjudged = grade 0) to optimistic (unjudged '
             f'= top grade)</text>'
             f'<line x1="70" x2="100" y1="47" y2="47" stroke="#555" stroke-width="2" stroke-dasharray="4 3"/>'
             f'<text class="legend" x="106" y="51">the same two readings where they are values, not bounds</text>',
             f'<rect class="plot" x="{left}" y="{top - 6}" width="{plot_w}" height="{row_h * len(rows) + 6}"/>']
    for t in ticks(x_lo, x_hi):
        parts.append(f'<line class="gridline" x1="{x(t):.1f}" x2="{x(t):.1f}" y1="{top - 6}" y2="{bottom}"/>'
                     f'<text class="tick" x="{x(t):.1f}" y="{bottom + 16}" text-anchor="middle">{t:g}</text>')
    previous = None
    for i, r in enumerate(rows):
        cy = top + row_h * i + row_h / 2
        colour = PALETTE[runs.index(r["run_id"]) % len(PALETTE)]
        metric = metric_label(r["metric"], r["k"])
        if previous is not None and metric != previous:
            parts.append(f'<line class="gridline" x1="8" x2="{left + plot_w}" y1="{top + row_h * i:.1f}" '
                         f'y2="{top + row_h * i:.1f}"/>')
        previous = metric
        bounds = bool(r["readings_are_bounds"])
        parts.append(f'<g class="reading" data-run="{esc(r["run_id"])}" data-metric="{esc(metric)}" '
                     f'data-bounds="{"true" if bounds else "false"}">')
        parts.append(f'<text class="label" x="{left - 8}" y="{cy + 4:.1f}" text-anchor="end">{esc(metric)} · '
                     f'{esc(r["run_id"])}</text>')
        low, high = r["pessimistic_value"], r["optimistic_value"]
        if low is not None and high is not None:
            if bounds:
                parts.append(f'<line class="bound" x1="{x(low):.1f}" x2="{x(high):.1f}" y1="{cy:.1f}" '
                             f'y2="{cy:.1f}" stroke="{colour}" stroke-width="7" stroke-opacity="0.45"/>')
            else:
                parts.append(f'<line class="values" x1="{x(low):.1f}" x2="{x(high):.1f}" y1="{cy:.1f}" '
                             f'y2="{cy:.1f}" stroke="{colour}" stroke-width="2" stroke-dasharray="4 3"/>')
                for end in (low, high):
                    parts.append(f'<line class="values" x1="{x(end):.1f}" x2="{x(end):.1f}" y1="{cy - 5:.1f}" '
                                 f'y2="{cy + 5:.1f}" stroke="{colour}" stroke-width="1.5"/>')
        if r["value"] is not None:
            parts.append(f'<circle class="estimate" cx="{x(r["value"]):.1f}" cy="{cy:.1f}" r="4" fill="{colour}"/>')
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


def order_notes(rows: list[dict]) -> list[str]:
    """Per metric whose readings are bounds, read over two runs or more: whether judging the gaps could reorder the
    runs (their intervals overlap) or not (disjoint: the order by value is settled)."""
    notes = []
    for metric, k in sorted({(r["metric"], r["k"]) for r in rows}, key=lambda mk: (mk[0], k_sort(mk[1]))):
        group = [r for r in rows if (r["metric"], r["k"]) == (metric, k) and r["readings_are_bounds"]
                 and r["pessimistic_value"] is not None and r["optimistic_value"] is not None]
        if len(group) < 2:
            continue
        overlapping = [(a["run_id"], b["run_id"]) for i, a in enumerate(group) for b in group[i + 1:]
                       if a["pessimistic_value"] <= b["optimistic_value"]
                       and b["pessimistic_value"] <= a["optimistic_value"]]
        label = metric_label(metric, k)
        if overlapping:
            pairs = ", ".join(f"{esc(a)} and {esc(b)}" for a, b in overlapping)
            notes.append(f'<li data-metric="{esc(label)}" class="unsettled">{esc(label)}: the bounds of {pairs} '
                         f'overlap: judging the gaps could reorder them.</li>')
        else:
            notes.append(f'<li data-metric="{esc(label)}" class="settled">{esc(label)}: the runs\' bounds are '
                         f'disjoint: no judging of the gaps reorders them.</li>')
    return notes


def judgments_coverage_html(coverage: list[dict], queue: list[dict] | None) -> str:
    parts = []
    if coverage:
        runs = sorted({r["run_id"] for r in coverage})
        cutoffs = sorted({r["k"] for r in coverage})
        k_max = cutoffs[-1]
        by_key = {(r["run_id"], r["k"]): r for r in coverage}
        body = []
        for run in runs:
            top = by_key.get((run, k_max), {})
            body.append([esc(run)] + [num(by_key[(run, k)]["judged_at_k"], 3) if (run, k) in by_key else ""
                                      for k in cutoffs]
                        + [f'{top.get("n_unjudged", "")} / {top.get("n_results", "")}',
                           f'{top.get("n_fully_judged_queries", "")} / {top.get("n_queries", "")}'])
        parts.append('<h3>Coverage</h3><p>judged@k (<code>search_run_judgment_coverage</code>): the mean over the '
                     'run\'s queries of the share of its top k that a human graded (the denominator is k even when '
                     f'the run returned fewer); at k = {k_max}, the results no human graded (the judgments the run '
                     'still needs) and the queries with none.</p>'
                     + table(["run"] + [f"judged@{k}" for k in cutoffs]
                             + [f"unjudged @{k_max} / results", f"fully judged queries @{k_max}"], body,
                             css_class="data coverage"))
    if queue is not None:
        first = sorted(queue, key=lambda r: (-r["priority"], r["query_id"], r["priority_rank"]))[:N_QUEUE]
        n_queries = len({r["query_id"] for r in queue})
        body = [[esc(r["query_id"]), esc(r["doc_id"]), str(r["n_runs"]), str(r["best_rank"]), num(r["priority"], 3),
                 str(r["priority_rank"])] for r in first]
        parts.append(f'<h3>What to judge next</h3><p>{len(queue)} (query, doc) pairs of {n_queries} queries that a run '
                     'ranks within the pool depth wait for a human grade (<code>search_judgment_queue</code>); the '
                     f'first {len(first)} by priority, the sum over the runs of the rank-biased weight of the '
                     'doc\'s rank (the most run metrics a judgment moves).</p>'
                     + (table(["query", "doc", "runs", "best rank", "priority", "rank in query"], body,
                              css_class="data queue", numeric_from=2) if body else
                        '<p class="empty">Nothing to judge: every pooled result has a human grade.</p>'))
    return "".join(parts)


def judgments_bounds_html(bounds: list[dict]) -> str:
    keys = main_metric_keys(bounds)
    rows = sorted((r for r in bounds if (r["metric"], r["k"]) in keys),
                  key=lambda r: (keys.index((r["metric"], r["k"])), r["run_id"]))
    if not rows:
        return ""
    body = [[esc(r["run_id"]), esc(metric_label(r["metric"], r["k"])), num(r["value"]), num(r["pessimistic_value"]),
             num(r["optimistic_value"]), "bounds" if r["readings_are_bounds"] else "values", str(r["n_queries"])]
            for r in rows]
    notes = order_notes(rows)
    kinds = {kind: ", ".join(esc(metric_label(m, k)) for m, k in keys
                             if any((r["metric"], r["k"]) == (m, k) and bool(r["readings_are_bounds"]) == kind
                                    for r in rows)) for kind in (True, False)}
    here = "; ".join(text for text in (f"bounds here: {kinds[True]}" if kinds[True] else "",
                                       f"values here: {kinds[False]}" if kinds[False] else "") if text)
    return ('<h3>How far could the unjudged results move each number?</h3><p>Per run, the value (the dot: '
            '<code>search_run_metrics</code>, an unjudged result adding nothing) and two readings of the run\'s '
            'unjudged results within the pool depth (<code>search_run_unjudged_bounds</code>): pessimistic, every '
            'one judged at grade 0, and optimistic, every one at the top grade. Where the metric cannot fall when a '
            'result gets a higher grade (precision, ERR, reciprocal rank, ...) the readings are <b>bounds</b> (a '
            'solid bar): however the gaps are judged, the run\'s mean lands between them. Where a normalizer grows '
            'with the judgments (nDCG, AP, recall, ...) they are two <b>values</b> the metric would take (a dashed '
            'bar), not bounds: the optimistic reading can be below the value. Column '
            f'<code>readings_are_bounds</code> says which ({here}). The value itself need not lie between the '
            'readings.</p>'
            + bounds_chart("Judgments: value and unjudged readings per run", rows)
            + (f'<ul class="bounds-notes">{"".join(notes)}</ul>' if notes else "")
            + table(["run", "metric", "value", "pessimistic", "optimistic", "readings", "queries"], body,
                    css_class="data bounds", numeric_from=2))


def judgments_judges_html(run_agreement: list[dict], item_agreement: list[dict] | None) -> str:
    keys = main_metric_keys(run_agreement)
    rows = sorted((r for r in run_agreement if (r["metric"], r["k"]) in keys),
                  key=lambda r: (r["rater_id"], keys.index((r["metric"], r["k"]))))
    parts = ['<h3>Automated judges held to the humans</h3><p>Does each automated judge (var '
             '<code>search_metrics_automated_raters</code>; the judged metrics read the human judgments only) rank '
             'the runs as the humans do? Per judge and main metric, over the queries it graded '
             '(<code>search_judge_run_agreement</code>): Kendall\'s τ-b and τ_AP between the runs\' means with the '
             'human and with the judge\'s judgments, the pairs of runs whose paired t-test gives the same verdict, '
             'and the largest difference of a run mean. Shaded red: τ-b below '
             f'{TAU_EQUIVALENT:g} (the usual threshold for equivalent rankings) or a pair of runs with another '
             'verdict. With few runs τ says little: read the runs column.</p>']
    if rows:
        body, classes = [], []
        for r in rows:
            disagrees = ((r["kendall_tau_b"] is not None and r["kendall_tau_b"] < TAU_EQUIVALENT)
                         or (r["verdict_agreement"] is not None and r["verdict_agreement"] < 1))
            classes.append("worse" if disagrees else "")
            body.append([esc(r["rater_id"]), esc(metric_label(r["metric"], r["k"])), str(r["n_runs"]),
                         str(r["n_queries"]), num(r["kendall_tau_b"], 3), num(r["tau_ap"], 3),
                         f'{r["n_same_verdict"]} / {r["n_run_pairs"]}', num(r["verdict_agreement"], 3),
                         num(r["max_abs_difference"], 3)])
        parts.append(table(["judge", "metric", "runs", "queries", "τ-b", "τ_AP", "same verdict / pairs",
                            "verdict agreement", "max |Δ mean|"], body, css_class="data judges", numeric_from=2,
                           row_classes=classes))
    else:
        parts.append('<p class="empty">No automated judge has judgments of the runs\' queries.</p>')
    if item_agreement is not None:
        order = list(JUDGE_MEASURES)
        measures = sorted({r["measure"] for r in item_agreement},
                          key=lambda m: (order.index(m) if m in order else len(order), m))
        by_key: dict[tuple, dict] = {}
        for r in item_agreement:
            by_key.setdefault((r["rater_id"], r["scale"]), {})[r["measure"]] = r
        body = []
        for (rater, scale), cells in sorted(by_key.items(), key=lambda kv: (kv[0][0], str(kv[0][1]))):
            items = max((c["n_items"] for c in cells.values() if c["n_items"] is not None), default=None)
            body.append([esc(rater), esc(scale)] + [num(cells[m]["value"], 3) if m in cells else "" for m in measures]
                        + ["" if items is None else str(items)])
        parts.append('<p>Item by item, against the humans\' grade of each (query, doc) both graded '
                     '(<code>search_judge_agreement</code>): chance-corrected agreement and the judge\'s mean signed '
                     'difference (&gt; 0: it grades higher than the humans).</p>'
                     + (table(["judge", "scale"] + [JUDGE_MEASURES.get(m, m) for m in measures] + ["items"], body,
                              css_class="data judge-items", numeric_from=2) if body
                        else '<p class="empty">No item graded by both an automated judge and a human.</p>'))
    return "".join(parts)


def section_judgments(tables: dict[str, list[dict]]) -> str:
    """The judging workflow: coverage and the queue, the unjudged readings of the main metrics as interval bars,
    and the automated judges' calibration against the humans (item-level figures when search_judge_agreement
    exists)."""
    return ('<section id="judgments"><h2>Judgments: coverage, unjudged results, automated judges</h2><p>Judgments are '
            'always incomplete: how much each run\'s numbers rest on, what to judge next, how far the gaps could move '
            'the numbers, and whether an automated judge could fill them (docs/judgments.md).</p>'
            + judgments_coverage_html(tables.get("search_run_judgment_coverage", []),
                                      tables.get("search_judgment_queue"))
            + judgments_bounds_html(tables.get("search_run_unjudged_bounds", []))
            + (judgments_judges_html(tables.get("search_judge_run_agreement", []), tables.get("search_judge_agreement"))
               if "search_judge_run_agreement" in tables else "")
            + "</section>")


# ---------------------------------------------------------------------------------------------------------------
# fused runs and the tests across all runs (the comparisons family with var search_metrics_all_systems_tests)
# ---------------------------------------------------------------------------------------------------------------


def fusion_label(inputs: list[dict]) -> str:
    """How a fused run is made, from its rows of search_fused_runs: the method (with rrf's k) and the norm (the
    weights are on its input rows)."""
    first = inputs[0]
    method = first["method"] + ("" if first["rrf_k"] is None else f' (k = {first["rrf_k"]:g})')
    return f'fused: {method}, norm {first["norm"]}'


def section_fusion(fused: list[dict], run_metrics: list[dict], sweep: list[dict]) -> str:
    """Each fused run (search_fused_runs) in a row, its input runs in the rows under it (with their weights), each
    with the main metrics' means at the largest cutoff (search_run_metrics); then the weight sweep
    (search_fusion_sweep) of those metrics: per configuration the tuning and held-out means, the best marked."""
    keys = main_metric_keys(run_metrics)
    means = {(r["run_id"], r["metric"], r["k"]): r["value"] for r in run_metrics}
    by_run: dict[str, list[dict]] = {}
    for r in fused:
        by_run.setdefault(r["run_id"], []).append(r)
    body, classes = [], []
    for run_id in sorted(by_run, key=lambda run: (by_run[run][0]["fusion"], by_run[run][0]["configuration_index"])):
        inputs = sorted(by_run[run_id], key=lambda r: r["input_position"])
        body.append([f'<span data-fused-run="{esc(run_id)}">{esc(run_id)}</span>', esc(fusion_label(inputs))]
                    + [num(means.get((run_id, metric, k))) for metric, k in keys])
        classes.append("fused")
        for r in inputs:
            weight = "" if r["weight"] is None else f', weight {r["weight"]:g}'
            body.append([f'<span data-input-of="{esc(run_id)}">↳ {esc(r["input_run_id"])}</span>',
                         esc(f'input {r["input_position"]}{weight}')]
                        + [num(means.get((r["input_run_id"], metric, k))) for metric, k in keys])
            classes.append("fusion-input")
    parts = ['<section id="fusion"><h2>Fused runs beside their inputs</h2><p>Each fused run of var '
             '<code>search_metrics_fusions</code> (table <code>search_fused_runs</code>, docs/fusion.md), then the '
             'runs it fuses, with the mean of the main metrics (<code>search_run_metrics</code>). A fused run is a '
             'run like any other: it is in every table above and below.</p>',
             table(["run", "how", *(metric_label(m, k) for m, k in keys)], body, css_class="data fused",
                   numeric_from=2, row_classes=classes)]
    if sweep:
        chosen = {(metric, k) for metric, k in keys}
        rows = sorted((r for r in sweep if (r["metric"], r["k"]) in chosen),
                      key=lambda r: (r["fusion"], r["metric"], k_sort(r["k"]), r["configuration_index"]))
        sweep_body = [[esc(r["fusion"]), esc(metric_label(r["metric"], r["k"])), esc(r["weights"]),
                       f'{num(r["tuning_mean"])} <span class="n">({r["n_tuning_queries"]})</span>',
                       f'{num(r["holdout_mean"])} <span class="n">({r["n_holdout_queries"]})</span>',
                       "best" if r["is_best"] else ""] for r in rows]
        parts.append('<h3>The weight sweep</h3><p>Per configuration of a fusion\'s <code>weight_grid</code> (table '
                     '<code>search_fusion_sweep</code>): the mean over the tuning queries, on which the best is '
                     'chosen, and over the held-out queries (queries in brackets). Read the best row\'s held-out '
                     'mean: its tuning mean is biased upward by the choice.</p>'
                     + table(["fusion", "metric", "weights", "tuning mean", "held-out mean", ""], sweep_body,
                             css_class="data sweep", numeric_from=3,
                             row_classes=["better" if r["is_best"] else "" for r in rows]))
    parts.append("</section>")
    return "".join(parts)


def section_all_systems(anova: list[dict], pairs: list[dict], groups: list[dict]) -> str:
    """Per metric and k: the ANOVA's F and p, the runs by mean with their letters under Tukey's HSD and the
    randomized Tukey HSD (search_run_hsd_groups: one row per run, metric and k; runs sharing a letter are not told
    apart), then each pair's verdicts (search_run_tukey_hsd)."""
    letters: dict[tuple, dict] = {}
    for r in groups:
        entry = letters.setdefault((r["metric"], r["k"], r["run_id"]), {"run_mean": r["run_mean"],
                                                                         "run_position": r["run_position"]})
        entry[r["test"]] = r["letters"]
    anova_by_key = {(r["metric"], r["k"]): r for r in anova}
    keys = sorted({(m, k) for m, k, _ in letters}, key=lambda mk: (mk[0], k_sort(mk[1])))
    body = []
    for metric, k in keys:
        runs = sorted(((run, e) for (m, kk, run), e in letters.items() if (m, kk) == (metric, k)),
                      key=lambda item: item[1]["run_position"])
        for run, e in runs:
            body.append([esc(metric_label(metric, k)), f'<span data-hsd-run="{esc(run)}">{esc(run)}</span>',
                         num(e["run_mean"]), f'<b>{esc(e.get("tukey"))}</b>', f'<b>{esc(e.get("randomized"))}</b>'])
    anova_body = [[esc(metric_label(m, k)), str(r["n_systems"]), str(r["n_topics"]), str(r["n_queries_left_out"]),
                   num(r["f_systems"], 3), pval(r["p_value_systems"])]
                  for (m, k), r in sorted(anova_by_key.items(), key=lambda kv: (kv[0][0], k_sort(kv[0][1])))]
    pair_rows = sorted(pairs, key=lambda r: (r["metric"], k_sort(r["k"]), r["run_a"], r["run_b"]))
    pair_body = [[esc(metric_label(r["metric"], r["k"])), esc(r["run_a"]), esc(r["run_b"]), num(r["mean_difference"]),
                  pval(r["p_value_tukey"]), "yes" if r["significant_tukey"] else "",
                  pval(r["p_value_randomized"]), "yes" if r["significant_randomized"] else ""] for r in pair_rows]
    return ('<section id="hsd"><h2>Tests across all runs</h2><p>Which runs can be told apart at all, with one error '
            'rate for every pair (docs/comparisons.md, "Tests across all systems"): the two-way ANOVA (topics as '
            'blocks), Tukey\'s HSD on its residual variance and the randomized Tukey HSD, at var '
            '<code>search_metrics_alpha</code>. Runs sharing a letter are not significantly different, as papers '
            'print them (table <code>search_run_hsd_groups</code>, runs by mean).</p>'
            + table(["metric", "run", "mean", "Tukey HSD", "randomized HSD"], body, css_class="data hsd",
                    numeric_from=2)
            + '<h3>ANOVA</h3><p>Table <code>search_run_anova</code>: the compared runs over the queries where '
              'every one has a value.</p>'
            + table(["metric", "runs", "topics", "queries left out", "F (runs)", "p"], anova_body,
                    css_class="data anova", numeric_from=1)
            + '<h3>Pairs</h3><p>Table <code>search_run_tukey_hsd</code>: p-values adjusted for all pairs; '
              '"yes" where p &#8804; &#945;.</p>'
            + table(["metric", "run a", "run b", "Δ mean", "p (Tukey)", "Tukey", "p (randomized)", "randomized"],
                    pair_body, css_class="data hsd-pairs", numeric_from=3, row_classes=[
                        "better" if r["significant_randomized"] or r["significant_tukey"] else "" for r in pair_rows])
            + "</section>")


CSS = """
body { font: 14px/1.45 system-ui, sans-serif; margin: 24px auto; max-width: 1280px; color: #222; padding: 0 16px; }
h1 { font-size: 24px; } h2 { font-size: 19px; margin-top: 36px; border-bottom: 1px solid #ddd; }
table.data { border-collapse: collapse; margin: 10px 0 20px; font-size: 13px; }
table.data th, table.data td { border: 1px solid #ddd; padding: 3px 7px; }
table.data th { background: #f3f5f8; cursor: pointer; position: sticky; top: 0; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.better td { background: #e8f6e8; } tr.worse td { background: #fbe9e9; }
tr.fused td { background: #eef3fb; font-weight: 600; } tr.fusion-input td { color: #555; }
ul.verdict li.better { color: #1a6b1a; } ul.verdict li.worse { color: #9b1c1c; }
.null { color: #aaa; } .n { color: #888; font-size: 11px; } .sig { font-weight: 600; color: #b00; }
.grid { display: flex; flex-wrap: wrap; gap: 12px; }
svg.chart { background: #fff; border: 1px solid #e4e4e4; margin: 6px 0; }
svg .title { font-weight: 600; font-size: 13px; } svg .tick, svg .legend, svg .label, svg .axis { font-size: 11px; fill: #444; }
svg .plot { fill: #fafbfc; stroke: #ccc; } svg .gridline { stroke: #e6e6e6; } svg .zero { stroke: #888; stroke-dasharray: 3 3; }
.empty { color: #888; font-style: italic; }
.banner.srm-failed { background: #fdecea; border: 2px solid #c62828; border-left-width: 8px; color: #7f1d1d;
  padding: 10px 14px; margin: 10px 0; border-radius: 4px; }
.banner.srm-failed::before { content: "\\26A0  "; font-weight: 700; }
p.srm { margin: 4px 0; } p.srm-passed::before { content: "\\2713  "; color: #2ca02c; font-weight: 700; }
.srm-tag { background: #c62828; color: #fff; font-size: 12px; padding: 2px 8px; border-radius: 10px;
  vertical-align: middle; }
svg .band { fill: #1f77b4; fill-opacity: 0.18; stroke: none; }
table.experiments td { white-space: nowrap; }
"""

SCRIPT = """
(function () {
  // click a header to sort its table (numbers numerically)
  document.querySelectorAll('table.sortable th').forEach(function (th, column) {
    th.addEventListener('click', function () {
      var body = th.closest('table').tBodies[0];
      var rows = Array.prototype.slice.call(body.rows);
      var asc = th.dataset.order !== 'asc';
      th.dataset.order = asc ? 'asc' : 'desc';
      var key = function (row) {
        var text = row.cells[column].textContent.trim();
        var number = parseFloat(text.replace(/[\\[\\]%+]/g, ''));
        return isNaN(number) ? text : number;
      };
      rows.sort(function (a, b) {
        var x = key(a), y = key(b);
        return (x > y ? 1 : x < y ? -1 : 0) * (asc ? 1 : -1);
      });
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
  // render check: what the browser actually laid out (read by the test through --dump-dom)
  var charts = Array.prototype.map.call(document.querySelectorAll('svg.chart'), function (svg) {
    var box = svg.getBoundingClientRect();
    var marks = svg.querySelectorAll('polyline, circle');
    var drawn = Array.prototype.filter.call(marks, function (m) {
      var b = m.getBBox(); return b.width > 0 || b.height > 0;
    }).length;
    return {label: svg.getAttribute('aria-label'), width: Math.round(box.width), height: Math.round(box.height),
            marks: marks.length, drawn: drawn};
  });
  var tables = Array.prototype.map.call(document.querySelectorAll('table.data'), function (t) {
    return {rows: t.tBodies[0].rows.length, height: Math.round(t.getBoundingClientRect().height)};
  });
  var check = document.getElementById('render-check');
  check.textContent = JSON.stringify({charts: charts, tables: tables});
  document.body.setAttribute('data-rendered', 'true');
})();
"""



# ---------------------------------------------------------------------------------------------------------------
# the counterfactual family
# ---------------------------------------------------------------------------------------------------------------

COUNTERFACTUAL_METRICS = ("clicks", "ctr", "paulscore")


def counterfactual_key(r: dict):
    return COUNTERFACTUAL_METRICS.index(r["metric"]), -1 if r["factor"] is None else r["factor"]


def counterfactual_label(r: dict) -> str:
    return r["metric"] if r["factor"] is None else f'{r["metric"]} F={r["factor"]:g}'


def share(value) -> str:
    return '<span class="null">null</span>' if value is None else f"{100 * value:.0f} %"


def section_counterfactual(estimates: list[dict], checks: list[dict]) -> str:
    """The candidates' estimates at the largest cutoff (every estimator, its interval, support and effective sample
    size), then the check against the A/B experiments."""
    k = max(r["cutoff"] for r in estimates)
    rows = sorted((r for r in estimates if r["cutoff"] == k),
                  key=lambda r: (r["candidate_run_id"], r["search_type"], counterfactual_key(r), r["estimator"]))
    body = [[esc(r["candidate_run_id"]), esc(r["search_type"]), esc(counterfactual_label(r)), esc(r["estimator"]),
             num(r["estimate"], 3), f'{num(r["ci_lower"], 3)} – {num(r["ci_upper"], 3)}', num(r["estimate_upper"], 3),
             str(r["n_searches"]), str(r["n_searches_unranked"]), share(r["support_share"]),
             num(r["effective_sample_size"], 1), num(r["max_weight"], 2)] for r in rows]
    parts = ['<section id="counterfactual"><h2>Candidates estimated from the click logs</h2><p>Each candidate '
             f'ranker\'s click metrics in the top {k} had it been shown to the logged searches (table '
             '<code>search_counterfactual_estimates</code>, docs/counterfactual.md): the estimate and its interval '
             'per estimator, the searches it reads and those whose query the candidate does not rank. Read '
             '<code>dm</code> beside its support (the share of the candidate\'s docs the click model knows; '
             '<code>upper</code> reads the unknown ones as 1) and the estimators with propensities beside their '
             'effective sample size and largest weight.</p>',
             table(["candidate", "type", "metric", "estimator", "estimate", "interval", "upper", "searches",
                    "unranked", "support", "eff. n", "max w"], body, numeric_from=4)]
    if checks:
        k = max(r["cutoff"] for r in checks)
        rows = sorted((r for r in checks if r["cutoff"] == k),
                      key=lambda r: (experiment_key(r["experiment"]), r["target_bucket"], r["source_bucket"],
                                     r["search_type"], counterfactual_key(r)))
        body, classes = [], []
        for r in rows:
            low, high = r["difference_ci_lower"], r["difference_ci_upper"]
            missed = low is not None and (low > 0 or high < 0)
            classes.append("sig" if missed else "")
            body.append([esc(r["experiment"]), esc(r["target_bucket"]), esc(r["source_bucket"]), esc(r["search_type"]),
                         esc(counterfactual_label(r)), num(r["estimate"], 3),
                         f'{num(r["ci_lower"], 3)} – {num(r["ci_upper"], 3)}', share(r["support_share"]),
                         num(r["observed"], 3), f'{num(r["observed_ci_lower"], 3)} – {num(r["observed_ci_upper"], 3)}',
                         num(r["difference"], 3), f'{num(low, 3)} – {num(high, 3)}'])
        parts.append('<h3>The check against the A/B experiments</h3><p>How far the estimates can be trusted: each '
                     f'bucket\'s metrics in the top {k} estimated (direct method) from the other bucket\'s logs, '
                     'beside what the bucket observed (table <code>search_counterfactual_experiment_checks</code>). '
                     'A highlighted row\'s difference interval excludes 0: the estimate missed by more than the '
                     'searches\' spread explains.</p>'
                     + table(["experiment", "target", "from", "type", "metric", "estimate", "interval", "support",
                              "observed", "interval", "Δ", "Δ interval"], body, numeric_from=5, row_classes=classes))
    parts.append("</section>")
    return "".join(parts)


def build(tables: dict[str, list[dict]], source: str, main_metric: str = "clickthrough_rate") -> str:
    sections = []
    if tables.get("search_run_comparison"):
        sections.append(section_verdict(tables["search_run_comparison"]))
    if tables.get("search_run_metrics"):
        sections.append(section_runs(tables["search_run_metrics"]))
    if tables.get("search_fused_runs") and tables.get("search_run_metrics"):
        sections.append(section_fusion(tables["search_fused_runs"], tables["search_run_metrics"],
                                       tables.get("search_fusion_sweep", [])))
    if tables.get("search_run_comparison"):
        sections.append(section_comparisons(tables["search_run_comparison"]))
    if tables.get("search_run_hsd_groups"):
        sections.append(section_all_systems(tables.get("search_run_anova", []), tables.get("search_run_tukey_hsd", []),
                                             tables["search_run_hsd_groups"]))
    if tables.get("search_query_deltas"):
        sections.append(section_regressions(tables["search_query_deltas"]))
    if tables.get("search_judgment_agreement"):
        sections.append(section_agreement(tables["search_judgment_agreement"]))
    if any(tables.get(name) for name in JUDGMENT_TABLES):
        sections.append(section_judgments(tables))
    if tables.get("search_paulscore_daily") or tables.get("search_click_metrics_daily"):
        sections.append(section_clicks(tables.get("search_paulscore_daily", []),
                                       tables.get("search_click_metrics_daily", [])))
    if tables.get("search_experiment_results"):
        sections.append(section_experiments(tables.get("search_experiment_sample_ratios", []),
                                            tables["search_experiment_results"],
                                            tables.get("search_experiment_sequential", []), main_metric))
    if tables.get("search_auc_daily"):
        sections.append(section_auc(tables["search_auc_daily"]))
    if tables.get("search_session_metrics_daily") or tables.get("search_interleaving_experiments"):
        sections.append(section_online(tables.get("search_session_metrics_daily", []),
                                       tables.get("search_interleaving_experiments", [])))
    if tables.get("search_counterfactual_estimates"):
        sections.append(section_counterfactual(tables["search_counterfactual_estimates"],
                                               tables.get("search_counterfactual_experiment_checks", [])))
    if not sections:
        sections.append('<p class="empty">No output table found: run the build first (make demo).</p>')
    nav = " · ".join(f'<a href="#{sid}">{label}</a>' for sid, label in (
        ("verdict", "verdict"), ("runs", "runs"), ("fusion", "fused runs"), ("comparisons", "comparisons"),
        ("hsd", "tests across all runs"), ("regressions", "regressions"),
        ("agreement", "rater agreement"), ("judgments", "judgments"), ("clicks", "clicks"),
        ("experiments", "A/B experiments"), ("auc", "AUC"), ("online", "online evaluation"),
        ("counterfactual", "candidates from the logs")) if f'id="{sid}"' in "".join(sections))
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>search_metrics report</title>'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><style>{CSS}</style></head>'
            f'<body><h1>search_metrics report</h1><p>Built from <code>{esc(source)}</code> by '
            f'<code>scripts/demo/build_report.py</code>. {nav}</p>{"".join(sections)}'
            f'<pre id="render-check" hidden></pre><script>{SCRIPT}</script></body></html>')


def main(db: str = "target/demo.duckdb", out: str = "target/report/index.html", schema: str = "main",
         main_metric: str = "clickthrough_rate") -> Path:
    tables = read_tables(db, schema)
    path = Path(out)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(build(tables, db, main_metric), encoding="utf-8")
    print(f"report: {path} ({', '.join(f'{name} {len(rows)} rows' for name, rows in tables.items())})")
    return path


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("db", nargs="?", default="target/demo.duckdb")
    parser.add_argument("out", nargs="?", default="target/report/index.html")
    parser.add_argument("schema", nargs="?", default="main")
    parser.add_argument("--main-metric", default="clickthrough_rate")
    arguments = parser.parse_args()
    main(arguments.db, arguments.out, arguments.schema, arguments.main_metric)
