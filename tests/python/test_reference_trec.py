"""Tests of the trec_eval-style reference (reference.trec).

1. Hand-computed unit tests: every expected value is written out as the
   arithmetic that produces it (fractions of the definitions), never copied
   from the code's output.
2. Agreement with pytrec_eval (trec_eval 9/10 in-process) on generated data
   with negative grades, shared doc ids, score ties and queries without
   relevant docs, at relevance levels 1 and 2.
3. Agreement with ir_measures 0.4.3: RBP graded (trectools provider) and
   binary (cwl_eval provider), and the judged_only (condensed-list) nDCG and
   AP (pytrec_eval provider).
"""

import math
from collections import Counter
from math import log, log2

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference.judged import DEFAULT_TRANSFORMERS
from reference.trec import (
    MIN_GEO_MEAN,
    RECALL_LEVELS,
    average_precision_11pt,
    average_precision_whole_list,
    bpref,
    condensed,
    default_transformers,
    geometric_mean,
    grade_under_negative_reading,
    interpolated_precision,
    n_relevant,
    n_relevant_retrieved,
    n_retrieved,
    ndcg_pool,
    ndcg_whole_list,
    r_precision,
    rank_by_score,
    rbp,
    rbp_residual,
    success,
)

import pytrec_eval  # noqa: E402

approx = pytest.approx
TOL = 1e-9


def close(a, b):
    return a == approx(b, abs=TOL, rel=TOL)


def row(run_id, query_id, doc_id, score):
    return {"run_id": run_id, "query_id": query_id, "doc_id": doc_id, "score": score}


def ranks_of(rows):
    return {(r["run_id"], r["query_id"], r["doc_id"]): r["rank"] for r in rows}


# ---------------------------------------------------------------------------
# rank_by_score
# ---------------------------------------------------------------------------


def test_rank_by_score_ties_by_doc_id_descending_in_byte_order():
    # Equal scores 1.0: doc ids descending as byte strings.
    # 'a' = 0x61 > 'B' = 0x42, so 'a' comes first (case-insensitive order
    # would put 'a' before 'B' ascending, i.e. 'B' first descending).
    # 'é' = 0xC3 0xA9 > 'z' = 0x7A > 'a'.  'd10' < 'd9' ('1' < '9').
    rows = [
        row("r", "q", "B", 1.0),
        row("r", "q", "a", 1.0),
        row("r", "q", "top", 2.0),
        row("r", "q", "z", 1.0),
        row("r", "q", "é", 1.0),
        row("r", "q", "d10", 0.5),
        row("r", "q", "d9", 0.5),
    ]
    out = rank_by_score(rows)
    # same rows, same order, rank added
    assert [r["doc_id"] for r in out] == [r["doc_id"] for r in rows]
    assert all("rank" not in r for r in rows)  # input untouched
    got = {r["doc_id"]: r["rank"] for r in out}
    assert got == {"top": 1, "é": 2, "z": 3, "a": 4, "B": 5, "d9": 6, "d10": 7}


def test_rank_by_score_per_run_and_query():
    rows = [
        row("r1", "q1", "x", 0.1),
        row("r1", "q2", "x", 0.9),
        row("r2", "q1", "x", 0.5),
        row("r1", "q1", "y", 0.2),
        row("r2", "q1", "y", 0.5),  # tie with x: 'y' > 'x' -> y first
    ]
    got = ranks_of(rank_by_score(rows))
    assert got == {
        ("r1", "q1", "y"): 1, ("r1", "q1", "x"): 2,
        ("r1", "q2", "x"): 1,
        ("r2", "q1", "y"): 1, ("r2", "q1", "x"): 2,
    }


def test_rank_by_score_rejects_duplicates_and_bad_scores():
    with pytest.raises(ValueError):
        rank_by_score([row("r", "q", "x", 1.0), row("r", "q", "x", 2.0)])
    with pytest.raises(ValueError):
        rank_by_score([row("r", "q", "x", None)])


def test_rank_by_score_tie_rule_is_trec_evals():
    # q: 'a' (relevant) and 'B' (not relevant) tie at 1.0.  trec_eval puts
    # 'a' at 1 (0x61 > 0x42): AP = 1/1 / 1 = 1.  If it sorted 'B' first,
    # AP would be 1/2.
    qrel = {"q": {"a": 1, "B": 0}}
    run = {"q": {"a": 1.0, "B": 1.0}}
    got = pytrec_eval.RelevanceEvaluator(qrel, {"map"}).evaluate(run)["q"]["map"]
    assert got == 1.0
    ranked = [(r["doc_id"], r["rank"]) for r in rank_by_score([row("r", "q", "a", 1.0), row("r", "q", "B", 1.0)])]
    assert sorted(ranked, key=lambda x: x[1]) == [("a", 1), ("B", 2)]


# ---------------------------------------------------------------------------
# counts
# ---------------------------------------------------------------------------

COUNT_LABELS = {"a": 2, "b": 1, "c": 0, "u": None}
COUNT_RANKED = [("b", 1), ("x", 2), ("u", 3), ("c", 4), ("a", 12)]


def test_counts():
    assert n_relevant(COUNT_LABELS, 1) == 2  # a, b
    assert n_relevant(COUNT_LABELS, 2) == 1  # a
    assert n_relevant(COUNT_LABELS, 3) == 0
    assert n_relevant({}, 1) == 0
    assert n_retrieved(COUNT_RANKED) == 5
    assert n_retrieved([]) == 0
    assert n_relevant_retrieved(COUNT_RANKED, COUNT_LABELS, 1) == 2  # b@1, a@12 (the whole list counts)
    assert n_relevant_retrieved(COUNT_RANKED, COUNT_LABELS, 2) == 1  # a@12
    assert n_relevant_retrieved([("u", 1)], COUNT_LABELS, 1) == 0


def test_ranked_validation():
    with pytest.raises(ValueError):
        n_retrieved([("a", 1), ("b", 1)])
    with pytest.raises(ValueError):
        n_retrieved([("a", 0)])
    with pytest.raises(ValueError):
        n_retrieved([("a", 1.0)])


# ---------------------------------------------------------------------------
# R-precision
# ---------------------------------------------------------------------------


def test_r_precision():
    labels = {"r1": 1, "r2": 2, "r3": 1, "n": 0, "u": None}
    # R = 3; ranks 1..3 hold r1, n, r2 -> 2 relevant; r3 at 4 is past R.
    ranked = [("r1", 1), ("n", 2), ("r2", 3), ("r3", 4)]
    assert r_precision(ranked, labels) == approx(2 / 3)
    # threshold 2: R = 1 (r2); rank 1 holds r1 (grade 1 < 2) -> 0/1
    assert r_precision(ranked, labels, threshold=2) == 0.0


def test_r_precision_uses_the_rank_itself_with_gaps():
    # R = 2; r2 at rank 5 is past R even though it is the 2nd row
    # (trec_eval, using list positions, would give 2/2).
    labels = {"r1": 1, "r2": 1}
    assert r_precision([("r1", 1), ("r2", 5)], labels) == approx(1 / 2)


def test_r_precision_none_without_relevant():
    assert r_precision([("n", 1)], {"n": 0, "u": None}) is None
    assert r_precision([], {}) is None


# ---------------------------------------------------------------------------
# bpref
# ---------------------------------------------------------------------------


def test_bpref_n_smaller_than_r_with_unjudged_and_gap():
    labels = {"r1": 1, "r2": 1, "r3": 1, "n1": 0, "u1": None}
    # R = 3, N = 1, min(N, R) = 1.
    ranked = [("r1", 1), ("n1", 2), ("u1", 3), ("r2", 4), ("x", 5), ("r3", 7)]
    # r1: n = 0 -> 1; n1: n = 1; u1, x skipped; r2: 1 - min(1,3)/1 = 0; r3: 0
    assert bpref(ranked, labels) == approx((1 + 0 + 0) / 3)


def test_bpref_n_larger_than_r():
    labels = {"r1": 2, "r2": 1, "n1": 0, "n2": 0, "n3": 0, "n4": 0, "u": None}
    # threshold 1: R = 2, N = 4, min(N, R) = 2
    ranked = [("n1", 1), ("r1", 2), ("u", 3), ("n2", 4), ("n3", 5), ("r2", 6)]
    # r1: n = 1 -> 1 - min(1,2)/2 = 1/2; r2: n = 3 -> 1 - min(3,2)/2 = 0
    assert bpref(ranked, labels) == approx((1 / 2 + 0) / 2)
    # threshold 2: R = 1 (r1), N = 5 (r2 now non-relevant), min(N, R) = 1
    # r1: n = 1 -> 1 - min(1,1)/1 = 0
    assert bpref(ranked, labels, threshold=2) == 0.0
    # A relevant doc after many non-relevant ones: min(n, R) caps at R.
    labels2 = {"r1": 1, "r2": 1, "r3": 1, "n1": 0, "n2": 0, "n3": 0, "n4": 0, "n5": 0}
    ranked2 = [("n1", 1), ("r1", 2), ("n2", 3), ("r2", 4), ("n3", 5), ("n4", 6), ("r3", 7), ("n5", 8)]
    # R = 3, N = 5, min(N,R) = 3: r1 n=1 -> 1 - 1/3; r2 n=2 -> 1 - 2/3; r3 n=4 -> 1 - 3/3
    assert bpref(ranked2, labels2) == approx(((1 - 1 / 3) + (1 - 2 / 3) + 0) / 3)


def test_bpref_without_judged_nonrelevant():
    # N = 0: every retrieved relevant doc adds 1; r2 is not retrieved.
    labels = {"r1": 1, "r2": 1, "u": None}
    ranked = [("u", 1), ("r1", 2), ("x", 3)]
    assert bpref(ranked, labels) == approx((1 + 0) / 2)


def test_bpref_ignores_rank_gaps():
    labels = {"r1": 1, "n1": 0}
    assert bpref([("n1", 3), ("r1", 10)], labels) == bpref([("n1", 1), ("r1", 2)], labels) == 0.0
    assert bpref([("r1", 3), ("n1", 10)], labels) == 1.0


def test_bpref_none_without_relevant():
    assert bpref([("n", 1)], {"n": 0}) is None
    assert bpref([("u", 1)], {"u": None}) is None


# ---------------------------------------------------------------------------
# success
# ---------------------------------------------------------------------------


def test_success():
    labels = {"a": 1, "b": 0, "c": 2, "u": None}
    ranked = [("b", 1), ("u", 2), ("a", 6)]
    assert success(ranked, labels, 1) == 0.0
    assert success(ranked, labels, 5) == 0.0
    assert success(ranked, labels, 6) == 1.0  # a at rank 6 <= 6
    assert success(ranked, labels, 10) == 1.0
    assert success(ranked, labels, 10, threshold=2) == 0.0  # c (grade 2) not retrieved
    assert success([], labels, 10) == 0.0  # pool graded, nothing retrieved


def test_success_none_without_graded_doc():
    assert success([("u", 1)], {"u": None}, 5) is None
    assert success([("x", 1)], {}, 5) is None
    with pytest.raises(ValueError):
        success([], {"a": 1}, 0)


# ---------------------------------------------------------------------------
# RBP
# ---------------------------------------------------------------------------

RBP_LABELS = {"a": 4, "b": 2, "c": 0, "u": None, "d": 3}
# rank 4 is a gap, x (rank 6) is not in the pool; d is never retrieved
RBP_RANKED = [("a", 1), ("u", 2), ("b", 3), ("c", 5), ("x", 6)]


def test_rbp_graded_and_binary():
    p = 0.5
    # graded, max_grade 4: (1 - 1/2) (4/4 (1/2)^0 + 2/4 (1/2)^2 + 0/4 (1/2)^4)
    assert rbp(RBP_RANKED, RBP_LABELS, p, 4) == approx((1 / 2) * (1 + (1 / 2) * (1 / 4)))  # 9/16
    # binary threshold 2: a, b relevant: (1/2) ((1/2)^0 + (1/2)^2)
    assert rbp(RBP_RANKED, RBP_LABELS, p, 4, threshold=2) == approx((1 / 2) * (1 + 1 / 4))  # 5/8
    # binary threshold 3: only a
    assert rbp(RBP_RANKED, RBP_LABELS, p, 4, threshold=3) == approx(1 / 2)
    # p = 0.8 on the binary scale: one relevant doc at 1, one at 3
    assert rbp([("a", 1), ("b", 3)], {"a": 1, "b": 1}, 0.8, 1, scale="binary") == approx(
        0.2 * (1 + 0.8 ** 2))


def test_rbp_residual_with_gap_and_unjudged():
    p = 0.5
    # n = 6; ranks without a graded doc: 2 (u), 4 (gap), 6 (x, not in pool)
    # (1/2) ((1/2)^1 + (1/2)^3 + (1/2)^5) + (1/2)^6 = 21/64 + 1/64 = 11/32
    assert rbp_residual(RBP_RANKED, RBP_LABELS, p) == approx(11 / 32)
    # the other form: 1 - (1/2) ((1/2)^0 + (1/2)^2 + (1/2)^4) = 1 - 21/32
    assert rbp_residual(RBP_RANKED, RBP_LABELS, p) == approx(1 - 21 / 32)
    # one judged doc at rank 1, p = 0.8: only the tail p^1 remains
    assert rbp_residual([("a", 1)], {"a": 4}, 0.8) == approx(0.8)
    # empty list: the whole weight p^0 = 1 remains; rbp is 0
    assert rbp_residual([], {"a": 4}, 0.8) == 1.0
    assert rbp([], {"a": 4}, 0.8, 4) == 0.0


def test_rbp_none_and_errors():
    assert rbp([("u", 1)], {"u": None}, 0.8, 3) is None
    assert rbp_residual([("u", 1)], {"u": None}, 0.8) is None
    assert rbp([("x", 1)], {}, 0.8, 3) is None
    with pytest.raises(ValueError):
        rbp([("a", 1)], {"a": 5}, 0.8, 4)  # value above max_grade
    with pytest.raises(ValueError):
        rbp([("a", 1)], {"a": 1}, 1.0, 4)
    with pytest.raises(ValueError):
        rbp([("a", 1)], {"a": 1}, 0.8, 4, scale="stars")


# ---------------------------------------------------------------------------
# interpolated precision, 11pt, map
# ---------------------------------------------------------------------------

IPREC_LABELS = {"r1": 1, "r2": 1, "r3": 1, "r4": 1, "n1": 0, "n2": 0, "n3": 0}
IPREC_RANKED = [("r1", 1), ("n1", 2), ("r2", 3), ("n2", 4), ("n3", 5), ("r3", 6)]
# R = 4, 3 relevant retrieved; precision by rank: 1/1, 1/2, 2/3, 2/4, 2/5, 3/6.
# Interpolated precision for a count c of relevant docs:
#   c = 0 or 1: max over every rank = 1
#   c = 2: from r2 at rank 3: max(2/3, 2/4, 2/5, 3/6) = 2/3
#   c = 3: from r3 at rank 6: 3/6
#   c = 4 > 3 retrieved: 0
# trec_eval 9 (default), c = trunc(x 4 + 0.9):
#   0.0: 0.9->0  0.1: 1.3->1  0.2: 1.7->1  0.3: 2.1->2  0.4: 2.5->2  0.5: 2.9->2
#   0.6: 3.3->3  0.7: 3.7->3  0.8: 4.1->4  0.9: 4.5->4  1.0: 4.9->4
IPREC_EXPECTED_9 = {0.0: 1, 0.1: 1, 0.2: 1, 0.3: 2 / 3, 0.4: 2 / 3, 0.5: 2 / 3, 0.6: 1 / 2,
                    0.7: 1 / 2, 0.8: 0, 0.9: 0, 1.0: 0}
# trec_eval 10, c = lround(x 4):
#   0.0: 0  0.1: 0.4->0  0.2: 0.8->1  0.3: 1.2->1  0.4: 1.6->2  0.5: 2  0.6: 2.4->2
#   0.7: 2.8->3  0.8: 3.2->3  0.9: 3.6->4  1.0: 4
IPREC_EXPECTED_10 = {0.0: 1, 0.1: 1, 0.2: 1, 0.3: 1, 0.4: 2 / 3, 0.5: 2 / 3, 0.6: 2 / 3,
                     0.7: 1 / 2, 0.8: 1 / 2, 0.9: 0, 1.0: 0}


def test_interpolated_precision_between_relevant_docs():
    got = interpolated_precision(IPREC_RANKED, IPREC_LABELS)
    assert list(got) == list(RECALL_LEVELS) == [round(i / 10, 1) for i in range(11)]
    for level, expected in IPREC_EXPECTED_9.items():
        assert got[level] == approx(expected), level
    got10 = interpolated_precision(IPREC_RANKED, IPREC_LABELS, level_rule="trec_eval10")
    for level, expected in IPREC_EXPECTED_10.items():
        assert got10[level] == approx(expected), level
    # trec_eval 10 rounds: level 0.3 needs only lround(1.2) = 1 relevant doc
    # (recall 1/4 < 0.3) and 0.8 only lround(3.2) = 3 (recall 3/4 < 0.8).
    with pytest.raises(ValueError):
        interpolated_precision(IPREC_RANKED, IPREC_LABELS, level_rule="exact")


def test_interpolated_precision_matches_trec_eval_on_the_hand_example():
    qrel = {"q": dict(IPREC_LABELS)}
    run = {"q": {d: 10.0 - rank for d, rank in IPREC_RANKED}}
    got = pytrec_eval.RelevanceEvaluator(qrel, {"iprec_at_recall", "11pt_avg", "map", "Rprec"}).evaluate(run)["q"]
    for level, expected in IPREC_EXPECTED_9.items():
        assert got["iprec_at_recall_%.2f" % level] == approx(expected)
    assert got["11pt_avg"] == approx(6 / 11)
    assert got["map"] == approx(13 / 24)
    assert got["Rprec"] == approx(1 / 2)


def test_average_precision_11pt_and_whole_list():
    # trec_eval 9: (1 + 1 + 1 + 2/3 + 2/3 + 2/3 + 1/2 + 1/2 + 0 + 0 + 0) / 11 = 6/11
    assert average_precision_11pt(IPREC_RANKED, IPREC_LABELS) == approx(6 / 11)
    # trec_eval 10: (1 + 1 + 1 + 1 + 2/3 + 2/3 + 2/3 + 1/2 + 1/2 + 0 + 0) / 11 = 7/11
    assert average_precision_11pt(IPREC_RANKED, IPREC_LABELS, level_rule="trec_eval10") == approx(7 / 11)
    # map: (1/1 + 2/3 + 3/6) / 4 = 13/24
    assert average_precision_whole_list(IPREC_RANKED, IPREC_LABELS) == approx(13 / 24)
    # Rprec: ranks 1..4 hold r1, r2 -> 2/4
    assert r_precision(IPREC_RANKED, IPREC_LABELS) == approx(1 / 2)
    # map with a gap: r1 at 2, r2 at 5, R = 2: (1/2 + 2/5) / 2
    assert average_precision_whole_list([("r1", 2), ("r2", 5)], {"r1": 1, "r2": 1}) == approx((1 / 2 + 2 / 5) / 2)


def test_interpolated_precision_none_and_empty():
    none = interpolated_precision([("n1", 1)], {"n1": 0})
    assert none == {level: None for level in RECALL_LEVELS}
    assert average_precision_11pt([("n1", 1)], {"n1": 0}) is None
    assert average_precision_whole_list([("n1", 1)], {"n1": 0}) is None
    # R = 1 but nothing retrieved: level 0 has c = 0 and no rank -> 0
    assert interpolated_precision([], {"r": 1}) == {level: 0.0 for level in RECALL_LEVELS}
    assert average_precision_whole_list([], {"r": 1}) == 0.0


def test_trec_eval9_level_count_float_error_at_r_3():
    # 0.7 * 3 = 2.0999999999999996 and + 0.9 = 2.9999999999999996: c = 2,
    # although recall 2/3 < 0.7.
    assert 0.7 * 3 + 0.9 < 3
    labels = {"r1": 1, "r2": 1, "r3": 1, "n1": 0, "n2": 0}
    ranked = [("r1", 1), ("r2", 2), ("n1", 3), ("n2", 4), ("r3", 5)]
    # precision by rank: 1, 1, 2/3, 2/4, 3/5.  c = 2 -> from rank 2: 1;
    # c = 3 -> from rank 5: 3/5.
    # trec_eval 9: x 3 + 0.9 = 0.9, 1.2, 1.5, 1.8, 2.1, 2.4, 2.7, 2.99.., 3.3, 3.6, 3.9
    #   -> c = 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3
    expected9 = [1, 1, 1, 1, 1, 1, 1, 1, 3 / 5, 3 / 5, 3 / 5]
    # trec_eval 10: x 3 = 0, 0.3, 0.6, 0.9, 1.2, 1.5, 1.8, 2.1, 2.4, 2.7, 3
    #   -> c = 0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3
    expected10 = [1, 1, 1, 1, 1, 1, 1, 1, 1, 3 / 5, 3 / 5]
    got9 = interpolated_precision(ranked, labels)
    got10 = interpolated_precision(ranked, labels, level_rule="trec_eval10")
    assert [got9[x] for x in RECALL_LEVELS] == approx(expected9)
    assert [got10[x] for x in RECALL_LEVELS] == approx(expected10)
    run = {"q": {d: 10.0 - rank for d, rank in ranked}}
    trec = pytrec_eval.RelevanceEvaluator({"q": labels}, {"iprec_at_recall"}).evaluate(run)["q"]
    assert [trec["iprec_at_recall_%.2f" % x] for x in RECALL_LEVELS] == approx(expected9)


def test_trec_eval10_rounds_halves_up():
    # R = 5: x 5 = 0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5 (all exact in double:
    # 0.1 * 5, 0.3 * 5, 0.7 * 5, 0.9 * 5 round to the halves);
    # lround (halves away from 0) -> c = 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5
    assert [0.1 * 5, 0.3 * 5, 0.5 * 5, 0.7 * 5, 0.9 * 5] == [0.5, 1.5, 2.5, 3.5, 4.5]
    labels = {"r%d" % i: 1 for i in range(1, 6)}
    labels.update({"n1": 0, "n2": 0})
    ranked = [("n1", 1), ("r1", 2), ("r2", 3), ("n2", 4), ("r3", 5), ("r4", 6)]
    # precision by rank: 0, 1/2, 2/3, 2/4, 3/5, 4/6; r5 not retrieved
    # c = 0 or 1: from rank 2 -> max(1/2, 2/3, 2/4, 3/5, 4/6) = 2/3; c = 2: from rank 3 -> 2/3
    # c = 3: from rank 5 -> max(3/5, 4/6) = 2/3; c = 4: from rank 6 -> 4/6; c = 5 > 4: 0
    by_count = {0: 2 / 3, 1: 2 / 3, 2: 2 / 3, 3: 2 / 3, 4: 4 / 6, 5: 0}
    counts10 = [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    got10 = interpolated_precision(ranked, labels, level_rule="trec_eval10")
    assert [got10[x] for x in RECALL_LEVELS] == approx([by_count[c] for c in counts10])
    # trec_eval 9: trunc(x 5 + 0.9) = 0, 1, 1(1.9), 2(2.4), 2(2.9), 3, 3, 4, 4, 5, 5
    got9 = interpolated_precision(ranked, labels)
    assert [got9[x] for x in RECALL_LEVELS] == approx([by_count[c] for c in [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]])
    # precision 0 at rank 1 before the first relevant doc does not lower level 0
    assert got9[0.0] == approx(2 / 3)


def test_interpolated_precision_level_zero_without_relevant_retrieved():
    # R = 1, nothing relevant retrieved: c = 0 for level 0, max precision over
    # every rank = max(0/1, 0/2) = 0; other levels need c = 1 > 0 retrieved: 0
    got = interpolated_precision([("n", 1), ("x", 2)], {"r": 1, "n": 0})
    assert got == {x: 0.0 for x in RECALL_LEVELS}


def test_trec_eval10_level_count_is_rounded_in_double():
    # R = 45, level 0.7: 0.7 is stored as 0.6999999999999999555..., so
    # 0.7 * 45 = 31.499999999999996 and lround gives 31, not 32.
    assert 0.7 * 45 < 31.5
    labels = {"r%d" % i: 1 for i in range(1, 46)}
    labels.update({"n%d" % i: 0 for i in range(1, 10)})
    # r1..r31 at ranks 1..31, n1..n9 at 32..40, r32..r45 at 41..54
    ranked = [("r%d" % i, i) for i in range(1, 32)]
    ranked += [("n%d" % i, 31 + i) for i in range(1, 10)]
    ranked += [("r%d" % i, 9 + i) for i in range(32, 46)]
    # c = 31: from rank 31 (precision 31/31 = 1) -> 1.
    # c = 32 starts at rank 41: max(32/41, 33/42, ..., 45/54) = 45/54 (increasing).
    got10 = interpolated_precision(ranked, labels, level_rule="trec_eval10")
    assert got10[0.7] == 1.0
    # 0.8 * 45 = 36 -> from r36 at rank 45: max(36/45, ..., 45/54) = 45/54
    assert got10[0.8] == approx(45 / 54)
    # trec_eval 9: 31.499999999999996 + 0.9 = 32.4 -> 32 -> 45/54; 36.9 -> 36 -> 45/54
    got9 = interpolated_precision(ranked, labels)
    assert got9[0.7] == approx(45 / 54) and got9[0.8] == approx(45 / 54)
    run = {"q": {d: 1000.0 - rank for d, rank in ranked}}
    trec = pytrec_eval.RelevanceEvaluator({"q": labels}, {"iprec_at_recall"}).evaluate(run)["q"]
    assert trec["iprec_at_recall_0.70"] == approx(45 / 54)
    assert trec["iprec_at_recall_0.80"] == approx(45 / 54)


# ---------------------------------------------------------------------------
# geometric mean
# ---------------------------------------------------------------------------


def test_geometric_mean():
    # exp((ln 1/2 + ln 1/8) / 2) = sqrt(1/16) = 1/4; None skipped
    assert geometric_mean([0.5, 0.125, None]) == approx(1 / 4)
    # 0 floors at 0.00001: exp((ln 0.00001 + ln 1) / 2) = sqrt(0.00001)
    assert MIN_GEO_MEAN == 0.00001
    assert geometric_mean([0.0, 1.0]) == approx(math.sqrt(0.00001))
    assert geometric_mean([]) is None
    assert geometric_mean([None, None]) is None


# ---------------------------------------------------------------------------
# condensed lists and nDCG
# ---------------------------------------------------------------------------

ND_LABELS = {"a": 2, "b": 1, "c": 3, "u": None}
ND_RANKED = [("x", 1), ("a", 2), ("u", 4), ("b", 7)]  # x not in pool, u unjudged, c not retrieved


def test_condensed():
    assert condensed(ND_RANKED, ND_LABELS) == [("a", 1), ("b", 2)]
    assert condensed([], ND_LABELS) == []
    assert condensed([("u", 1), ("x", 2)], ND_LABELS) == []
    # A negative grade read as 'zero' is a judged 0 and stays (trec_eval's
    # judged_docs_only would drop it); read as 'unjudged' it goes.
    assert condensed([("j", 3)], {"j": grade_under_negative_reading(-1, "zero")}) == [("j", 1)]
    assert condensed([("j", 3)], {"j": grade_under_negative_reading(-1, "unjudged")}) == []


def test_ndcg_pool():
    # dcg@2: x@1 gain 0, a@2 gain 2 -> 2/log2(3); ideal: best 2 of the pool {3, 2, 1, 0}
    # -> 3/log2(2) + 2/log2(3)
    ideal2 = 3 / log2(2) + 2 / log2(3)
    assert ndcg_pool(ND_RANKED, ND_LABELS, 2) == approx((2 / log2(3)) / ideal2)
    # condensed a@1, b@2: dcg = 2/log2(2) + 1/log2(3)
    assert ndcg_pool(condensed(ND_RANKED, ND_LABELS), ND_LABELS, 2) == approx((2 + 1 / log2(3)) / ideal2)
    # k = 10: dcg = 2/log2(3) + 1/log2(8); ideal = 3 + 2/log2(3) + 1/log2(4)
    assert ndcg_pool(ND_RANKED, ND_LABELS, 10) == approx((2 / log2(3) + 1 / 3) / (3 + 2 / log2(3) + 1 / 2))


def test_ndcg_whole_list():
    # dcg = 2/log2(3) + 1/log2(8) (b at rank 7); ideal over the whole pool 3, 2, 1, 0
    expected = (2 / log2(3) + 1 / 3) / (3 / 1 + 2 / log2(3) + 1 / 2 + 0)
    assert ndcg_whole_list(ND_RANKED, ND_LABELS) == approx(expected)


def test_ndcg_none_and_zero():
    assert ndcg_pool([("u", 1)], {"u": None}, 5) is None
    assert ndcg_whole_list([("u", 1)], {"u": None}) is None
    assert ndcg_pool([("b", 1)], {"b": 0}, 5) == 0.0  # ideal 0
    assert ndcg_whole_list([("b", 1)], {"b": 0}) == 0.0
    assert ndcg_pool([], {"a": 1}, 5) == 0.0


# ---------------------------------------------------------------------------
# grades and transformers
# ---------------------------------------------------------------------------


def test_grade_under_negative_reading():
    assert grade_under_negative_reading(-1, "unjudged") is None
    assert grade_under_negative_reading(-2, "zero") == 0
    with pytest.raises(ValueError):
        grade_under_negative_reading(-1, "reject")
    for reading in ("unjudged", "zero", "reject"):
        assert grade_under_negative_reading(0, reading) == 0
        assert grade_under_negative_reading(3, reading) == 3
        assert grade_under_negative_reading(None, reading) is None
    with pytest.raises(ValueError):
        grade_under_negative_reading(1, "ignore")


def test_default_transformers_reproduce_the_package_defaults():
    assert default_transformers(3, 1) == DEFAULT_TRANSFORMERS
    assert default_transformers(3) == DEFAULT_TRANSFORMERS


def test_default_transformers_other_scales():
    t = default_transformers(4, relevance_level=2)
    assert t["graded_to_binary"] == {0: 0, 1: 0, 2: 1, 3: 1, 4: 1}
    assert t["binary_to_graded"] == {0: 0, 1: 4}
    # 1 + floor(9 g / 4 + 1/2): g=1: 2.25+.5 -> 2 => 3; g=2: 4.5+.5 = 5 => 6;
    # g=3: 6.75+.5 -> 7 => 8; g=4: 9.5 -> 9 => 10
    assert t["graded_to_detail"] == {0: 1, 1: 3, 2: 6, 3: 8, 4: 10}
    # ceil((d - 1) 4 / 9): d=2: 4/9 -> 1; 3: 8/9 -> 1; 4: 12/9 -> 2; 5: 16/9 -> 2;
    # 6: 20/9 -> 3; 7: 24/9 -> 3; 8: 28/9 -> 4; 9: 32/9 -> 4; 10: 36/9 = 4
    assert t["detail_to_graded"] == {1: 0, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3, 7: 3, 8: 4, 9: 4, 10: 4}
    assert t["detail_to_binary"] == {1: 0, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1, 9: 1, 10: 1}
    assert t["binary_to_detail"] == {0: 1, 1: 10}
    # max_grade 2: 1 + floor(9 g / 2 + 1/2): g=1: 4.5+.5 = 5 exactly => 6 (exact halves round up)
    assert default_transformers(2)["graded_to_detail"] == {0: 1, 1: 6, 2: 10}
    # max_grade 9: detail_to_graded is d - 1 exactly (ceil of whole numbers)
    assert default_transformers(9)["detail_to_graded"] == {d: d - 1 for d in range(1, 11)}
    for bad in [(0, 1), (3, 0), (3, 4), (3.0, 1)]:
        with pytest.raises(ValueError):
            default_transformers(*bad)


# ---------------------------------------------------------------------------
# generated data
# ---------------------------------------------------------------------------

# Doc ids shared by every query; byte order differs from case-insensitive
# order ('B' < 'a'), and 'd10' < 'd9'.
COMMON_DOCS = ["A", "B", "a", "b", "d10", "d9", "Z", "é"]
MAX_GRADE = 4


@st.composite
def trec_dataset(draw, distinct_scores=False):
    """(qrels {q: {doc: grade -1..4}}, result rows {run_id, query_id, doc_id, score}).

    Every query has at least one grade >= 0 (pytrec_eval segfaults on a query
    whose qrels are all negative) and at least one retrieved doc.
    """
    n_queries = draw(st.integers(1, 4))
    qrels = {}
    rows = []
    score_counter = [1000]
    for q in range(n_queries):
        query_id = "q%d" % q
        candidates = COMMON_DOCS + ["%s_%d" % (query_id, i) for i in range(5)]
        # The grades this query uses: e.g. [0, 1] gives R = 0 at level 2,
        # [2, 4] gives N = 0, [-1] only unjudged docs (fixed below).
        choices = draw(st.lists(st.integers(-1, MAX_GRADE), min_size=1, max_size=4, unique=True))
        grades = {}
        for doc_id in candidates:
            kind = draw(st.integers(0, 3))  # 0: not in the pool
            if kind:
                grades[doc_id] = draw(st.sampled_from(choices))
        if not any(g >= 0 for g in grades.values()):
            non_negative = [g for g in choices if g >= 0] or [0]
            grades[draw(st.sampled_from(candidates))] = draw(st.sampled_from(non_negative))
        qrels[query_id] = grades
        for run_id in ("r1", "r2"):
            returned = draw(st.lists(st.sampled_from(candidates), min_size=1, max_size=len(candidates),
                                     unique=True))
            for doc_id in returned:
                if distinct_scores:
                    score_counter[0] -= 1
                    score = float(score_counter[0]) / 8
                else:
                    score = draw(st.integers(0, 4)) / 2  # few values: ties
                rows.append(row(run_id, query_id, doc_id, score))
    return qrels, rows


def labels_of(grades, reading="unjudged"):
    return {doc_id: grade_under_negative_reading(g, reading) for doc_id, g in grades.items()}


def ranked_lists(rows):
    """{run_id: {query_id: [(doc_id, rank)]}} from rank_by_score."""
    out = {}
    for r in rank_by_score(rows):
        out.setdefault(r["run_id"], {}).setdefault(r["query_id"], []).append((r["doc_id"], r["rank"]))
    return out


def run_dict(rows, run_id):
    out = {}
    for r in rows:
        if r["run_id"] == run_id:
            out.setdefault(r["query_id"], {})[r["doc_id"]] = r["score"]
    return out


def note_hard_cases(seen, qrels, rows, level):
    scores = {}
    for r in rows:
        key = (r["run_id"], r["query_id"])
        if r["score"] in scores.setdefault(key, set()):
            seen["score ties"] += 1
        scores[key].add(r["score"])
    owners = {}
    for query_id, grades in qrels.items():
        labels = labels_of(grades)
        big_r = n_relevant(labels, level)
        judged_nonrel = sum(1 for v in labels.values() if v is not None and v < level)
        if big_r == 0:
            seen["R = 0"] += 1
        if big_r > 0 and judged_nonrel == 0:
            seen["N = 0"] += 1
        if big_r > judged_nonrel > 0:
            seen["0 < N < R"] += 1
        if judged_nonrel > big_r > 0:
            seen["N > R"] += 1
        if any(g < 0 for g in grades.values()):
            seen["negative grade"] += 1
        for doc_id in grades:
            owners.setdefault(doc_id, set()).add(query_id)
    if any(len(qs) > 1 for qs in owners.values()):
        seen["doc id judged in two queries"] += 1
    for r in rows:
        grades = qrels[r["query_id"]]
        if r["doc_id"] not in grades:
            seen["retrieved, not in pool"] += 1
        elif grades[r["doc_id"]] < 0:
            seen["retrieved, negative grade"] += 1


PYTREC_MEASURES = {"Rprec", "bpref", "success.1,5,10", "num_rel", "num_ret", "num_rel_ret", "map", "gm_map",
                   "iprec_at_recall", "11pt_avg", "ndcg", "ndcg_cut.5,10"}


def check_against_pytrec_eval(qrels, rows, level):
    evaluator = pytrec_eval.RelevanceEvaluator(qrels, PYTREC_MEASURES, relevance_level=level)
    lists = ranked_lists(rows)
    for run_id, per_query in lists.items():
        trec = evaluator.evaluate(run_dict(rows, run_id))
        assert set(trec) == set(per_query)
        aps = []
        gm_logs = []
        for query_id, ranked in per_query.items():
            t = trec[query_id]
            labels = labels_of(qrels[query_id])
            big_r = n_relevant(labels, level)
            where = (run_id, query_id, level)

            assert t["num_rel"] == big_r, where
            assert t["num_ret"] == n_retrieved(ranked), where
            assert t["num_rel_ret"] == n_relevant_retrieved(ranked, labels, level), where

            for k in (1, 5, 10):
                ours = success(ranked, labels, k, level)
                assert ours is not None and close(t["success_%d" % k], ours), (where, k)
            for k in (5, 10):
                ours = ndcg_pool(ranked, labels, k)
                assert ours is not None and close(t["ndcg_cut_%d" % k], ours), (where, k)
            ours = ndcg_whole_list(ranked, labels)
            assert ours is not None and close(t["ndcg"], ours), where

            ours_by_name = {
                "Rprec": r_precision(ranked, labels, level),
                "bpref": bpref(ranked, labels, level),
                "map": average_precision_whole_list(ranked, labels, level),
                "11pt_avg": average_precision_11pt(ranked, labels, level),
            }
            for x, value in interpolated_precision(ranked, labels, level).items():
                ours_by_name["iprec_at_recall_%.2f" % x] = value
            for name, ours in ours_by_name.items():
                if big_r == 0:
                    # deliberate difference: None where trec_eval reports 0
                    assert ours is None and t[name] == 0.0, (where, name)
                else:
                    assert ours is not None and close(t[name], ours), (where, name, t[name], ours)

            # gm_map: trec_eval's per-query value is ln(max(AP, 0.00001)), AP 0 when R = 0
            ap = ours_by_name["map"]
            assert close(t["gm_map"], log(max(0.0 if ap is None else ap, MIN_GEO_MEAN))), where
            aps.append(ap)
            if ap is not None:
                gm_logs.append(t["gm_map"])
        # summary over the queries with R > 0 (trec_eval would also count the others as 0.00001)
        ours = geometric_mean(aps)
        if gm_logs:
            assert close(pytrec_eval.compute_aggregated_measure("gm_map", gm_logs), ours)
            assert close(math.exp(sum(gm_logs) / len(gm_logs)), ours)
        else:
            assert ours is None


@pytest.mark.parametrize("level", [1, 2])
def test_agrees_with_pytrec_eval(level):
    seen = Counter()

    @settings(max_examples=100, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(trec_dataset())
    def check(dataset):
        qrels, rows = dataset
        note_hard_cases(seen, qrels, rows, level)
        check_against_pytrec_eval(qrels, rows, level)

    check()
    for case in ("R = 0", "N = 0", "0 < N < R", "N > R", "score ties", "negative grade",
                 "doc id judged in two queries", "retrieved, not in pool", "retrieved, negative grade"):
        assert seen[case] > 0, (case, seen)


# ---------------------------------------------------------------------------
# ir_measures
# ---------------------------------------------------------------------------


def irm_values(provider, measure, qrels, run):
    return {m.query_id: float(m.value) for m in provider.iter_calc([measure], qrels, run)}


def check_against_ir_measures(ir_measures, qrels, rows, seen):
    from ir_measures import AP, RBP, nDCG

    lists = ranked_lists(rows)
    for run_id, per_query in lists.items():
        run = run_dict(rows, run_id)
        graded = {p: irm_values(ir_measures.trectools, RBP(p=p), qrels, run) for p in (0.8, 0.5)}
        binary = {rel: irm_values(ir_measures, RBP(rel=rel), qrels, run) for rel in (1, 2)}
        judged = {
            "ndcg@10": irm_values(ir_measures, nDCG(judged_only=True) @ 10, qrels, run),
            "ndcg": irm_values(ir_measures, nDCG(judged_only=True), qrels, run),
        }
        for rel in (1, 2):
            judged["ap", rel] = irm_values(ir_measures, AP(rel=rel, judged_only=True), qrels, run)
            judged["ap@5", rel] = irm_values(ir_measures, AP(rel=rel, judged_only=True) @ 5, qrels, run)

        for query_id, ranked in per_query.items():
            labels = labels_of(qrels[query_id])
            where = (run_id, query_id)
            # RBP: the value does not depend on the reading of negative grades
            # here (every query has a graded doc; gain 0 either way).
            for p, values in graded.items():
                ours = rbp(ranked, labels, p, MAX_GRADE)
                assert ours == approx(rbp(ranked, labels_of(qrels[query_id], "zero"), p, MAX_GRADE), abs=TOL)
                # ir_measures (trectools) uses the raw grade as the gain: MAX_GRADE * ours
                assert close(values[query_id], MAX_GRADE * ours), (where, p, values[query_id], ours)
                # residual identity: 1 - (1 - p) * sum over graded rows of p^(rank - 1)
                judged_weight = sum((1 - p) * p ** (rank - 1) for d, rank in ranked if labels.get(d) is not None)
                assert close(rbp_residual(ranked, labels, p), 1 - judged_weight)
            for rel, values in binary.items():
                ours = rbp(ranked, labels, 0.8, MAX_GRADE, threshold=rel)
                assert close(values[query_id], ours), (where, rel, values[query_id], ours)

            short = condensed(ranked, labels)
            if short != sorted(ranked, key=lambda x: x[1]):
                seen["condensing changes the list"] += 1
            assert close(judged["ndcg@10"][query_id], ndcg_pool(short, labels, 10)), where
            assert close(judged["ndcg"][query_id], ndcg_whole_list(short, labels)), where
            for rel in (1, 2):
                top5 = [(d, rank) for d, rank in short if rank <= 5]
                for key, ours in ((("ap", rel), average_precision_whole_list(short, labels, rel)),
                                  (("ap@5", rel), average_precision_whole_list(top5, labels, rel))):
                    if n_relevant(labels, rel) == 0:
                        seen["R = 0 (rel=%d)" % rel] += 1
                        assert ours is None and judged[key][query_id] == 0.0, (where, key)
                    else:
                        assert close(judged[key][query_id], ours), (where, key, judged[key][query_id], ours)


@pytest.mark.filterwarnings("ignore:The inplace keyword")  # trectools on pandas 3
def test_agrees_with_ir_measures():
    import cwl  # noqa: F401  ir_measures' binary RBP provider (cwl-eval): a hard requirement, never skipped
    import ir_measures
    import trectools  # noqa: F401  ir_measures' graded RBP provider
    seen = Counter()

    @settings(max_examples=100, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(trec_dataset(distinct_scores=True))
    def check(dataset):
        qrels, rows = dataset
        note_hard_cases(seen, qrels, rows, 2)
        check_against_ir_measures(ir_measures, qrels, rows, seen)

    check()
    for case in ("condensing changes the list", "R = 0 (rel=2)", "negative grade", "retrieved, negative grade",
                 "retrieved, not in pool"):
        assert seen[case] > 0, (case, seen)
    assert seen["score ties"] == 0
