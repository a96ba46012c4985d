"""The trec conventions agree with trec_eval itself (pytrec_eval) on generated single-rater graded data:
precision_k = P_k, recall = recall_k, average_precision_pool = map_cut_k, ndcg_pool = ndcg_cut_k; and on
TREC-shaped data (grades -1..4, negative = unjudged, relevance levels 1 and 2, runs ranked by score with ties) every
trec_eval measure the package has: Rprec, bpref, success, num_rel, num_ret, num_rel_ret, map, gm_map, ndcg,
ndcg_cut, iprec_at_recall, 11pt_avg, infAP (type infap, not built in), and the judged-only (condensed) ndcg_cut
and map_cut; infAP again with docs outside the pool kept in the results (a coverage metric), at two relevance
levels, with rank gaps and several raters against the Python reference."""

import math
import random

import pytest
import pytrec_eval
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from harness import values_equal
from reference import judged as ref

CUTOFFS = [1, 3, 5, 10]
TREC_MEASURES = {"precision_k": "P", "recall": "recall", "average_precision_pool": "map_cut",
                 "ndcg_pool": "ndcg_cut"}


# doc ids every query may draw from (a different document in each query: a join that forgot query_id fails)
SHARED_POOL = ["shared_a", "shared_b", "Shared_c"]


@st.composite
def single_rater_graded(draw):
    results, judgments = [], []
    for q in range(draw(st.integers(1, 5))):
        query_id = f"q{q}"
        shared = draw(st.lists(st.sampled_from(SHARED_POOL), unique=True))
        docs = shared + [f"{query_id}_d{i}" for i in range(draw(st.integers(max(0, 2 - len(shared)),
                                                                            15 - len(shared))))]
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


# -- the trec_eval measures on TREC-shaped data -------------------------------------------------------------------
TREC_CUTOFFS = [1, 5, 10]
TREC_METRICS = ["r_precision", "bpref", "success", "n_relevant", "n_retrieved", "n_relevant_retrieved",
                "average_precision_pool_whole_list", "ndcg_pool_whole_list", "ndcg_pool", "average_precision_11pt",
                "ndcg_pool_condensed", "average_precision_pool_condensed", {"name": "infap", "type": "infap"}]
# ours -> trec_eval's per-query measure (with _k for the metrics with a cutoff)
TREC_NAMES = {"r_precision": "Rprec", "bpref": "bpref", "success": "success", "n_relevant": "num_rel",
              "n_retrieved": "num_ret", "n_relevant_retrieved": "num_rel_ret",
              "average_precision_pool_whole_list": "map", "ndcg_pool_whole_list": "ndcg", "ndcg_pool": "ndcg_cut",
              "average_precision_11pt": "11pt_avg", "infap": "infAP"}
# judged-only (condensed) lists: trec_eval's judged_docs_only_flag, which ir_measures' judged_only passes on
CONDENSED_NAMES = {"ndcg_pool_condensed": "ndcg_cut", "average_precision_pool_condensed": "map_cut"}
# where we deliberately differ: null instead of trec_eval's 0 when the query has no relevant document
NULL_WITHOUT_RELEVANT = {"r_precision", "bpref", "average_precision_pool_whole_list", "average_precision_11pt",
                         "average_precision_pool_condensed", "infap"}
SHARED_DOCS = [f"shared_{i}" for i in range(4)]


def trec_shaped(rng):
    """Single-rater qrels with grades -1..4 (negative = in the pool, unjudged, as trec_eval reads it), doc ids
    shared by the queries, a query without a relevant document now and then, and one run scored with small
    integers (ties, exact in trec_eval's 32-bit floats) that the package ranks by score."""
    results, judgments, qrel, run = [], [], {}, {}
    for q in range(rng.randint(2, 6)):
        query_id = f"q{q}"
        docs = SHARED_DOCS[: rng.randint(1, 4)] + [f"{query_id}_d{i}" for i in range(rng.randint(2, 10))]
        top = rng.choice([0, 1, 2, 4, 4])  # 0: no relevant document at either level
        grades = {doc_id: rng.randint(-1, top) for doc_id in docs if rng.random() < 0.8}
        if not any(g >= 0 for g in grades.values()):
            grades[docs[0]] = 0  # trec_eval needs a judged doc per query
        qrel[query_id] = dict(grades)
        judgments += [{"query_id": query_id, "doc_id": d, "rater_id": "assessor", "grade": g, "scale": "graded"}
                      for d, g in grades.items()]
        run[query_id] = {}
        for doc_id in rng.sample(docs, rng.randint(1, len(docs))):
            score = float(rng.randint(0, 4))
            run[query_id][doc_id] = score
            results.append({"run_id": "run", "query_id": query_id, "doc_id": doc_id, "rank": None, "score": score})
    return results, judgments, qrel, run


@pytest.mark.dbt
@pytest.mark.parametrize("relevance_level", [1, 2])
def test_trec_measures_match_pytrec_eval(dbt_project, relevance_level):
    dbt_vars = {"search_metrics_metrics": TREC_METRICS, "search_metrics_cutoffs": TREC_CUTOFFS,
                "search_metrics_max_grade": 4, "search_metrics_relevance_level": relevance_level,
                "search_metrics_negative_grades": "unjudged", "search_metrics_rank_from": "score",
                # pytrec_eval bundles trec_eval 9: its recall-level rounding for iprec_at_recall and 11pt_avg
                "search_metrics_trec_eval": {"version": 9}}
    cut = ",".join(str(k) for k in TREC_CUTOFFS)
    measures = {"Rprec", "bpref", f"success.{cut}", "num_rel", "num_ret", "num_rel_ret", "map", "gm_map", "ndcg",
                f"ndcg_cut.{cut}", "iprec_at_recall", "11pt_avg", "infAP"}
    rng = random.Random(f"pytrec_eval level {relevance_level}")
    met = set()
    for _ in range(10):
        results, judgments, qrel, run = trec_shaped(rng)
        out = dbt_project.run(results, judgments, dbt_vars, outputs=("search_query_metrics", "search_run_metrics",
                                                                     "search_precision_recall_curve"))
        trec = pytrec_eval.RelevanceEvaluator(qrel, measures, relevance_level=relevance_level).evaluate(run)
        judged_only = pytrec_eval.RelevanceEvaluator(qrel, {f"ndcg_cut.{cut}", f"map_cut.{cut}"},
                                                     relevance_level=relevance_level,
                                                     judged_docs_only_flag=True).evaluate(run)
        rows = out["search_query_metrics"]
        # success, ndcg_pool and the two condensed metrics have a row per cutoff, the others one with k null
        assert len(rows) == len(run) * (len(TREC_METRICS) + 4 * (len(TREC_CUTOFFS) - 1))
        for row in rows:
            if row["metric"] in CONDENSED_NAMES:
                expected = judged_only[row["query_id"]][f"{CONDENSED_NAMES[row['metric']]}_{row['k']}"]
            else:
                name = TREC_NAMES[row["metric"]]
                expected = trec[row["query_id"]][name if row["k"] is None else f"{name}_{row['k']}"]
            if row["metric"] in NULL_WITHOUT_RELEVANT and trec[row["query_id"]]["num_rel"] == 0:
                assert row["value"] is None and expected == 0, (row, expected)  # our documented difference
                met.add("query without a relevant document")
            else:
                assert values_equal(row["value"], expected), (row, expected)
        for row in out["search_precision_recall_curve"]:
            expected = trec[row["query_id"]][f"iprec_at_recall_{row['recall_level']:.2f}"]
            if trec[row["query_id"]]["num_rel"] == 0:
                assert row["precision"] is None and expected == 0, (row, expected)
            else:
                assert values_equal(row["precision"], expected), (row, expected)
        # gm_map: trec_eval stores ln(max(AP, 1e-5)) per query and reports exp(mean); over the queries with a
        # relevant document (the others have a null AP here, and are left out of our geometric mean)
        logs = [values["gm_map"] for values in trec.values() if values["num_rel"] > 0]
        (gm,) = [r["geometric_mean"] for r in out["search_run_metrics"]
                 if r["metric"] == "average_precision_pool_whole_list"]
        assert values_equal(gm, math.exp(sum(logs) / len(logs)) if logs else None), (gm, logs)
        if any(g < 0 for q in qrel.values() for g in q.values()):
            met.add("negative grade")
        if any(len(set(scores.values())) < len(scores) for scores in run.values()):
            met.add("tied scores")
        if any(d.startswith("shared") for q in qrel.values() for d in q):
            met.add("shared doc id")
    assert met == {"query without a relevant document", "negative grade", "tied scores", "shared doc id"}, met


# -- infAP: docs outside the pool, pooled-but-unjudged docs, two levels, rank gaps, several raters ------------------
# infap at level 1 (binary, the default relevance level) and at level 2 (graded scale, threshold 2), with coverage
# configured: search_metrics_int_labeled_results then keeps the results outside the pool (null values, as an
# unjudged doc of the pool), which infAP must skip while it counts the unjudged docs of the pool.
INFAP_METRICS = [{"name": "infap", "type": "infap"},
                 {"name": "infap_graded_2", "type": "infap", "scale": "graded", "threshold": 2}, "coverage"]
INFAP_LEVELS = {"infap": 1, "infap_graded_2": 2}
INFAP_GRADING = {"max_grade": 4, "relevance_level": 1, "negative_grades": "unjudged"}


def infap_shaped(rng, gaps=False, raters=False):
    """TREC qrels (grades -1..4; -1 = in the pool, unjudged) and one run with distinct scores whose ranks are its
    positions by score (trec_eval's i), or, with `gaps`, ranks with gaps in the same order. About a third of each
    query's docs are outside the pool, doc ids are shared by the queries, and a query has no relevant doc or no
    judgment row now and then. `raters`: a second rater on some docs (null grades, negative grades, ties)."""
    results, judgments, qrel, run = [], [], {}, {}
    for q in range(rng.randint(2, 5)):
        query_id = f"q{q}"
        docs = SHARED_DOCS[: rng.randint(1, 4)] + [f"{query_id}_d{i}" for i in range(rng.randint(3, 12))]
        top = rng.choice([0, 2, 4, 4, 4])  # 0: no relevant document at either level
        grades = {} if rng.random() < 0.1 else {d: rng.randint(-1, top) for d in docs if rng.random() < 0.65}
        if grades and not any(g >= 0 for g in grades.values()):
            grades[docs[0]] = 0  # trec_eval needs a judged doc in a query's qrels
        if grades:
            qrel[query_id] = dict(grades)
        judgments += [{"query_id": query_id, "doc_id": d, "rater_id": "assessor", "grade": g, "scale": "graded"}
                      for d, g in grades.items()]
        if raters:
            judgments += [{"query_id": query_id, "doc_id": d, "rater_id": "second",
                           "grade": rng.choice([None, -1, 0, 1, 2, 4]), "scale": "graded"}
                          for d in grades if rng.random() < 0.5]
        run[query_id] = {}
        rank = 0
        returned = rng.sample(docs, rng.randint(1, len(docs)))
        for position, doc_id in enumerate(returned, start=1):
            rank += rng.randint(1, 3) if gaps else 1
            run[query_id][doc_id] = float(len(returned) - position)
            results.append({"run_id": "run", "query_id": query_id, "doc_id": doc_id, "rank": rank,
                            "score": float(len(returned) - position)})
    return results, judgments, qrel, run


def infap_hard_cases(results, qrel):
    """The cases each dataset holds, read from the data (level 1: a grade >= 1 is relevant)."""
    met = set()
    by_query = {}
    for row in sorted(results, key=lambda r: (r["query_id"], r["rank"])):
        by_query.setdefault(row["query_id"], []).append(row["doc_id"])
    for query_id, docs in by_query.items():
        grades = qrel.get(query_id)
        if grades is None:
            met.add("query without a judgment")
            continue
        if not any(g >= 1 for g in grades.values()):
            met.add("query without a relevant document")
        if grades.get(docs[0], -1) >= 1:
            met.add("relevant doc at rank 1")
        for i, doc_id in enumerate(docs):
            if grades.get(doc_id, -1) >= 1:
                if any(grades.get(d) == -1 for d in docs[:i]):
                    met.add("unjudged doc of the pool above a relevant one")
                if any(d not in grades for d in docs[:i]):
                    met.add("doc outside the pool above a relevant one")
        if any(d.startswith("shared") for d in grades):
            met.add("shared doc id")
    return met


@pytest.mark.dbt
def test_infap_matches_pytrec_eval_and_the_reference(dbt_project):
    dbt_vars = {"search_metrics_metrics": INFAP_METRICS, "search_metrics_cutoffs": [1, 10],
                "search_metrics_max_grade": 4, "search_metrics_negative_grades": "unjudged"}
    rng = random.Random("infAP")
    met = set()
    for example in range(14):
        gaps, raters = example >= 8, example >= 11  # 8 TREC-shaped, 3 with rank gaps, 3 with gaps and two raters
        results, judgments, qrel, run = infap_shaped(rng, gaps, raters)
        out = dbt_project.run(results, judgments, dbt_vars)
        rows = [row for row in out["search_query_metrics"] if row["metric"] in INFAP_LEVELS]
        assert len(rows) == len(run) * len(INFAP_LEVELS) and all(row["k"] is None for row in rows)
        expected = {(r["query_id"], r["metric"]): r["value"] for r in ref.query_metrics(
            results, judgments, cutoffs=(1, 10), metrics=INFAP_METRICS, grading=INFAP_GRADING) if r["k"] is None}
        trec = {name: pytrec_eval.RelevanceEvaluator(qrel, {"infAP", "num_rel"}, relevance_level=level).evaluate(run)
                for name, level in INFAP_LEVELS.items()} if not gaps else {}
        for row in rows:
            key = (row["query_id"], row["metric"])
            assert values_equal(row["value"], expected[key]), (example, row, expected[key])
            if gaps:
                continue  # trec_eval's i is the position, ours the rank: the reference reads the rank
            if row["query_id"] not in qrel:
                assert row["value"] is None  # no judgment: trec_eval leaves the query out
                continue
            values = trec[row["metric"]][row["query_id"]]
            if values["num_rel"] == 0:
                assert row["value"] is None and values["infAP"] == 0, (row, values)  # our null rule
                continue
            assert values_equal(row["value"], values["infAP"]), (example, row, values)
            assert values_equal(expected[key], values["infAP"]), (example, key, expected[key], values)
        # the run mean and geometric mean over the queries with a value
        (run_row,) = [r for r in out["search_run_metrics"] if r["metric"] == "infap"]
        (ref_row,) = [r for r in ref.run_metrics(ref.query_metrics(results, judgments, cutoffs=(1, 10),
                                                                   metrics=INFAP_METRICS, grading=INFAP_GRADING),
                                                 INFAP_METRICS) if r["metric"] == "infap"]
        for column in ("value", "geometric_mean", "n_queries"):
            assert values_equal(run_row[column], ref_row[column]), (column, run_row, ref_row)
        met |= infap_hard_cases(results, qrel)
        if gaps:
            met.add("rank gaps")
        if raters and any(r["rater_id"] == "second" for r in judgments):
            met.add("two raters")
    assert met == {"query without a judgment", "query without a relevant document", "relevant doc at rank 1",
                   "unjudged doc of the pool above a relevant one", "doc outside the pool above a relevant one",
                   "shared doc id", "rank gaps", "two raters"}, met
