"""Reference (oracle) of the fused runs (docs/fusion.md), written from ranx 0.3.21's definitions
(ranx/normalization/*.py, ranx/fusion/*.py, ranx/meta/fuse.py) in plain Python, not from the SQL.

A run is {query_id: [(doc_id, score), ...]} in its list order (the rank order; ranx's dict order). A query a run
lacks is an empty list (ranx needs every run to hold every query; an empty list is what it then reads).

Public API
----------
normalize(lists, norm, candidates)        {query: {doc: value}} of one run after ranx's normalization
fuse(runs, method, norm, k, weights)      {query: {doc: fused score}}, runs a list of runs (the var's order)
ranked(scores)                            [(doc, rank, score)] by score descending, ties by doc_id descending
holdout(query_id, share)                  the sweep's hold-out rule (md5 of the query id, docs/fusion.md)
configurations(fusion)                    [(run_id, weights)] of one var entry and its weight grid
fused_results(results, fusions)           the fused rows of the var's fusions over results rows
"""

from __future__ import annotations

import hashlib
import math

RANK_METHODS = ("rrf", "isr", "log_isr", "bordafuse", "w_bordafuse")
SCORE_METHODS = ("sum", "mnz", "max", "min", "med", "anz", "wsum")
METHODS = RANK_METHODS + SCORE_METHODS
NORMS = ("min-max", "max", "sum", "zmuv", "rank", "borda", "none")


def _candidates(runs, query):
    docs = []
    for run in runs:
        for doc, _ in run.get(query, []):
            if doc not in docs:
                docs.append(doc)
    return docs


def _queries(runs):
    queries = []
    for run in runs:
        for query in run:
            if query not in queries:
                queries.append(query)
    return queries


def _normalize_list(items, norm, n_candidates):
    """ranx's per-(run, query) normalization of one list [(doc, score)] in its order; borda's gaps are filled by
    fuse (they need the candidates)."""
    scores = [score for _, score in items]
    n = len(items)
    if norm == "none":
        return {doc: score for doc, score in items}
    if norm in ("min-max", "min_max"):
        low, high = min(scores), max(scores)
        denominator = max(high - low, 1e-9)
        return {doc: (score - low) / denominator for doc, score in items}
    if norm == "max":
        denominator = max(max(scores), 1e-9)
        return {doc: score / denominator for doc, score in items}
    if norm == "sum":
        low = min(scores)
        total = 0.0
        for score in scores:
            total += score
        denominator = max(total - low * n, 1e-9)
        return {doc: (score - low) / denominator for doc, score in items}
    if norm == "zmuv":
        total = 0.0
        for score in scores:
            total += score
        mean = total / n
        squares = 0.0
        for score in scores:
            squares += (score - mean) ** 2
        denominator = max(math.sqrt(squares / n), 1e-9)
        return {doc: (score - mean) / denominator for doc, score in items}
    if norm == "rank":
        return {doc: 1 - (i / n) for i, (doc, _) in enumerate(items)}
    if norm == "borda":
        return {doc: 1 - (i / n_candidates) for i, (doc, _) in enumerate(items)}
    raise ValueError(norm)


def _rank_values(items, method, k, n_candidates):
    if method == "rrf":
        return {doc: 1 / (k + i + 1) for i, (doc, _) in enumerate(items)}
    if method in ("isr", "log_isr"):
        return {doc: 1 / ((i + 1) ** 2) for i, (doc, _) in enumerate(items)}
    if method in ("bordafuse", "w_bordafuse"):
        return {doc: float(n_candidates - i) for i, (doc, _) in enumerate(items)}
    raise ValueError(method)


def _missing_value(method, norm, n_results, n_candidates):
    """What a doc the run lacks contributes when ranx fills the gap (None: the run does not hold it)."""
    if method in ("bordafuse", "w_bordafuse"):
        return (n_candidates - n_results + 1) / 2
    if norm == "borda" and method not in ("rrf", "isr", "log_isr"):
        return 0.5 - ((n_results - 1) / (2 * n_candidates))
    return None


def _median(values):
    ordered = sorted(values)
    n = len(ordered)
    if n % 2:
        return ordered[n // 2]
    return (ordered[n // 2 - 1] + ordered[n // 2]) / 2


def fuse(runs, method, norm="min-max", k=60, weights=None):
    """The fused scores {query: {doc: score}} of `runs` by ranx's fuse(runs, norm, method, params)."""
    if norm == "borda" and method in RANK_METHODS:
        raise ValueError("norm borda with a rank method is refused (ranx's order is Python's set order)")
    fused = {}
    for query in _queries(runs):
        candidates = _candidates(runs, query)
        n_candidates = len(candidates)
        held = []  # per run: {doc: value} of the docs it holds (every candidate when ranx fills the gaps)
        for run in runs:
            items = run.get(query, [])
            if method in RANK_METHODS:
                values = _rank_values(items, method, k, n_candidates)
            else:
                values = _normalize_list(items, norm, n_candidates) if items else {}
            missing = _missing_value(method, norm, len(items), n_candidates)
            if missing is not None:
                values = {doc: values.get(doc, missing) for doc in candidates}
            held.append(values)
        scores = {}
        for doc in candidates:
            present = [values[doc] for values in held if doc in values]
            if method in ("sum", "rrf", "bordafuse"):
                total = 0
                for values in held:
                    total = total + values.get(doc, 0.0)
                scores[doc] = total
            elif method in ("wsum", "w_bordafuse"):
                total = 0
                for weight, values in zip(weights, held):
                    total = total + weight * values.get(doc, 0.0)
                scores[doc] = total
            elif method in ("mnz", "isr"):
                scores[doc] = _sum(present) * len(present)
            elif method == "log_isr":
                scores[doc] = _sum(present) * math.log(len(present))
            elif method == "anz":
                scores[doc] = _sum(present) / len(present)
            elif method == "max":
                scores[doc] = max(values.get(doc, -1e9) for values in held)
            elif method == "min":
                scores[doc] = min(values.get(doc, 1e9) for values in held)
            elif method == "med":
                scores[doc] = _median(present)
            else:
                raise ValueError(method)
        fused[query] = scores
    return fused


def _sum(values):
    total = 0
    for value in values:
        total = total + value
    return total


def ranked(scores):
    """[(doc, rank, score)] of one query's fused scores: score descending, ties by doc_id descending in code-point
    order (trec_eval's rule, as the package ranks by score)."""
    order = sorted(scores.items(), key=lambda item: item[0], reverse=True)
    order.sort(key=lambda item: item[1], reverse=True)
    return [(doc, rank, score) for rank, (doc, score) in enumerate(order, start=1)]


def holdout(query_id, share):
    """True when the sweep holds the query out: u = (the first 7 hex digits of md5(query_id + '|') as a whole
    number) / 16^7, held out when u < share."""
    digest = hashlib.md5((query_id + "|").encode("utf-8")).hexdigest()
    return int(digest[:7], 16) / 16 ** 7 < share


def configurations(fusion):
    """[(run_id, weights)] of one var entry: the fusion itself, then its weight grid (docs/fusion.md names them)."""
    weights = fusion.get("params", {}).get("weights")
    out = [(fusion["name"], None if weights is None else [float(w) for w in weights])]
    grid = fusion.get("weight_grid")
    if grid is None:
        return out
    n_runs = len(fusion["runs"])
    if isinstance(grid, (int, float)):
        steps = round(1 / grid)
        vectors = [[]]
        for _ in range(n_runs - 1):
            vectors = [v + [c] for v in vectors for c in range(steps - sum(v) + 1)]
        vectors = [[c / steps for c in v + [steps - sum(v)]] for v in vectors]
    else:
        vectors = [[float(w) for w in vector] for vector in grid]
    return out + [(fusion["name"] + "@w=" + ",".join(repr(w) for w in vector), vector) for vector in vectors]


def fused_results(results, fusions, rank_from="rank"):
    """The rows (run_id, query_id, doc_id, rank, score) of every fusion and sweep configuration of the var
    `fusions` over the results rows, each input list read in its rank order (rank_from 'score': score descending,
    ties by doc_id descending, trec_eval's order)."""
    lists = {}
    for row in results:
        lists.setdefault(row["run_id"], {}).setdefault(row["query_id"], []).append(row)
    runs = {}
    for run_id, queries in lists.items():
        runs[run_id] = {}
        for query, rows in queries.items():
            if rank_from == "score":
                rows = sorted(sorted(rows, key=lambda r: r["doc_id"], reverse=True), key=lambda r: r["score"],
                              reverse=True)
            else:
                rows = sorted(rows, key=lambda r: r["rank"])
            runs[run_id][query] = [(r["doc_id"], r["score"]) for r in rows]
    out = []
    for fusion in fusions:
        inputs = [runs.get(run_id, {}) for run_id in fusion["runs"]]
        params = fusion.get("params", {})
        for run_id, weights in configurations(fusion):
            fused = fuse(inputs, fusion["method"], fusion.get("norm") or "min-max", k=params.get("k", 60),
                         weights=weights)
            for query, scores in fused.items():
                out += [{"run_id": run_id, "query_id": query, "doc_id": doc, "rank": rank, "score": score}
                        for doc, rank, score in ranked(scores)]
    return out
