"""Hypothesis strategies for judged-metric datasets: several runs and raters, null grades, binary vote ties,
unjudged docs, judged docs no run retrieved, short lists, rank gaps and all three scales; doc ids that several
queries share (judged differently in each, so a join of judgments to results that forgot query_id gives other
numbers), and null result scores (left out of the judged `auc`)."""

from __future__ import annotations

from hypothesis import strategies as st

GRADES = {"binary": [0, 1], "graded": [0, 1, 2, 3], "detail": list(range(1, 11))}
# Doc ids every query may draw from: the same id names a different document in each query.
SHARED_DOCS = ["shared_0", "shared_1", "Shared_2"]
# A result's score: null now and then (about one in seven), few values otherwise (ties).
SCORES = st.sampled_from([None, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0])


@st.composite
def judged_datasets(draw, max_queries: int = 4, max_docs: int = 12, max_runs: int = 3):
    n_queries = draw(st.integers(1, max_queries))
    run_ids = [f"run_{i}" for i in range(draw(st.integers(1, max_runs)))]
    results: list[dict] = []
    judgments: list[dict] = []
    for q in range(n_queries):
        query_id = f"q{q}"
        scale = draw(st.sampled_from(sorted(GRADES)))
        shared = draw(st.lists(st.sampled_from(SHARED_DOCS), unique=True, max_size=min(len(SHARED_DOCS),
                                                                                          max_docs - 1)))
        own = [f"{query_id}_d{i}" for i in range(draw(st.integers(1, max_docs - len(shared))))]
        docs = shared + own
        for doc_id in docs:
            n_slots = draw(st.integers(0, 3))  # 0 = unjudged doc
            for slot in range(n_slots):
                grade = draw(st.one_of(st.none(), st.sampled_from(GRADES[scale])))
                judgments.append({"query_id": query_id, "doc_id": doc_id, "rater_id": f"r{slot}",
                                  "grade": grade, "scale": scale})
        for run_id in run_ids:
            if not draw(st.booleans()) and len(run_ids) > 1:
                continue  # this run did not return the query
            returned = draw(st.permutations(docs))[: draw(st.integers(1, len(docs)))]
            gaps = draw(st.booleans())
            rank = 0
            for doc_id in returned:
                rank += draw(st.integers(1, 3)) if gaps else 1
                results.append({"run_id": run_id, "query_id": query_id, "doc_id": doc_id,
                                "rank": rank, "score": draw(SCORES)})
    # a judged query that no run returned: counted, never an error
    if draw(st.booleans()):
        judgments.append({"query_id": "q_unreturned", "doc_id": "x", "rater_id": "r0", "grade": 1,
                          "scale": "binary"})
    if not results:
        results.append({"run_id": run_ids[0], "query_id": "q0", "doc_id": "q0_d0", "rank": 1, "score": 1.0})
    return results, judgments
