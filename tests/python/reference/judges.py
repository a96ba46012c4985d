"""Reference of search_judge_agreement and search_judge_confusion: each automated judge held to the humans, item by
item. Written from the definitions in docs/judgments.md ("Automated judges: item level"), not from the SQL:

- a rater is automated when its rater_id equals an entry of var search_metrics_automated_raters or starts with an
  entry's prefix (an entry ending in '*'); a null rater_id is human;
- the human consensus of an item is reference.judged.aggregate_judgments over the human rows (the metrics' own
  aggregation: majority vote on binary, None on a tie; mean on graded and detail); a judge's value of an item is the
  same aggregation over the judge's rows of the item;
- a judge's items on a scale: the items where both values are not None;
- cohen_kappa: Cohen's (1968) confusion-matrix form 1 - sum w O / sum w E, E the product of the marginals / N,
  w = (j - h)^2, in exact fractions (a fractional value is a category of its own);
- krippendorff_alpha: reference.agreement.krippendorff_alpha (the coincidence matrix, interval metric) over units
  holding every human rating of the item (one per human row with a grade) and the judge's value, in exact fractions;
- mean_signed_difference: the mean of judge - consensus, in exact fractions.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction

from . import agreement, judged, trec

SCALES = ("binary", "graded", "detail")
MEASURES = ("cohen_kappa", "krippendorff_alpha", "mean_signed_difference")
DEFAULT_AUTOMATED = ("sdbn", "coec", "pbm")


def is_automated(rater_id, automated=DEFAULT_AUTOMATED) -> bool:
    if rater_id is None:
        return False
    for entry in automated:
        entry = str(entry)
        if entry.endswith("*"):
            if rater_id.startswith(entry[:-1]):
                return True
        elif rater_id == entry:
            return True
    return False


def _graded(row, grading) -> bool:
    """Whether the row holds a grade once var search_metrics_negative_grades has read it."""
    grade = row.get("grade")
    if grade is not None and row["scale"] == "graded" and grade < 0:
        grade = trec.grade_under_negative_reading(grade, grading["negative_grades"])
    return grade is not None


def quadratic_kappa(pairs):
    """pairs: [(a, b)], the two sides' values of each item. Cohen's weighted kappa with w = (a - b)^2 from the
    confusion matrix O and the chance matrix E (outer product of the marginals / N): 1 - sum w O / sum w E.
    None when sum w E = 0 (both sides one and the same value throughout)."""
    pairs = [(Fraction(a), Fraction(b)) for a, b in pairs]
    n = len(pairs)
    confusion = Counter(pairs)
    row = Counter(a for a, _ in pairs)
    column = Counter(b for _, b in pairs)
    observed = sum((a - b) ** 2 * count for (a, b), count in confusion.items()) / n
    expected = sum((a - b) ** 2 * row[a] * column[b] for a in row for b in column) / Fraction(n * n)
    return None if expected == 0 else float(1 - observed / expected)


def judge_items(judgments, automated=DEFAULT_AUTOMATED, transformers=None, grading=None):
    """Returns (judges, items, human_ratings):
    judges: the automated rater_ids with at least one row with a grade;
    items: {(rater_id, scale): {(query_id, doc_id): (human_value, judge_value)}} over the items where both are set;
    human_ratings: {(scale, query_id, doc_id): [every human rating of the item on the scale]}."""
    grading = judged._grading(grading)
    humans = [row for row in judgments if not is_automated(row.get("rater_id"), automated)]
    by_judge = defaultdict(list)
    for row in judgments:
        if is_automated(row.get("rater_id"), automated):
            by_judge[row["rater_id"]].append(row)
    judges = {rater for rater, rows in by_judge.items() if any(_graded(row, grading) for row in rows)}
    consensus = judged.aggregate_judgments(humans, transformers, grading) if humans else {}
    items = defaultdict(dict)
    for rater, rows in by_judge.items():
        own = judged.aggregate_judgments(rows, transformers, grading)
        for key, values in own.items():
            human = consensus.get(key)
            for scale in SCALES:
                if human is not None and human[scale] is not None and values[scale] is not None:
                    items[(rater, scale)][key] = (human[scale], values[scale])
    human_ratings = defaultdict(list)
    for scale, query_id, doc_id, _, value in agreement.ratings(humans, transformers, grading):
        human_ratings[(scale, query_id, doc_id)].append(value)
    return judges, items, human_ratings


def judge_agreement(judgments, automated=DEFAULT_AUTOMATED, transformers=None, grading=None):
    """Rows of search_judge_agreement: rater_id, scale, measure, value, n_items, n_ratings."""
    judges, items, human_ratings = judge_items(judgments, automated, transformers, grading)
    rows = []
    for rater in sorted(judges):
        for scale in SCALES:
            shared = items.get((rater, scale), {})
            n = len(shared)
            pairs = [(judge, human) for human, judge in shared.values()]
            kappa = quadratic_kappa(pairs) if pairs else None
            units = {key: [Fraction(v) for v in (*human_ratings[(scale, *key)], judge)]
                     for key, (_, judge) in shared.items()}
            alpha, n_alpha_items, n_alpha_ratings = agreement.krippendorff_alpha(units)
            difference = (float(sum(Fraction(judge) - Fraction(human) for human, judge in shared.values()) / n)
                          if n else None)
            for measure, value, n_items, n_ratings in (
                    ("cohen_kappa", kappa, n, 2 * n),
                    ("krippendorff_alpha", alpha, n_alpha_items, n_alpha_ratings),
                    ("mean_signed_difference", difference, n, 2 * n)):
                rows.append({"rater_id": rater, "scale": scale, "measure": measure, "value": value,
                             "n_items": n_items, "n_ratings": n_ratings})
    return rows


def judge_confusion(judgments, automated=DEFAULT_AUTOMATED, transformers=None, grading=None):
    """Rows of search_judge_confusion: rater_id, scale, human_value, judge_value, n_items (cells with items)."""
    _, items, _ = judge_items(judgments, automated, transformers, grading)
    cells = defaultdict(int)
    for (rater, scale), shared in items.items():
        for human, judge in shared.values():
            cells[(rater, scale, float(human), float(judge))] += 1
    return [{"rater_id": rater, "scale": scale, "human_value": human, "judge_value": judge, "n_items": n}
            for (rater, scale, human, judge), n in sorted(cells.items())]
