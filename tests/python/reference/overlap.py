"""Reference (oracle) implementation of the run overlap measures (search_run_overlap, search_run_pair_overlap).

Plain Python loops over the definitions in docs/comparisons.md, not over the SQL:

- Jaccard similarity of the two top-k doc sets, top k = the rows with rank <= k (the rank column); None when both
  sets are empty.
- Extrapolated rank-biased overlap RBO_ext (Webber, Moffat & Zobel, "A similarity measure for indefinite
  rankings", ACM TOIS 28(4), 2010, eq. 32; eq. 30 when both lists have the same length) with depth = the position
  in rank order.

Public API
----------
jaccard(top_a, top_b)                         |A & B| / |A | B|, None when both are empty
rbo_ext(list_a, list_b, p)                    eq. 32, lists of distinct ids in rank order (both non-empty)
default_pairs(run_ids)                        every run against the first in code-point order
query_overlap(results, pairs, cutoffs, p)     rows of search_run_overlap
pair_overlap(results, pairs, cutoffs, p)      rows of search_run_pair_overlap
"""

from __future__ import annotations


def jaccard(top_a, top_b):
    a, b = set(top_a), set(top_b)
    union = a | b
    if not union:
        return None
    return len(a & b) / len(union)


def rbo_ext(list_a, list_b, p):
    """RBO_ext(L, S, l, s) = (1 - p) / p * (sum_{d=1}^{l} X_d / d * p^d + sum_{d=s+1}^{l} X_s (d - s) / (s d) p^d)
    + ((X_l - X_s) / l + X_s / s) * p^l, where S is the shorter list (length s), L the longer (length l) and
    X_d = |S_{:d} & L_{:d}| (S_{:d} = all of S once d > s)."""
    assert 0 < p < 1 and list_a and list_b
    assert len(set(list_a)) == len(list_a) and len(set(list_b)) == len(list_b)
    short, long_ = (list_a, list_b) if len(list_a) <= len(list_b) else (list_b, list_a)
    s, l = len(short), len(long_)
    x = {}
    for d in range(1, l + 1):
        x[d] = len(set(short[:d]) & set(long_[:d]))
    seen = 0.0
    for d in range(1, l + 1):
        seen += x[d] / d * p ** d
    extrapolated = 0.0
    for d in range(s + 1, l + 1):
        extrapolated += x[s] * (d - s) / (s * d) * p ** d
    return (1 - p) / p * (seen + extrapolated) + ((x[l] - x[s]) / l + x[s] / s) * p ** l


def default_pairs(run_ids):
    runs = sorted(set(run_ids))
    return [(runs[0], run) for run in runs[1:]]


def _lists(results):
    """{(run_id, query_id): [(rank, doc_id), ...] sorted by rank}."""
    lists = {}
    for row in results:
        lists.setdefault((row["run_id"], row["query_id"]), []).append((row["rank"], row["doc_id"]))
    for key in lists:
        lists[key].sort()
    return lists


def query_overlap(results, pairs=None, cutoffs=(1, 3, 5, 10), p=0.9):
    lists = _lists(results)
    if pairs is None:
        pairs = default_pairs(run for run, _ in lists)
    rows = []
    for baseline, candidate in pairs:
        queries = sorted({q for run, q in lists if run == baseline} & {q for run, q in lists if run == candidate})
        for query_id in queries:
            a, b = lists[(baseline, query_id)], lists[(candidate, query_id)]
            for k in sorted(set(cutoffs)):
                top_a = [doc for rank, doc in a if rank <= k]
                top_b = [doc for rank, doc in b if rank <= k]
                rows.append({"baseline": baseline, "candidate": candidate, "query_id": query_id,
                             "measure": "jaccard", "k": k, "value": jaccard(top_a, top_b)})
            rows.append({"baseline": baseline, "candidate": candidate, "query_id": query_id, "measure": "rbo",
                         "k": None, "value": rbo_ext([doc for _, doc in a], [doc for _, doc in b], p)})
    return rows


def pair_overlap(results, pairs=None, cutoffs=(1, 3, 5, 10), p=0.9):
    lists = _lists(results)
    runs = {run for run, _ in lists}
    if pairs is None:
        pairs = default_pairs(runs)
    query_rows = query_overlap(results, pairs, cutoffs, p)
    measures = [("jaccard", k) for k in sorted(set(cutoffs))] + [("rbo", None)]
    rows = []
    for baseline, candidate in pairs:
        if baseline not in runs and candidate not in runs:
            continue
        for measure, k in measures:
            values = [r["value"] for r in query_rows if (r["baseline"], r["candidate"], r["measure"], r["k"])
                      == (baseline, candidate, measure, k) and r["value"] is not None]
            rows.append({"baseline": baseline, "candidate": candidate, "measure": measure, "k": k,
                         "value": sum(values) / len(values) if values else None, "n_queries": len(values)})
    return rows
