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

The other columns ndeval prints (outputMeasures), and its options:
alpha-DCG@k = sum_{i<=k} g_i / log2(i + 1)  /  sum_{i<=k} S (1 - alpha)^(i-1) / log2(i + 1) (computeDCG's "ideal
             ideal"), except at k = 1, where ndeval divides by 1 (the same loop as ERR-IA's).
nERR-IA@k  = sum_{i<=k} g_i / i  /  the same sum over the greedy ideal ranking (renormalize: err / ideal err, both
             divided by the same ideal ideal, which cancels).
nNRBP      = NRBP / the NRBP of the greedy ideal ranking over every judged doc (renormalize); S = 0 gives 0 / 0,
             which ndeval prints as nan.  Here None when the query has more than `depth` relevant docs (the SQL
             greedy is unrolled into `depth` steps).
MAP-IA     = (1 / S) * sum over the subtopics j with a relevant doc of (1 / R_j) * sum over the ranks i of the docs
             relevant to j of (docs relevant to j at ranks <= i) / i, R_j = the judged docs relevant to j
             (computeMAP; no cutoff).
-M m       -> max_rank: the run is cut to its first m ranks before anything is computed (applyCutoff).
S = 0      -> no_subtopic 'zero': 0, ndeval's value, instead of None (a query without any subtopic judgment stays
             None: ndeval does not evaluate it).
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


def alpha_dcg(ranked, subtopics, k, alpha=0.5, threshold=1, depth=20):
    s = n_subtopics(subtopics, threshold)
    if s == 0 or k > depth:
        return None
    rows = sorted(ranked, key=lambda row: (row[1], row[0]))
    gains = novelty_gains([doc for doc, _ in rows], subtopics, alpha, threshold)
    dcg = sum(g / math.log2(rank + 1) for g, (_, rank) in zip(gains, rows) if rank <= k)
    if k == 1:
        return dcg
    return dcg / sum(s * (1 - alpha) ** (i - 1) / math.log2(i + 1) for i in range(1, k + 1))


def nerr_ia(ranked, subtopics, k, alpha=0.5, threshold=1, depth=20):
    if n_subtopics(subtopics, threshold) == 0 or k > depth:
        return None
    rows = sorted(ranked, key=lambda row: (row[1], row[0]))
    gains = novelty_gains([doc for doc, _ in rows], subtopics, alpha, threshold)
    err = sum(g / rank for g, (_, rank) in zip(gains, rows) if rank <= k)
    ideal_docs, _ = ideal_ranking(subtopics, alpha, threshold)
    ideal_gains = novelty_gains(ideal_docs, subtopics, alpha, threshold)
    return err / sum(g / p for p, g in enumerate(ideal_gains, start=1) if p <= k)


def relevant_docs(subtopics: dict, threshold: float = 1) -> int:
    """The judged docs relevant to at least one subtopic."""
    return sum(1 for labels in subtopics.values() if relevant_subtopics(labels, threshold))


def nnrbp(ranked, subtopics, alpha=0.5, beta=0.5, threshold=1, depth=20):
    if n_subtopics(subtopics, threshold) == 0 or relevant_docs(subtopics, threshold) > depth:
        return None
    ideal_docs, _ = ideal_ranking(subtopics, alpha, threshold)
    ideal = nrbp([(doc, p) for p, doc in enumerate(ideal_docs, start=1)], subtopics, alpha, beta, threshold)
    return nrbp(ranked, subtopics, alpha, beta, threshold) / ideal


def map_ia(ranked, subtopics, threshold=1):
    s = n_subtopics(subtopics, threshold)
    if s == 0:
        return None
    total = 0.0
    for subtopic in {j for labels in subtopics.values() for j in relevant_subtopics(labels, threshold)}:
        r_j = sum(1 for labels in subtopics.values() if subtopic in relevant_subtopics(labels, threshold))
        found, precision_sum = 0, 0.0
        for doc, rank in sorted(ranked, key=lambda row: (row[1], row[0])):
            if subtopic in relevant_subtopics(subtopics.get(doc, {}), threshold):
                found += 1
                precision_sum += found / rank
        total += precision_sum / r_j
    return total / s


def metric_value(metric: dict, ranked, subtopics, k):
    """One configured metric entry ({type, alpha, beta, threshold, depth, max_rank, no_subtopic}, ndeval's defaults
    when absent)."""
    t = metric["type"]
    threshold, depth = metric.get("threshold", 1), metric.get("depth", 20)
    if metric.get("max_rank") is not None:
        ranked = [(doc, rank) for doc, rank in ranked if rank <= metric["max_rank"]]
    if (metric.get("no_subtopic") == "zero" and subtopics and n_subtopics(subtopics, threshold) == 0
            and not (t in DEPTH_TYPES and k and k > depth)):
        return 0.0
    return _value(t, metric, ranked, subtopics, k)


DEPTH_TYPES = {"alpha_ndcg", "alpha_dcg", "err_ia", "nerr_ia"}  # a value per cutoff, None beyond depth


def _value(t, metric, ranked, subtopics, k):
    alpha, beta = metric.get("alpha", 0.5), metric.get("beta", 0.5)
    threshold, depth = metric.get("threshold", 1), metric.get("depth", 20)
    if t == "alpha_dcg":
        return alpha_dcg(ranked, subtopics, k, alpha, threshold, depth)
    if t == "nerr_ia":
        return nerr_ia(ranked, subtopics, k, alpha, threshold, depth)
    if t == "nnrbp":
        return nnrbp(ranked, subtopics, alpha, beta, threshold, depth)
    if t == "map_ia":
        return map_ia(ranked, subtopics, threshold)
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
TYPES = set(BUILTINS) | {"alpha_dcg", "nerr_ia", "nnrbp", "map_ia"}
NO_CUTOFF = {"nrbp", "nnrbp", "map_ia"}


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
            for k in ([None] if metric["type"] in NO_CUTOFF else cutoffs):
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
