"""Reference (oracle) implementation of ndeval's diversity measures.

Pure Python, standard library only, plain loops.  The rules were read from ndeval.c (the TREC Web track's ndeval,
version 4.5, as pyndeval 0.0.8's sdist ships it in src/ndeval.c): qrelPopulateResultList, actualSubtopics,
idealResult, computeDCG, computeERR, computeNRBP, computePrecision, computeSTRecall, renormalize, applyQrels.

Data model (per run and query)
------------------------------
ranked:    list of (doc_id, rank); rank a whole number >= 1, unique (gaps allowed: the position i in every
           formula is the rank itself, as everywhere in the package; ndeval numbers the sorted list 1..n, which
           is the same without gaps).
subtopics: dict doc_id -> dict subtopic_id -> grade, the query's subtopic judgments.  A doc is relevant to a
           subtopic when grade >= threshold (ndeval caps every grade at 1, i.e. threshold 1).

Rules (ndeval.c)
----------------
S          = the subtopics with at least one relevant doc (actualSubtopics); S = 0 -> every measure None here
             (ndeval writes 0 and counts the query in its mean).
gain g_i   = sum over the subtopics j the doc at rank i is relevant to of (1 - alpha)^c_j, c_j = the docs ranked
             above it relevant to j.  A doc judged for no subtopic (or relevant to none) has gain 0.
alpha-nDCG@k = sum_{i<=k} g_i / log2(i + 1)  /  the same sum over the ideal ranking, where the ideal ranking is
             ndeval's greedy one (idealResult): at each position the unplaced judged doc with the largest gain given
             the docs placed so far, ties to the largest doc_id (strcmp).
ERR-IA@k   = sum_{i<=k} g_i / i  /  sum_{i<=k} S (1 - alpha)^(i-1) / i, except at k = 1, where ndeval divides by 1
             (its loop `for (i = 1; i < DEPTH; i++) err[i] /= idealIdeal[i]` skips the first rank).
NRBP       = (1 - (1 - alpha) beta) / S * sum over the whole list of g_i beta^(i - 1).
P-IA@k     = sum_{i<=k} (subtopics the doc at rank i is relevant to) / (k S).
strec@k    = (subtopics covered by ranks <= k) / S.
k > depth  -> None for alpha-nDCG and ERR-IA (ndeval's DEPTH is 20).
"""

from __future__ import annotations

import math


def relevant_subtopics(labels: dict, threshold: float) -> set:
    return {subtopic for subtopic, grade in labels.items() if grade >= threshold}


def n_subtopics(subtopics: dict, threshold: float = 1) -> int:
    """ndeval's actualSubtopics: the subtopics some judged doc is relevant to."""
    found = set()
    for labels in subtopics.values():
        found |= relevant_subtopics(labels, threshold)
    return len(found)


def novelty_gains(doc_ids: list, subtopics: dict, alpha: float, threshold: float = 1) -> list:
    """g_i for the docs in list order: sum over the doc's relevant subtopics of (1 - alpha)^(earlier docs relevant
    to that subtopic)."""
    seen: dict = {}
    gains = []
    for doc_id in doc_ids:
        gain = 0.0
        for subtopic in relevant_subtopics(subtopics.get(doc_id, {}), threshold):
            gain += (1 - alpha) ** seen.get(subtopic, 0)
            seen[subtopic] = seen.get(subtopic, 0) + 1
        gains.append(gain)
    return gains


def ideal_ranking(subtopics: dict, alpha: float, threshold: float = 1, larger_wins: bool = True) -> tuple[list, bool]:
    """ndeval's greedy ideal (idealResult) over every judged doc of the query: returns the doc ids in ideal order
    and whether a tie between two docs with a positive gain was broken by doc_id on the way.  larger_wins=False
    breaks ties the other way (not ndeval: for tests that show the tie-break matters)."""
    remaining = sorted(subtopics)
    weight: dict = {}
    order, tie_broken = [], False
    while remaining:
        best, best_gain = None, None
        scores = {}
        for doc_id in remaining:
            gain = sum(weight.get(s, 1.0) for s in relevant_subtopics(subtopics[doc_id], threshold))
            scores[doc_id] = gain
            # ties: the larger doc_id in code-point order wins (ndeval: strcmp(...) > 0)
            if best is None or gain > best_gain or (gain == best_gain and (doc_id > best) == larger_wins):
                best, best_gain = doc_id, gain
        if best_gain > 0 and sum(1 for g in scores.values() if g == best_gain) > 1:
            tie_broken = True
        order.append(best)
        remaining.remove(best)
        for s in relevant_subtopics(subtopics[best], threshold):
            weight[s] = weight.get(s, 1.0) * (1 - alpha)
    return order, tie_broken


def ideal_dcg(subtopics, k, alpha=0.5, threshold=1, larger_wins=True):
    """alpha-DCG@k of the greedy ideal ranking."""
    ideal_docs, _ = ideal_ranking(subtopics, alpha, threshold, larger_wins)
    ideal_gains = novelty_gains(ideal_docs, subtopics, alpha, threshold)
    return sum(g / math.log2(p + 1) for p, g in enumerate(ideal_gains, start=1) if p <= k)


def alpha_ndcg(ranked, subtopics, k, alpha=0.5, threshold=1, depth=20):
    if n_subtopics(subtopics, threshold) == 0 or k > depth:
        return None
    rows = sorted(ranked, key=lambda row: (row[1], row[0]))
    gains = novelty_gains([doc for doc, _ in rows], subtopics, alpha, threshold)
    dcg = sum(g / math.log2(rank + 1) for g, (_, rank) in zip(gains, rows) if rank <= k)
    return dcg / ideal_dcg(subtopics, k, alpha, threshold)


def err_ia(ranked, subtopics, k, alpha=0.5, threshold=1, depth=20):
    s = n_subtopics(subtopics, threshold)
    if s == 0 or k > depth:
        return None
    rows = sorted(ranked, key=lambda row: (row[1], row[0]))
    gains = novelty_gains([doc for doc, _ in rows], subtopics, alpha, threshold)
    err = sum(g / rank for g, (_, rank) in zip(gains, rows) if rank <= k)
    if k == 1:
        return err
    return err / sum(s * (1 - alpha) ** (i - 1) / i for i in range(1, k + 1))


def nrbp(ranked, subtopics, alpha=0.5, beta=0.5, threshold=1):
    s = n_subtopics(subtopics, threshold)
    if s == 0:
        return None
    rows = sorted(ranked, key=lambda row: (row[1], row[0]))
    gains = novelty_gains([doc for doc, _ in rows], subtopics, alpha, threshold)
    return (1 - (1 - alpha) * beta) / s * sum(g * beta ** (rank - 1) for g, (_, rank) in zip(gains, rows))


def precision_ia(ranked, subtopics, k, threshold=1):
    s = n_subtopics(subtopics, threshold)
    if s == 0:
        return None
    hits = sum(len(relevant_subtopics(subtopics.get(doc, {}), threshold)) for doc, rank in ranked if rank <= k)
    return hits / (k * s)


def subtopic_recall(ranked, subtopics, k, threshold=1):
    s = n_subtopics(subtopics, threshold)
    if s == 0:
        return None
    covered = set()
    for doc, rank in ranked:
        if rank <= k:
            covered |= relevant_subtopics(subtopics.get(doc, {}), threshold)
    return len(covered) / s


def metric_value(metric: dict, ranked, subtopics, k):
    """One configured metric entry ({type, alpha, beta, threshold, depth}, ndeval's defaults when absent)."""
    t = metric["type"]
    alpha, beta = metric.get("alpha", 0.5), metric.get("beta", 0.5)
    threshold, depth = metric.get("threshold", 1), metric.get("depth", 20)
    if t == "alpha_ndcg":
        return alpha_ndcg(ranked, subtopics, k, alpha, threshold, depth)
    if t == "err_ia":
        return err_ia(ranked, subtopics, k, alpha, threshold, depth)
    if t == "nrbp":
        return nrbp(ranked, subtopics, alpha, beta, threshold)
    if t == "precision_ia":
        return precision_ia(ranked, subtopics, k, threshold)
    if t == "subtopic_recall":
        return subtopic_recall(ranked, subtopics, k, threshold)
    raise ValueError(t)


# -- the rows of search_query_metrics / search_run_metrics ----------------------------------------------------------
BUILTINS = {"alpha_ndcg": {"type": "alpha_ndcg"}, "err_ia": {"type": "err_ia"}, "nrbp": {"type": "nrbp"},
            "precision_ia": {"type": "precision_ia"}, "subtopic_recall": {"type": "subtopic_recall"}}
TYPES = set(BUILTINS)


def split_metrics(metrics):
    """(the other metrics of a search_metrics_metrics list, the diversity entries {name, type, ...}): a built-in
    diversity name or an entry of a diversity type goes to the second list."""
    others, diversity = [], []
    for item in metrics or []:
        if isinstance(item, str) and item in BUILTINS:
            diversity.append({"name": item, **BUILTINS[item]})
        elif isinstance(item, dict) and item.get("type") in TYPES:
            diversity.append(dict(item))
        else:
            others.append(item)
    return others, diversity


def query_metrics(results, subtopic_rows, cutoffs, metrics):
    """One row {run_id, query_id, metric, k, value} per (run, query) of results, diversity entry and cutoff (k None
    for nrbp), results ranked by their rank column."""
    labels: dict = {}
    for row in subtopic_rows:
        labels.setdefault(row["query_id"], {}).setdefault(row["doc_id"], {})[row["subtopic_id"]] = row["grade"]
    lists: dict = {}
    for row in results:
        lists.setdefault((row["run_id"], row["query_id"]), []).append((row["doc_id"], row["rank"]))
    out = []
    for metric in metrics:
        for (run_id, query_id), ranked in lists.items():
            for k in ([None] if metric["type"] == "nrbp" else cutoffs):
                out.append({"run_id": run_id, "query_id": query_id, "metric": metric["name"], "k": k,
                            "value": metric_value(metric, ranked, labels.get(query_id, {}), k or 0)})
    return out


def run_metrics(query_rows):
    """search_run_metrics' rule: the mean over the queries with a value, their count, the queries of the run, and
    the geometric mean exp(mean(ln(max(v, 1e-5)))) (every diversity type is a score)."""
    groups: dict = {}
    for row in query_rows:
        groups.setdefault((row["run_id"], row["metric"], row["k"]), []).append(row["value"])
    out = []
    for (run_id, metric, k), values in groups.items():
        present = [v for v in values if v is not None]
        out.append({"run_id": run_id, "metric": metric, "k": k, "n_queries": len(present),
                    "n_queries_total": len(values), "value": sum(present) / len(present) if present else None,
                    "geometric_mean": (math.exp(sum(math.log(max(v, 1e-5)) for v in present) / len(present))
                                       if present else None)})
    return out
