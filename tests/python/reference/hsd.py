"""Reference (oracle) implementation of the tests across all systems: the two-way ANOVA without
replication, Tukey's HSD, the randomized Tukey HSD and the compact letter display.

Plain Python loops written from the papers, not from the SQL: Sakai, "Statistical Significance Testing for
Information Retrieval" (2018; the two-way ANOVA without replication, Tukey's HSD with topics as blocks, the
randomised Tukey HSD test of his Discpower tool), Carterette, "Multiple testing in statistical analysis of
systems-based information retrieval experiments" (ACM TOIS 30(1), 2012), and Piepho, "An algorithm for a
letter-based representation of all-pairwise comparisons" (J. Comput. Graph. Stat. 13(2), 2004: insert and absorb).
scipy only for the distributions (scipy.stats.f.sf, scipy.stats.studentized_range.sf), which the SQL's own
quadratures are checked against. The randomized HSD draws its permutations with the comparisons' hash draws
(reference.comparisons.replicate_key / draw, stream 6), so its counts must equal the SQL's.

Public API
----------
binary_sorted(ids)                                     code-point order (as the SQL's binary_order)
complete_blocks(query_rows, runs=None)                 {(metric, k): table}, the complete block design
anova(x)                                               the ANOVA of a runs x topics matrix (dict)
tukey_p(q, m, df)                                      P(Q >= q), scipy's studentized range
tukey_one_way(x)                                       Tukey's HSD ignoring the topics (one-way: pooled within-run
                                                       variance, df m(n - 1)), as statsmodels' pairwise_tukeyhsd and
                                                       ranx (scipy.stats.tukey_hsd) compute it: {(i, j): (q, p)}
randomized_ranges(x, n_permutations)                   range_b for b = 1 .. B (the permuted max - min of means)
letters(runs_by_position, significant)                 Piepho's insert-and-absorb, letters a, b, ... from the top
all_systems_tests(query_rows, runs=None, n_permutations=1000, alpha=0.05)
                                                       rows of search_run_anova, search_run_tukey_hsd and
                                                       search_run_hsd_groups
"""

from __future__ import annotations

import math

from reference.comparisons import draw, replicate_key
from reference.judging import relevance_key

STREAM_RANDOMIZED_HSD = 6
NIL_RESIDUAL = 1e-12  # sqrt(ms_residual) <= NIL_RESIDUAL * max(1, max |x|): no residual, F and q undefined
EXTREME = 1e-9  # range_b >= |difference| - EXTREME * max |x| counts as at least as extreme
ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def binary_sorted(ids):
    return sorted(ids, key=lambda s: s.encode("utf-8"))


def complete_blocks(query_rows, runs=None):
    """{(metric, k): {"runs": [run ids, binary order], "topics": [query ids with a value for every run, binary
    order], "x": [[value of run i on topic j]], "n_left_out": queries some compared run has a row for but not every
    run a value}} for every (metric, k) a compared run has a row for."""
    runs = binary_sorted(set(runs) if runs is not None else {r["run_id"] for r in query_rows})
    run_set = set(runs)
    cells, seen = {}, {}
    for r in query_rows:
        if r["run_id"] not in run_set:
            continue
        key = (r["metric"], r["k"])
        seen.setdefault(key, set()).add(r["query_id"])
        if r["value"] is not None:
            cells.setdefault(key, {})[(r["run_id"], r["query_id"])] = float(r["value"])
    tables = {}
    for key, queries in seen.items():
        values = cells.get(key, {})
        topics = binary_sorted(q for q in queries if all((run, q) in values for run in runs))
        x = [[values[(run, q)] for q in topics] for run in runs]
        tables[key] = {"runs": runs, "topics": topics, "x": x, "n_left_out": len(queries) - len(topics)}
    return tables


def anova(x):
    """The two-way ANOVA without replication of the m x n matrix x (systems x topics, topics as blocks)."""
    from scipy import stats

    m = len(x)
    n = len(x[0]) if m else 0
    out = {"n_systems": m, "n_topics": n, "df_systems": m - 1, "df_topics": n - 1 if n else None,
           "df_residual": (m - 1) * (n - 1) if n else None}
    for column in ("grand_mean", "ss_systems", "ss_topics", "ss_residual", "ss_total", "ms_systems", "ms_topics",
                   "ms_residual", "f_systems", "p_value_systems", "f_topics"):
        out[column] = None
    if n == 0:
        return out
    grand = sum(sum(row) for row in x) / (m * n)
    system_means = [sum(row) / n for row in x]
    topic_means = [sum(x[i][j] for i in range(m)) / m for j in range(n)]
    ss_systems = n * sum((a - grand) ** 2 for a in system_means)
    ss_topics = m * sum((b - grand) ** 2 for b in topic_means)
    ss_residual = sum((x[i][j] - system_means[i] - topic_means[j] + grand) ** 2 for i in range(m) for j in range(n))
    ss_total = sum((x[i][j] - grand) ** 2 for i in range(m) for j in range(n))
    out.update(grand_mean=grand, ss_systems=ss_systems, ss_topics=ss_topics, ss_residual=ss_residual,
               ss_total=ss_total)
    df_s, df_t, df_r = m - 1, n - 1, (m - 1) * (n - 1)
    out["ms_systems"] = ss_systems / df_s if df_s > 0 else None
    out["ms_topics"] = ss_topics / df_t if df_t > 0 else None
    out["ms_residual"] = ss_residual / df_r if df_r > 0 else None
    max_abs = max(abs(v) for row in x for v in row)
    if df_r > 0 and math.sqrt(out["ms_residual"]) > NIL_RESIDUAL * max(1.0, max_abs):
        out["f_systems"] = out["ms_systems"] / out["ms_residual"] if out["ms_systems"] is not None else None
        out["f_topics"] = out["ms_topics"] / out["ms_residual"] if out["ms_topics"] is not None else None
        if out["f_systems"] is not None:
            out["p_value_systems"] = float(stats.f.sf(out["f_systems"], df_s, df_r))
    return out


def tukey_p(q, m, df):
    from scipy import stats

    return float(stats.studentized_range.sf(q, m, df))


def tukey_one_way(x):
    m, n = len(x), len(x[0])
    means = [sum(row) / n for row in x]
    mse = sum((v - means[i]) ** 2 for i, row in enumerate(x) for v in row) / (m * (n - 1))
    out = {}
    for i in range(m):
        for j in range(i + 1, m):
            q = abs(means[i] - means[j]) / math.sqrt(mse / n)
            out[(i, j)] = (q, tukey_p(q, m, m * (n - 1)))
    return out


def randomized_ranges(x, n_permutations):
    """range_b, b = 1 .. B: in replicate b the value of run i (1-based, binary order) on topic j (1-based) goes to
    slot r = the rank of (draw(replicate_key(6, b), (j - 1) m + i), i) among the topic's m runs; range_b = max - min
    over the slots of the slot's mean over the topics."""
    m, n = len(x), len(x[0])
    ranges = []
    for b in range(1, n_permutations + 1):
        key = replicate_key(STREAM_RANDOMIZED_HSD, b)
        slot_sums = [0.0] * m
        for j in range(n):
            order = sorted(range(m), key=lambda i: (draw(key, j * m + i + 1), i))
            for slot, i in enumerate(order):
                slot_sums[slot] += x[i][j]
        means = [s / n for s in slot_sums]
        ranges.append(max(means) - min(means))
    return ranges


def letters(runs_by_position, significant):
    """Piepho's insert-and-absorb: start with one group of every run; for each significant pair, every group holding
    both is split in two (one without each run), then groups inside another are absorbed. The groups are lettered
    a, b, ... by their highest run (position), and each run gets its groups' letters in that order.
    `significant(a, b)` -> bool. Returns {run: letters} (None beyond 52 groups) and {run: (first, last) group}."""
    groups = [frozenset(runs_by_position)]
    for i, a in enumerate(runs_by_position):
        for b in runs_by_position[i + 1:]:
            if not significant(a, b):
                continue
            split = []
            for g in groups:
                if a in g and b in g:
                    split += [g - {a}, g - {b}]
                else:
                    split.append(g)
            split = list(dict.fromkeys(split))
            groups = [g for g in split if not any(g < h for h in split)]
    position = {run: p for p, run in enumerate(runs_by_position)}
    groups.sort(key=lambda g: (min(position[r] for r in g), max(position[r] for r in g)))
    out, span = {}, {}
    for run in runs_by_position:
        mine = [index for index, g in enumerate(groups) if run in g]
        out[run] = "".join(ALPHABET[i] for i in mine) if len(groups) <= len(ALPHABET) else None
        span[run] = (mine[0] + 1, mine[-1] + 1)
    return out, span


def all_systems_tests(query_rows, runs=None, n_permutations=1000, alpha=0.05):
    """{"search_run_anova": rows, "search_run_tukey_hsd": rows, "search_run_hsd_groups": rows}."""
    anova_rows, pair_rows, group_rows = [], [], []
    for (metric, k), table in complete_blocks(query_rows, runs).items():
        runs_, x = table["runs"], table["x"]
        m, n = len(runs_), len(table["topics"])
        result = anova(x)
        anova_rows.append({"metric": metric, "k": k, "n_queries_left_out": table["n_left_out"], **result})
        if n == 0:
            continue
        means = [sum(row) / n for row in x]
        max_abs = max(abs(v) for row in x for v in row)
        ranges = randomized_ranges(x, n_permutations) if m >= 2 else []
        verdicts = {}
        for i in range(m):
            for j in range(i + 1, m):
                difference = means[i] - means[j]
                row = {"metric": metric, "k": k, "run_a": runs_[i], "run_b": runs_[j], "n_systems": m,
                       "n_topics": n, "df_residual": result["df_residual"], "mean_a": means[i], "mean_b": means[j],
                       "mean_difference": difference, "q_statistic": None, "p_value_tukey": None,
                       "significant_tukey": None, "permutations": n_permutations}
                if result["f_systems"] is not None:
                    q = abs(difference) / math.sqrt(result["ms_residual"] / n)
                    row["q_statistic"] = q
                    row["p_value_tukey"] = tukey_p(q, m, result["df_residual"])
                    row["significant_tukey"] = row["p_value_tukey"] <= alpha
                at_least = sum(1 for r in ranges if r >= abs(difference) - EXTREME * max_abs)
                row["p_value_randomized"] = (1 + at_least) / (1 + n_permutations)
                row["significant_randomized"] = row["p_value_randomized"] <= alpha
                pair_rows.append(row)
                verdicts[(runs_[i], runs_[j])] = verdicts[(runs_[j], runs_[i])] = row
        # means compared at 12 decimals (the SQL's relevance_key): equal means tie whatever the order of their sums
        order = sorted(range(m), key=lambda i: (-relevance_key(means[i]), runs_[i].encode("utf-8")))
        by_position = [runs_[i] for i in order]
        for test in ("tukey", "randomized"):
            found, span = letters(by_position, lambda a, b: bool(verdicts[(a, b)][f"significant_{test}"]))
            for position, run in enumerate(by_position, start=1):
                group_rows.append({"metric": metric, "k": k, "test": test, "run_id": run,
                                   "run_mean": means[runs_.index(run)], "run_position": position,
                                   "first_group": span[run][0], "last_group": span[run][1], "letters": found[run]})
    return {"search_run_anova": anova_rows, "search_run_tukey_hsd": pair_rows, "search_run_hsd_groups": group_rows}
