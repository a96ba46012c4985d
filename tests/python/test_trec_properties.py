"""TREC-shaped data: integer grade scales with negative grades under both readings, runs ranked by score with
tied scores, doc ids shared across queries, unjudged results and queries with no relevant document. The models'
output equals the Python reference (|delta| <= 1e-9, nulls equal) for every built-in metric (the trec_eval
measures among them), the run means and geometric means, and the precision-recall curve.

Datasets come from seeded loops rather than hypothesis, so that the test can count the hard cases it met and fail
when a generator change stops producing one of them.
"""

import random

import pytest

from harness import assert_rows_match
from reference import judged as ref

SHARED_DOCS = [f"shared_{i}" for i in range(5)]  # in every query's candidates: a join that forgot query_id fails

VAR_SETS = {
    "grades 0..4, level 2, negatives unjudged, ranked by score": (
        {"search_metrics_max_grade": 4, "search_metrics_relevance_level": 2,
         "search_metrics_negative_grades": "unjudged", "search_metrics_rank_from": "score"},
        {"grading": {"max_grade": 4, "relevance_level": 2, "negative_grades": "unjudged"}, "rank_from": "score"}),
    "grades 0..2, level 1, negatives zero, ranks with gaps": (
        {"search_metrics_max_grade": 2, "search_metrics_negative_grades": "zero",
         "search_metrics_cutoffs": [1, 2, 5, 20]},
        {"grading": {"max_grade": 2, "relevance_level": 1, "negative_grades": "zero"}, "cutoffs": (1, 2, 5, 20)}),
    "grades 0..4, level 1, negatives unjudged, ranked by score": (
        {"search_metrics_max_grade": 4, "search_metrics_negative_grades": "unjudged",
         "search_metrics_rank_from": "score"},
        {"grading": {"max_grade": 4, "relevance_level": 1, "negative_grades": "unjudged"}, "rank_from": "score"}),
}


def trec_dataset(rng: random.Random, max_grade: int, by_score: bool):
    """Judgments on the graded scale 0..max_grade plus -1 and -2, one or two raters, a few null grades; two runs
    that return shared and per-query docs, scored with small integers (ties) or ranked with gaps."""
    results, judgments = [], []
    for q in range(rng.randint(2, 6)):
        query_id = f"q{q}"
        docs = SHARED_DOCS[: rng.randint(1, 5)] + [f"{query_id}_d{i}" for i in range(rng.randint(1, 8))]
        no_relevant = rng.random() < 0.2
        for doc_id in docs:
            for rater in range(rng.choice([0, 1, 1, 1, 2])):  # 0 = unjudged doc
                grade = rng.choice([-2, -1] + list(range(max_grade + 1)) + [None])
                if no_relevant and grade is not None and grade > 0:
                    grade = 0
                judgments.append({"query_id": query_id, "doc_id": doc_id, "rater_id": f"r{rater}",
                                  "grade": grade, "scale": "graded"})
        for run_id in ("run_a", "run_b"):
            returned = rng.sample(docs, rng.randint(1, len(docs)))
            rank = 0
            for doc_id in returned:
                rank += 1 if by_score else rng.choice([1, 1, 2])
                score = float(rng.randint(0, 3)) if by_score else rng.choice([None, float(rng.randint(0, 9))])
                results.append({"run_id": run_id, "query_id": query_id, "doc_id": doc_id,
                                "rank": None if by_score else rank, "score": score})
    return results, judgments


def hard_cases(results, judgments, grading, rank_from):
    """Which of the cases this test must meet the dataset holds."""
    cases = set()
    if any(j["grade"] is not None and j["grade"] < 0 for j in judgments):
        cases.add("negative grade")
    by_pair = {}
    for row in results:
        by_pair.setdefault((row["run_id"], row["query_id"], row["score"]), []).append(row)
    if rank_from == "score" and any(len(rows) > 1 for rows in by_pair.values()):
        cases.add("tied scores")
    aggregated = ref.aggregate_judgments(judgments, grading=grading)
    queries = {row["query_id"] for row in results}
    relevant = {q for (q, _doc), entry in aggregated.items() if entry["binary"] == 1}
    if queries - relevant:
        cases.add("query with no relevant document")
    judged = {(row["query_id"], row["doc_id"]) for row in results} & set(aggregated)
    if len(judged) < len(results):
        cases.add("unjudged result")
    if any((row["query_id"], row["doc_id"]) in aggregated and row["doc_id"].startswith("shared") for row in results):
        cases.add("judged shared doc id")
    return cases


@pytest.mark.dbt
@pytest.mark.parametrize("var_set", sorted(VAR_SETS))
def test_trec_data_matches_reference(dbt_project, var_set):
    dbt_vars, reference_kwargs = VAR_SETS[var_set]
    rng = random.Random(f"trec {var_set}")
    met = set()
    for _ in range(12):
        results, judgments = trec_dataset(rng, reference_kwargs["grading"]["max_grade"],
                                          reference_kwargs.get("rank_from") == "score")
        out = dbt_project.run(results, judgments, dbt_vars,
                              outputs=("search_query_metrics", "search_run_metrics", "search_precision_recall_curve"))
        expected = ref.query_metrics(results, judgments, **reference_kwargs)
        assert_rows_match(out["search_query_metrics"], expected, key=("run_id", "query_id", "metric", "k"),
                          value_columns=("value",))
        assert_rows_match(out["search_run_metrics"], ref.run_metrics(expected), key=("run_id", "metric", "k"),
                          value_columns=("value", "n_queries", "n_queries_total", "geometric_mean"))
        curve = ref.precision_recall_curve(results, judgments, grading=reference_kwargs["grading"],
                                           rank_from=reference_kwargs.get("rank_from", "rank"))
        assert_rows_match(out["search_precision_recall_curve"], curve,
                          key=("run_id", "query_id", "recall_level"), value_columns=("precision",))
        met |= hard_cases(results, judgments, reference_kwargs["grading"], reference_kwargs.get("rank_from"))
    expected_cases = {"negative grade", "query with no relevant document", "unjudged result", "judged shared doc id"}
    if reference_kwargs.get("rank_from") == "score":
        expected_cases.add("tied scores")
    assert expected_cases <= met, f"the generator never made: {sorted(expected_cases - met)}"
