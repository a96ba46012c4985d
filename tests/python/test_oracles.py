"""More outside oracles for the judged metrics, on generated data (DuckDB, through the harness):

- scikit-learn's `dcg_score` / `ndcg_score` for the built-in `dcg` and the local-ideal `ndcg` on single-rater
  graded lists with untied scores. Their definitions are ours there: linear gain (the grade), discount
  1 / log2(i + 1) at position i, and for nDCG an ideal that sorts the same list's gains (`ndcg` ideal `local`
  sorts the top-k rows' gains, so scikit-learn gets exactly the top-k rows; a zero-gain row is appended at the
  bottom because `ndcg_score` refuses a one-document list, and a zero at the bottom changes neither sum).
  Ranks are 1..n without gaps (we discount by the rank, scikit-learn by the position), every returned doc is
  graded (an ungraded top k is null here), `ignore_ties=True` on strictly decreasing scores.
- pytrec_eval's `recip_rank` (whole list, unjudged = not relevant) for `reciprocal_rank` at a cutoff beyond
  every list's length, on lists with unjudged docs (at least one returned doc judged, or ours is null).
- The judged rows of `search_input_quality` against a plain-Python recount from the inputs, written from the
  model's contract: a results row is `used` when its rank is within the largest cutoff, or when a configured
  metric reads every rank (no cutoff, whole_list, condensed); else `not_used`. A judgment row is `ignored` when
  no run returned its query, `ungraded` when its grade is null (or negative and read as unjudged), else `used`.
"""

from __future__ import annotations

import numpy as np
import pytest
import pytrec_eval
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sklearn.metrics import dcg_score, ndcg_score

from generators import judged_datasets
from harness import values_equal
from reference import judged as ref

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# one compile for the sklearn and pytrec_eval checks: 50 is beyond every generated list (at most 15 results)
ORACLE_CUTOFFS = [1, 2, 3, 5, 50]
ORACLE_VARS = {"search_metrics_metrics": ["dcg", "ndcg", "reciprocal_rank"], "search_metrics_cutoffs": ORACLE_CUTOFFS}


@st.composite
def single_rater_lists(draw, every_returned_doc_judged: bool):
    """One run, 1-4 queries, 1-15 docs each (grades 0..3 on the graded scale, one rater); the run returns a
    prefix of a permutation with ranks 1..n and scores 100 - rank (untied). Docs nobody returned may be judged;
    without every_returned_doc_judged some returned docs are unjudged too (never all of them)."""
    results, judgments = [], []
    for q in range(draw(st.integers(1, 4))):
        query_id = f"q{q}"
        docs = [f"{query_id}_d{i}" for i in range(draw(st.integers(1, 15)))]
        returned = draw(st.permutations(docs))[: draw(st.integers(1, len(docs)))]
        judged = [d for d in docs if (every_returned_doc_judged and d in returned) or draw(st.integers(0, 3)) > 0]
        if not set(judged) & set(returned):
            judged.append(returned[0])
        for doc_id in judged:
            judgments.append({"query_id": query_id, "doc_id": doc_id, "rater_id": "r", "grade": draw(st.integers(0, 3)),
                              "scale": "graded"})
        for rank, doc_id in enumerate(returned, start=1):
            results.append({"run_id": "run", "query_id": query_id, "doc_id": doc_id, "rank": rank,
                            "score": float(100 - rank)})
    return results, judgments


def metric_rows(out, metric):
    return [row for row in out["search_query_metrics"] if row["metric"] == metric]


@pytest.mark.dbt
@SETTINGS
@given(single_rater_lists(every_returned_doc_judged=True))
def test_dcg_and_local_ndcg_match_scikit_learn(dbt_project, dataset):
    results, judgments = dataset
    out = dbt_project.run(results, judgments, ORACLE_VARS)
    grade = {(j["query_id"], j["doc_id"]): float(j["grade"]) for j in judgments}
    lists = {}
    for row in sorted(results, key=lambda r: r["rank"]):
        lists.setdefault(row["query_id"], []).append((grade[(row["query_id"], row["doc_id"])], row["score"]))
    assert len(out["search_query_metrics"]) == len(lists) * 3 * len(ORACLE_CUTOFFS)
    for metric in ("dcg", "ndcg"):
        rows = metric_rows(out, metric)
        assert len(rows) == len(lists) * len(ORACLE_CUTOFFS)
        for row in rows:
            gains_scores = lists[row["query_id"]]
            top = gains_scores[: row["k"]]
            y_true = np.array([[g for g, _ in top] + [0.0]])
            y_score = np.array([[s for _, s in top] + [0.0]])  # the pad scores below every result
            if metric == "dcg":
                expected = dcg_score(y_true, y_score, k=len(top), log_base=2, ignore_ties=True)
            else:
                expected = ndcg_score(y_true, y_score, k=len(top), ignore_ties=True)
            assert values_equal(row["value"], expected), (row, top, expected)


@pytest.mark.dbt
@SETTINGS
@given(single_rater_lists(every_returned_doc_judged=False))
def test_reciprocal_rank_beyond_the_list_matches_trec_eval_recip_rank(dbt_project, dataset):
    results, judgments = dataset
    out = dbt_project.run(results, judgments, ORACLE_VARS)
    qrel, run = {}, {}
    for row in judgments:
        qrel.setdefault(row["query_id"], {})[row["doc_id"]] = int(row["grade"])
    for row in results:
        run.setdefault(row["query_id"], {})[row["doc_id"]] = row["score"]
    trec = pytrec_eval.RelevanceEvaluator(qrel, {"recip_rank"}).evaluate(run)
    rows = [row for row in metric_rows(out, "reciprocal_rank") if row["k"] == 50]
    assert len(rows) == len(run) and max(len(docs) for docs in run.values()) < 50
    for row in rows:
        expected = trec[row["query_id"]]["recip_rank"]
        assert values_equal(row["value"], expected), (row, expected)


# -- search_input_quality, judged inputs ------------------------------------------------------------------------
def reads_every_rank(metrics, grading=None) -> bool:
    """Whether a configured metric reads beyond the largest cutoff: a type without a cutoff, or a whole_list or
    condensed entry (metrics None = the built-in set)."""
    specs = ref.resolve_metrics(metrics if metrics is not None else [s["name"] for s in ref.BUILTIN_METRICS],
                                grading)
    return any(spec["type"] in ref.WHOLE_LIST_TYPES or spec.get("whole_list") or spec.get("condensed")
               for spec in specs)


def judged_input_quality(results, judgments, max_cutoff, every_rank, negative_grades="reject") -> dict:
    """{(input_name, status): n_rows} of the results and judgments inputs, recounted from the rows (ranks as
    given: with ranks from scores only the every-rank case is recounted here)."""
    counts: dict[tuple, int] = {}

    def add(key):
        counts[key] = counts.get(key, 0) + 1

    for row in results:
        add(("results", "used" if every_rank or row["rank"] <= max_cutoff else "not_used"))
    returned = {row["query_id"] for row in results}
    for row in judgments:
        if row["query_id"] not in returned:
            add(("judgments", "ignored"))
        elif row["grade"] is None:
            add(("judgments", "ungraded"))
        elif negative_grades == "unjudged" and row["scale"] == "graded" and row["grade"] < 0:
            add(("judgments", "ungraded"))
        else:
            add(("judgments", "used"))
    return counts


def quality_counts(rows, inputs=("results", "judgments")) -> dict:
    counts: dict[tuple, int] = {}
    for row in rows:
        if row["input_name"] in inputs:
            key = (row["input_name"], row["status"])
            counts[key] = counts.get(key, 0) + row["n_rows"]
    return counts


# the vars of test_judged_properties' default test (every rank read: auc, bpref, ...) and of
# test_trec_agreement's first test (cutoff metrics only, largest cutoff 10): their compiles are shared
QUALITY_CONFIGS = {
    "every rank read": ({}, [1, 3, 5, 10], None),
    "cutoff metrics only": ({"search_metrics_metrics": ["precision_k", "recall", "average_precision_pool",
                                                        "ndcg_pool"]},
                            [1, 3, 5, 10], ["precision_k", "recall", "average_precision_pool", "ndcg_pool"]),
}


@pytest.mark.dbt
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(judged_datasets(), st.sampled_from(sorted(QUALITY_CONFIGS)))
def test_judged_input_quality_matches_a_recount_of_the_inputs(dbt_project, dataset, config):
    results, judgments = dataset
    extra_vars, cutoffs, metrics = QUALITY_CONFIGS[config]
    out = dbt_project.run(results, judgments, extra_vars, outputs=("search_input_quality",))
    every_rank = reads_every_rank(metrics)
    assert every_rank == (config == "every rank read")
    expected = judged_input_quality(results, judgments, max(cutoffs), every_rank)
    assert quality_counts(out["search_input_quality"]) == expected
    assert sum(expected.values()) == len(results) + len(judgments)
