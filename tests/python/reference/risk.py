"""Reference (oracle) implementation of the risk-sensitive comparisons, written from the papers'
definitions, not from the SQL.

- URisk: Wang, Bennett & Collins-Thompson, "Robust ranking models via risk-sensitive optimization", SIGIR 2012
  (the trade-off Reward - (1 + alpha) Risk over the c topics; the TREC 2013/2014 Web track's risk measure).
- TRisk: Dincer, Macdonald & Ounis, "Hypothesis testing for the risk-sensitive evaluation of retrieval systems",
  SIGIR 2014: URisk divided by its standard error, the sample standard deviation (c - 1) of the per-topic
  risk-adjusted deltas over sqrt(c): the one-sample t statistic of those deltas.
- GeoRisk: Dincer, Macdonald & Ounis, "Risk-sensitive evaluation and learning to rank using multiple baselines",
  SIGIR 2016: sqrt(S_i / c * Phi(ZRisk_alpha(i) / c)) over the runs x topics table, ZRisk the alpha-weighted sum of
  the chi-square-style scores z_ij = (x_ij - e_ij) / sqrt(e_ij), e_ij = S_i T_j / N.

Conventions of ours (docs/comparisons.md, "Risk against the baseline"): a delta of exactly 0 is neither a win nor a
loss; a query is hurt when delta < -threshold - 1e-12; TRisk is None when n < 2 or every risk-adjusted delta is
equal (sd <= 1e-12 * max(1, max |r|)); z_ij = 0 when e_ij = 0; GeoRisk is None when the table is empty or holds a
negative value.

Public API
----------
risk_adjusted(delta, alpha)                      d, or (1 + alpha) d below 0
urisk(deltas, alpha), trisk(deltas, alpha)       over the paired deltas
hurt_count(deltas, threshold)
normal_cdf(x)
zrisk(table, run, alpha), georisk(table, run, alpha)   table: {run: {query: value}}, complete
run_risk(delta_rows, alphas, threshold)          rows of search_run_risk from rows of search_query_deltas
run_georisk(query_rows, runs, alphas)            rows of search_run_georisk from rows of search_query_metrics
"""

from __future__ import annotations

import math

TIE = 1e-12


def risk_adjusted(delta: float, alpha: float) -> float:
    return delta if delta >= 0 else (1 + alpha) * delta


def urisk(deltas: list[float], alpha: float) -> float | None:
    if not deltas:
        return None
    return sum(risk_adjusted(d, alpha) for d in deltas) / len(deltas)


def trisk(deltas: list[float], alpha: float) -> float | None:
    n = len(deltas)
    if n < 2:
        return None
    risks = [risk_adjusted(d, alpha) for d in deltas]
    mean = sum(risks) / n
    sd = math.sqrt(sum((r - mean) ** 2 for r in risks) / (n - 1))
    if not sd > TIE * max(1.0, max(abs(r) for r in risks)):
        return None
    return mean / (sd / math.sqrt(n))


def hurt_count(deltas: list[float], threshold: float) -> int:
    return sum(1 for d in deltas if d < -threshold - TIE)


def normal_cdf(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2))


def _scores(table: dict[str, dict[str, float]], run: str) -> list[float]:
    queries = sorted(next(iter(table.values())))
    run_total = {i: sum(row[j] for j in queries) for i, row in table.items()}
    query_total = {j: sum(row[j] for row in table.values()) for j in queries}
    grand = sum(run_total.values())
    scores = []
    for j in queries:
        expected = run_total[run] * query_total[j] / grand if grand > 0 else 0.0
        scores.append((table[run][j] - expected) / math.sqrt(expected) if expected > 0 else 0.0)
    return scores


def zrisk(table: dict[str, dict[str, float]], run: str, alpha: float) -> float:
    return sum(risk_adjusted(z, alpha) for z in _scores(table, run))


def georisk(table: dict[str, dict[str, float]], run: str, alpha: float) -> float:
    c = len(table[run])
    return math.sqrt(sum(table[run].values()) / c * normal_cdf(zrisk(table, run, alpha) / c))


def run_risk(delta_rows: list[dict], alphas, threshold: float = 0.0) -> list[dict]:
    groups: dict[tuple, list[dict]] = {}
    for row in delta_rows:
        groups.setdefault((row["baseline"], row["candidate"], row["metric"], row["k"]), []).append(row)
    out = []
    for (baseline, candidate, metric, k), rows in groups.items():
        deltas = [r["delta"] for r in rows if r["delta"] is not None]
        n = len(deltas)
        hurt = hurt_count(deltas, threshold)
        for alpha in alphas:
            out.append({"baseline": baseline, "candidate": candidate, "metric": metric, "k": k,
                        "alpha": float(alpha), "n_queries": n, "n_unpaired_queries": len(rows) - n,
                        "mean_delta": urisk(deltas, 0.0), "urisk": urisk(deltas, alpha),
                        "trisk": trisk(deltas, alpha), "hurt_queries": hurt,
                        "hurt_share": hurt / n if n else None})
    return out


def run_georisk(query_rows: list[dict], runs, alphas) -> list[dict]:
    runs = set(runs)
    by_group: dict[tuple, dict[str, dict[str, float | None]]] = {}
    for row in query_rows:
        if row["run_id"] in runs:
            by_group.setdefault((row["metric"], row["k"]), {}).setdefault(row["run_id"], {})[row["query_id"]] = \
                row["value"]
    out = []
    for (metric, k), values in by_group.items():
        seen = {q for row in values.values() for q in row}
        complete = sorted(q for q in seen if all(values.get(run, {}).get(q) is not None for run in runs))
        table = {run: {q: values[run][q] for q in complete} for run in runs}
        c = len(complete)
        negative = any(v < 0 for row in table.values() for v in row.values())
        for run in sorted(values):
            for alpha in alphas:
                ok = c > 0 and not negative
                out.append({"run_id": run, "metric": metric, "k": k, "alpha": float(alpha), "n_runs": len(runs),
                            "n_queries": c, "n_queries_left_out": len(seen) - c,
                            "mean_value": sum(table[run].values()) / c if c else None,
                            "zrisk": zrisk(table, run, alpha) if ok else None,
                            "georisk": georisk(table, run, alpha) if ok else None})
    return out
