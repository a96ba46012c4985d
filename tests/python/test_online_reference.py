"""Unit tests of reference.online alone (no dbt): the sign test against scipy.stats.binomtest, the Kaplan-Meier
estimate against scipy.stats.ecdf (right-censored data) and statsmodels' SurvfuncRight, the interleaving verdicts,
dwells and session rates on small logs whose expected values are worked out by hand in the comments (from the
definitions in docs/online_evaluation.md), the bootstrap interval against a re-implementation written here from
the comparisons' hash draws and numpy's percentile, and the hard cases of the log generator.
"""

from __future__ import annotations

import random
from datetime import date, datetime, timedelta

import numpy as np
import pytest
from scipy import stats
from statsmodels.duration.survfunc import SurvfuncRight

from reference import comparisons
from reference import online as ref

approx = pytest.approx
DAY1 = date(2026, 3, 2)
DAY2 = date(2026, 3, 3)


def at(hour, minute=0, second=0, ms=0, day=DAY1):
    return datetime(day.year, day.month, day.day, hour, minute, second, ms * 1000)


def search(search_id, session_id, searched_at, search_type="fulltext", query=None, experiment=None, n_results=5):
    return {"search_id": search_id, "session_id": session_id, "searched_at": searched_at,
            "search_type": search_type, "n_results": n_results, "query_id": query, "experiment": experiment}


def click(search_id, position, clicked_at):
    return {"search_id": search_id, "position": position, "clicked_at": clicked_at}


def shown(search_id, *teams):
    """Impressions at positions 1, 2, ... with the given teams."""
    return [{"search_id": search_id, "position": p, "doc_id": f"d{p}", "score": 1.0 / p, "team": team}
            for p, team in enumerate(teams, start=1)]


def visit(search_id, position, visit_end_at):
    return {"search_id": search_id, "position": position, "visit_end_at": visit_end_at}


def by_key(rows, *key):
    out = {tuple(row[k] for k in key): row for row in rows}
    assert len(out) == len(rows), "duplicate keys"
    return out


# ---------------------------------------------------------------------------------------------------------------
# The sign test
# ---------------------------------------------------------------------------------------------------------------


SIGN_TEST_NS = [*range(1, 41), 50, 64, 99, 100, 128, 150, 151, 200, 255, 299, 300]


@pytest.mark.parametrize("n", SIGN_TEST_NS)
def test_sign_test_equals_scipy_binomtest(n):
    for k in range(n + 1):
        expected = stats.binomtest(k, n, 0.5).pvalue
        assert ref.sign_test_p_value(k, n - k) == approx(expected, rel=1e-12, abs=0), (k, n)


def test_sign_test_by_hand_and_none():
    assert ref.sign_test_p_value(0, 0) is None
    # n = 3, k = 0: 2 * (1/8) = 0.25; n = 6, k = 6 (min 0): 2 / 64; n = 4, k = 2: 2 * (1 + 4 + 6) / 16 > 1 -> 1
    assert ref.sign_test_p_value(3, 0) == 0.25
    assert ref.sign_test_p_value(6, 0) == 2 / 64
    assert ref.sign_test_p_value(2, 2) == 1.0
    # n = 10, min 1: 2 * (1 + 10) / 1024 = 22 / 1024
    assert ref.sign_test_p_value(1, 9) == ref.sign_test_p_value(9, 1) == 22 / 1024
    # far below the double epsilon, still exact: n = 1000, k = 0: 2^-999
    assert ref.sign_test_p_value(1000, 0) == 2.0 ** -999


# ---------------------------------------------------------------------------------------------------------------
# Kaplan-Meier against scipy and statsmodels
# ---------------------------------------------------------------------------------------------------------------


def km_samples(n_samples=300):
    """Random right-censored samples with many ties: times drawn from a few values (so events and censorings
    share times), about a third censored, at least one event each; some with every censoring at an event time."""
    rng = random.Random(20260302)
    for i in range(n_samples):
        n = rng.randint(1, 40)
        pool = [float(v) for v in rng.sample(range(0, 30), rng.randint(1, 8))]
        if i % 3 == 0:
            pool.append(rng.random() * 30)  # a non-integer time too
        times = [rng.choice(pool) for _ in range(n)]
        censored = [rng.random() < 0.35 for _ in range(n)]
        if i % 5 == 0:  # censorings only at times that also have an event
            event_times = {t for t, c in zip(times, censored) if not c}
            censored = [c and t in event_times for t, c in zip(times, censored)]
        if all(censored):
            censored[rng.randrange(n)] = False
        yield times, censored


def test_kaplan_meier_equals_scipy_ecdf():
    n_with_shared_times = 0
    for times, censored in km_samples():
        steps = ref.kaplan_meier(times, censored)
        result = stats.ecdf(stats.CensoredData.right_censored(np.array(times), np.array(censored)))
        grid = sorted(set(times))
        grid = [-1.0, *grid, *[(a + b) / 2 for a, b in zip(grid, grid[1:])], max(times) + 1]
        expected = result.sf.evaluate(np.array(grid))
        for t, e in zip(grid, expected):
            assert ref.survival_at(steps, t) == approx(float(e), abs=1e-12), (times, censored, t)
        event_times = {t for t, c in zip(times, censored) if not c}
        n_with_shared_times += any(c and t in event_times for t, c in zip(times, censored))
    assert n_with_shared_times >= 50  # censorings at an event time are common in the samples


def test_kaplan_meier_equals_statsmodels_survfuncright():
    for times, censored in km_samples():
        steps = ref.kaplan_meier(times, censored)
        fit = SurvfuncRight(np.array(times), np.array([0 if c else 1 for c in censored]))
        assert [t for t, _ in steps] == approx(list(fit.surv_times), abs=0)
        assert [s for _, s in steps] == approx(list(fit.surv_prob), abs=1e-12)
        exact = ref.kaplan_meier(times, censored, exact=True)
        assert [float(s) for _, s in exact] == [s for _, s in steps]


def test_kaplan_meier_and_median_by_hand():
    # dwells 10, 10, 20 observed, 0 censored, 20 censored, 30 observed:
    #   at 10: at risk = {10, 10, 20, 20c, 30} = 5, 2 events -> S = 3/5
    #   at 20: at risk = {20, 20c, 30} = 3 (censored at 20 is at risk at 20), 1 event -> 3/5 * 2/3 = 2/5
    #   at 30: at risk 1, 1 event -> 0
    steps = ref.kaplan_meier([10, 10, 20, 0, 20, 30], [False, False, False, True, True, False])
    assert steps == [(10, approx(0.6)), (20, approx(0.4)), (30, 0.0)]
    assert ref.survival_at(steps, 9.99) == 1.0 and ref.survival_at(steps, 25) == approx(0.4)
    assert ref.median_survival(steps) == 20  # the smallest observed time with S <= 1/2 (not interpolated)
    # S reaching exactly 1/2: 1, 2, 3, 4 observed -> S(1) = 3/4, S(2) = 1/2 -> median 2 (not 2.5)
    assert ref.median_survival(ref.kaplan_meier([1, 2, 3, 4], [False] * 4)) == 2
    # exactly 1/2 as a product: 5, 7 observed, 8, 9 censored -> 3/4 * 2/3 = 1/2 exactly -> median 7
    assert ref.median_survival(ref.kaplan_meier([5, 7, 8, 9], [False, False, True, True], exact=True)) == 7
    # S stays above 1/2: 5 observed, 6 and 7 censored -> S = 2/3 -> None
    assert ref.median_survival(ref.kaplan_meier([5, 6, 7], [False, True, True])) is None
    assert ref.kaplan_meier([3, 4], [True, True]) == []


# ---------------------------------------------------------------------------------------------------------------
# Interleaving by hand
# ---------------------------------------------------------------------------------------------------------------

# Experiment "e", teams "a" and "B": in code-point order "B" (0x42) < "a" (0x61), so team_a = "B", team_b = "a"
# (a locale order would say the opposite). Experiment 7 (an integer: cast to text "7"), teams "x" < "y".
IL_SEARCHES = [
    search("s1", "u1", at(10, 0), experiment="e"),
    search("s2", "u1", at(10, 5), experiment="e"),
    search("s3", "u2", at(11, 0), experiment="e"),
    search("s4", "u2", at(11, 5), experiment="e"),                               # no impression at all
    search("s5", "u3", at(12, 0), search_type="autocomplete", experiment="e"),   # same session unit as s6
    search("s6", "u3", at(12, 5), experiment="e"),
    search("s7", "u4", at(9, 0, day=DAY2)),                                       # not interleaved
    search("s8", "u4", at(9, 5, day=DAY2), experiment="e"),
    search("s9", "u1", at(10, 0, day=DAY2), experiment="e"),
    *[search(f"t{i}", f"v{i}", at(15, i), experiment=7) for i in range(6)],
]
IL_IMPRESSIONS = [
    *shown("s1", "B", "a", "B"), *shown("s2", "a", "B"), *shown("s3", "a", "B"), *shown("s5", "B", "a"),
    *shown("s6", "a", "B"), *shown("s7", None, None), *shown("s8", "a", "B"), *shown("s9", "B", "a"),
    *[row for i in range(6) for row in shown(f"t{i}", "y", "x")],
]
IL_CLICKS = [
    click("s1", 1, at(10, 0, 10)), click("s1", 3, at(10, 0, 20)), click("s1", 2, at(10, 0, 30)),
    click("s2", 1, at(10, 5, 10)), click("s2", 2, at(10, 5, 20)), click("s2", 1, at(10, 5, 30)),  # repeat of 1
    click("s3", 5, at(11, 0, 10)),                       # a position without impression
    click("s4", 1, at(11, 5, 10)),                       # a search without impressions
    click("s6", 1, at(12, 5, 10)),
    click("s7", 1, at(9, 0, 10, day=DAY2)),
    click("s8", 1, at(9, 5, 10, day=DAY2)), click("s8", 1, at(9, 5, 20, day=DAY2)),
    click("s9", 1, at(10, 0, 10, day=DAY2)), click("s9", 2, at(10, 0, 20, day=DAY2)),
    click("zz", 1, at(10, 0, 10)),                       # an unknown search
    *[click(f"t{i}", 2, at(15, i, 30)) for i in range(6)],  # position 2 is team x every time
]


def test_interleaving_units_by_hand_unit_search():
    units = by_key(ref.interleaving_units(IL_SEARCHES, IL_CLICKS, IL_IMPRESSIONS), "experiment", "unit_key")
    # (credits_a = team "B", credits_b = team "a", outcome)
    expected = {
        ("e", ("s1",)): (2, 1, "a"),    # positions 1 and 3 are B, 2 is a
        ("e", ("s2",)): (1, 1, "tie"),  # position 1 (a) clicked twice counts once: 1 - 1, a tie
        ("e", ("s3",)): (0, 0, None),   # position 5 has no impression: credits nobody
        ("e", ("s4",)): (0, 0, None),   # no impression at all: a unit without a team click
        ("e", ("s5",)): (0, 0, None),   # no click
        ("e", ("s6",)): (0, 1, "b"),
        ("e", ("s8",)): (0, 1, "b"),    # a repeated click counts once
        ("e", ("s9",)): (1, 1, "tie"),
        **{("7", (f"t{i}",)): (1, 0, "a") for i in range(6)},  # "x" is team_a
    }
    assert {k: (u["credits_a"], u["credits_b"], u["outcome"]) for k, u in units.items()} == expected
    assert {(u["team_a"], u["team_b"]) for k, u in units.items() if k[0] == "e"} == {("B", "a")}
    assert {(u["team_a"], u["team_b"]) for k, u in units.items() if k[0] == "7"} == {("x", "y")}
    assert units[("e", ("s9",))]["search_date"] == DAY2


def test_interleaving_units_by_hand_unit_session():
    units = by_key(ref.interleaving_units(IL_SEARCHES, IL_CLICKS, IL_IMPRESSIONS, unit="session"),
                   "experiment", "unit_key")
    d1, d2 = DAY1.isoformat(), DAY2.isoformat()
    expected = {
        ("e", ("u1", d1)): (3, 2, "a"),    # s1 (B 2, a 1) + s2 (B 1, a 1)
        ("e", ("u2", d1)): (0, 0, None),   # s3 + s4: nothing credited
        ("e", ("u3", d1)): (0, 1, "b"),    # s5 (autocomplete, no click) + s6 (fulltext): search_type is no key
        ("e", ("u4", d2)): (0, 1, "b"),    # s8 only (s7 is not interleaved)
        ("e", ("u1", d2)): (1, 1, "tie"),  # s9: the same session on another day is another unit
        **{("7", (f"v{i}", d1)): (1, 0, "a") for i in range(6)},
    }
    assert {k: (u["credits_a"], u["credits_b"], u["outcome"]) for k, u in units.items()} == expected


def test_interleaving_daily_and_experiments_by_hand():
    daily = by_key(ref.interleaving_daily(IL_SEARCHES, IL_CLICKS, IL_IMPRESSIONS, n_bootstrap=200, level=0.9),
                   "experiment", "search_date")
    # day 1, units s1..s6: wins_a 1 (s1), wins_b 1 (s6), ties 1 (s2), no click 3 (s3, s4, s5)
    # delta = (1 + 1/2) / 3 - 1/2 = 0; p = min(1, 2 P(X <= 1 | n = 2)) = 1
    row = daily[("e", DAY1)]
    assert (row["team_a"], row["team_b"]) == ("B", "a")
    assert (row["n_units"], row["wins_a"], row["wins_b"], row["ties"], row["n_units_no_click"]) == (6, 1, 1, 1, 3)
    assert row["preference_delta"] == approx(0.0, abs=1e-15) and row["p_value"] == 1.0
    assert -0.5 <= row["ci_low"] <= row["preference_delta"] <= row["ci_high"] <= 0.5
    # day 2, units s8 (b) and s9 (tie): delta = (0 + 1/2) / 2 - 1/2 = -1/4; p = min(1, 2 P(X <= 0 | n = 1)) = 1
    row = daily[("e", DAY2)]
    assert (row["n_units"], row["wins_a"], row["wins_b"], row["ties"], row["n_units_no_click"]) == (2, 0, 1, 1, 0)
    assert row["preference_delta"] == approx(-0.25) and row["p_value"] == 1.0
    # experiment 7: six wins of x (team_a): delta = 1/2; p = 2 / 2^6 = 1/32; every replicate is 1/2
    row = daily[("7", DAY1)]
    assert (row["wins_a"], row["wins_b"], row["ties"], row["preference_delta"], row["p_value"]) == \
        (6, 0, 0, 0.5, 1 / 32)
    assert (row["ci_low"], row["ci_high"]) == (0.5, 0.5)

    experiments = by_key(ref.interleaving_experiments(IL_SEARCHES, IL_CLICKS, IL_IMPRESSIONS, n_bootstrap=200),
                         "experiment")
    # e over both days: 8 units, wins_a 1, wins_b 2, ties 2, no click 3: delta = (1 + 1) / 5 - 1/2 = -1/10;
    # p = min(1, 2 P(X <= 1 | n = 3)) = min(1, 2 (1 + 3) / 8) = 1
    row = experiments[("e",)]
    assert (row["first_date"], row["last_date"], row["n_days"]) == (DAY1, DAY2, 2)
    assert (row["n_units"], row["wins_a"], row["wins_b"], row["ties"], row["n_units_no_click"]) == (8, 1, 2, 2, 3)
    assert row["preference_delta"] == approx(-0.1) and row["p_value"] == 1.0
    assert (experiments[("7",)]["first_date"], experiments[("7",)]["n_days"]) == (DAY1, 1)

    # unit = session: day 1 has units (u1: a), (u2: none), (u3: b): delta = 1/2 - 1/2 = 0;
    # the experiment: (u1, d1) a, (u2, d1) none, (u3, d1) b, (u4, d2) b, (u1, d2) tie:
    # wins_a 1, wins_b 2, ties 1, no click 1, delta = (1 + 1/2) / 4 - 1/2 = -1/8
    daily = by_key(ref.interleaving_daily(IL_SEARCHES, IL_CLICKS, IL_IMPRESSIONS, unit="session", n_bootstrap=50),
                   "experiment", "search_date")
    row = daily[("e", DAY1)]
    assert (row["n_units"], row["wins_a"], row["wins_b"], row["ties"], row["n_units_no_click"]) == (3, 1, 1, 0, 1)
    assert row["preference_delta"] == approx(0.0, abs=1e-15)
    row = by_key(ref.interleaving_experiments(IL_SEARCHES, IL_CLICKS, IL_IMPRESSIONS, unit="session",
                                              n_bootstrap=50), "experiment")[("e",)]
    assert (row["n_units"], row["wins_a"], row["wins_b"], row["ties"], row["n_units_no_click"]) == (5, 1, 2, 1, 1)
    assert (row["n_days"], row["preference_delta"]) == (2, approx(-0.125))


def test_no_preference_gives_null_verdict():
    searches = [search("s1", "u1", at(10), experiment="e"), search("s2", "u2", at(11), experiment="e")]
    impressions = [*shown("s1", "p", "q"), *shown("s2", "q", "p")]
    clicks = [click("s2", 3, at(11, 0, 5))]  # past the impressions
    (row,) = ref.interleaving_daily(searches, clicks, impressions)
    assert (row["n_units"], row["n_units_no_click"], row["wins_a"], row["wins_b"], row["ties"]) == (2, 2, 0, 0, 0)
    assert (row["preference_delta"], row["p_value"], row["ci_low"], row["ci_high"]) == (None, None, None, None)
    # only ties: delta 0, no decisive unit -> p null, the interval [0, 0]
    clicks = [click("s1", 1, at(10, 0, 5)), click("s1", 2, at(10, 0, 6))]
    row = by_key(ref.interleaving_experiments(searches, clicks, impressions), "experiment")[("e",)]
    assert (row["ties"], row["preference_delta"], row["p_value"], row["ci_low"], row["ci_high"]) == \
        (1, 0.0, None, 0.0, 0.0)


# ---------------------------------------------------------------------------------------------------------------
# The bootstrap interval against a re-implementation from the hash draws
# ---------------------------------------------------------------------------------------------------------------


def bootstrap_by_hand(values_in_unit_order, n_bootstrap, level):
    """Replicate r = 1..B of stream 2: slot j = 1..n takes unit draw(replicate_key(2, r), j) mod n + 1 (1-based);
    the replicate is the mean of the taken values; the interval is numpy's linear percentile."""
    n = len(values_in_unit_order)
    means = []
    for r in range(1, n_bootstrap + 1):
        key = comparisons.replicate_key(2, r)
        taken = [values_in_unit_order[comparisons.draw(key, j) % n + 1 - 1] for j in range(1, n + 1)]
        means.append(sum(taken) / n)
    q = (1 - level) / 2 * 100
    return tuple(float(v) for v in np.percentile(means, [q, 100 - q]))


def bootstrap_log():
    """Interleaved searches with ids whose code-point order is neither their numeric nor their insertion order
    (S < s, s10 < s9, ä after z), over two days; each unit's outcome drawn at random."""
    rng = random.Random(11)
    ids = ["s9", "s10", "S2", "s1", "za", "zä", "s100", "Z", "s11", "a", "s09", "s0", "b1", "B1", "s3", "s30",
           "s4", "x", "y", "s5"]
    searches, impressions, clicks = [], [], []
    for i, sid in enumerate(ids):
        day = DAY1 if i % 3 else DAY2
        searches.append(search(sid, f"u{i % 7}", at(8 + i % 12, i, day=day), experiment="e"))
        impressions += shown(sid, "a", "b", "a", "b")
        outcome = rng.choice(["a", "a", "b", "tie", "none"])
        positions = {"a": [1], "b": [2], "tie": [3, 4], "none": []}[outcome]
        clicks += [click(sid, p, at(8 + i % 12, i, 30, day=day)) for p in positions]
    return searches, clicks, impressions


@pytest.mark.parametrize("level", [0.95, 0.9])
def test_bootstrap_interval_reproduces_the_hash_draws(level):
    searches, clicks, impressions = bootstrap_log()
    value = {"a": 0.5, "tie": 0.0, "b": -0.5}
    for unit in ("search", "session"):
        units = ref.interleaving_units(searches, clicks, impressions, unit=unit)
        experiments = by_key(ref.interleaving_experiments(searches, clicks, impressions, unit=unit,
                                                          n_bootstrap=300, level=level), "experiment")
        daily = by_key(ref.interleaving_daily(searches, clicks, impressions, unit=unit, n_bootstrap=300,
                                              level=level), "experiment", "search_date")
        groups = {("e",): experiments[("e",)], **{("e", d): row for (_, d), row in daily.items()}}
        for group, row in groups.items():
            members = [u for u in units if u["outcome"] is not None and (len(group) == 1 or
                                                                         u["search_date"] == group[1])]
            # binary order: the key's parts as UTF-8 bytes (session: session_id, then the date)
            members.sort(key=lambda u: tuple(part.encode("utf-8") for part in u["unit_key"]))
            values = [value[u["outcome"]] for u in members]
            assert row["preference_delta"] == approx(sum(values) / len(values), abs=1e-15)
            low, high = bootstrap_by_hand(values, 300, level)
            assert (row["ci_low"], row["ci_high"]) == (approx(low, abs=1e-12), approx(high, abs=1e-12)), group
        # the order matters: numbering the units in insertion order instead gives other intervals (at some level),
        # so the equality above would catch a wrong numbering
        if unit == "search":
            insertion = {s["search_id"]: i for i, s in enumerate(searches)}
            decided = [u for u in units if u["outcome"] is not None]
            binary = [value[u["outcome"]] for u in sorted(decided, key=lambda u: u["unit_key"])]
            inserted = [value[u["outcome"]] for u in sorted(decided, key=lambda u: insertion[u["unit_key"][0]])]
            assert binary != inserted
            assert any(bootstrap_by_hand(binary, 300, lv) != bootstrap_by_hand(inserted, 300, lv)
                       for lv in (0.5, 0.8, 0.9, 0.95))


# ---------------------------------------------------------------------------------------------------------------
# Dwell by hand
# ---------------------------------------------------------------------------------------------------------------

# Session u1 (fulltext): s1 10:00:00, s2 10:00:15, s3 10:01:10; and an autocomplete search s7 10:01:30 (another
# day-session). Clicks (s1,1) 10:00:05 (and again 10:00:08, listed first), (s1,2) 10:00:15, (s2,1) 10:00:40.5,
# (s3,1) 10:01:20; a page visit of (s2,1) ends 10:00:41.
# Session u2: s4 23:59:50, clicked (s4,1) at 00:00:04 the next day; s5 at 00:00:30 the next day.
# Session u3: s6 12:00:00, (s6,1) 12:00:03, visit ends 12:00:33; a visit of (s6,2), never clicked (unused).
# Session u4: s8 13:00:00, (s8,1) 13:00:10, visit ends 13:00:10 (a dwell of 0 s, observed).
DWELL_SEARCHES = [
    search("s1", "u1", at(10, 0, 0)), search("s2", "u1", at(10, 0, 15)), search("s3", "u1", at(10, 1, 10)),
    search("s7", "u1", at(10, 1, 30), search_type="autocomplete"),
    search("s4", "u2", at(23, 59, 50)), search("s5", "u2", at(0, 0, 30, day=DAY2)),
    search("s6", "u3", at(12, 0, 0)), search("s8", "u4", at(13, 0, 0)),
]
DWELL_CLICKS = [
    click("s1", 1, at(10, 0, 8)), click("s1", 1, at(10, 0, 5)), click("s1", 2, at(10, 0, 15)),
    click("s2", 1, at(10, 0, 40, 500)), click("s3", 1, at(10, 1, 20)),
    click("s4", 1, at(0, 0, 4, day=DAY2)), click("s6", 1, at(12, 0, 3)), click("s8", 1, at(13, 0, 10)),
    click("zz", 1, at(10, 0, 5)),
]
DWELL_VISITS = [visit("s2", 1, at(10, 0, 41)), visit("s6", 1, at(12, 0, 33)), visit("s6", 2, at(12, 0, 40)),
                visit("s8", 1, at(13, 0, 10)), visit("zz", 1, at(10, 0, 9))]


def test_click_dwells_by_hand():
    dwells = by_key(ref.click_dwells(DWELL_SEARCHES, DWELL_CLICKS, DWELL_VISITS), "search_id", "position")
    got = {k: (d["dwell_seconds"], d["censored"]) for k, d in dwells.items()}
    assert got == {
        # events of (u1, day 1, fulltext): s1 0, (s1,1) 5, (s1,2) 15, s2 15, (s2,1) 40.5, s3 70, (s3,1) 80;
        # the repeated click at 8 is no event: the next event after 5 is at 15
        ("s1", 1): (10.0, False),
        # (s1,2) at 15: s2 at 15 is not strictly later; the next is (s2,1) at 40.5
        ("s1", 2): (25.5, False),
        # the visit overrides the next event (s3 at 70 would give 29.5): 41 - 40.5
        ("s2", 1): (0.5, False),
        # no later event of the fulltext day-session (s7 is autocomplete): censored at 0
        ("s3", 1): (0.0, True),
        # clicked after midnight; s5 (after midnight) is in the next day's day-session: censored
        ("s4", 1): (0.0, True),
        ("s6", 1): (30.0, False),
        # a visit ending at the click: an observed dwell of 0 s
        ("s8", 1): (0.0, False),
    }
    row = dwells[("s4", 1)]
    assert (row["search_date"], row["clicked_at"], row["session_id"], row["search_type"]) == \
        (DAY1, at(0, 0, 4, day=DAY2), "u2", "fulltext")
    assert dwells[("s1", 1)]["clicked_at"] == at(10, 0, 5)  # the first clicked_at
    # without page visits: (s2,1) runs to s3 (70 - 40.5); (s6,1) and (s8,1) are censored
    plain = by_key(ref.click_dwells(DWELL_SEARCHES, DWELL_CLICKS), "search_id", "position")
    assert (plain[("s2", 1)]["dwell_seconds"], plain[("s2", 1)]["censored"]) == (29.5, False)
    assert plain[("s6", 1)]["censored"] and plain[("s8", 1)]["censored"]


# ---------------------------------------------------------------------------------------------------------------
# Session metrics by hand
# ---------------------------------------------------------------------------------------------------------------

# Day 1, fulltext unless said otherwise (T = 10 s, return window 600 s, reformulation gap 300 s). Times are
# seconds after the session's first search. Dwells from the next event of the day-session (or a page visit).
#   A: a1 09:00:00 q1 | (a1,1) +20 | (a1,3) +620 | a2 +630 q2
#      dwells: (a1,1) 620 - 20 = 600, (a1,3) 630 - 620 = 10 (= T: satisfied). a1 returns: (a1,3) exactly 600 s
#      after its first click (window inclusive). a1 -> a2 is 630 s: no reformulation.
#   B: b1 10:00:00 q1 | b2 +300 q3 | (b2,1) +309 | b3 +309 q4 | b4 +610 q5
#      (and B's autocomplete searches h1 +320 x1, h2 +350 x2, (h2,1) +354: another day-session)
#      dwell (b2,1): b3 at 309 is not strictly later, h1/h2 are another day-session -> b4: 301. b2 returns (b4 is
#      301 s after its first click). b1 -> b2: 300 s (gap inclusive), q1 -> q3, no click in [0, 300): reformulated.
#      b2 -> b3: 9 s, q3 -> q4, the click at 309 is not before b3 (309): reformulated. b3 -> b4: 301 s: not.
#   C: c1 11:00:00 q1 | (c1,2) +30 | c2 +60 q2 | c3 +120 null | c4 +180 q6 | c5 +240 q6
#      dwell (c1,2) 30. c1 returns (c2). c1 -> c2 blocked by the click at +30. c2 -> c3: null query. c3: no query.
#      c4 -> c5: the same query.
#   D: d1 12:00:00 q7 | (d1,1) +0 | d2 +5 q8 | (d2,1) +5
#      dwell (d1,1) 5 (not satisfied), (d2,1) censored. d1 returns (d2 at +5), d2 does not. d1 -> d2 blocked by
#      the click at d1's own instant (at or after the search).
#   E: e1 13:00:00 null, no click.
#   F: f1 14:00:00 q1 | (f1,1) +3 | f2 +12 q1 | (f2,1) +15, visit to +24.999
#      dwells 9 and 9.999 (< T). f1 returns (f2), f2 does not. f1 -> f2: the same query.
#   G: g1 15:00:00 null | (g1,1) +10 | (g1,1) again +300 | (g1,2) +611
#      dwells (g1,1) 601 (the repeat is no event), (g1,2) censored. g1 does not return: (g1,2) is 601 s after the
#      first click, and the repeated click is no new click.
SM_SEARCHES = [
    search("a1", "A", at(9, 0, 0), query="q1"), search("a2", "A", at(9, 10, 30), query="q2"),
    search("b1", "B", at(10, 0, 0), query="q1"), search("b2", "B", at(10, 5, 0), query="q3"),
    search("b3", "B", at(10, 5, 9), query="q4"), search("b4", "B", at(10, 10, 10), query="q5"),
    search("h1", "B", at(10, 5, 20), search_type="autocomplete", query="x1"),
    search("h2", "B", at(10, 5, 50), search_type="autocomplete", query="x2"),
    search("c1", "C", at(11, 0, 0), query="q1"), search("c2", "C", at(11, 1, 0), query="q2"),
    search("c3", "C", at(11, 2, 0)), search("c4", "C", at(11, 3, 0), query="q6"),
    search("c5", "C", at(11, 4, 0), query="q6"),
    search("d1", "D", at(12, 0, 0), query="q7"), search("d2", "D", at(12, 0, 5), query="q8"),
    search("e1", "E", at(13, 0, 0)),
    search("f1", "F", at(14, 0, 0), query="q1"), search("f2", "F", at(14, 0, 12), query="q1"),
    search("g1", "G", at(15, 0, 0)),
]
SM_CLICKS = [
    click("a1", 1, at(9, 0, 20)), click("a1", 3, at(9, 10, 20)),
    click("b2", 1, at(10, 5, 9)), click("h2", 1, at(10, 5, 54)),
    click("c1", 2, at(11, 0, 30)),
    click("d1", 1, at(12, 0, 0)), click("d2", 1, at(12, 0, 5)),
    click("f1", 1, at(14, 0, 3)), click("f2", 1, at(14, 0, 15)),
    click("g1", 1, at(15, 0, 10)), click("g1", 1, at(15, 5, 0)), click("g1", 2, at(15, 10, 11)),
]
SM_VISITS = [visit("f2", 1, at(14, 0, 24, 999))]


def session_rows(**kwargs):
    return by_key(ref.session_metrics_daily(SM_SEARCHES, SM_CLICKS, SM_VISITS, **kwargs), "search_date",
                  "search_type")


def test_session_metrics_by_hand():
    rows = session_rows(query_column="query_id")
    assert set(rows) == {(DAY1, "fulltext"), (DAY1, "autocomplete")}
    full = rows[(DAY1, "fulltext")]
    # 17 searches, 7 day-sessions (A..G); 10 clicks: dwells 600, 10, 301, 30, 5, censored, 9, 9.999, 601, censored
    # satisfied (observed >= 10): 600, 10, 301, 30, 601 = 5 -> 5/10; censored 2
    # clicked sessions A, B, C, D, F, G = 6; passing A, B, C, G = 4 -> 4/6
    # clicked searches a1, b2, c1, d1, d2, f1, f2, g1 = 8; returning a1, b2, c1, d1, f1 = 5 -> 5/8
    # with a query: 17 - c3, e1, g1 = 14; reformulated b1, b2 -> 2/14
    # seconds to first click: a1 20, b2 9, c1 30, d1 0, d2 0, f1 3, f2 3, g1 10 -> 0 0 3 3 | 9 10 20 30 ->
    #   (3 + 9) / 2 = 6
    assert {k: v for k, v in full.items() if k.startswith("n_")} == {
        "n_searches": 17, "n_sessions": 7, "n_clicks": 10, "n_satisfied_clicks": 5, "n_censored_clicks": 2,
        "n_clicked_sessions": 6, "n_passing_sessions": 4, "n_clicked_searches": 8, "n_returning_searches": 5,
        "n_searches_with_query": 14, "n_reformulated_searches": 2}
    assert full["satisfied_click_rate"] == approx(5 / 10)
    assert full["threshold_pass_rate"] == approx(4 / 6)
    assert full["return_rate"] == approx(5 / 8)
    assert full["reformulation_rate"] == approx(2 / 14)
    assert full["median_seconds_to_first_click"] == approx(6.0)
    # autocomplete (session B): h1 x1 -> h2 x2 after 30 s, no click in between (h2's click is after h2):
    # reformulated, 1/2; one click (h2,1), censored (no later event): not satisfied, no passing session, no return;
    # one clicked search: median of [4] = 4
    auto = rows[(DAY1, "autocomplete")]
    assert (auto["n_searches"], auto["n_sessions"], auto["n_clicks"], auto["n_censored_clicks"]) == (2, 1, 1, 1)
    assert (auto["satisfied_click_rate"], auto["threshold_pass_rate"], auto["return_rate"]) == (0.0, 0.0, 0.0)
    assert (auto["reformulation_rate"], auto["median_seconds_to_first_click"]) == (0.5, 4.0)


def test_session_metrics_boundaries_by_hand():
    # a window of 599 s: a1's return at exactly 600 s no longer counts -> 4/8
    full = session_rows(query_column="query_id", return_window_seconds=599)[(DAY1, "fulltext")]
    assert full["n_returning_searches"] == 4
    # a gap of 299 s: b1 -> b2 (300 s) no longer counts -> 1/14
    full = session_rows(query_column="query_id", reformulation_gap_seconds=299)[(DAY1, "fulltext")]
    assert full["n_reformulated_searches"] == 1
    # a threshold just above 10 s: (a1,3) at exactly 10 s is no longer satisfied -> 4/10; session A still passes
    # (a1,1: 600 s)
    full = session_rows(query_column="query_id", dwell_threshold_seconds=10.001)[(DAY1, "fulltext")]
    assert (full["n_satisfied_clicks"], full["n_passing_sessions"]) == (4, 4)
    # a threshold of 9.5 s: 9.999 passes too (F passes) -> 6 satisfied, 5 passing sessions
    full = session_rows(query_column="query_id", dwell_threshold_seconds=9.5)[(DAY1, "fulltext")]
    assert (full["n_satisfied_clicks"], full["n_passing_sessions"]) == (6, 5)
    # without the page visit, (f2,1) is censored: 3 censored clicks, still 5 satisfied
    rows = by_key(ref.session_metrics_daily(SM_SEARCHES, SM_CLICKS, None, query_column="query_id"),
                  "search_date", "search_type")
    assert (rows[(DAY1, "fulltext")]["n_censored_clicks"], rows[(DAY1, "fulltext")]["n_satisfied_clicks"]) == (3, 5)


def test_session_metrics_without_query_column_or_query():
    full = session_rows()[(DAY1, "fulltext")]
    assert (full["reformulation_rate"], full["n_searches_with_query"], full["n_reformulated_searches"]) == \
        (None, None, None)
    assert full["return_rate"] == approx(5 / 8)  # the rest does not depend on the query column
    # a query column with no query in a group: the rate is null, the counts 0
    searches = [search("n1", "N", at(8)), search("n2", "N", at(8, 1))]
    (row,) = ref.session_metrics_daily(searches, [], query_column="query_id")
    assert (row["reformulation_rate"], row["n_searches_with_query"], row["n_reformulated_searches"]) == (None, 0, 0)
    # no click: every click rate and the median are null
    assert (row["satisfied_click_rate"], row["threshold_pass_rate"], row["return_rate"],
            row["median_seconds_to_first_click"], row["n_clicks"], row["n_sessions"]) == (None, None, None, None, 0, 1)


def test_dwell_survival_by_hand():
    rows = by_key(ref.dwell_survival(SM_SEARCHES, SM_CLICKS, SM_VISITS), "search_date", "search_type",
                  "checkin_seconds")
    # fulltext dwells: observed 5, 9, 9.999, 10, 30, 301, 600, 601; censored at 0 twice (never at risk after 0)
    # S: 5 -> 7/8, 9 -> 6/8, 9.999 -> 5/8, 10 -> 4/8 = 1/2 (median 10), 30 -> 3/8, 301 -> 2/8, 600 -> 1/8, 601 -> 0
    expected = {10: (4 / 8, 5), 20: (4 / 8, 4), 30: (3 / 8, 4), 40: (3 / 8, 3), 300: (3 / 8, 3), 360: (2 / 8, 2),
                420: (2 / 8, 2)}
    for t, (survival, at_risk) in expected.items():
        row = rows[(DAY1, "fulltext", t)]
        assert (row["survival"], row["n_at_risk"]) == (approx(survival), at_risk), t
        assert (row["n_dwells"], row["n_censored"], row["median_dwell_seconds"]) == (10, 2, 10.0)
    # autocomplete: one click, censored: S = 1 everywhere, nobody at risk at 10 s, no median
    row = rows[(DAY1, "autocomplete", 10)]
    assert (row["survival"], row["n_at_risk"], row["n_dwells"], row["n_censored"], row["median_dwell_seconds"]) == \
        (1.0, 0, 1, 1, None)
    assert len(rows) == 2 * len(ref.DEFAULT_CHECKIN_SECONDS)
    # custom check-ins, 0 included (everything is at risk at 0) and a fraction
    rows = by_key(ref.dwell_survival(SM_SEARCHES, SM_CLICKS, SM_VISITS, checkin_seconds=(0, 9.999, 600)),
                  "search_date", "search_type", "checkin_seconds")
    assert (rows[(DAY1, "fulltext", 0)]["survival"], rows[(DAY1, "fulltext", 0)]["n_at_risk"]) == (1.0, 10)
    assert rows[(DAY1, "fulltext", 9.999)]["survival"] == approx(5 / 8)
    assert rows[(DAY1, "fulltext", 600)]["survival"] == approx(1 / 8)
    # a search group without any click gets no row
    assert ref.dwell_survival([search("n1", "N", at(8))], []) == []


# ---------------------------------------------------------------------------------------------------------------
# The log generator
# ---------------------------------------------------------------------------------------------------------------


HARD_CASES = ("interleaving tie", "interleaved unit without team click", "day-session without click",
              "repeated click", "click after midnight", "one-sided experiment day",
              "click at the instant of a search", "reformulation within the gap", "query change beyond the gap",
              "click on a position without impression", "interleaved search without impressions",
              "dwell equal to the threshold (next event)", "dwell equal to the threshold (page visit)",
              "dwell equal to another check-in time", "censored click")


@pytest.mark.parametrize("seed", range(8))
def test_generator_produces_every_hard_case(seed):
    log = ref.generate_online_log(random.Random(seed))
    counts = ref.log_hard_cases(log)
    assert set(counts) == set(HARD_CASES)
    assert all(counts[case] > 0 for case in HARD_CASES), {c: n for c, n in counts.items() if not n}
    # a few of them counted here directly, independently of log_hard_cases
    searches = {s["search_id"]: s for s in log["searches"]}
    assert any(c["search_id"] in searches and c["clicked_at"].date() > searches[c["search_id"]]["searched_at"].date()
               for c in log["clicks"])
    click_keys = [(c["search_id"], c["position"]) for c in log["clicks"]]
    assert len(click_keys) > len(set(click_keys))
    # exp_2 is one-sided on day index 1: no click on an ltr_a position that day
    teams = {(i["search_id"], i["position"]): i["team"] for i in log["impressions"]}
    day1 = min(s["searched_at"].date() for s in log["searches"]) + timedelta(days=1)
    exp2_day1 = [teams.get((c["search_id"], c["position"])) for c in log["clicks"]
                 if c["search_id"] in searches and searches[c["search_id"]]["experiment"] == "exp_2"
                 and searches[c["search_id"]]["searched_at"].date() == day1]
    assert "ltr_b" in exp2_day1 and "ltr_a" not in exp2_day1
    # dwells exactly 10 s and exactly a check-in time, and a tie, as the reference reads them
    dwells = [d["dwell_seconds"] for d in ref.click_dwells(log["searches"], log["clicks"], log["page_visits"])
              if not d["censored"]]
    assert 10.0 in dwells and any(d in dwells for d in (20.0, 30.0, 60.0, 90.0, 120.0, 420.0))
    units = ref.interleaving_units(log["searches"], log["clicks"], log["impressions"], unit="session")
    assert any(u["outcome"] == "tie" for u in units)


@pytest.mark.parametrize("seed", range(8))
def test_generator_respects_the_input_contract(seed):
    log = ref.generate_online_log(random.Random(seed))
    searches = log["searches"]
    ids = [s["search_id"] for s in searches]
    assert len(ids) == len(set(ids)) and all(isinstance(i, str) and isinstance(s["session_id"], str)
                                             for i, s in zip(ids, searches))
    assert {s["search_type"] for s in searches} <= {"fulltext", "autocomplete"}
    assert all(s["searched_at"].microsecond % 1000 == 0 for s in searches)
    assert all(c["clicked_at"].microsecond % 1000 == 0 for c in log["clicks"])
    assert any(s["query_id"] is None for s in searches) and any(s["query_id"] is not None for s in searches)
    days = sorted({s["searched_at"].date() for s in searches})
    assert len(days) == 3
    assert {s["experiment"] for s in searches} == {"exp_1", "exp_2", None}
    # impressions: unique (search_id, position); an interleaved search's impressions carry exactly its
    # experiment's two teams (or there is none); the other searches' impressions carry no team
    keys = [(i["search_id"], i["position"]) for i in log["impressions"]]
    assert len(keys) == len(set(keys))
    by_search = {}
    for i in log["impressions"]:
        by_search.setdefault(i["search_id"], set()).add(i["team"])
    experiment = {s["search_id"]: s["experiment"] for s in searches}
    for sid, teams in by_search.items():
        expected = set(ref.EXPERIMENT_TEAMS[experiment[sid]]) if experiment[sid] else {None}
        assert teams == expected, sid
    # every (experiment, day) with units has impressions (so its two teams are seen that day too)
    units = ref.interleaving_units(searches, log["clicks"], log["impressions"])
    shown_days = {(experiment[sid], s["searched_at"].date()) for s in searches for sid in [s["search_id"]]
                  if sid in by_search and experiment[sid]}
    assert {(u["experiment"], u["search_date"]) for u in units} <= shown_days
    # page visits: unique, of clicked positions of known searches only, never before the first click
    first = ref.first_clicks(searches, log["clicks"])
    visit_keys = [(v["search_id"], v["position"]) for v in log["page_visits"]]
    assert len(visit_keys) == len(set(visit_keys)) and log["page_visits"]
    assert all(key in first and v["visit_end_at"] >= first[key] for key, v in zip(visit_keys, log["page_visits"]))
    assert len(searches) < 150 and len(log["impressions"]) < 500  # small: loaded into DuckDB by the SQL tests


def test_generator_options():
    plain = ref.generate_online_log(random.Random(3), experiments=False, query_ids=False, page_visits=False,
                                    unknown_search_click=False)
    assert all(s["experiment"] is None and s["query_id"] is None for s in plain["searches"])
    assert all(i["team"] is None for i in plain["impressions"]) and plain["page_visits"] == []
    known = {s["search_id"] for s in plain["searches"]}
    assert all(c["search_id"] in known for c in plain["clicks"])
    assert ref.interleaving_units(plain["searches"], plain["clicks"], plain["impressions"]) == []
    # deterministic for a seed
    assert ref.generate_online_log(random.Random(3)) == ref.generate_online_log(random.Random(3))
    small = ref.generate_online_log(random.Random(3), n_sessions=6, n_days=2)
    assert len({s["session_id"] for s in small["searches"]}) == 6
