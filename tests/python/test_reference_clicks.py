"""Hand-computed unit tests for the click-metric reference (reference.clicks), and its AUC against scikit-learn.

Every expected value is written as the arithmetic that produces it from the definitions (the PaulScore formula of
Wikimedia's "PaulScore Approximations" dashboard; AUC and GAUC as in docs/clicks.md), so it can be checked without
running code.
"""

import random
from datetime import date, datetime

import pytest

from reference import clicks as ref

approx = pytest.approx
DAY = date(2026, 3, 2)


def search(search_id, session_id, hour, minute=0, search_type="fulltext", n_results=20, day=DAY):
    return {"search_id": search_id, "session_id": session_id, "search_type": search_type, "n_results": n_results,
            "searched_at": datetime(day.year, day.month, day.day, hour, minute)}


def click(search_id, position, hour=23, minute=59):
    return {"search_id": search_id, "position": position, "clicked_at": datetime(2026, 3, 2, hour, minute)}


# Three fulltext sessions on one day (PaulScore: nu_j = sum of F^k over the 0-based clicked positions k;
# a session's score = mean nu over its m searches; PaulScore = mean over the n sessions):
#   A: s1 clicks positions 1, 3 (and 1 again), s2 no click
#   B: s3 clicks position 2
#   C: s4 zero results, s5 clicks position 1 (n_results unknown), s6 clicks position 4
# plus an autocomplete search of session A (its own group) and a click on an unknown search.
SEARCHES = [
    search("s1", "A", 9, 0), search("s2", "A", 9, 5),
    search("s3", "B", 10, 0, n_results=5),
    search("s4", "C", 11, 0, n_results=0), search("s5", "C", 11, 1, n_results=None),
    search("s6", "C", 11, 2, n_results=3),
    search("a1", "A", 8, 59, search_type="autocomplete", n_results=7),
]
CLICKS = [click("s1", 1), click("s1", 3), click("s1", 1), click("s3", 2), click("s5", 1), click("s6", 4),
          click("unknown", 1)]


def by_key(rows, *key):
    return {tuple(row[k] for k in key): row for row in rows}


def test_search_score_by_definition():
    # positions 1 and 3 are 0-based 0 and 2: F^0 + F^2; a repeated position counts once
    assert ref.search_score([1, 3, 1], 0.5) == approx(1 + 0.25)
    assert ref.search_score([], 0.9) == 0.0
    assert ref.search_score([2], 0.1) == approx(0.1)


def test_paulscore_three_sessions_by_hand():
    rows = by_key(ref.paulscore_daily(SEARCHES, CLICKS, factors=(0.1, 0.5)), "search_date", "search_type", "factor")
    half = rows[(DAY, "fulltext", 0.5)]
    session_a = (1 + 0.5 ** 2 + 0) / 2       # 0.625
    session_b = 0.5 ** 1 / 1                  # 0.5
    session_c = (0 + 1 + 0.5 ** 3) / 3        # 0.375
    assert half["paulscore"] == approx((session_a + session_b + session_c) / 3)  # 0.5
    assert half["relative_paulscore"] == approx(0.5 * (1 - 0.5))
    # A/B-report variant: mean nu over the searches with a click (s1, s3, s5, s6)
    assert half["paulscore_clicked_searches"] == approx((1.25 + 0.5 + 1 + 0.125) / 4)
    assert (half["n_sessions"], half["n_searches"], half["n_clicked_searches"]) == (3, 6, 4)

    tenth = rows[(DAY, "fulltext", 0.1)]
    expected = ((1 + 0.01 + 0) / 2 + 0.1 + (0 + 1 + 0.001) / 3) / 3
    assert tenth["paulscore"] == approx(expected)
    assert tenth["relative_paulscore"] == approx(expected * 0.9)

    # the autocomplete search is its own (day, type) group: one session, no click
    auto = rows[(DAY, "autocomplete", 0.5)]
    assert (auto["paulscore"], auto["paulscore_clicked_searches"], auto["n_sessions"]) == (0.0, None, 1)


def test_paulscore_maximum_is_one_over_one_minus_f():
    # a search whose every position 1..30 was clicked approaches 1 / (1 - F); relative -> 1
    searches = [search("s", "A", 9)]
    clicks = [click("s", p) for p in range(1, 31)]
    row = ref.paulscore_daily(searches, clicks, factors=(0.5,))[0]
    assert row["paulscore"] == approx(1 / (1 - 0.5), rel=1e-6)
    assert row["relative_paulscore"] == approx(1.0, rel=1e-6)


def test_session_across_midnight_is_two_day_sessions():
    searches = [search("x1", "S", 23, 58), search("x2", "S", 0, 1, day=date(2026, 3, 3))]
    clicks = [click("x1", 1)]
    rows = by_key(ref.paulscore_daily(searches, clicks, factors=(0.5,)), "search_date")
    assert rows[(DAY,)]["paulscore"] == 1.0  # one search, position 1
    assert rows[(date(2026, 3, 3),)]["paulscore"] == 0.0
    assert rows[(DAY,)]["n_sessions"] == rows[(date(2026, 3, 3),)]["n_sessions"] == 1


def test_engagement_rates_by_hand():
    row = by_key(ref.click_metrics_daily(SEARCHES, CLICKS), "search_date", "search_type")[(DAY, "fulltext")]
    assert row["n_searches"] == 6
    # known n_results: s1, s2, s3, s4, s6 (s5 unknown); zero: s4
    assert row["zero_result_rate"] == approx(1 / 5)
    # with results: s1, s2, s3, s6; clicked among them: s1, s3, s6 (s5 clicked but its n_results is unknown)
    assert row["clickthrough_rate"] == approx(3 / 4)
    assert row["abandonment_rate"] == approx(1 / 4)
    # first click positions: s1 1, s3 2, s5 1, s6 4
    assert row["mean_first_click_position"] == approx((1 + 2 + 1 + 4) / 4)
    assert (row["n_searches_known_results"], row["n_zero_result_searches"], row["n_searches_with_results"],
            row["n_clicked_searches"]) == (5, 1, 4, 4)
    auto = by_key(ref.click_metrics_daily(SEARCHES, CLICKS), "search_date", "search_type")[(DAY, "autocomplete")]
    assert (auto["clickthrough_rate"], auto["abandonment_rate"], auto["mean_first_click_position"]) == (0.0, 1.0, None)


def test_rates_are_none_without_a_denominator():
    row = ref.click_metrics_daily([search("z", "Z", 9, n_results=None)], [])[0]
    assert (row["zero_result_rate"], row["clickthrough_rate"], row["abandonment_rate"]) == (None, None, None)


def test_auc_by_pairs_by_hand():
    # positives 0.9, 0.5; negatives 0.5, 0.1: pairs (0.9>0.5) 1, (0.9>0.1) 1, (0.5=0.5) 1/2, (0.5>0.1) 1
    assert ref.auc_by_pairs([1, 1, 0, 0], [0.9, 0.5, 0.5, 0.1]) == approx(3.5 / 4)
    assert ref.auc_by_pairs([1, 0], [1.0, 1.0]) == 0.5
    assert ref.auc_by_pairs([1, 1], [1.0, 2.0]) is None
    assert ref.auc_by_pairs([0], [1.0]) is None


def test_auc_by_pairs_equals_sklearn_roc_auc_score():
    from sklearn.metrics import roc_auc_score  # a hard requirement of the tests (pyproject test extras)
    rng = random.Random(3)
    checked = 0
    for _ in range(200):
        n = rng.randint(2, 25)
        labels = [rng.randint(0, 1) for _ in range(n)]
        scores = [float(rng.randint(0, 6)) for _ in range(n)]  # many ties
        if len(set(labels)) < 2:
            assert ref.auc_by_pairs(labels, scores) is None
            continue
        assert ref.auc_by_pairs(labels, scores) == approx(roc_auc_score(labels, scores), abs=1e-12)
        checked += 1
    assert checked > 150


def test_gauc_and_weighted_gauc_by_hand():
    sessions = [{"auc": 1.0, "n_impressions": 2}, {"auc": 0.5, "n_impressions": 4},
                {"auc": None, "n_impressions": 10}]  # one-class session: skipped, not averaged
    assert ref.gauc(sessions) == approx((1.0 + 0.5) / 2)
    assert ref.gauc_weighted(sessions) == approx((2 * 1.0 + 4 * 0.5) / (2 + 4))
    assert ref.gauc([{"auc": None, "n_impressions": 3}]) is None
    assert ref.gauc_weighted([{"auc": None, "n_impressions": 3}]) is None


def test_auc_daily_pooled_sessions_and_labels_by_hand():
    searches = [search("s1", "A", 9), search("s2", "B", 10), search("s3", "C", 11)]
    clicks = [click("s1", 1), click("s1", 1), click("s2", 2), click("nope", 1)]

    def imp(search_id, position, score):
        return {"search_id": search_id, "position": position, "doc_id": f"{search_id}_{position}", "score": score}

    impressions = [imp("s1", 1, 3.0), imp("s1", 2, 1.0),                    # A: clicked 3.0 > 1.0 -> AUC 1
                   imp("s2", 1, 2.0), imp("s2", 2, 2.0), imp("s2", 3, 0.0),  # B: clicked 2.0 vs 2.0 (1/2), 0.0 (1)
                   imp("s3", 1, 5.0),                                        # C: no click -> skipped
                   imp("nope", 1, 9.0)]                                      # unknown search: ignored
    row = ref.auc_daily(searches, clicks, impressions)[0]
    # pooled positives 3.0 (s1/1), 2.0 (s2/2); negatives 1.0, 2.0, 0.0, 5.0
    # 3.0: beats 1.0, 2.0, 0.0, loses to 5.0 -> 3; 2.0: beats 1.0, ties 2.0, beats 0.0, loses 5.0 -> 2.5
    assert row["auc"] == approx((3 + 2.5) / (2 * 4))
    assert row["gauc"] == approx((1.0 + 0.75) / 2)
    assert row["gauc_weighted"] == approx((2 * 1.0 + 3 * 0.75) / (2 + 3))
    assert (row["n_sessions_used"], row["n_sessions_skipped"], row["n_impressions"],
            row["n_clicked_impressions"]) == (2, 1, 6, 2)


def test_input_quality_counts():
    impressions = [{"search_id": "s1", "position": 1, "doc_id": "d", "score": 1.0},
                   {"search_id": "unknown", "position": 1, "doc_id": "d", "score": 1.0}]
    counts = ref.input_quality(SEARCHES, CLICKS, impressions)
    # clicks: s1/1 twice (one duplicate), unknown search once
    assert counts == {("searches", "used"): 7, ("clicks", "used"): 5, ("clicks", "duplicate"): 1,
                      ("clicks", "ignored"): 1, ("impressions", "used"): 1, ("impressions", "ignored"): 1}
