"""Rater agreement (search_judgment_agreement): the dbt model's output equals the Python reference.

- reference.agreement, written from the textbook definitions (coincidence matrix, per-item agreement, confusion
  matrix), against the packages the field uses: statsmodels' fleiss_kappa (items with equal numbers of ratings),
  the krippendorff package (interval; nominal on 0/1 values) and sklearn's cohen_kappa_score (quadratic weights
  over the scale's consecutive grades; unweighted on binary), on generated rating sets; and against
  Krippendorff's published worked example.
- The SQL against the reference within 1e-9 on generated judgments: several raters, a rater who grades an item
  twice, null rater ids, null grades (no rating), items with one rating, all ratings equal (null alpha and kappa),
  all three scales and doc ids shared across queries; default and small minimums of shared items.
"""

from __future__ import annotations

import math
from collections import defaultdict

import krippendorff
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sklearn.metrics import cohen_kappa_score
from statsmodels.stats.inter_rater import fleiss_kappa

from harness import INPUT_SCHEMA, JUDGMENTS_COLUMNS, RESULTS_COLUMNS, assert_rows_match
from reference import agreement as ref

OUTPUT = "search_judgment_agreement"
KEY = ("scale", "query_id", "measure", "rater_a", "rater_b")
VALUES = ("value", "n_items", "n_ratings")
GRADES = {"binary": [0, 1], "graded": [0, 1, 2, 3], "detail": list(range(1, 11))}
SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

# Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", example C: 4 coders, 12 units, values 1-5
# with missing data; the paper gives alpha = 0.743 (nominal) and 0.849 (interval).
KRIPPENDORFF_EXAMPLE = {
    "A": [1, 2, 3, 3, 2, 1, 4, 1, 2, None, None, None],
    "B": [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, None, 3],
    "C": [None, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, None],
    "D": [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, None],
}


def run_agreement(dbt_project, judgments, extra_vars=None):
    dbt_vars = {"search_metrics_results": f"{INPUT_SCHEMA}.results",
                "search_metrics_judgments": f"{INPUT_SCHEMA}.judgments", **(extra_vars or {})}
    results = [{"run_id": "run", "query_id": "q0", "doc_id": "d0", "rank": 1, "score": None}]
    tables = {"results": (RESULTS_COLUMNS, results), "judgments": (JUDGMENTS_COLUMNS, judgments)}
    return dbt_project.run_tables(tables, dbt_vars, outputs=(OUTPUT,))[OUTPUT]


# ---------------------------------------------------------------------------------------------------------------
# the reference against the packages and the published example
# ---------------------------------------------------------------------------------------------------------------


def test_reference_alpha_reproduces_krippendorffs_worked_example():
    units = defaultdict(list)
    for values in KRIPPENDORFF_EXAMPLE.values():
        for unit, value in enumerate(values):
            if value is not None:
                units[unit].append(value)
    alpha, n_items, n_ratings = ref.krippendorff_alpha(units)
    assert round(alpha, 3) == 0.849 and (n_items, n_ratings) == (11, 40)  # unit 12 has one value
    nominal = {u: [1 if v == 3 else 0 for v in vs] for u, vs in units.items()}  # one category against the rest
    reliability = np.array([[np.nan if v is None else float(v == 3) for v in vs]
                            for vs in KRIPPENDORFF_EXAMPLE.values()])
    assert ref.krippendorff_alpha(nominal)[0] == pytest.approx(
        krippendorff.alpha(reliability_data=reliability, level_of_measurement="nominal"), abs=1e-12)


def test_reference_kappas_by_hand():
    # Fleiss: items [1, 1], [0, 1], [0, 0]: P_i = 1, 0, 1 -> P = 2/3; p1 = 1/2 -> Pe = 1/2; kappa = 1/3
    assert ref.fleiss_kappa({1: [1, 1], 2: [0, 1], 3: [0, 0]})[0] == pytest.approx(1 / 3, abs=1e-15)
    # unequal numbers of ratings: items [1, 1, 1] and [0, 1]: P = (1 + 0) / 2, p1 = 4/5, Pe = 17/25
    assert ref.fleiss_kappa({1: [1, 1, 1], 2: [0, 1]})[0] == pytest.approx((0.5 - 0.68) / 0.32, abs=1e-15)
    assert ref.fleiss_kappa({1: [1, 1], 2: [1, 1]})[0] is None  # no chance disagreement
    # Cohen, quadratic: a = (0, 1, 2), b = (0, 2, 2): observed 1/3; chance = mean over all 9 (a_i - b_j)^2:
    # a = 0: 0 + 4 + 4, a = 1: 1 + 1 + 1, a = 2: 4 + 0 + 0 -> 15/9; kappa = 1 - (1/3) / (15/9) = 0.8
    assert ref.cohen_kappa([(0, 0), (1, 2), (2, 2)]) == pytest.approx(0.8, abs=1e-15)
    assert ref.cohen_kappa([(1, 1), (1, 1)]) is None


@st.composite
def rating_tables(draw):
    scale = draw(st.sampled_from(sorted(GRADES)))
    n_raters = draw(st.integers(2, 5))
    n_items = draw(st.integers(2, 12))
    grades = draw(st.lists(st.sampled_from(GRADES[scale]), min_size=2, max_size=4, unique=True))
    table = [[draw(st.one_of(st.none(), st.sampled_from(grades))) for _ in range(n_items)] for _ in range(n_raters)]
    return scale, table


@settings(max_examples=200, deadline=None)
@given(rating_tables())
def test_reference_equals_the_packages(scale_and_table):
    scale, table = scale_and_table
    units = defaultdict(list)
    for row in table:
        for item, value in enumerate(row):
            if value is not None:
                units[item].append(value)
    alpha = ref.krippendorff_alpha(units)[0]
    reliability = np.array([[np.nan if v is None else float(v) for v in row] for row in table])
    if alpha is not None:
        level = "nominal" if scale == "binary" else "interval"
        assert alpha == pytest.approx(krippendorff.alpha(reliability_data=reliability, level_of_measurement=level),
                                      abs=1e-9)
    if scale == "binary":
        complete = {item: vs for item, vs in units.items() if len(vs) == len(table)}
        kappa = ref.fleiss_kappa(complete)[0]
        if kappa is not None:
            counts = np.array([[vs.count(0), vs.count(1)] for vs in complete.values()])
            assert kappa == pytest.approx(fleiss_kappa(counts, method="fleiss"), abs=1e-9)
    shared = [(a, b) for a, b in zip(table[0], table[1]) if a is not None and b is not None]
    kappa = ref.cohen_kappa(shared) if shared else None
    if kappa is not None:
        a, b = zip(*shared)
        weights = None if scale == "binary" else "quadratic"
        expected = cohen_kappa_score(a, b, labels=GRADES[scale], weights=weights)
        assert kappa == pytest.approx(expected, abs=1e-9)
        if scale == "binary":  # quadratic weights on 0/1 are the unweighted kappa
            assert kappa == pytest.approx(cohen_kappa_score(a, b, labels=[0, 1], weights="quadratic"), abs=1e-9)


# ---------------------------------------------------------------------------------------------------------------
# the model against the reference
# ---------------------------------------------------------------------------------------------------------------


@st.composite
def agreement_judgments(draw):
    """1-4 queries, each on one scale, of 1-8 docs (two doc ids shared across queries); each doc gets 0-4 rows from
    raters r0-r3, now and then a null rater_id, a null grade, a second row of the same rater, or a grade every row
    of the query shares (no variation)."""
    judgments = []
    for q in range(draw(st.integers(1, 4))):
        query_id = f"q{q}"
        scale = draw(st.sampled_from(sorted(GRADES)))
        grades = GRADES[scale]
        if draw(st.integers(0, 5)) == 0:
            grades = [draw(st.sampled_from(grades))]  # every rating of the query the same
        docs = ["shared_a", "Shared_b"][:draw(st.integers(0, 2))] + [f"{query_id}_d{i}" for i in
                                                                    range(draw(st.integers(1, 6)))]
        for doc_id in docs:
            raters = draw(st.lists(st.sampled_from(["r0", "r1", "r2", "R3", None]), max_size=4))
            if raters and draw(st.integers(0, 6)) == 0:
                raters.append(raters[0])  # the same rater twice on one item
            for rater_id in raters:
                grade = None if draw(st.integers(0, 8)) == 0 else draw(st.sampled_from(grades))
                judgments.append({"query_id": query_id, "doc_id": doc_id, "rater_id": rater_id, "grade": grade,
                                  "scale": scale})
    return judgments


@pytest.mark.dbt
@SETTINGS
@given(agreement_judgments(), st.sampled_from([2, 3]))
def test_agreement_matches_reference(dbt_project, judgments, min_shared):
    out = run_agreement(dbt_project, judgments, {"search_metrics_agreement_min_shared_items": min_shared})
    assert_rows_match(out, ref.judgment_agreement(judgments, min_shared=min_shared), key=KEY, value_columns=VALUES)


@pytest.mark.dbt
def test_agreement_cases_by_hand(dbt_project):
    """Krippendorff's example on the detail scale (alpha 0.849 in the paper), one rater who graded an item twice
    (that item leaves the rater's pairs), a null rater (alpha and Fleiss count the vote, Cohen cannot), a query
    whose ratings all agree (null alpha and kappa), a tie, and the default minimum of 10 shared items."""
    judgments = []
    for rater, values in KRIPPENDORFF_EXAMPLE.items():
        for unit, value in enumerate(values):
            if value is not None:
                judgments.append({"query_id": "q_example", "doc_id": f"u{unit:02d}", "rater_id": rater,
                                  "grade": value, "scale": "detail"})
    for doc_id, votes in {"d1": [("A", 1), ("B", 0)], "d2": [("A", 1), ("A", 1), ("B", 1)],
                          "d3": [(None, 0), ("B", 0), ("A", None)], "d4": [("A", 1)]}.items():
        judgments += [{"query_id": "q_binary", "doc_id": doc_id, "rater_id": rater, "grade": grade,
                       "scale": "binary"} for rater, grade in votes]
    judgments += [{"query_id": "q_same", "doc_id": f"d{i}", "rater_id": rater, "grade": 2, "scale": "graded"}
                  for i in range(3) for rater in ("A", "B")]
    out = run_agreement(dbt_project, judgments)
    assert_rows_match(out, ref.judgment_agreement(judgments), key=KEY, value_columns=VALUES)
    got = {(r["scale"], r["query_id"], r["measure"], r["rater_a"], r["rater_b"]): r for r in out}
    assert round(got[("detail", "q_example", "krippendorff_alpha", None, None)]["value"], 3) == 0.849
    # q_binary: items d1 (1, 0), d2 (1, 1, 1), d3 (0, 0) pair; d4 has one rating. d1 ties: 1 of 4 items.
    tie = got[("binary", "q_binary", "binary_tie_share", None, None)]
    assert (tie["value"], tie["n_items"], tie["n_ratings"]) == (0.25, 4, 8)
    fleiss = got[("binary", "q_binary", "fleiss_kappa", None, None)]
    # P_i = 0, 1, 1 -> P = 2/3; p1 = 4/7 -> Pe = 25/49
    assert (fleiss["n_items"], fleiss["n_ratings"]) == (3, 7)
    assert fleiss["value"] == pytest.approx((2 / 3 - 25 / 49) / (1 - 25 / 49), abs=1e-12)
    same = got[("graded", "q_same", "krippendorff_alpha", None, None)]
    assert same["value"] is None and (same["n_items"], same["n_ratings"]) == (3, 6)
    # A and B share 13 items over all queries (9 in q_example, 3 in q_same, d1 in q_binary: d2 is A's twice and A's
    # d3 has no grade), so their pair is reported with the default minimum of 10 but in no query. In q_example B and
    # D share units 0-9 and C and D units 1-10 (10 each); the other pairs share 8 or 9.
    pairs = {(k[1], k[3], k[4]) for k in got if k[0] == "detail" and k[2] == "cohen_kappa"}
    assert pairs == {(None, "A", "B"), (None, "B", "D"), ("q_example", "B", "D"), (None, "C", "D"),
                     ("q_example", "C", "D")}
    assert got[("detail", None, "cohen_kappa", "A", "B")]["n_items"] == 13
    assert got[("binary", "q_binary", "fleiss_kappa", None, None)]["value"] is not None
