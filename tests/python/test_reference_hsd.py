"""reference.hsd (the tests across all systems, plain Python) against outside implementations and hand cases:

- the two-way ANOVA without replication: statsmodels' anova_lm of ols('value ~ C(run) + C(topic)') (additive, the
  topics as blocks): sums of squares, df, F and the systems' p-value;
- Tukey's HSD with topics as blocks: statsmodels' multicomp.tukeyhsd given the runs' means, n, the ANOVA's residual
  variance and its df (its p-values are scipy.stats.studentized_range.sf); pairwise_tukeyhsd and ranx are one-way
  (their variance is the pooled within-run variance with df m(n - 1): the topic variance stays in the error), so
  they are compared with the reference's one-way mode, reference.hsd.tukey_one_way, and the block test is shown to
  be the sharper one on data with a topic effect;
- the randomized Tukey HSD: identical runs and one topic give p = 1; on 3 runs x 3 topics its p-values agree with
  the exact permutation distribution (all 6^3 within-topic permutations enumerated) within sampling error;
- the compact letter display: hand cases (an interval pattern, a non-monotone one that needs insert-and-absorb).
No dbt: plain Python, about a second.
"""

from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pytest

from reference import hsd as ref


def _matrix(seed, m, n, effect=0.3, topic=0.5, noise=0.1):
    rnd = random.Random(seed)
    topics = [rnd.uniform(0, topic) for _ in range(n)]
    effects = [rnd.uniform(-effect, effect) for _ in range(m)]
    return [[effects[i] + topics[j] + rnd.gauss(0, noise) for j in range(n)] for i in range(m)]


@pytest.mark.parametrize("seed, m, n", [(1, 3, 8), (2, 5, 12), (3, 2, 30), (4, 8, 6)])
def test_anova_and_block_tukey_match_statsmodels(seed, m, n):
    pandas = pytest.importorskip("pandas")
    from statsmodels.formula.api import ols
    from statsmodels.sandbox.stats.multicomp import tukeyhsd
    from statsmodels.stats.anova import anova_lm

    x = _matrix(seed, m, n)
    frame = pandas.DataFrame([{"run": f"r{i}", "topic": f"t{j:02d}", "value": x[i][j]}
                              for i in range(m) for j in range(n)])
    table = anova_lm(ols("value ~ C(run) + C(topic)", data=frame).fit())
    got = ref.anova(x)
    assert got["ss_systems"] == pytest.approx(table.loc["C(run)", "sum_sq"], abs=1e-10)
    assert got["ss_topics"] == pytest.approx(table.loc["C(topic)", "sum_sq"], abs=1e-10)
    assert got["ss_residual"] == pytest.approx(table.loc["Residual", "sum_sq"], abs=1e-10)
    assert (got["df_systems"], got["df_topics"], got["df_residual"]) == (
        table.loc["C(run)", "df"], table.loc["C(topic)", "df"], table.loc["Residual", "df"])
    assert got["ms_residual"] == pytest.approx(table.loc["Residual", "mean_sq"], abs=1e-12)
    assert got["f_systems"] == pytest.approx(table.loc["C(run)", "F"], rel=1e-9)
    assert got["f_topics"] == pytest.approx(table.loc["C(topic)", "F"], rel=1e-9)
    assert got["p_value_systems"] == pytest.approx(table.loc["C(run)", "PR(>F)"], abs=1e-12)
    # Tukey with blocks: the runs' means, n topics, the ANOVA's residual variance and df (df given per run so that
    # their sum is (m - 1)(n - 1))
    means = [sum(row) / n for row in x]
    (low, high), *_, pvalues = tukeyhsd(np.array(means), n, got["ms_residual"],
                                        df=np.array([got["df_residual"]] + [0] * (m - 1)))
    for a, b, p in zip(low, high, pvalues):
        q = abs(means[a] - means[b]) / math.sqrt(got["ms_residual"] / n)
        assert ref.tukey_p(q, m, got["df_residual"]) == pytest.approx(p, abs=1e-12)


@pytest.mark.parametrize("seed, m, n", [(5, 3, 10), (6, 6, 15)])
def test_one_way_mode_matches_pairwise_tukeyhsd_and_ranx(seed, m, n):
    from ranx.statistical_tests.tukey_hsd_test import tukey_hsd_test
    from statsmodels.stats.multicomp import pairwise_tukeyhsd

    x = _matrix(seed, m, n, topic=2.0)
    one_way = ref.tukey_one_way(x)
    groups = [f"r{i}" for i in range(m) for _ in range(n)]
    result = pairwise_tukeyhsd(np.array([v for row in x for v in row]), np.array(groups))
    pairs = list(itertools.combinations(range(m), 2))  # statsmodels' order: the sorted group names' upper triangle
    assert len(result.pvalues) == len(pairs)
    for (i, j), p in zip(pairs, result.pvalues):
        assert one_way[(i, j)][1] == pytest.approx(p, abs=1e-12)
    ranx_rows = {(r["control"], r["treatment"]): r["p-value"]
                 for r in tukey_hsd_test([f"r{i}" for i in range(m)], [np.array(row) for row in x], 0.05)}
    for (i, j), (_, p) in one_way.items():
        assert p == pytest.approx(ranx_rows[(f"r{i}", f"r{j}")], abs=1e-9)
    # with a large topic effect, the blocks take it out of the error: every block p-value is at most the one-way one
    block = ref.anova(x)
    means = [sum(row) / n for row in x]
    for (i, j), (_, p) in one_way.items():
        q = abs(means[i] - means[j]) / math.sqrt(block["ms_residual"] / n)
        assert ref.tukey_p(q, m, block["df_residual"]) <= p


def test_randomized_hsd_by_hand():
    # identical runs: every difference 0, every range >= 0
    x = [[0.1, 0.5, 0.9], [0.1, 0.5, 0.9]]
    ranges = ref.randomized_ranges(x, 50)
    assert all(r == pytest.approx(0, abs=1e-15) for r in ranges)
    # one topic: every permutation of (0.2, 0.7, 0.4) has range 0.5 = the largest observed difference
    assert all(r == pytest.approx(0.5, abs=1e-15) for r in ref.randomized_ranges([[0.2], [0.7], [0.4]], 50))


def test_randomized_hsd_agrees_with_the_exact_permutation_distribution():
    x = [[0.9, 0.4, 0.6], [0.5, 0.1, 0.8], [0.2, 0.3, 0.1]]
    m, n = 3, 3
    means = [sum(row) / n for row in x]
    exact_ranges = []
    for perms in itertools.product(itertools.permutations(range(m)), repeat=n):
        slots = [sum(x[perms[j][s]][j] for j in range(n)) / n for s in range(m)]
        exact_ranges.append(max(slots) - min(slots))
    n_permutations = 3000
    ranges = ref.randomized_ranges(x, n_permutations)
    for i, j in itertools.combinations(range(m), 2):
        d = abs(means[i] - means[j])
        exact = sum(r >= d - 1e-12 for r in exact_ranges) / len(exact_ranges)
        drawn = sum(r >= d - 1e-12 for r in ranges) / n_permutations
        assert abs(drawn - exact) <= 4 * math.sqrt(exact * (1 - exact) / n_permutations) + 1e-12, (i, j, drawn, exact)


def test_letters_by_hand():
    # means in order a > b > c > d; significant: (a, c), (a, d), (b, d) -> groups {a, b}, {b, c}, {c, d}
    significant = {("a", "c"), ("a", "d"), ("b", "d")}
    found, span = ref.letters(["a", "b", "c", "d"], lambda u, v: (u, v) in significant or (v, u) in significant)
    assert found == {"a": "a", "b": "ab", "c": "bc", "d": "c"}
    assert span == {"a": (1, 1), "b": (1, 2), "c": (2, 3), "d": (3, 3)}
    # nothing significant: one letter; everything significant: one letter each
    assert ref.letters(["x", "y", "z"], lambda u, v: False)[0] == {"x": "a", "y": "a", "z": "a"}
    assert ref.letters(["x", "y", "z"], lambda u, v: True)[0] == {"x": "a", "y": "b", "z": "c"}
    # not an interval pattern (only the first and second differ): insert-and-absorb gives {a, c} and {b, c}
    assert ref.letters(["a", "b", "c"], lambda u, v: {u, v} == {"a", "b"})[0] == {"a": "a", "b": "b", "c": "ab"}
