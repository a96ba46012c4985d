"""Reference (oracle) for the judgment_coverage and judge_validation families, written from docs/judgments.md, in plain loops.

- queue(...): the pairs to judge next (search_judgment_queue);
- coverage(...): judged@k and the judgments still needed per run and cutoff (search_run_judgment_coverage);
- readings(...): every metric with the run's unjudged results within the pool depth filled at the lowest or the top
  grade (search_query_unjudged_bounds), by brute force: the metrics are computed again by reference/judged.py on a
  pool where those results carry the filled value;
- judge_query_values(...), tau_ap(...): the judges' evaluation level (search_judge_run_metrics / _run_agreement).

Raters: `automated` is a predicate on rater_id; rows of automated raters are not human.
"""

from __future__ import annotations

import math
from contextlib import contextmanager

from . import judged
from . import trec


def _graded(row, grading):
    """The row's grade after the negative-grade reading (None = casts no vote)."""
    grade = row.get("grade")
    if grade is not None and row["scale"] == "graded" and grade < 0:
        grade = trec.grade_under_negative_reading(grade, grading["negative_grades"])
    return grade


def human_rows(judgments, automated):
    return [row for row in judgments if not automated(row.get("rater_id"))]


def human_graded_pairs(judgments, automated, grading=None):
    grading = judged._grading(grading)
    return {(row["query_id"], row["doc_id"]) for row in human_rows(judgments, automated)
            if _graded(row, grading) is not None}


def queue(results, judgments, automated, depth, persistence, budget=None, grading=None):
    """[{query_id, doc_id, n_runs, best_rank, priority, priority_rank}]."""
    graded = human_graded_pairs(judgments, automated, grading)
    pairs = {}
    for row in results:
        key = (row["query_id"], row["doc_id"])
        if row["rank"] > depth or key in graded:
            continue
        entry = pairs.setdefault(key, {"runs": set(), "best_rank": row["rank"], "priority": 0.0})
        entry["runs"].add(row["run_id"])
        entry["best_rank"] = min(entry["best_rank"], row["rank"])
        entry["priority"] += persistence ** (row["rank"] - 1)
    out = []
    queries = sorted({q for q, _ in pairs})
    for query_id in queries:
        docs = [(d, e) for (q, d), e in pairs.items() if q == query_id]
        docs.sort(key=lambda de: (-relevance_key(de[1]["priority"]), de[1]["best_rank"], de[0].encode("utf-8")))
        for position, (doc_id, entry) in enumerate(docs, start=1):
            if budget is not None and position > budget:
                break
            out.append({"query_id": query_id, "doc_id": doc_id, "n_runs": len(entry["runs"]),
                        "best_rank": entry["best_rank"], "priority": entry["priority"], "priority_rank": position})
    return out


def coverage(results, judgments, automated, cutoffs, grading=None):
    """[{run_id, k, judged_at_k, n_results, n_unjudged, n_queries, n_fully_judged_queries}]."""
    graded = human_graded_pairs(judgments, automated, grading)
    lists = {}
    for row in results:
        lists.setdefault((row["run_id"], row["query_id"]), []).append(row)
    out = []
    for run_id in sorted({r for r, _ in lists}):
        queries = [q for r, q in lists if r == run_id]
        for k in cutoffs:
            shares, n_results, n_unjudged, fully = [], 0, 0, 0
            for query_id in queries:
                top = [row for row in lists[(run_id, query_id)] if row["rank"] <= k]
                judged_top = sum(1 for row in top if (query_id, row["doc_id"]) in graded)
                if top:
                    shares.append(judged_top / len(top))
                n_results += len(top)
                n_unjudged += len(top) - judged_top
                fully += judged_top == len(top)
            out.append({"run_id": run_id, "k": k, "judged_at_k": sum(shares) / len(shares) if shares else None,
                        "n_results": n_results,
                        "n_unjudged": n_unjudged, "n_queries": len(queries), "n_fully_judged_queries": fully})
    return out


@contextmanager
def _filled_pool(fill):
    """Within the block, judged.aggregate_judgments returns the human pool with fill(aggregated) applied."""
    original = judged.aggregate_judgments

    def patched(*args, **kwargs):
        aggregated = original(*args, **kwargs)
        fill(aggregated)
        return aggregated

    judged.aggregate_judgments = patched
    try:
        yield
    finally:
        judged.aggregate_judgments = original


def readings(results, judgments, automated, depth, reading, cutoffs, metrics, transformers=None, grading=None):
    """The metrics of every run with its unjudged results within `depth` judged at grade 0 ('pessimistic') or at
    max_grade ('optimistic') of the graded scale, read on each scale through the transformers, on each scale where
    the result has no value (no human grade, or a tied binary vote). Each run is filled on its own.
    Returns query_metrics rows [{run_id, query_id, metric, k, value}]."""
    grading = judged._grading(grading)
    effective = judged.resolve_transformers(transformers, grading)
    grade = 0 if reading == "pessimistic" else grading["max_grade"]
    filled = {scale: judged.transform_grade(grade, "graded", scale, effective) for scale in judged.SCALES}
    humans = human_rows(judgments, automated)
    out = []
    for run_id in sorted({row["run_id"] for row in results}):
        run_results = [row for row in results if row["run_id"] == run_id]
        top = {(row["query_id"], row["doc_id"]) for row in run_results if row["rank"] <= depth}

        def fill(aggregated, top=top):
            for key in top:
                entry = aggregated.setdefault(key, {"binary": None, "graded": None, "detail": None,
                                                    "binary_tie": False})
                for scale in judged.SCALES:
                    if entry[scale] is None:
                        entry[scale] = filled[scale]
                        if scale == "binary":
                            entry["binary_tie"] = False

        with _filled_pool(fill):
            out += judged.query_metrics(run_results, humans, cutoffs=cutoffs, metrics=metrics,
                                        transformers=transformers, grading=grading)
    return out


def judge_query_values(results, judgments, automated, rater_id, cutoffs, metrics, transformers=None, grading=None):
    """{(run_id, query_id, metric, k): (human_value, judge_value)} over the queries the judge graded (a non-null
    grade) that some run returned, where both values are not null."""
    grading = judged._grading(grading)
    returned = {row["query_id"] for row in results}
    judge_rows = [row for row in judgments if row.get("rater_id") == rater_id]
    scope = {row["query_id"] for row in judge_rows if _graded(row, grading) is not None} & returned
    scoped_results = [row for row in results if row["query_id"] in scope]
    human = judged.query_metrics(scoped_results, human_rows(judgments, automated), cutoffs=cutoffs,
                                 metrics=metrics, transformers=transformers, grading=grading)
    judge = judged.query_metrics(scoped_results, judge_rows, cutoffs=cutoffs, metrics=metrics,
                                 transformers=transformers, grading=grading)
    judge_by_key = {(r["run_id"], r["query_id"], r["metric"], r["k"]): r["value"] for r in judge}
    out = {}
    for row in human:
        key = (row["run_id"], row["query_id"], row["metric"], row["k"])
        if row["value"] is not None and judge_by_key.get(key) is not None:
            out[key] = (row["value"], judge_by_key[key])
    return out


def tau_ap(reference_scores, compared_scores):
    """Yilmaz, Aslam & Robertson (2008): the AP correlation of the ordering by `compared_scores` (the judge's)
    against the ordering by `reference_scores` (the humans'), best first. Both {item: score} without ties.
    tau_AP = 2 / (n - 1) * sum_{i=2..n} C(i) / (i - 1) - 1, C(i) = the items above the i-th of the compared
    ordering that the reference ordering also ranks above it."""
    items = list(reference_scores)
    if len(items) < 2:
        return None
    if len(set(reference_scores.values())) < len(items) or len(set(compared_scores.values())) < len(items):
        return None
    compared = sorted(items, key=lambda item: -compared_scores[item])
    reference_rank = {item: rank for rank, item in enumerate(sorted(items, key=lambda i: -reference_scores[i]))}
    total = 0.0
    for i in range(1, len(compared)):
        correct = sum(1 for above in compared[:i] if reference_rank[above] < reference_rank[compared[i]])
        total += correct / i
    return 2 * total / (len(items) - 1) - 1


def tau_ap_brute_force(reference_scores, compared_scores):
    """tau_AP from its probabilistic reading (Yilmaz et al. 2008, section 3): pick an item i other than the top of
    the compared ordering uniformly, then an item j uniformly among those the compared ordering ranks above i;
    p = P(the reference ordering also ranks j above i); tau_AP = 2p - 1. Enumerates every (i, j)."""
    items = sorted(compared_scores, key=lambda item: -compared_scores[item])
    if len(items) < 2:
        return None
    probability = 0.0
    for position in range(1, len(items)):
        i = items[position]
        agreeing = [j for j in items[:position] if reference_scores[j] > reference_scores[i]]
        probability += (len(agreeing) / position) / (len(items) - 1)
    return 2 * probability - 1


def tie_classes(scores, tolerance=1e-12):
    """{item: class}: the scores in ascending order, a new class wherever one exceeds the previous by more than
    tolerance * max(1, |a|, |b|) (docs/judgments.md: two means within it tie), so that tied items share a class
    and the classes keep the scores' order."""
    classes, previous, current = {}, None, 0
    for item, score in sorted(scores.items(), key=lambda entry: entry[1]):
        if previous is not None and score - previous > tolerance * max(1.0, abs(score), abs(previous)):
            current += 1
        classes[item] = current
        previous = score
    return classes


def relevance_key(value):
    """A mean compared at 12 decimals, as the SQL's relevance_key does."""
    return math.floor(value * 1e12 + 0.5)
