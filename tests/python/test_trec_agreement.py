"""The trec conventions agree with trec_eval itself (pytrec_eval) on generated single-rater graded data:
precision_k = P_k, recall = recall_k, average_precision_pool = map_cut_k, ndcg_pool = ndcg_cut_k."""

import pytrec_eval
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from harness import values_equal

CUTOFFS = [1, 3, 5, 10]
TREC_MEASURES = {"precision_k": "P", "recall": "recall", "average_precision_pool": "map_cut",
                 "ndcg_pool": "ndcg_cut"}


@st.composite
def single_rater_graded(draw):
    results, judgments = [], []
    for q in range(draw(st.integers(1, 5))):
        query_id = f"q{q}"
        docs = [f"{query_id}_d{i}" for i in range(draw(st.integers(2, 15)))]
        grades = {}
        for doc_id in docs:
            if draw(st.integers(0, 3)):  # about a quarter of the docs stay unjudged
                grades[doc_id] = draw(st.integers(0, 3))
        if not any(g >= 1 for g in grades.values()):
            grades[docs[0]] = draw(st.integers(1, 3))  # trec_eval needs a relevant doc per query
        for doc_id, grade in grades.items():
            judgments.append({"query_id": query_id, "doc_id": doc_id, "rater_id": "r",
                              "grade": grade, "scale": "graded"})
        returned = draw(st.permutations(docs))[: draw(st.integers(1, len(docs)))]
        for rank, doc_id in enumerate(returned, start=1):
            results.append({"run_id": "run", "query_id": query_id, "doc_id": doc_id, "rank": rank,
                            "score": float(100 - rank)})
    return results, judgments


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(single_rater_graded())
def test_trec_conventions_match_pytrec_eval(dbt_project, dataset):
    results, judgments = dataset
    out = dbt_project.run(results, judgments, {"search_metrics_metrics": list(TREC_MEASURES)},
                          outputs=("search_query_metrics",))
    qrel, run = {}, {}
    for row in judgments:
        qrel.setdefault(row["query_id"], {})[row["doc_id"]] = int(row["grade"])
    for row in results:
        run.setdefault(row["query_id"], {})[row["doc_id"]] = row["score"]
    cut = ",".join(str(k) for k in CUTOFFS)
    trec = pytrec_eval.RelevanceEvaluator(qrel, {f"{m}.{cut}" for m in TREC_MEASURES.values()}).evaluate(run)
    rows = out["search_query_metrics"]
    assert len(rows) == len(run) * len(TREC_MEASURES) * len(CUTOFFS)
    for row in rows:
        expected = trec[row["query_id"]][f"{TREC_MEASURES[row['metric']]}_{row['k']}"]
        assert values_equal(row["value"], expected), (row, expected)
