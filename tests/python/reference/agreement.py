"""Reference of search_judgment_agreement: rater agreement per scale, over all queries and per query.

Written from the textbook definitions, not from the SQL's closed forms:
- Krippendorff's alpha from the coincidence matrix (Krippendorff 2011, "Computing Krippendorff's alpha-reliability"):
  o_ck = sum over units of (pairs c, k of values by different coders) / (m_u - 1), alpha = 1 - (n - 1) *
  sum o_ck d_ck / sum n_c n_k d_ck, with d_ck = (c - k)^2 (interval; on 0/1 values it is the nominal metric).
- Fleiss' kappa from per-item agreement (Fleiss 1971), each item with its own number of ratings m_i.
- Cohen's kappa from the confusion matrix with quadratic weights (c - k)^2 in grade units.
The tests check these against statsmodels' fleiss_kappa, the krippendorff package and sklearn's cohen_kappa_score.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction

from . import judged, trec

SCALES = ("binary", "graded", "detail")


def ratings(judgments, transformers=None, grading=None):
    """[(scale, query_id, doc_id, rater_id, value)] for every judgment row with a grade, on every scale."""
    grading = judged._grading(grading)
    effective = judged.resolve_transformers(transformers, grading)
    out = []
    for row in judgments:
        grade = row.get("grade")
        if grade is not None and row["scale"] == "graded" and grade < 0:
            grade = trec.grade_under_negative_reading(grade, grading["negative_grades"])
        if grade is None:
            continue
        for scale in SCALES:
            value = judged.transform_grade(grade, row["scale"], scale, effective)
            out.append((scale, row["query_id"], row["doc_id"], row.get("rater_id"), value))
    return out


def krippendorff_alpha(units):
    """units: {unit: [values]}. Returns (alpha or None, n pairable items, n pairable values). Exact fractions."""
    pairable = {u: vs for u, vs in units.items() if len(vs) >= 2}
    coincidence = defaultdict(Fraction)
    for values in pairable.values():
        m = len(values)
        for i, c in enumerate(values):
            for j, k in enumerate(values):
                if i != j:
                    coincidence[(c, k)] += Fraction(1, m - 1)
    n_c = Counter(v for vs in pairable.values() for v in vs)
    n = sum(n_c.values())
    observed = sum(o * (c - k) ** 2 for (c, k), o in coincidence.items())
    expected = sum(Fraction(n_c[c] * n_c[k]) * (c - k) ** 2 for c in n_c for k in n_c)
    alpha = None if expected == 0 else float(1 - (n - 1) * observed / expected)
    return alpha, len(pairable), n


def fleiss_kappa(units):
    """units: {unit: [0/1 values]}. Returns (kappa or None, n items, n ratings) over the items with 2+ ratings."""
    pairable = [vs for vs in units.values() if len(vs) >= 2]
    n = sum(len(vs) for vs in pairable)
    if not pairable:
        return None, 0, 0
    agreement = Fraction(0)
    for values in pairable:
        m = len(values)
        agreement += Fraction(sum(values.count(c) * (values.count(c) - 1) for c in (0, 1)), m * (m - 1))
    agreement /= len(pairable)
    ones = Fraction(sum(sum(vs) for vs in pairable), n)
    chance = ones ** 2 + (1 - ones) ** 2
    kappa = None if chance == 1 else float((agreement - chance) / (1 - chance))
    return kappa, len(pairable), n


def cohen_kappa(pairs):
    """pairs: [(a, b)] the two raters' grades of their shared items. Quadratic weights (a - b)^2 from the
    confusion matrix O and the chance matrix E = outer(marginals) / N: 1 - sum w O / sum w E."""
    values = sorted({v for pair in pairs for v in pair})
    confusion = Counter(pairs)
    n = len(pairs)
    row = Counter(a for a, _ in pairs)
    column = Counter(b for _, b in pairs)
    observed = sum(Fraction((c - k) ** 2 * confusion[(c, k)]) for c in values for k in values)
    expected = sum(Fraction((c - k) ** 2 * row[c] * column[k], n) for c in values for k in values)
    return None if expected == 0 else float(1 - observed / expected)


def judgment_agreement(judgments, min_shared=10, transformers=None, grading=None):
    """Rows of search_judgment_agreement: scale, query_id (None = all queries), measure, rater_a, rater_b, value,
    n_items, n_ratings."""
    by_scope = defaultdict(list)
    for scale, query_id, doc_id, rater_id, value in ratings(judgments, transformers, grading):
        by_scope[(scale, None)].append((query_id, doc_id, rater_id, value))
        by_scope[(scale, query_id)].append((query_id, doc_id, rater_id, value))
    rows = []
    for (scale, query_id), scope_ratings in by_scope.items():
        units = defaultdict(list)
        for q, d, _, value in scope_ratings:
            units[(q, d)].append(value)

        def row(measure, value, n_items, n_ratings, rater_a=None, rater_b=None):
            rows.append({"scale": scale, "query_id": query_id, "measure": measure, "rater_a": rater_a,
                         "rater_b": rater_b, "value": value, "n_items": n_items, "n_ratings": n_ratings})

        row("krippendorff_alpha", *krippendorff_alpha(units))
        if scale == "binary":
            row("fleiss_kappa", *fleiss_kappa(units))
            tied = sum(1 for vs in units.values() if vs.count(1) == vs.count(0))
            row("binary_tie_share", tied / len(units), len(units), len(scope_ratings))
        # Cohen: each rater's single rating of an item (an item rated twice by one rater is left out)
        per_rater = defaultdict(list)
        for q, d, rater_id, value in scope_ratings:
            if rater_id is not None:
                per_rater[(rater_id, (q, d))].append(value)
        graded_once = defaultdict(dict)
        for (rater_id, unit), values in per_rater.items():
            if len(values) == 1:
                graded_once[rater_id][unit] = values[0]
        raters = sorted(graded_once, key=lambda r: r.encode("utf-8"))
        for i, rater_a in enumerate(raters):
            for rater_b in raters[i + 1:]:
                shared = sorted(set(graded_once[rater_a]) & set(graded_once[rater_b]))
                if len(shared) >= min_shared:
                    pairs = [(graded_once[rater_a][u], graded_once[rater_b][u]) for u in shared]
                    row("cohen_kappa", cohen_kappa(pairs), len(shared), 2 * len(shared), rater_a, rater_b)
    return rows
