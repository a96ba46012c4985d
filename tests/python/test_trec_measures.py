"""The rest of trec_eval's all_trec measures as metric types (not built in): set_precision (set_P), set_recall,
set_f (set_F), set_average_precision (set_map), set_relative_precision (set_relative_P), relative_precision
(relative_P_k), r_precision_multiple (Rprec_mult_x), utility, count nonrelevant_retrieved (num_nonrel_judged_ret),
ndcg_rel, rndcg (Rndcg), g (G), bin_g (binG) against trec_eval 9 (pytrec_eval), and unjudged (trec_eval 10's unj_k,
which pytrec_eval lacks) against the Python reference (reference/trec.py, whose own rules are checked here by hand
and against pytrec_eval).

One compile of the project with every type configured (variants: relevance thresholds, betas, multiples, utility
coefficients with a collection size, cutoffs), run through the harness on seeded TREC-shaped datasets whose hard
cases are made and asserted: a query without a relevant doc (R = 0), a list shorter than R, tied scores, negative
grades read as unjudged, doc ids shared by queries, queries of the qrels the run lacks, a query of the run the qrels
lack, lists longer than the largest cutoff, a relevant doc outside the list, several gain levels."""

import math
import random

import pytest
import pytrec_eval

from harness import values_equal
from reference import judged as ref_judged
from reference import trec as ref

CUTOFFS = [2, 5, 10]
MULTIPLES = [0.2, 0.6, 1.0, 1.4, 2.0]
UTILITY = {"a": 2, "b": -0.5, "c": -1, "d": 0.25, "collection_size": 500}
METRICS = [
    {"name": "set_p", "type": "set_precision"},
    {"name": "set_recall", "type": "set_recall"},
    {"name": "set_f", "type": "set_f"},
    {"name": "set_f_half", "type": "set_f", "beta": 0.5},
    {"name": "set_map", "type": "set_average_precision"},
    {"name": "set_rel_p", "type": "set_relative_precision"},
    {"name": "rel_p", "type": "relative_precision"},
    *[{"name": f"rprec_mult_{round(m * 10)}", "type": "r_precision_multiple", "multiple": m} for m in MULTIPLES],
    {"name": "utility", "type": "utility"},
    {"name": "utility_n", "type": "utility", **UTILITY},
    {"name": "nonrel_ret", "type": "count", "count": "nonrelevant_retrieved"},
    {"name": "ndcg_rel", "type": "ndcg_rel"},
    {"name": "rndcg", "type": "rndcg"},
    {"name": "g", "type": "g"},
    {"name": "bin_g", "type": "bin_g"},
    {"name": "unj", "type": "unjudged"},
    # relevance at grade 2 (trec_eval -l 2)
    {"name": "set_p_2", "type": "set_precision", "scale": "graded", "threshold": 2},
    {"name": "set_recall_2", "type": "set_recall", "scale": "graded", "threshold": 2},
    {"name": "set_f_2", "type": "set_f", "scale": "graded", "threshold": 2},
    {"name": "set_map_2", "type": "set_average_precision", "scale": "graded", "threshold": 2},
    {"name": "set_rel_p_2", "type": "set_relative_precision", "scale": "graded", "threshold": 2},
    {"name": "rel_p_2", "type": "relative_precision", "scale": "graded", "threshold": 2},
    {"name": "rprec_mult_8_2", "type": "r_precision_multiple", "multiple": 0.8, "scale": "graded", "threshold": 2},
    {"name": "utility_2", "type": "utility", "scale": "graded", "threshold": 2},
    {"name": "nonrel_ret_2", "type": "count", "count": "nonrelevant_retrieved", "scale": "graded", "threshold": 2},
    {"name": "bin_g_2", "type": "bin_g", "scale": "graded", "threshold": 2},
]
# ours -> (trec_eval's measure as pytrec_eval names it, relevance level, the pytrec_eval measure to ask for)
TREC_NAMES = {
    "set_p": ("set_P", 1), "set_recall": ("set_recall", 1), "set_f": ("set_F", 1), "set_map": ("set_map", 1),
    "set_rel_p": ("set_relative_P", 1), "rel_p": ("relative_P", 1), "utility": ("utility", 1),
    "nonrel_ret": ("num_nonrel_judged_ret", 1), "ndcg_rel": ("ndcg_rel", 1), "rndcg": ("Rndcg", 1), "g": ("G", 1),
    "bin_g": ("binG", 1),
    **{f"rprec_mult_{round(m * 10)}": (f"Rprec_mult_{m:.2f}", 1) for m in MULTIPLES},
    "set_p_2": ("set_P", 2), "set_recall_2": ("set_recall", 2), "set_f_2": ("set_F", 2), "set_map_2": ("set_map", 2),
    "set_rel_p_2": ("set_relative_P", 2), "rel_p_2": ("relative_P", 2), "rprec_mult_8_2": ("Rprec_mult_0.80", 2),
    "utility_2": ("utility", 2), "nonrel_ret_2": ("num_nonrel_judged_ret", 2), "bin_g_2": ("binG", 2),
}
# our null where trec_eval writes 0: no relevant doc (R = 0) at the metric's level, or no positive gain
NULL_WITHOUT_RELEVANT = {"set_recall", "set_f", "set_map", "set_rel_p", "rel_p", "bin_g", "rndcg",
                         *(f"rprec_mult_{round(m * 10)}" for m in MULTIPLES), "set_recall_2", "set_f_2", "set_map_2",
                         "set_rel_p_2", "rel_p_2", "rprec_mult_8_2", "bin_g_2"}
NULL_WITHOUT_GAIN = {"ndcg_rel", "g"}
WITH_CUTOFF = {"rel_p", "rel_p_2", "unj"}
DBT_VARS = {"search_metrics_metrics": METRICS, "search_metrics_cutoffs": CUTOFFS, "search_metrics_max_grade": 4,
            "search_metrics_negative_grades": "unjudged", "search_metrics_rank_from": "score"}
GRADING = {"max_grade": 4, "relevance_level": 1, "negative_grades": "unjudged"}
SHARED_DOCS = [f"shared_{i}" for i in range(4)]


def trec_dataset(rng):
    """Qrels with grades -1..4 (negative = in the pool, unjudged), doc ids shared by the queries, a query now and
    then without a relevant doc, with more relevant docs than the run returns, missing from the run, or (in the
    run) missing from the qrels; one run scored with small integers (ties), lists up to 16 rows."""
    results, judgments, qrel, run = [], [], {}, {}
    for q in range(rng.randint(3, 6)):
        query_id = f"q{q}"
        docs = SHARED_DOCS[: rng.randint(1, 4)] + [f"{query_id}_d{i}" for i in range(rng.randint(2, 14))]
        top = rng.choice([0, 1, 2, 4, 4, 4])  # 0: no relevant document at either level
        grades = {doc_id: rng.randint(-1, top) for doc_id in docs if rng.random() < 0.75}
        if not any(g >= 0 for g in grades.values()):
            grades[docs[0]] = 0  # pytrec_eval crashes on a query whose qrels are all negative
        in_qrels, in_run = rng.random() < 0.9, rng.random() < 0.9 or q == 0
        if in_qrels:
            qrel[query_id] = dict(grades)
            judgments += [{"query_id": query_id, "doc_id": d, "rater_id": "assessor", "grade": g,
                           "scale": "graded"} for d, g in grades.items()]
        if in_run:
            run[query_id] = {}
            for doc_id in rng.sample(docs, rng.randint(1, len(docs))):
                score = float(rng.randint(0, 5))
                run[query_id][doc_id] = score
                results.append({"run_id": "run", "query_id": query_id, "doc_id": doc_id, "rank": None,
                                "score": score})
    return results, judgments, qrel, run


def hard_cases(qrel, run):
    met = set()
    for query_id, scores in run.items():
        grades = qrel.get(query_id)
        if grades is None:
            met.add("query of the run without qrels")
            continue
        n_rel = sum(g >= 1 for g in grades.values())
        if n_rel == 0:
            met.add("R = 0")
        if 0 < len(scores) < n_rel:
            met.add("list shorter than R")
        if any(g >= 1 and d not in scores for d, g in grades.items()):
            met.add("relevant doc outside the list")
        if len(set(scores.values())) < len(scores):
            met.add("tied scores")
        if any(grades.get(d, 0) < 0 for d in scores):
            met.add("negative grade in the list")
        if len(scores) > max(CUTOFFS):
            met.add("list longer than the largest cutoff")
        if len({g for g in grades.values() if g > 0}) >= 2:
            met.add("several gain levels")
        if len(scores) == sum(g > 0 for g in grades.values()) + 1:
            met.add("list of R+ + 1 rows (Rndcg's last level left out)")
    if set(qrel) - set(run):
        met.add("query of the qrels missing from the run")
    if any(d in q for q in qrel.values() for d in SHARED_DOCS):
        met.add("shared doc id")
    return met


def pytrec_values(qrel, run):
    """{(level, trec_eval measure name): {query_id: value}} for the measures of TREC_NAMES (and set_F at 0.5)."""
    cut = ",".join(str(k) for k in CUTOFFS)
    mult = ",".join(str(m) for m in [*MULTIPLES, 0.8])
    measures = {"set_P", "set_recall", "set_F", "set_map", "set_relative_P", f"relative_P.{cut}", "utility",
                "num_nonrel_judged_ret", "ndcg_rel", "Rndcg", "G", "binG", f"Rprec_mult.{mult}", "num_rel"}
    qrel = {q: grades for q, grades in qrel.items() if q in run}  # pytrec_eval evaluates the queries of both
    out = {}
    for level in (1, 2):
        values = pytrec_eval.RelevanceEvaluator(qrel, measures, relevance_level=level).evaluate(run)
        out[level] = values
    out["set_F_0.5"] = pytrec_eval.RelevanceEvaluator(qrel, {"set_F.0.5"}).evaluate(run)
    return out


@pytest.mark.dbt
def test_trec_measures_match_pytrec_eval_and_the_reference(dbt_project):
    rng = random.Random("the rest of all_trec")
    met = set()
    for example in range(12):
        results, judgments, qrel, run = trec_dataset(rng)
        out = dbt_project.run(results, judgments, DBT_VARS, outputs=("search_query_metrics",))
        rows = out["search_query_metrics"]
        assert len(rows) == len(run) * (len(METRICS) + len(WITH_CUTOFF) * (len(CUTOFFS) - 1))
        expected = {(r["query_id"], r["metric"], r["k"]): r["value"] for r in ref_judged.query_metrics(
            results, judgments, cutoffs=tuple(CUTOFFS), metrics=METRICS, grading=GRADING, rank_from="score")}
        trec = pytrec_values(qrel, run)
        for row in rows:
            query_id, metric, k, value = row["query_id"], row["metric"], row["k"], row["value"]
            assert (k is None) == (metric not in WITH_CUTOFF), row
            assert values_equal(value, expected[(query_id, metric, k)]), (example, row, expected[(query_id, metric, k)])
            if query_id not in qrel:  # trec_eval leaves the query out; we keep it (the counts and shares have a value)
                assert (value is None) == (metric not in ("utility", "utility_n", "utility_2", "nonrel_ret",
                                                          "nonrel_ret_2", "unj")), row
                continue
            if metric in ("unj", "utility_n"):
                continue  # not in pytrec_eval (unj), or with coefficients and -N pytrec_eval cannot take: reference
            if metric == "set_f_half":
                trec_value = trec["set_F_0.5"][query_id]["set_F"]
                level = 1
            else:
                name, level = TREC_NAMES[metric]
                trec_value = trec[level][query_id][name if k is None else f"{name}_{k}"]
            no_relevant = trec[level][query_id]["num_rel"] == 0
            no_gain = not any(g > 0 for g in qrel[query_id].values())
            if (metric in NULL_WITHOUT_RELEVANT | {"set_f_half"} and no_relevant) or \
                    (metric in NULL_WITHOUT_GAIN and no_gain):
                assert value is None and trec_value == 0, (example, row, trec_value)  # our documented null
                met.add("null where trec_eval writes 0")
                continue
            if metric in ("set_p", "set_p_2") and not any(g >= 0 for g in qrel[query_id].values()):
                assert value is None and trec_value == 0, (row, trec_value)
                continue
            assert values_equal(value, trec_value), (example, row, trec_value)
        met |= hard_cases(qrel, run)
    assert met == {"R = 0", "list shorter than R", "relevant doc outside the list", "tied scores",
                   "negative grade in the list", "list longer than the largest cutoff", "several gain levels",
                   "list of R+ + 1 rows (Rndcg's last level left out)", "query of the qrels missing from the run",
                   "query of the run without qrels", "shared doc id", "null where trec_eval writes 0"}, met


# -- the reference's rules, by hand --------------------------------------------------------------------------------
# The list d1 d2 d3 d4 d5 (ranks 1..5); the pool: d1 = 2, d3 = 0, d4 = 1, d5 = None (in the pool, unjudged),
# d9 = 3 and d8 = 1 (not retrieved); d2 is outside the pool. Relevant at level 1: d1, d4, d8, d9 (R = 4);
# judged non-relevant: d3.
RANKED = [("d1", 1), ("d2", 2), ("d3", 3), ("d4", 4), ("d5", 5)]
LABELS = {"d1": 2, "d3": 0, "d4": 1, "d5": None, "d9": 3, "d8": 1}


def test_set_measures_by_hand():
    # rr = 2 (d1, d4), n = 5, R = 4
    assert ref.set_precision(RANKED, LABELS) == 2 / 5
    assert ref.set_recall(RANKED, LABELS) == 2 / 4
    assert math.isclose(ref.set_f(RANKED, LABELS), 2 * 0.4 * 0.5 / (0.4 + 0.5))
    assert math.isclose(ref.set_f(RANKED, LABELS, beta=0.5), 1.5 * 0.4 * 0.5 / (0.5 * 0.4 + 0.5))
    assert ref.set_f(RANKED, LABELS, beta=0) == 0.4  # x = 0: the precision
    assert ref.set_average_precision(RANKED, LABELS) == 4 / 20
    assert ref.set_relative_precision(RANKED, LABELS) == 2 / 4
    assert ref.set_relative_precision(RANKED[:3], LABELS) == 1 / 3  # min(n = 3, R = 4)
    assert ref.n_nonrelevant_retrieved(RANKED, LABELS) == 1  # d3 (d2 outside the pool, d5 unjudged)
    # level 2: relevant d1, d9 (R = 2); judged non-relevant d3, d4, d8
    assert ref.set_recall(RANKED, LABELS, threshold=2) == 1 / 2
    assert ref.n_nonrelevant_retrieved(RANKED, LABELS, threshold=2) == 2
    no_relevant = {"d3": 0, "d5": None}
    assert ref.set_recall(RANKED, no_relevant) is None and ref.set_f(RANKED, no_relevant) is None
    assert ref.set_precision(RANKED, no_relevant) == 0.0
    assert ref.set_precision(RANKED, {"d5": None}) is None  # nothing graded
    assert ref.set_f(RANKED[1:3], LABELS) == 0.0  # no relevant row: 0


def test_utility_by_hand():
    # rr = 2, n = 5, R = 4: a 2 + b 3 + c 2 + d (N + 2 - 5 - 4)
    assert ref.utility(RANKED, LABELS) == 2 - 3
    assert ref.utility(RANKED, LABELS, a=2, b=-0.5, c=-1, d=0.25, collection_size=500) == \
        4 - 1.5 - 2 + 0.25 * 493
    with pytest.raises(ValueError):
        ref.utility(RANKED, LABELS, d=1)


def test_relative_precision_and_multiples_by_hand():
    # relevant rows at ranks 1 and 4; R = 4
    assert ref.relative_precision(RANKED, LABELS, 2) == 1 / 2
    assert ref.relative_precision(RANKED, LABELS, 5) == 2 / 4  # min(5, R = 4)
    assert ref.relative_precision(RANKED, LABELS, 100) == 2 / 4
    # c = floor(x * 4 + 0.9): 0.2 -> 1, 0.6 -> 3, 1.0 -> 4, 1.4 -> 6, 2.0 -> 8
    assert ref.r_precision_multiple(RANKED, LABELS, 0.2) == 1.0
    assert ref.r_precision_multiple(RANKED, LABELS, 0.6) == 1 / 3
    assert ref.r_precision_multiple(RANKED, LABELS, 1.0) == 2 / 4
    assert ref.r_precision_multiple(RANKED, LABELS, 1.4) == 2 / 6
    assert ref.r_precision_multiple(RANKED, LABELS, 2.0) == 2 / 8
    assert ref.r_precision_multiple(RANKED, LABELS, 0.01) == 0.0  # c = floor(0.94) = 0
    # 0.7 * 3 + 0.9 = 2.9999999999999996 in double precision: c = 2 (as trec_eval 9 and 10 compute it)
    three = {"d1": 1, "d2": 1, "d9": 1}
    assert ref.r_precision_multiple(RANKED, three, 0.7) == 2 / 2
    assert ref.r_precision_multiple(RANKED, {"d3": 0}, 1.0) is None


def test_bin_g_by_hand():
    # d1 at rank 1 (j = 1): 1 / log2(2); d4 at rank 4 (j = 2): 1 / log2(4); R = 4
    assert math.isclose(ref.bin_g(RANKED, LABELS), (1 + 1 / 2) / 4)


def test_gain_measures_by_hand():
    # gains: d1 2 (rank 1), d4 1 (rank 4); the pool's positive gains 3, 2, 1, 1 (R+ = 4)
    ideal = [3, 2, 1, 1]
    idcg = [sum(g / math.log2(p + 2) for p, g in enumerate(ideal[:n])) for n in range(1, 5)]
    dcg1 = 2.0
    dcg4 = 2.0 + 1 / math.log2(5)
    # ndcg_rel: rank 1: dcg1 / idcg@1; rank 4: dcg4 / idcg@4; 2 docs of R+ missing: dcg4 / idcg@4 each
    assert math.isclose(ref.ndcg_rel(RANKED, LABELS), (dcg1 / idcg[0] + 3 * dcg4 / idcg[3]) / 4)
    # Rndcg: levels at 1 (gain 3), 2 (gain 2), 4 (gain 1); n = 5 < R+ + 2: no level at n
    rndcg = (dcg1 / idcg[0] + dcg1 / idcg[1] + dcg4 / idcg[3]) / 3
    assert math.isclose(ref.rndcg(RANKED, LABELS), rndcg)
    longer = RANKED + [("d6", 6), ("d7", 7)]  # n = 7 >= R+ + 2: a level at n, DCG of the whole list / IDCG
    assert math.isclose(ref.rndcg(longer, LABELS), (3 * rndcg + dcg4 / idcg[3]) / 4)
    assert ref.rndcg(RANKED, LABELS, relevance_labels={"d1": 0}) is None  # num_rel = 0 at -l: trec_eval 0
    # G: costs max(ideal, 1): 3, 5, 6, 7, then +1; rank 1: 2 / log2(2 + 3 - 2); rank 4: 1 / log2(2 + 7 - 3)
    assert math.isclose(ref.g_measure(RANKED, LABELS), (2 / math.log2(3) + 1 / math.log2(6)) / 7)
    assert ref.ndcg_rel(RANKED, {"d3": 0}) is None and ref.g_measure(RANKED, {"d3": 0}) is None


def test_unjudged_by_hand():
    # d2 (outside the pool) and d5 (unjudged) are unjudged; ranks beyond the list count as judged
    assert ref.unjudged(RANKED, LABELS, 1) == 0.0
    assert ref.unjudged(RANKED, LABELS, 2) == 1 / 2
    assert ref.unjudged(RANKED, LABELS, 5) == 2 / 5
    assert ref.unjudged(RANKED, LABELS, 20) == 2 / 20  # trec_eval's unj20 example: 15 rows, 4 unjudged, 4 / 20
    assert ref.unjudged([("a", 1), ("b", 3)], {}, 2) == 1 / 2  # rank gap: rank 3 is beyond k = 2


def test_reference_matches_pytrec_eval_on_the_hand_list():
    qrel = {"q": {d: (-1 if g is None else g) for d, g in LABELS.items()}}
    run = {"q": {d: float(10 - r) for d, r in RANKED}}
    trec = pytrec_eval.RelevanceEvaluator(qrel, {"set_P", "set_F", "set_map", "set_relative_P", "binG", "ndcg_rel",
                                                 "Rndcg", "G", "utility", "Rprec_mult", "relative_P.2,5"}
                                          ).evaluate(run)["q"]
    assert math.isclose(trec["set_P"], ref.set_precision(RANKED, LABELS))
    assert math.isclose(trec["set_F"], ref.set_f(RANKED, LABELS))
    assert math.isclose(trec["set_map"], ref.set_average_precision(RANKED, LABELS))
    assert math.isclose(trec["set_relative_P"], ref.set_relative_precision(RANKED, LABELS))
    assert math.isclose(trec["binG"], ref.bin_g(RANKED, LABELS))
    assert math.isclose(trec["ndcg_rel"], ref.ndcg_rel(RANKED, LABELS))
    assert math.isclose(trec["Rndcg"], ref.rndcg(RANKED, LABELS))
    assert math.isclose(trec["G"], ref.g_measure(RANKED, LABELS))
    assert trec["utility"] == ref.utility(RANKED, LABELS)
    assert math.isclose(trec["Rprec_mult_0.60"], ref.r_precision_multiple(RANKED, LABELS, 0.6))
    assert math.isclose(trec["relative_P_5"], ref.relative_precision(RANKED, LABELS, 5))
