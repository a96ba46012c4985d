"""Reference (oracle) implementation of the run comparisons (issue 6).

Plain Python loops over the documented algorithms (docs/comparisons.md), not over the SQL; scipy only for the
t-test (scipy.stats.ttest_rel), which the SQL's own Student t CDF is checked against. The
randomization tests and bootstraps use the same hash-based draws as the SQL, so their numbers must agree to
floating-point noise.

Public API
----------
mix(x), replicate_key(stream, replicate), draw(key, unit), sign(replicate, unit)
unit_key(query_id)                           the draw key of a query: MD5 of its UTF-8 bytes, 8 hex digits, mod p
poisson_count(draw)                          the Poisson(1) count of one draw (POISSON_THRESHOLDS)
student_t_two_sided_p(t, df)                 the SQL's series, in Python (checked against scipy in the tests)
percentile_interval(values, level)           numpy "type 7" with the arithmetic of the SQL
paired_tests(baseline, candidate, ...)       the paired values of one group and their query ids
query_deltas(query_rows, pairs=None)         rows of search_query_deltas from rows of search_query_metrics
run_comparison(query_rows, pairs=None, ...)  rows of search_run_comparison
holm(p_values), benjamini_hochberg(p_values)  adjusted p-values (None = not in the family)
adjust_families(rows, family_columns)        adds p_value_{t,randomization}_{holm,bh} per family of rows
effect_and_power(deltas, alpha, power)       effect_size_dz, minimum_detectable_effect, queries_needed
"""

from __future__ import annotations

import hashlib
import math
from functools import lru_cache

P = 2147483647  # the prime 2^31 - 1
HALF = 1073741824  # 2^30
STREAM_SIGN_FLIP = 1
STREAM_PAIRED_BOOTSTRAP = 2  # the interleaving bootstrap's picks (online.py); the comparisons' was retired
STREAM_POISSON_BOOTSTRAP = 7  # the comparisons' bootstrap: a Poisson(1) count per (replicate, query)
TIE = 1e-12  # |delta| <= TIE is a tie
EQUAL_SD = 1e-12  # sd <= EQUAL_SD * max(1, max |x|): every value equal, the t-test is undefined (null)
EXTREME = 1e-9  # tolerance of "at least as extreme" in the randomization tests


# ---------------------------------------------------------------------------
# Hash-based draws
# ---------------------------------------------------------------------------


def mix(x: int) -> int:
    """x^5 mod p, computed as the SQL does it (every product below 2^62)."""
    a = (x * x) % P
    b = (a * a) % P
    return (b * x) % P


def replicate_key(stream: int, replicate: int) -> int:
    return mix(mix(stream * 1048576 + replicate))


def draw(key: int, unit: int) -> int:
    return mix((mix((key + unit) % P) + key) % P)


@lru_cache(maxsize=None)
def stream_draws(stream: int, replicate: int, n_units: int) -> tuple[int, ...]:
    """draw(replicate_key(stream, replicate), i) for i = 1 .. n_units (cached: every group shares them)."""
    key = replicate_key(stream, replicate)
    return tuple(draw(key, i) for i in range(1, n_units + 1))


def sign(replicate: int, unit: int) -> int:
    return 1 if draw(replicate_key(STREAM_SIGN_FLIP, replicate), unit) < HALF else -1


def unit_key(query_id: str) -> int:
    """The draw key of a query: its first 8 hex digits of the MD5 of its UTF-8 bytes, as a number, mod p."""
    return int(hashlib.md5(query_id.encode("utf-8")).hexdigest()[:8], 16) % P


def _poisson_thresholds() -> tuple[int, ...]:
    """t_k = floor(p * F(k - 1)), k = 1 .. 12, F the Poisson(1) distribution function: a draw d (uniform on
    0 .. p - 1) counts #{k : d >= t_k}, the Poisson(1) quantile of d / p, capped at 12 (P(X > 12) < 1e-10)."""
    out, cdf, term = [], 0.0, math.exp(-1.0)
    for k in range(12):
        cdf += term
        term /= k + 1
        out.append(math.floor(P * cdf))
    return tuple(out)


POISSON_THRESHOLDS = _poisson_thresholds()


def poisson_count(d: int) -> int:
    return sum(1 for t in POISSON_THRESHOLDS if d >= t)


# ---------------------------------------------------------------------------
# Student t (the SQL's exact finite series, A&S 26.7.3 / 26.7.4)
# ---------------------------------------------------------------------------


def student_t_two_sided_p(t: float, df: int) -> float:
    abs_t = abs(t)
    sin_theta = abs_t / math.sqrt(df + abs_t * abs_t)
    cos2 = df / (df + abs_t * abs_t)
    series, coefficient, j = 0.0, 1.0, 0
    while 2 * j <= df - 2 - (df % 2):
        if j > 0:
            coefficient *= (2 * j - 1) / (2 * j) if df % 2 == 0 else (2 * j) / (2 * j + 1)
        series += coefficient * cos2 ** j
        j += 1
    if df % 2 == 0:
        a = sin_theta * series
    else:
        a = 2 / math.pi * (math.atan(abs_t / math.sqrt(df)) + sin_theta * math.sqrt(cos2) * series)
    return min(1.0, max(0.0, 1 - a))


# ---------------------------------------------------------------------------
# Percentile interval
# ---------------------------------------------------------------------------


def percentile_interval(values: list[float], level: float) -> tuple[float, float]:
    """Sorted x_0..x_{B-1}; q = (1 - level) / 2 and 1 - q; h = (B - 1) q; x_lo + (h - lo)(x_{lo+1} - x_lo)."""
    xs = sorted(values)
    n = len(xs)
    q_low = (1 - level) / 2
    out = []
    for q in (q_low, 1 - q_low):
        h = (n - 1) * q
        lo = int(h)
        fraction = h - lo
        if fraction > 0 and lo + 1 < n:
            out.append(xs[lo] + fraction * (xs[lo + 1] - xs[lo]))
        else:
            out.append(xs[lo])
    return out[0], out[1]


def _mean(values):
    return sum(values) / len(values)


def _all_equal(values, sd):
    return not sd > EQUAL_SD * max(1.0, max(abs(v) for v in values))


# ---------------------------------------------------------------------------
# Paired tests
# ---------------------------------------------------------------------------


def paired_tests(baseline: list[float], candidate: list[float], n_permutations=1000, n_bootstrap=1000,
                 level=0.95, query_ids=None) -> dict:
    """The paired tests of search_run_comparison for the paired values of one group and their query ids (any
    order; "unit1", "unit2", ... when not given): every draw is keyed by the query (unit_key)."""
    from scipy import stats

    deltas = [c - b for b, c in zip(baseline, candidate)]
    n = len(deltas)
    out = {"t_statistic": None, "p_value_t": None, "p_value_randomization": None, "ci_low": None,
           "ci_high": None}
    if n == 0:
        return out
    mean = _mean(deltas)
    if n >= 2:
        sd = math.sqrt(sum((d - mean) ** 2 for d in deltas) / (n - 1))
        if not _all_equal(deltas, sd):
            result = stats.ttest_rel(candidate, baseline)
            out["t_statistic"], out["p_value_t"] = float(result.statistic), float(result.pvalue)

    if query_ids is None:
        query_ids = [f"unit{i}" for i in range(1, n + 1)]
    keys = [unit_key(q) for q in query_ids]
    observed, absolute = abs(sum(deltas)), sum(abs(d) for d in deltas)
    extreme = 0
    for r in range(1, n_permutations + 1):
        key = replicate_key(STREAM_SIGN_FLIP, r)
        permuted = sum((1 if draw(key, u) < HALF else -1) * d for u, d in zip(keys, deltas))
        if abs(permuted) >= observed - EXTREME * absolute:
            extreme += 1
    out["p_value_randomization"] = (1 + extreme) / (1 + n_permutations)

    means = []  # Poisson bootstrap: each query counts c(r, q) times; a replicate that counts none has no value
    for r in range(1, n_bootstrap + 1):
        key = replicate_key(STREAM_POISSON_BOOTSTRAP, r)
        counts = [poisson_count(draw(key, u)) for u in keys]
        if sum(counts):
            means.append(sum(c * d for c, d in zip(counts, deltas)) / sum(counts))
    if means:
        out["ci_low"], out["ci_high"] = percentile_interval(means, level)
    return out


# ---------------------------------------------------------------------------
# Multiple testing (Holm, Benjamini-Hochberg), effect size and power
# ---------------------------------------------------------------------------

ADJUSTED_COLUMNS = ("p_value_t", "p_value_randomization")
# the columns whose values make one family, per var search_metrics_p_value_family
RUN_FAMILIES = {"pair": ("baseline", "candidate"), "report": (), "metric": ("metric", "k")}


def _sorted_non_null(p_values):
    return sorted((i for i, p in enumerate(p_values) if p is not None), key=lambda i: p_values[i])


def holm(p_values: list) -> list:
    """Holm's step-down adjusted p-values: with p(1) <= ... <= p(m) the m non-null values,
    p~(i) = min(1, max_{j <= i} (m - j + 1) p(j)); None stays None."""
    order = _sorted_non_null(p_values)
    m = len(order)
    out = [None] * len(p_values)
    for i in range(1, m + 1):
        out[order[i - 1]] = min(1.0, max((m - j + 1) * p_values[order[j - 1]] for j in range(1, i + 1)))
    return out


def benjamini_hochberg(p_values: list) -> list:
    """Benjamini-Hochberg step-up adjusted p-values: p~(i) = min(1, min_{j >= i} m p(j) / j); None stays None."""
    order = _sorted_non_null(p_values)
    m = len(order)
    out = [None] * len(p_values)
    for i in range(1, m + 1):
        out[order[i - 1]] = min(1.0, min(m * p_values[order[j - 1]] / j for j in range(i, m + 1)))
    return out


def adjust_families(rows: list[dict], family_columns) -> list[dict]:
    """Adds <c>_holm and <c>_bh for c in ADJUSTED_COLUMNS, each family = the rows with equal family_columns."""
    families: dict[tuple, list[dict]] = {}
    for row in rows:
        families.setdefault(tuple(row[c] for c in family_columns), []).append(row)
    for members in families.values():
        for column in ADJUSTED_COLUMNS:
            p_values = [row[column] for row in members]
            for row, h, b in zip(members, holm(p_values), benjamini_hochberg(p_values)):
                row[column + "_holm"], row[column + "_bh"] = h, b
    return rows


def z_sum(alpha: float, power: float) -> float:
    """z_(1 - alpha/2) + z_power (scipy)."""
    from scipy import stats

    return float(stats.norm.ppf(1 - alpha / 2) + stats.norm.ppf(power))


def effect_and_power(deltas: list[float], alpha=0.05, power=0.8) -> dict:
    """d_z = mean / sd (n - 1), null when n < 2 or every delta is equal (the t-test's rule, sd taken as 0);
    MDE = (z_(1-alpha/2) + z_power) sd / sqrt(n), null when n < 2 (0 when every delta is equal);
    queries_needed = ceil(((z sum) sd / |mean|)^2), null when n < 2, |mean| <= 1e-12 or every delta is equal."""
    out = {"effect_size_dz": None, "minimum_detectable_effect": None, "queries_needed": None}
    n = len(deltas)
    if n < 2:
        return out
    mean = _mean(deltas)
    sd = math.sqrt(sum((d - mean) ** 2 for d in deltas) / (n - 1))
    if _all_equal(deltas, sd):
        out["minimum_detectable_effect"] = 0.0
        return out
    z = z_sum(alpha, power)
    out["effect_size_dz"] = mean / sd
    out["minimum_detectable_effect"] = z * sd / math.sqrt(n)
    if abs(mean) > TIE:
        out["queries_needed"] = float(math.ceil((z * sd / abs(mean)) ** 2))
    return out


def query_deltas(query_rows: list[dict], pairs=None) -> list[dict]:
    """search_query_deltas: per pair whose two runs have results, every (query, metric, k) either run has, with
    both values and the delta."""
    runs = sorted({row["run_id"] for row in query_rows})
    if pairs is None:
        pairs = [(runs[0], run) for run in runs[1:]] if runs else []
    by_run: dict[str, dict] = {}
    for row in query_rows:
        by_run.setdefault(row["run_id"], {})[(row["query_id"], row["metric"], row["k"])] = row["value"]
    out = []
    for baseline, candidate in pairs:
        if baseline not in by_run or candidate not in by_run:
            continue  # a pair naming a run without results has no rows (docs/comparisons.md, "Pairs")
        b_rows, c_rows = by_run[baseline], by_run[candidate]
        for key in set(b_rows) | set(c_rows):
            b, c = b_rows.get(key), c_rows.get(key)
            out.append({"baseline": baseline, "candidate": candidate, "query_id": key[0], "metric": key[1],
                        "k": key[2], "baseline_value": b, "candidate_value": c,
                        "delta": None if b is None or c is None else c - b})
    return out


def run_comparison(query_rows: list[dict], pairs=None, n_permutations=1000, n_bootstrap=1000,
                   level=0.95, family="pair", alpha=0.05, power=0.8) -> list[dict]:
    groups: dict[tuple, list[dict]] = {}
    for row in query_deltas(query_rows, pairs):
        groups.setdefault((row["baseline"], row["candidate"], row["metric"], row["k"]), []).append(row)
    out = []
    for (baseline, candidate, metric, k), rows in groups.items():
        paired = sorted((r for r in rows if r["delta"] is not None), key=lambda r: r["query_id"])
        b = [r["baseline_value"] for r in paired]
        c = [r["candidate_value"] for r in paired]
        deltas = [r["delta"] for r in paired]
        n = len(paired)
        b_mean = _mean(b) if n else None
        row = {"baseline": baseline, "candidate": candidate, "metric": metric, "k": k, "n_queries": n,
               "baseline_mean": b_mean, "candidate_mean": _mean(c) if n else None,
               "mean_delta": _mean(deltas) if n else None,
               "relative_delta": (_mean(deltas) / b_mean) if n and b_mean != 0 else None,
               "wins": sum(1 for d in deltas if d > TIE), "losses": sum(1 for d in deltas if d < -TIE),
               "ties": sum(1 for d in deltas if abs(d) <= TIE)}
        row.update(paired_tests(b, c, n_permutations, n_bootstrap, level, [r["query_id"] for r in paired]))
        row.update(effect_and_power(deltas, alpha, power))
        out.append(row)
    return adjust_families(out, RUN_FAMILIES[family])
