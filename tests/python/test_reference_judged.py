"""Hand-computed unit tests for the pure-Python reference metrics (reference.judged).

Every expected value is written out as the arithmetic that produces it, so a
reader can check it against the specification without running any code.
"""

import math
from math import log2

import pytest

from reference.judged import (
    BUILTIN_METRICS,
    DEFAULT_TRANSFORMERS,
    aggregate_judgments,
    query_metrics,
    resolve_metrics,
    run_metrics,
    transform_grade,
)

approx = pytest.approx


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------


def res(run_id, query_id, doc_id, rank, score=None):
    return {"run_id": run_id, "query_id": query_id, "doc_id": doc_id, "rank": rank, "score": score}


def judg(query_id, doc_id, grade, scale="graded", rater_id="r1"):
    return {"query_id": query_id, "doc_id": doc_id, "rater_id": rater_id, "grade": grade, "scale": scale}


def values(results, judgments, metrics=None, cutoffs=(1, 3, 5, 10), transformers=None):
    """query_metrics as {(run_id, query_id, metric, k): value}."""
    rows = query_metrics(results, judgments, cutoffs=cutoffs, metrics=metrics, transformers=transformers)
    out = {}
    for row in rows:
        key = (row["run_id"], row["query_id"], row["metric"], row["k"])
        assert key not in out
        out[key] = row["value"]
    return out


# Main fixture: query q1, one rater, graded scale.
#   pool: d1=3, d2=0, d3=2, d4=1 (never retrieved), d5=None (slot not graded yet)
#   binary (graded_to_binary): d1=1, d2=0, d3=1, d4=1, d5=None
#   detail (graded_to_detail): d1=10, d2=1, d3=7, d4=4, d5=None
# Run A ranking: 1:d1, 2:d2, 3:d3, 4:d6 (no judgment row at all), 5:d5
Q1_JUDGMENTS = [
    judg("q1", "d1", 3),
    judg("q1", "d2", 0),
    judg("q1", "d3", 2),
    judg("q1", "d4", 1),
    judg("q1", "d5", None),
]
Q1_RESULTS = [
    res("A", "q1", "d1", 1, 9.0),
    res("A", "q1", "d2", 2, 8.0),
    res("A", "q1", "d3", 3, 7.0),
    res("A", "q1", "d6", 4, 6.0),
    res("A", "q1", "d5", 5, 5.0),
]


@pytest.fixture(scope="module")
def q1():
    return values(Q1_RESULTS, Q1_JUDGMENTS)


def v(table, metric, k, run_id="A", query_id="q1"):
    return table[(run_id, query_id, metric, k)]


# ---------------------------------------------------------------------------
# transformers
# ---------------------------------------------------------------------------


def test_graded_to_binary_default():
    assert [transform_grade(g, "graded", "binary") for g in (0, 1, 2, 3)] == [0, 1, 1, 1]


def test_detail_to_binary_default():
    got = [transform_grade(g, "detail", "binary") for g in range(1, 11)]
    assert got == [0, 1, 1, 1, 1, 1, 1, 1, 1, 1]


def test_detail_to_graded_default():
    got = [transform_grade(g, "detail", "graded") for g in range(1, 11)]
    #        1  2  3  4  5  6  7  8  9  10
    assert got == [0, 1, 1, 1, 2, 2, 2, 3, 3, 3]


def test_graded_to_detail_default():
    assert [transform_grade(g, "graded", "detail") for g in (0, 1, 2, 3)] == [1, 4, 7, 10]


def test_binary_to_graded_and_detail_default():
    assert [transform_grade(g, "binary", "graded") for g in (0, 1)] == [0, 3]
    assert [transform_grade(g, "binary", "detail") for g in (0, 1)] == [1, 10]


def test_identity_when_scales_equal():
    assert transform_grade(2, "graded", "graded") == 2
    assert transform_grade(7, "detail", "detail") == 7
    assert transform_grade(0, "binary", "binary") == 0


def test_transformers_via_aggregation_from_each_source_scale():
    judgments = [
        judg("q", "b", 1, scale="binary"),
        judg("q", "g", 2, scale="graded"),
        judg("q", "d", 4, scale="detail"),
    ]
    agg = aggregate_judgments(judgments)
    # binary 1 -> graded 3, detail 10
    assert agg[("q", "b")] == {"binary": 1, "graded": 3.0, "detail": 10.0, "binary_tie": False}
    # graded 2 -> binary 1, detail 7
    assert agg[("q", "g")] == {"binary": 1, "graded": 2.0, "detail": 7.0, "binary_tie": False}
    # detail 4 -> binary 1, graded 1
    assert agg[("q", "d")] == {"binary": 1, "graded": 1.0, "detail": 4.0, "binary_tie": False}


def test_transformer_override_replaces_whole_key_only():
    judgments = [judg("q", "d", 1, scale="graded")]
    default = aggregate_judgments(judgments)[("q", "d")]
    assert default["binary"] == 1  # default graded_to_binary: 1 -> 1
    override = {"graded_to_binary": {0: 0, 1: 0, 2: 1, 3: 1}}
    agg = aggregate_judgments(judgments, transformers=override)[("q", "d")]
    assert agg["binary"] == 0  # overridden: 1 -> 0
    assert agg["detail"] == 4.0  # graded_to_detail untouched: 1 -> 4
    # The override replaces the whole mapping: a partial mapping lacks grade 1.
    with pytest.raises(ValueError):
        aggregate_judgments(judgments, transformers={"graded_to_binary": {3: 1}})
    # Defaults themselves are not mutated.
    assert DEFAULT_TRANSFORMERS["graded_to_binary"][1] == 1


def test_transformer_override_flows_into_query_metrics():
    judgments = [judg("q", "d", 1)]
    results = [res("A", "q", "d", 1)]
    override = {"graded_to_binary": {0: 0, 1: 0, 2: 1, 3: 1}}
    assert values(results, judgments, ["precision"], (1,))[("A", "q", "precision", 1)] == 1.0
    got = values(results, judgments, ["precision"], (1,), transformers=override)
    assert got[("A", "q", "precision", 1)] == 0.0  # 0 relevant / 1 graded


def test_transformer_override_unknown_key_raises():
    with pytest.raises(ValueError):
        aggregate_judgments([judg("q", "d", 1)], transformers={"graded_to_graded": {1: 1}})


# ---------------------------------------------------------------------------
# aggregation (multi-rater)
# ---------------------------------------------------------------------------


def test_majority_vote_and_graded_mean():
    judgments = [
        judg("q", "d", 3, rater_id="r1"),
        judg("q", "d", 2, rater_id="r2"),
        judg("q", "d", 0, rater_id="r3"),
    ]
    agg = aggregate_judgments(judgments)[("q", "d")]
    assert agg["binary"] == 1  # votes 1, 1, 0 -> two 1s beat one 0
    assert agg["graded"] == approx((3 + 2 + 0) / 3)
    assert agg["detail"] == approx((10 + 7 + 1) / 3)
    assert agg["binary_tie"] is False


def test_majority_vote_zero_wins():
    judgments = [judg("q", "d", 0, rater_id="r1"), judg("q", "d", 0, rater_id="r2"), judg("q", "d", 1, rater_id="r3")]
    agg = aggregate_judgments(judgments)[("q", "d")]
    assert agg["binary"] == 0  # votes 0, 0, 1 (graded 1 -> binary 1)
    assert agg["graded"] == approx(1 / 3)


def test_binary_tie_two_raters():
    judgments = [judg("q", "d", 2, rater_id="r1"), judg("q", "d", 0, rater_id="r2")]
    agg = aggregate_judgments(judgments)[("q", "d")]
    assert agg["binary"] is None  # votes 1, 0 -> tie
    assert agg["binary_tie"] is True
    assert agg["graded"] == approx((2 + 0) / 2)
    assert agg["detail"] == approx((7 + 1) / 2)


def test_binary_tie_ignores_null_grade():
    judgments = [
        judg("q", "d", 1, scale="binary", rater_id="r1"),
        judg("q", "d", 0, scale="binary", rater_id="r2"),
        judg("q", "d", None, scale="binary", rater_id="r3"),
    ]
    agg = aggregate_judgments(judgments)[("q", "d")]
    assert agg["binary"] is None and agg["binary_tie"] is True  # 1, 0, (None skipped)
    assert agg["graded"] == approx((3 + 0) / 2)
    assert agg["detail"] == approx((10 + 1) / 2)


def test_detail_mean_and_derived_scales():
    judgments = [judg("q", "d", 3, scale="detail", rater_id="r1"), judg("q", "d", 8, scale="detail", rater_id="r2")]
    agg = aggregate_judgments(judgments)[("q", "d")]
    assert agg["detail"] == approx((3 + 8) / 2)
    assert agg["graded"] == approx((1 + 3) / 2)  # detail_to_graded 3 -> 1, 8 -> 3
    assert agg["binary"] == 1  # votes 1, 1


def test_detail_binary_tie():
    judgments = [judg("q", "d", 1, scale="detail", rater_id="r1"), judg("q", "d", 2, scale="detail", rater_id="r2")]
    agg = aggregate_judgments(judgments)[("q", "d")]
    assert agg["binary"] is None and agg["binary_tie"] is True  # detail 1 -> 0, 2 -> 1
    assert agg["graded"] == approx((0 + 1) / 2)


def test_all_null_grades_is_ungraded_but_in_pool():
    judgments = [judg("q", "d", None, rater_id="r1"), judg("q", "d", None, rater_id="r2")]
    agg = aggregate_judgments(judgments)
    assert agg == {("q", "d"): {"binary": None, "graded": None, "detail": None, "binary_tie": False}}


# ---------------------------------------------------------------------------
# each metric on the main fixture (q1, run A)
# ---------------------------------------------------------------------------


def test_precision_graded_denominator(q1):
    assert v(q1, "precision", 1) == 1.0  # d1 relevant / 1 graded
    assert v(q1, "precision", 3) == approx(2 / 3)  # d1, d3 relevant / d1, d2, d3 graded
    assert v(q1, "precision", 5) == approx(2 / 3)  # d6 and d5 are ungraded: not counted


def test_precision_k_denominator(q1):
    assert v(q1, "precision_k", 3) == approx(2 / 3)
    assert v(q1, "precision_k", 5) == approx(2 / 5)  # ungraded d6, d5 count as not relevant
    assert v(q1, "precision_k", 10) == approx(2 / 10)  # divides by k even with only 5 rows


def test_recall(q1):
    # relevant in the pool (binary): d1, d3, d4 -> 3
    assert v(q1, "recall", 1) == approx(1 / 3)
    assert v(q1, "recall", 3) == approx(2 / 3)
    assert v(q1, "recall", 10) == approx(2 / 3)  # d4 is never retrieved


def test_average_precision_retrieved(q1):
    assert v(q1, "average_precision", 1) == approx(1.0)  # (1/1) / 1
    assert v(q1, "average_precision", 3) == approx((1 / 1 + 2 / 3) / 2)
    assert v(q1, "average_precision", 10) == approx((1 / 1 + 2 / 3) / 2)


def test_average_precision_pool(q1):
    assert v(q1, "average_precision_pool", 1) == approx((1 / 1) / 3)
    assert v(q1, "average_precision_pool", 3) == approx((1 / 1 + 2 / 3) / 3)


def test_reciprocal_rank():
    judgments = [judg("q", "a", 0), judg("q", "b", 0), judg("q", "c", 2)]
    results = [res("A", "q", "a", 1), res("A", "q", "b", 2), res("A", "q", "c", 3)]
    t = values(results, judgments, ["reciprocal_rank"], (1, 3))
    assert t[("A", "q", "reciprocal_rank", 1)] == 0.0  # a graded, not relevant
    assert t[("A", "q", "reciprocal_rank", 3)] == approx(1 / 3)  # first relevant at rank 3


def test_cg_and_dcg(q1):
    assert v(q1, "cg", 3) == approx(3 + 0 + 2)
    assert v(q1, "cg", 5) == approx(3 + 0 + 2 + 0 + 0)
    assert v(q1, "dcg", 1) == approx(3 / log2(2))
    assert v(q1, "dcg", 3) == approx(3 / log2(2) + 0 / log2(3) + 2 / log2(4))  # = 4


def test_ndcg_local_vs_pool(q1):
    dcg3 = 3 / log2(2) + 0 / log2(3) + 2 / log2(4)
    # local ideal: the same three gains sorted [3, 2, 0]
    assert v(q1, "ndcg", 3) == approx(dcg3 / (3 / log2(2) + 2 / log2(3) + 0 / log2(4)))
    # pool ideal: pool gains [3, 2, 1, 0, 0] -> best min(3, 5) = [3, 2, 1]
    assert v(q1, "ndcg_pool", 3) == approx(dcg3 / (3 / log2(2) + 2 / log2(3) + 1 / log2(4)))
    # k=1: local ideal [3] -> 1.0; pool ideal [3] -> 1.0
    assert v(q1, "ndcg", 1) == approx(1.0)
    assert v(q1, "ndcg_pool", 1) == approx(1.0)
    # k=10: local ideal of the 5 rows [3, 2, 0, 0, 0]; pool ideal min(10, 5) = 5 gains [3, 2, 1, 0, 0]
    assert v(q1, "ndcg", 10) == approx(dcg3 / (3 + 2 / log2(3)))
    assert v(q1, "ndcg_pool", 10) == approx(dcg3 / (3 + 2 / log2(3) + 1 / log2(4)))


def test_exponential_gain(q1):
    # exponential gains 2**g - 1: d1 7, d2 0, d3 3; pool [7, 3, 1, 0, 0]
    dcg3 = 7 / log2(2) + 0 / log2(3) + 3 / log2(4)
    assert v(q1, "ndcg_exp", 3) == approx(dcg3 / (7 / log2(2) + 3 / log2(3) + 1 / log2(4)))
    t = values(Q1_RESULTS, Q1_JUDGMENTS, [{"name": "cg_exp", "type": "cg", "gain": "exponential"}], (3,))
    assert t[("A", "q1", "cg_exp", 3)] == approx(7 + 0 + 3)


def test_detail_scale_gain_metrics(q1):
    # detail values: d1 10, d2 1, d3 7
    assert v(q1, "cg_detail", 3) == approx(10 + 1 + 7)
    dcg3 = 10 / log2(2) + 1 / log2(3) + 7 / log2(4)
    assert v(q1, "dcg_detail", 3) == approx(dcg3)
    assert v(q1, "ndcg_detail", 3) == approx(dcg3 / (10 / log2(2) + 7 / log2(3) + 1 / log2(4)))


def test_err_on_fixture(q1):
    # R = (2**g - 1) / 2**3: d1 7/8, d2 0, d3 3/8
    assert v(q1, "err", 1) == approx(7 / 8)
    assert v(q1, "err", 3) == approx(7 / 8 + (1 / 2) * (1 - 7 / 8) * 0 + (1 / 3) * (1 - 7 / 8) * (1 - 0) * (3 / 8))


def test_err_two_and_three_positions():
    judgments = [judg("q", "a", 2), judg("q", "b", 3), judg("q", "c", 1)]
    results = [res("A", "q", "a", 1), res("A", "q", "b", 2), res("A", "q", "c", 3)]
    t = values(results, judgments, ["err"], (2, 3))
    r1, r2, r3 = 3 / 8, 7 / 8, 1 / 8
    assert t[("A", "q", "err", 2)] == approx(r1 + (1 / 2) * (1 - r1) * r2)
    assert t[("A", "q", "err", 3)] == approx(r1 + (1 / 2) * (1 - r1) * r2 + (1 / 3) * (1 - r1) * (1 - r2) * r3)


def test_err_g_max_defaults_to_scale_max():
    judgments = [judg("q", "a", 4, scale="detail"), judg("q", "b", 1, scale="binary")]
    results = [res("A", "q", "a", 1), res("A", "q", "b", 2)]
    metrics = [
        {"name": "err_detail", "type": "err", "scale": "detail"},  # g_max 10
        {"name": "err_binary", "type": "err", "scale": "binary"},  # g_max 1
    ]
    t = values(results, judgments, metrics, (2,))
    # detail: a 4, b 10 (binary_to_detail 1 -> 10)
    ra, rb = (2**4 - 1) / 2**10, (2**10 - 1) / 2**10
    assert t[("A", "q", "err_detail", 2)] == approx(ra + (1 / 2) * (1 - ra) * rb)
    # binary: a 1 (detail 4 -> 1), b 1 -> R = 1/2 each
    assert t[("A", "q", "err_binary", 2)] == approx(1 / 2 + (1 / 2) * (1 / 2) * (1 / 2))


def test_coverage(q1):
    assert v(q1, "coverage", 3) == approx(3 / 3)
    assert v(q1, "coverage", 5) == approx(3 / 5)  # d6 (no row) and d5 (null grade) ungraded


def test_binary_ties_counts_tied_rows():
    judgments = [
        judg("q", "a", 1, rater_id="r1"), judg("q", "a", 0, rater_id="r2"),  # tie
        judg("q", "b", 3, rater_id="r1"),
        judg("q", "c", 0, rater_id="r1"), judg("q", "c", 2, rater_id="r2"),  # tie
    ]
    results = [res("A", "q", "a", 1), res("A", "q", "b", 2), res("A", "q", "c", 3)]
    t = values(results, judgments, ["binary_ties"], (1, 2, 3))
    assert [t[("A", "q", "binary_ties", k)] for k in (1, 2, 3)] == [1.0, 1.0, 2.0]


# ---------------------------------------------------------------------------
# "None when" cells
# ---------------------------------------------------------------------------


def test_nothing_graded_in_top_k():
    # Top 1 is ungraded (null grade); the pool still has a graded relevant doc.
    judgments = [judg("q", "a", None), judg("q", "b", 3)]
    results = [res("A", "q", "a", 1), res("A", "q", "b", 2)]
    t = values(results, judgments, cutoffs=(1,))
    get = lambda m: t[("A", "q", m, 1)]  # noqa: E731
    for metric in ("precision", "average_precision", "reciprocal_rank", "cg", "dcg", "ndcg",
                   "cg_detail", "dcg_detail", "ndcg_detail", "err"):
        assert get(metric) is None, metric
    # These are defined by the pool, not by the top k:
    assert get("precision_k") == 0.0  # 0 relevant / k=1
    assert get("recall") == 0.0  # 0 / 1 relevant in pool
    assert get("average_precision_pool") == 0.0  # S = 0 / 1
    assert get("ndcg_pool") == 0.0  # dcg 0 / IDCG 3
    assert get("ndcg_exp") == 0.0
    assert get("coverage") == 0.0  # 0 graded / 1 row
    assert get("binary_ties") == 0.0


def test_no_graded_doc_in_pool():
    judgments = [judg("q", "a", None)]
    results = [res("A", "q", "a", 1), res("A", "q", "x", 2)]
    t = values(results, judgments, cutoffs=(2,))
    get = lambda m: t[("A", "q", m, 2)]  # noqa: E731
    for metric in ("precision_k", "recall", "average_precision_pool", "ndcg_pool", "ndcg_exp"):
        assert get(metric) is None, metric
    assert get("coverage") == 0.0


def test_pool_graded_but_nothing_relevant():
    judgments = [judg("q", "a", 0), judg("q", "b", 0)]
    results = [res("A", "q", "a", 1), res("A", "q", "b", 2)]
    t = values(results, judgments, cutoffs=(2,))
    get = lambda m: t[("A", "q", m, 2)]  # noqa: E731
    assert get("recall") is None  # pool has no relevant doc
    assert get("average_precision_pool") is None
    assert get("precision") == 0.0  # 0 / 2 graded
    assert get("precision_k") == 0.0  # 0 / 2
    assert get("average_precision") == 0.0  # graded, none relevant -> 0
    assert get("reciprocal_rank") == 0.0
    # all gains 0 -> IDCG = 0 -> ndcg 0
    assert get("ndcg") == 0.0
    assert get("ndcg_pool") == 0.0
    assert get("err") == 0.0
    assert get("cg") == 0.0


def test_no_rows_in_top_k_coverage_none():
    judgments = [judg("q", "a", 2)]
    results = [res("A", "q", "a", 4)]
    t = values(results, judgments, ["coverage", "binary_ties"], (3,))
    assert t[("A", "q", "coverage", 3)] is None
    assert t[("A", "q", "binary_ties", 3)] == 0.0  # never None


def test_binary_tie_is_not_graded_for_binary_metrics():
    judgments = [judg("q", "a", 1, rater_id="r1"), judg("q", "a", 0, rater_id="r2")]
    results = [res("A", "q", "a", 1)]
    t = values(results, judgments, ["precision", "precision_k", "recall", "coverage", "cg"], (1,))
    assert t[("A", "q", "precision", 1)] is None  # tie -> not graded on binary
    assert t[("A", "q", "precision_k", 1)] is None  # no binary-graded doc in pool
    assert t[("A", "q", "recall", 1)] is None
    assert t[("A", "q", "coverage", 1)] == 1.0  # graded on the graded scale (mean 0.5)
    assert t[("A", "q", "cg", 1)] == approx((1 + 0) / 2)


# ---------------------------------------------------------------------------
# ranks: gaps, ranks beyond k, unjudged docs, several runs
# ---------------------------------------------------------------------------


def test_gaps_in_ranks():
    judgments = [judg("q", "a", 3), judg("q", "b", 1)]
    results = [res("A", "q", "a", 2), res("A", "q", "b", 5)]
    t = values(results, judgments, cutoffs=(1, 5))
    get = lambda m, k: t[("A", "q", m, k)]  # noqa: E731
    assert get("precision", 1) is None  # top 1 is empty
    assert get("coverage", 1) is None
    assert get("reciprocal_rank", 5) == approx(1 / 2)
    assert get("precision_k", 5) == approx(2 / 5)
    assert get("average_precision", 5) == approx((1 / 2 + 2 / 5) / 2)
    dcg = 3 / log2(2 + 1) + 1 / log2(5 + 1)
    assert get("dcg", 5) == approx(dcg)
    assert get("ndcg", 5) == approx(dcg / (3 / log2(2) + 1 / log2(3)))  # ideal at positions 1, 2
    r_a, r_b = 7 / 8, 1 / 8
    assert get("err", 5) == approx((1 / 2) * r_a + (1 / 5) * (1 - r_a) * r_b)


def test_query_with_all_ranks_beyond_k():
    judgments = [judg("q", "a", 1)]
    results = [res("A", "q", "a", 4), res("A", "q", "z", 7)]
    t = values(results, judgments, cutoffs=(3,))
    get = lambda m: t[("A", "q", m, 3)]  # noqa: E731
    # a row per metric is still emitted
    assert len(t) == len(BUILTIN_METRICS)
    for metric in ("precision", "average_precision", "reciprocal_rank", "cg", "dcg", "ndcg", "err", "coverage"):
        assert get(metric) is None, metric
    assert get("precision_k") == 0.0  # 0 / 3, pool graded
    assert get("recall") == 0.0  # 0 / 1
    assert get("average_precision_pool") == 0.0
    assert get("ndcg_pool") == 0.0  # 0 / (1 / log2(2))
    assert get("binary_ties") == 0.0


def test_unjudged_doc_is_ungraded_and_not_in_pool():
    judgments = [judg("q", "a", 2)]
    results = [res("A", "q", "x", 1), res("A", "q", "a", 2)]
    t = values(results, judgments, ["coverage", "ndcg_pool", "recall"], (2,))
    assert t[("A", "q", "coverage", 2)] == approx(1 / 2)
    # pool is just {a}: IDCG = 2 / log2(2); dcg = 2 / log2(3)
    assert t[("A", "q", "ndcg_pool", 2)] == approx((2 / log2(3)) / (2 / log2(2)))
    assert t[("A", "q", "recall", 2)] == 1.0


def test_pool_shared_across_runs():
    judgments = [judg("q", "a", 3), judg("q", "b", 2)]
    results = [res("A", "q", "a", 1), res("B", "q", "b", 1)]
    t = values(results, judgments, ["recall", "ndcg_pool"], (1,))
    assert t[("A", "q", "recall", 1)] == approx(1 / 2)
    assert t[("B", "q", "recall", 1)] == approx(1 / 2)
    assert t[("A", "q", "ndcg_pool", 1)] == approx(1.0)  # 3 / 3
    assert t[("B", "q", "ndcg_pool", 1)] == approx(2 / 3)


# ---------------------------------------------------------------------------
# thresholds on non-binary scales
# ---------------------------------------------------------------------------


def test_threshold_variant_on_graded_scale():
    # two raters; graded means: a (1+2)/2 = 1.5, b (2+2)/2 = 2.0, c (3+0)/2 = 1.5
    judgments = [
        judg("q", "a", 1, rater_id="r1"), judg("q", "a", 2, rater_id="r2"),
        judg("q", "b", 2, rater_id="r1"), judg("q", "b", 2, rater_id="r2"),
        judg("q", "c", 3, rater_id="r1"), judg("q", "c", 0, rater_id="r2"),
    ]
    results = [res("A", "q", "a", 1), res("A", "q", "b", 2), res("A", "q", "c", 3)]
    metrics = [
        "precision",
        {"name": "p_g2", "type": "precision", "scale": "graded", "threshold": 2},
        {"name": "rr_g2", "base": "reciprocal_rank", "scale": "graded", "threshold": 2},
        {"name": "recall_g15", "type": "recall", "scale": "graded", "threshold": 1.5},
    ]
    t = values(results, judgments, metrics, (3,))
    # binary: a (1,1) -> 1, b (1,1) -> 1, c (1,0) -> tie: 2 relevant / 2 graded
    assert t[("A", "q", "precision", 3)] == 1.0
    assert t[("A", "q", "p_g2", 3)] == approx(1 / 3)  # only b >= 2
    assert t[("A", "q", "rr_g2", 3)] == approx(1 / 2)
    assert t[("A", "q", "recall_g15", 3)] == 1.0  # all three >= 1.5


def test_threshold_required_for_non_binary_scale():
    with pytest.raises(ValueError):
        resolve_metrics([{"name": "p", "type": "precision", "scale": "graded"}])
    with pytest.raises(ValueError):
        resolve_metrics([{"name": "r", "base": "recall", "scale": "detail"}])


# ---------------------------------------------------------------------------
# metric configuration
# ---------------------------------------------------------------------------


def test_builtin_metric_names_and_order():
    assert [m["name"] for m in BUILTIN_METRICS] == [
        "precision", "precision_k", "recall", "average_precision", "average_precision_pool",
        "reciprocal_rank", "cg", "dcg", "ndcg", "cg_detail", "dcg_detail", "ndcg_detail",
        "ndcg_pool", "ndcg_exp", "err", "coverage", "binary_ties", "auc",
        "success", "r_precision", "bpref", "rbp_p80", "rbp_residual_p80", "n_relevant", "n_retrieved",
        "n_relevant_retrieved", "average_precision_11pt", "ndcg_pool_condensed", "average_precision_pool_condensed",
        "average_precision_pool_whole_list", "ndcg_pool_whole_list",
    ]


def test_resolve_metrics_fills_defaults_and_applies_base_overrides():
    specs = resolve_metrics(["recall", "ndcg_exp", "err", {"name": "my_ndcg", "base": "ndcg", "scale": "detail", "ideal": "pool"}])
    assert specs[0] == {"name": "recall", "type": "recall", "scale": "binary", "threshold": 1}
    assert specs[1] == {"name": "ndcg_exp", "type": "ndcg", "scale": "graded", "gain": "exponential", "ideal": "pool",
                        "condensed": False, "whole_list": False}
    assert specs[2] == {"name": "err", "type": "err", "scale": "graded", "g_max": 3}
    assert specs[3] == {"name": "my_ndcg", "type": "ndcg", "scale": "detail", "gain": "linear", "ideal": "pool",
                        "condensed": False, "whole_list": False}
    # err's g_max follows the graded scale's declared top grade
    assert resolve_metrics(["err"], grading={"max_grade": 4})[0]["g_max"] == 4


@pytest.mark.parametrize(
    "items",
    [
        ["no_such_metric"],
        [{"name": "x", "type": "no_such_type"}],
        [{"name": "x", "base": "no_such_metric"}],
        [{"name": "x", "type": "precision", "denominator": "pool"}],
        [{"name": "x", "type": "average_precision", "denominator": "k"}],
        [{"name": "x", "type": "ndcg", "ideal": "global"}],
        [{"name": "x", "type": "dcg", "gain": "quadratic"}],
        [{"name": "x", "type": "cg", "scale": "stars"}],
        [{"name": "x", "type": "cg", "threshold": 1}],
        [{"name": "x", "type": "binary_ties", "scale": "graded"}],
        [{"type": "cg"}],
        ["precision", "precision"],
        [{"name": "x", "base": "err", "scale": "detail", "g_max": 3}],  # g_max 3 < 10
        [{"name": "x", "type": "rbp"}],  # persistence required
        [{"name": "x", "type": "rbp", "persistence": 1}],  # 0 < p < 1
        [{"name": "x", "type": "count"}],  # count required
        [{"name": "x", "type": "auc", "scale": "graded", "threshold": 2}],  # auc reads the binary scale only
        [{"name": "x", "type": "auc", "gain": "linear"}],
    ],
)
def test_resolve_metrics_errors(items):
    with pytest.raises(ValueError):
        resolve_metrics(items)


# ---------------------------------------------------------------------------
# output shape and run-level aggregation
# ---------------------------------------------------------------------------


def test_query_metrics_row_grid_and_order():
    results = [res("A", "q1", "d1", 1), res("A", "q2", "d1", 1), res("B", "q1", "d2", 2)]
    rows = query_metrics(results, [], cutoffs=(1, 5), metrics=["precision", "coverage"])
    # 3 (run, query) pairs x 2 metrics x 2 cutoffs
    assert len(rows) == 3 * 2 * 2
    assert [(r["run_id"], r["query_id"], r["metric"], r["k"]) for r in rows[:4]] == [
        ("A", "q1", "precision", 1), ("A", "q1", "precision", 5),
        ("A", "q1", "coverage", 1), ("A", "q1", "coverage", 5),
    ]
    default_rows = query_metrics(results, [], cutoffs=(1,))
    assert len(default_rows) == 3 * len(BUILTIN_METRICS)


def test_run_metrics_mean_and_counts():
    judgments = [judg("q1", "a", 3), judg("q2", "b", 0), judg("q3", "c", None)]
    results = [
        res("A", "q1", "a", 1),  # precision@1 = 1/1
        res("A", "q2", "b", 1),  # precision@1 = 0/1
        res("A", "q3", "c", 1),  # nothing graded -> None
        res("B", "q3", "c", 1),  # None
    ]
    rows = run_metrics(query_metrics(results, judgments, cutoffs=(1,), metrics=["precision"]), ["precision"])
    # geometric mean over the non-null values 1 and 0 (0 floored at 1e-5): exp((ln 1 + ln 1e-5) / 2) = sqrt(1e-5)
    assert rows == [
        {"run_id": "A", "metric": "precision", "k": 1, "value": approx((1.0 + 0.0) / 2), "n_queries": 2, "n_queries_total": 3,
         "geometric_mean": approx(math.sqrt(0.00001))},
        {"run_id": "B", "metric": "precision", "k": 1, "value": None, "n_queries": 0, "n_queries_total": 1,
         "geometric_mean": None},
    ]


# ---------------------------------------------------------------------------
# auc: one value per query (k None), over every rank, by pairs
# ---------------------------------------------------------------------------


def test_auc_by_hand_with_ties_ungraded_rows_and_every_rank():
    # binary: a=1, b=0, c=1, d=0; e has no judgment (ungraded); ranks go beyond the cutoff 1
    judgments = [judg("q", d, g, scale="binary") for d, g in (("a", 1), ("b", 0), ("c", 1), ("d", 0))]
    results = [res("A", "q", "a", 1, 5.0), res("A", "q", "b", 2, 5.0), res("A", "q", "e", 3, 9.0),
               res("A", "q", "c", 4, 2.0), res("A", "q", "d", 5, 1.0)]
    t = values(results, judgments, ["auc", "precision"], (1,))
    # pairs (pos, neg): (a,b) tie 1/2, (a,d) 1, (c,b) 0, (c,d) 1 -> 2.5 / 4; e is not ranked
    assert t[("A", "q", "auc", None)] == approx(2.5 / 4)
    assert ("A", "q", "auc", 1) not in t  # no cutoff rows for auc
    assert t[("A", "q", "precision", 1)] == 1.0


def test_auc_null_with_one_class_and_binary_tie_is_ungraded():
    judgments = [judg("q", "a", 1, scale="binary"),
                 judg("q", "b", 1, scale="binary", rater_id="r1"), judg("q", "b", 0, scale="binary", rater_id="r2")]
    results = [res("A", "q", "a", 1, 1.0), res("A", "q", "b", 2, 2.0)]
    # b's vote ties (ungraded): only one graded row, one class -> None
    assert values(results, judgments, ["auc"], (1,))[("A", "q", "auc", None)] is None


def test_auc_threshold_on_binary_scale_and_run_mean_is_gauc_by_query():
    judgments = [judg("q1", "a", 1, scale="binary"), judg("q1", "b", 0, scale="binary"),
                 judg("q2", "c", 1, scale="binary"), judg("q2", "d", 0, scale="binary")]
    results = [res("A", "q1", "a", 1, 2.0), res("A", "q1", "b", 2, 1.0),   # auc 1
               res("A", "q2", "c", 1, 1.0), res("A", "q2", "d", 2, 3.0)]   # auc 0
    rows = query_metrics(results, judgments, cutoffs=(1,), metrics=["auc"])
    assert [r["k"] for r in rows] == [None, None]
    # geometric mean of 1 and 0, with 0 floored at 1e-5 (trec_eval gm_map): exp((ln 1 + ln 1e-5) / 2) = sqrt(1e-5)
    assert run_metrics(rows, ["auc"]) == [{"run_id": "A", "metric": "auc", "k": None, "value": approx(0.5),
                                           "n_queries": 2, "n_queries_total": 2,
                                           "geometric_mean": approx(math.sqrt(0.00001))}]
    spec = resolve_metrics([{"name": "auc_strict", "base": "auc", "threshold": 2}])[0]
    assert spec == {"name": "auc_strict", "type": "auc", "scale": "binary", "threshold": 2}
    # threshold 2 on the binary scale: nothing is relevant -> one class -> None
    t = values(results, judgments, [{"name": "auc_strict", "base": "auc", "threshold": 2}], (1,))
    assert t[("A", "q1", "auc_strict", None)] is None


def test_auc_equals_sklearn_roc_auc_score():
    import sklearn.metrics as sklearn_metrics  # a hard requirement of the tests (pyproject test extras)
    labels = [1, 0, 1, 1, 0, 0, 1, 0, 0, 1]
    scores = [3.0, 3.0, 2.0, 5.0, 1.0, 2.0, 2.0, 0.5, 4.0, 1.0]
    judgments = [judg("q", f"d{i}", g, scale="binary") for i, g in enumerate(labels)]
    results = [res("A", "q", f"d{i}", i + 1, s) for i, s in enumerate(scores)]
    got = values(results, judgments, ["auc"], (1,))[("A", "q", "auc", None)]
    assert got == approx(sklearn_metrics.roc_auc_score(labels, scores), abs=1e-12)



# ---------------------------------------------------------------------------
# infap: trec_eval infAP (m_infap.c), one value per query (k None), over every rank
# ---------------------------------------------------------------------------
E = 0.00001  # trec_eval's INFAP_EPSILON
INFAP = {"name": "infap", "type": "infap"}
UNJUDGED_NEGATIVES = {"max_grade": 4, "negative_grades": "unjudged"}


def infap_values(results, judgments, metrics=(INFAP,), grading=None):
    rows = query_metrics(results, judgments, cutoffs=(1,), metrics=list(metrics), grading=grading)
    return {(row["query_id"], row["metric"]): row["value"] for row in rows if row["k"] is None}


def test_infap_skips_docs_outside_the_pool_and_counts_unjudged_ones_at_the_judged_share():
    # pool: a = 1, c = 0, d = 1 (binary), b = a negative grade read as unjudged; x has no judgment row
    judgments = [judg("q", "a", 2), judg("q", "b", -1), judg("q", "c", 0), judg("q", "d", 3)]
    results = [res("A", "q", "x", 1), res("A", "q", "b", 2), res("A", "q", "a", 3), res("A", "q", "c", 4),
               res("A", "q", "d", 5)]
    # a at rank 3: one doc of the pool above (b, unjudged), none judged: 1/3 + (2/3)(1/2)(e / 2e) = 1/3 + 1/6
    # d at rank 5: b, a, c above in the pool, 1 relevant of 2 judged: 1/5 + (4/5)(3/4)(1 + e)/(2 + 2e) = 1/5 + 3/10
    # R = 2 relevant docs in the pool
    assert infap_values(results, judgments, grading=UNJUDGED_NEGATIVES)[("q", "infap")] == approx(
        ((1 / 3 + 1 / 6) + (1 / 5 + 3 / 10)) / 2, abs=1e-12)


def test_infap_relevant_first_epsilon_and_unretrieved_relevant_doc():
    # a = 1 at rank 1, u unjudged (null grade) at 2, b = 1 at 3; z = 1 never retrieved: R = 3
    judgments = [judg("q", "a", 1, "binary"), judg("q", "u", None, "binary"), judg("q", "b", 1, "binary"),
                 judg("q", "z", 1, "binary")]
    results = [res("A", "q", "a", 1), res("A", "q", "u", 2), res("A", "q", "b", 3)]
    # a: 1; b: 1/3 + (2/3)(2/2)(1 + e)/(1 + 2e): the judged share above is 1/1, shrunk by the epsilon
    expected = (1 + 1 / 3 + (2 / 3) * (1 + E) / (1 + 2 * E)) / 3
    assert infap_values(results, judgments)[("q", "infap")] == approx(expected, abs=1e-12)
    assert expected != approx((1 + 1) / 3, abs=1e-7)  # the epsilon shows in the 6th digit


def test_infap_position_is_the_rank_with_gaps():
    judgments = [judg("q", "a", 1, "binary"), judg("q", "n", 0, "binary")]
    # a alone at rank 4: nothing of the pool above, so 1/4 (positions 1..3 are read as not relevant)
    assert infap_values([res("A", "q", "a", 4)], judgments)[("q", "infap")] == approx(1 / 4)
    # n at rank 2, a at 7: 1/7 + (6/7)(1/6)(e / (1 + 2e))
    got = infap_values([res("A", "q", "n", 2), res("A", "q", "a", 7)], judgments)[("q", "infap")]
    assert got == approx(1 / 7 + (1 / 7) * E / (1 + 2 * E), abs=1e-15)


def test_infap_binary_tie_is_unjudged_and_threshold_on_graded_scale():
    # t: two raters 2 and 0 -> binary tie (unjudged on the binary scale), graded mean 1.0; a = 3
    judgments = [judg("q", "t", 2, rater_id="r1"), judg("q", "t", 0, rater_id="r2"), judg("q", "a", 3)]
    results = [res("A", "q", "t", 1), res("A", "q", "a", 2)]
    graded = {"name": "infap_graded", "type": "infap", "scale": "graded", "threshold": 1}
    got = infap_values(results, judgments, [INFAP, graded])
    # binary: a at 2 with t (unjudged) above: 1/2 + (1/2)(1)(e / 2e) = 3/4; R = 1
    assert got[("q", "infap")] == approx(0.75)
    # graded >= 1: t (1.0) relevant at 1 -> 1; a at 2: 1/2 + (1/2)(1)(1 + e)/(1 + 2e); R = 2
    assert got[("q", "infap_graded")] == approx((1 + 1 / 2 + (1 / 2) * (1 + E) / (1 + 2 * E)) / 2, abs=1e-12)


def test_infap_null_without_a_relevant_doc_and_geometric_mean():
    judgments = [judg("q1", "a", 0, "binary"), judg("q1", "u", None, "binary"), judg("q3", "c", 1, "binary")]
    results = [res("A", "q1", "a", 1), res("A", "q1", "u", 2), res("A", "q2", "b", 1), res("A", "q3", "c", 2)]
    rows = query_metrics(results, judgments, cutoffs=(1,), metrics=[INFAP])
    # q1: R = 0 (trec_eval 0); q2: no judgment at all; q3: 1/2 (c at rank 2, nothing of the pool above)
    assert [(r["query_id"], r["k"], r["value"]) for r in rows] == [("q1", None, None), ("q2", None, None),
                                                                    ("q3", None, 0.5)]
    assert run_metrics(rows, [INFAP]) == [{"run_id": "A", "metric": "infap", "k": None, "value": 0.5,
                                           "n_queries": 1, "n_queries_total": 3, "geometric_mean": approx(0.5)}]
    assert resolve_metrics([INFAP])[0] == {"name": "infap", "type": "infap", "scale": "binary", "threshold": 1}
