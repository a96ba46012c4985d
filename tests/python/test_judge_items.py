"""Automated judges held to the humans, item level: search_judge_agreement and search_judge_confusion.

- The SQL against reference/judges.py (written from the definitions: the metrics' own aggregation of the human
  rows as the consensus, Cohen's confusion matrix with quadratic weights, Krippendorff's coincidence matrix) within
  1e-9 on generated judgments, and against the outside implementations: sklearn's cohen_kappa_score
  (weights='quadratic', the scale's grades as labels) for a judge whose items all have whole values on both sides,
  and the krippendorff package (interval) for every judge and scale.
- The generator makes the hard cases and the test asserts that each is there: a doc graded only by an automated
  judge (no item), a human tie on binary (the item leaves the binary rows only), a judge that graded one query only,
  a judge that copies the humans (kappa 1) and one that reverses them (negative kappa), a judge that graded an item
  twice, a judge without a shared item (null values, n_items 0), a judge whose rows have no grade (no row), doc ids
  shared across queries, human rows with a null rater_id and a human whose rater_id only looks automated.
- Hand-computed values on a small case.
One compile for the module (var search_metrics_automated_raters: ['llm:*', 'sdbn']), DuckDB through the harness.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict

import krippendorff
import numpy as np
import pytest
from sklearn.metrics import cohen_kappa_score

from harness import INPUT_SCHEMA, JUDGMENTS_COLUMNS, RESULTS_COLUMNS, assert_rows_match
from reference import judged as ref_judged
from reference import judges as ref

AGREEMENT, CONFUSION = "search_judge_agreement", "search_judge_confusion"
AUTOMATED = ["llm:*", "sdbn"]
GRADES = {"binary": [0, 1], "graded": [0, 1, 2, 3], "detail": list(range(1, 11))}
SEEDS = [20261127, 7, 311]
HUMANS = ["h0", "h1", "H2", None, "LLM:human"]  # 'LLM:human' is not 'llm:*': human


def run_judges(dbt_project, judgments):
    dbt_vars = {"search_metrics_results": f"{INPUT_SCHEMA}.results",
                "search_metrics_judgments": f"{INPUT_SCHEMA}.judgments",
                "search_metrics_automated_raters": AUTOMATED}
    results = [{"run_id": "run", "query_id": "q0", "doc_id": "d0", "rank": 1, "score": None}]
    tables = {"results": (RESULTS_COLUMNS, results), "judgments": (JUDGMENTS_COLUMNS, judgments)}
    return dbt_project.run_tables(tables, dbt_vars, outputs=(AGREEMENT, CONFUSION))


def generated_judgments(seed: int) -> list[dict]:
    """Six queries (two per scale) of 3-6 own docs and two doc ids every query shares; 0-3 human rows per doc (now
    and then a null grade) and the judges: llm:mirror (the humans' rows copied), llm:reverse (each human grade
    reversed on its scale), llm:noisy (a random grade, now and then twice, and a doc nobody else graded),
    llm:single (one grade on the items with exactly one human grade), sdbn (graded-scale grades on every query),
    llm:one_query (the first query only), llm:lonely (only a doc no human graded), llm:blank (null grades only); a
    binary tie of the humans in every binary query."""
    rng = random.Random(seed)
    rows = []

    def add(query_id, doc_id, rater_id, grade, scale):
        rows.append({"query_id": query_id, "doc_id": doc_id, "rater_id": rater_id, "grade": grade, "scale": scale})

    scales = ["binary", "graded", "detail"]
    for q in range(6):
        query_id = ["q0", "Q1", "q_é", "q3", "qB", "q5"][q]
        scale = scales[q % 3]
        grades = GRADES[scale]
        low, high = grades[0], grades[-1]
        docs = [f"{query_id}_d{i}" for i in range(rng.randint(3, 6))] + ["shared_a", "Shared_b"]
        for doc_id in docs:
            human = [(rater, None if rng.random() < 0.1 else rng.choice(grades))
                     for rater in rng.sample(HUMANS, rng.randint(0, 3))]
            for rater, grade in human:
                add(query_id, doc_id, rater, grade, scale)
                add(query_id, doc_id, "llm:mirror", grade, scale)
                if grade is not None:
                    add(query_id, doc_id, "llm:reverse", low + high - grade, scale)
            if rng.random() < 0.8:
                for _ in range(2 if rng.random() < 0.25 else 1):
                    add(query_id, doc_id, "llm:noisy", rng.choice(grades), scale)
            if sum(grade is not None for _, grade in human) == 1:
                add(query_id, doc_id, "llm:single", rng.choice(grades), scale)
            if rng.random() < 0.7:
                add(query_id, doc_id, "sdbn", rng.choice(GRADES["graded"]), "graded")
            if q == 0:
                add(query_id, doc_id, "llm:one_query", rng.choice(grades), scale)
        if scale == "binary":  # the humans tie; the judges grade the doc
            for rater, grade in (("h0", 1), ("h1", 0)):
                add(query_id, f"{query_id}_tie", rater, grade, scale)
            add(query_id, f"{query_id}_tie", "llm:noisy", 1, scale)
            add(query_id, f"{query_id}_tie", "sdbn", 2, "graded")
        add(query_id, f"{query_id}_robots_only", "llm:noisy", rng.choice(grades), scale)
    add("q0", "nobody_else", "llm:lonely", 1, "binary")
    add("Q1", "shared_a", "llm:blank", None, "graded")
    return rows


def rounded_key(row):
    return {**row, "human_value": round(row["human_value"], 9), "judge_value": round(row["judge_value"], 9)}


def reliability_matrix(units):
    """The krippendorff package's input: one row per rating slot, one column per unit, NaN where a unit has
    fewer ratings (alpha does not depend on which coder gave which rating)."""
    width = max(len(values) for values in units)
    return np.array([[values[i] if i < len(values) else np.nan for values in units] for i in range(width)],
                     dtype=float)


@pytest.fixture(scope="module")
def generated(dbt_project):
    """{seed: (judgments, SQL outputs)} for every generated dataset."""
    return {seed: (judgments, run_judges(dbt_project, judgments))
            for seed in SEEDS for judgments in [generated_judgments(seed)]}


@pytest.mark.dbt
def test_agreement_and_confusion_equal_the_reference(generated):
    for seed, (judgments, out) in generated.items():
        expected = ref.judge_agreement(judgments, AUTOMATED)
        assert_rows_match(out[AGREEMENT], expected, key=("rater_id", "scale", "measure"),
                          value_columns=("value", "n_items", "n_ratings"))
        assert_rows_match([rounded_key(r) for r in out[CONFUSION]],
                          [rounded_key(r) for r in ref.judge_confusion(judgments, AUTOMATED)],
                          key=("rater_id", "scale", "human_value", "judge_value"), value_columns=("n_items",))
        # the confusion cells of a (judge, scale) hold its items
        cells = defaultdict(int)
        for row in out[CONFUSION]:
            cells[(row["rater_id"], row["scale"])] += row["n_items"]
        for row in out[AGREEMENT]:
            assert cells.get((row["rater_id"], row["scale"]), 0) == row["n_items"], (seed, row)


@pytest.mark.dbt
def test_the_hard_cases_are_there(generated):
    for seed, (judgments, out) in generated.items():
        rows = {(r["rater_id"], r["scale"], r["measure"]): r for r in out[AGREEMENT]}
        judges, items, _ = ref.judge_items(judgments, AUTOMATED)
        raters = {r["rater_id"] for r in out[AGREEMENT]}
        assert raters == {"llm:mirror", "llm:reverse", "llm:noisy", "llm:single", "sdbn", "llm:one_query",
                          "llm:lonely"}, seed
        assert "LLM:human" not in raters and "llm:blank" not in raters
        # llm:mirror copies the humans: kappa 1 on every scale
        for scale in GRADES:
            assert rows[("llm:mirror", scale, "cohen_kappa")]["value"] == pytest.approx(1, abs=1e-12)
            assert rows[("llm:mirror", scale, "mean_signed_difference")]["value"] == pytest.approx(0, abs=1e-12)
        # llm:reverse: worse than chance
        assert rows[("llm:reverse", "graded", "cohen_kappa")]["value"] < 0
        # a judge without a shared item: null values, no items
        for scale in GRADES:
            for measure in ref.MEASURES:
                row = rows[("llm:lonely", scale, measure)]
                assert (row["value"], row["n_items"], row["n_ratings"]) == (None, 0, 0)
        # a judge that graded one query only
        assert {key[0] for scale in GRADES for key in items[("llm:one_query", scale)]} == {"q0"}
        assert rows[("llm:one_query", "graded", "cohen_kappa")]["n_items"] > 0
        # a human tie on binary: the item is on the other scales of the judge, not on binary
        tied = [key for key in items[("llm:noisy", "graded")] if key[1].endswith("_tie")]
        assert tied and not any(key in items[("llm:noisy", "binary")] for key in tied)
        # docs graded only by an automated judge are no item
        robots = [key for key in items[("llm:noisy", "graded")] if key[1].endswith("_robots_only")]
        assert not robots and any(j["doc_id"].endswith("_robots_only") for j in judgments)
        # a judge that graded an item twice, with two grades: a fractional judge value on graded or detail
        assert any(r["judge_value"] != int(r["judge_value"]) for r in out[CONFUSION]
                   if r["rater_id"] == "llm:noisy" and r["scale"] != "binary")
        # fractional consensus values
        assert any(r["human_value"] != int(r["human_value"]) for r in out[CONFUSION])
        # a shared doc id with other consensus values in two queries
        consensus = ref_judged.aggregate_judgments(
            [j for j in judgments if not ref.is_automated(j["rater_id"], AUTOMATED)])
        by_doc = defaultdict(set)
        for (query_id, doc_id), values in consensus.items():
            if doc_id in ("shared_a", "Shared_b") and values["graded"] is not None:
                by_doc[doc_id].add(values["graded"])
        assert any(len(values) > 1 for values in by_doc.values())
        assert judges == raters


@pytest.mark.dbt
def test_kappa_equals_sklearn_and_alpha_equals_krippendorff(generated):
    checked_kappa = checked_alpha = 0
    for seed, (judgments, out) in generated.items():
        rows = {(r["rater_id"], r["scale"], r["measure"]): r["value"] for r in out[AGREEMENT]}
        _, items, human_ratings = ref.judge_items(judgments, AUTOMATED)
        for (rater, scale), shared in items.items():
            if not shared:
                continue
            humans, judge = zip(*shared.values())
            if all(v == int(v) for v in humans + judge):
                expected = cohen_kappa_score(judge, humans, labels=GRADES[scale], weights="quadratic")
                if math.isnan(expected):
                    assert rows[(rater, scale, "cohen_kappa")] is None
                else:
                    assert rows[(rater, scale, "cohen_kappa")] == pytest.approx(expected, abs=1e-9), (seed, rater)
                checked_kappa += 1
            units = [[*human_ratings[(scale, *key)], judge_value] for key, (_, judge_value) in shared.items()]
            if len({v for values in units for v in values}) > 1:
                expected = krippendorff.alpha(reliability_data=reliability_matrix(units),
                                              level_of_measurement="interval")
                assert rows[(rater, scale, "krippendorff_alpha")] == pytest.approx(expected, abs=1e-9), (seed, rater)
                checked_alpha += 1
            else:
                assert rows[(rater, scale, "krippendorff_alpha")] is None
    # llm:single (whole values on both sides by construction) on three scales per seed, at least
    assert checked_kappa >= 3 * len(generated) and checked_alpha >= 15 * len(generated)


@pytest.mark.dbt
def test_a_small_case_by_hand(dbt_project):
    """Graded query: d1 humans (1, 2), d2 (0), d3 (3), d4 (2, 2) and a binary tie on d5 (graded 0 and 3 read as
    0 and 1). The judge llm:a grades d1 2, d2 0 and 1 (mean 0.5), d3 3, d4 1, d5 3, and d6 (no human)."""
    judgments = []
    for doc_id, grades in {"d1": [1, 2], "d2": [0], "d3": [3], "d4": [2, 2], "d5": [0, 3]}.items():
        judgments += [{"query_id": "q", "doc_id": doc_id, "rater_id": f"h{i}", "grade": g, "scale": "graded"}
                      for i, g in enumerate(grades)]
    for doc_id, grade in [("d1", 2), ("d2", 0), ("d2", 1), ("d3", 3), ("d4", 1), ("d5", 3), ("d6", 2)]:
        judgments.append({"query_id": "q", "doc_id": doc_id, "rater_id": "llm:a", "grade": grade,
                          "scale": "graded"})
    out = run_judges(dbt_project, judgments)
    rows = {(r["scale"], r["measure"]): r for r in out[AGREEMENT]}
    # graded items d1..d5: consensus h = (1.5, 0, 3, 2, 1.5), judge j = (2, 0.5, 3, 1, 3)
    # j - h = (0.5, 0.5, 0, -1, 1.5): mean 1.5 / 5 = 0.3; mean (j - h)^2 = (0.25 + 0.25 + 0 + 1 + 2.25) / 5 = 0.75
    # mean h = 1.6, var h = (0.01 + 2.56 + 1.96 + 0.16 + 0.01) / 5 = 0.94; mean j = 1.9,
    # var j = (0.01 + 1.96 + 1.21 + 0.81 + 1.21) / 5 = 1.04; kappa = 1 - 0.75 / (0.94 + 1.04 + 0.09) = 1 - 0.75 / 2.07
    assert rows[("graded", "mean_signed_difference")]["value"] == pytest.approx(0.3, abs=1e-12)
    assert rows[("graded", "cohen_kappa")]["value"] == pytest.approx(1 - 0.75 / 2.07, abs=1e-12)
    assert (rows[("graded", "cohen_kappa")]["n_items"], rows[("graded", "cohen_kappa")]["n_ratings"]) == (5, 10)
    # alpha: 8 human ratings + 5 judge values
    assert (rows[("graded", "krippendorff_alpha")]["n_items"], rows[("graded", "krippendorff_alpha")]["n_ratings"]) \
        == (5, 13)
    # binary (grade >= 1 is relevant): humans d1 1, d2 0, d3 1, d4 1, d5 tie (left out);
    # judge d1 1, d2 tie (0 and 1: no value, left out), d3 1, d4 1: items d1, d3, d4, all 1 on both sides
    binary = rows[("binary", "cohen_kappa")]
    assert (binary["value"], binary["n_items"]) == (None, 3)
    assert rows[("binary", "krippendorff_alpha")]["value"] is None  # every rating is 1
    cells = {(r["scale"], r["human_value"], r["judge_value"]): r["n_items"] for r in out[CONFUSION]}
    assert cells[("binary", 1.0, 1.0)] == 3 and ("binary", 0.0, 0.0) not in cells
    assert cells[("graded", 1.5, 2.0)] == 1 and cells[("graded", 0.0, 0.5)] == 1
    assert cells[("graded", 1.5, 3.0)] == 1
