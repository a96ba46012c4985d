"""Run overlap (search_run_overlap, search_run_pair_overlap): the dbt models' output equals the Python reference.

- reference.overlap (eq. 32 of Webber et al. 2010) against sums written out by hand. It was also checked once
  against the `rbo` package (rbo==0.1.3, RankingSimilarity.rbo_ext) on 400 random list pairs to 1e-12; that package
  needs numpy < 2, which the pinned test extras cannot install, so the suite keeps the hand computations.
- The SQL against the reference within 1e-9 on generated results: rank gaps (a top k can be empty), lists of
  different lengths, disjoint and identical lists, queries only one run returned (no row), doc ids shared across
  queries, run ids whose code-point order differs from a dictionary order; default and configured pairs, cutoffs
  and persistence.
- A bad search_metrics_rbo_persistence fails at compile time with its rule.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from harness import INPUT_SCHEMA, JUDGMENTS_COLUMNS, RESULTS_COLUMNS, assert_rows_match
from reference import overlap as ref
from var_rules import assert_compile_error, errors_in_one_context

OUTPUTS = ("search_run_overlap", "search_run_pair_overlap")
QUERY_KEY = ("baseline", "candidate", "query_id", "measure", "k")
PAIR_KEY = ("baseline", "candidate", "measure", "k")
RUN_IDS = ["run_a", "Run_b", "run_c", "_run_d"]  # code-point order: Run_b, _run_d, run_a, run_c
DOCS = [f"d{i}" for i in range(8)]  # one pool for every query: doc ids shared across queries
CUTOFFS = [1, 2, 3, 5]
DEFAULT_VARS = {"search_metrics_cutoffs": CUTOFFS}
CUSTOM_PAIRS = [["run_c", "run_a"], ["run_a", "Run_b"], ["run_a", "no_such_run"], ["ghost_1", "ghost_2"]]
CUSTOM_VARS = {"search_metrics_cutoffs": [4, 2], "search_metrics_comparisons": CUSTOM_PAIRS,
               "search_metrics_rbo_persistence": 0.55}


def run_overlap(dbt_project, results, extra_vars):
    dbt_vars = {"search_metrics_results": f"{INPUT_SCHEMA}.results",
                "search_metrics_judgments": f"{INPUT_SCHEMA}.judgments", **extra_vars}
    tables = {"results": (RESULTS_COLUMNS, results), "judgments": (JUDGMENTS_COLUMNS, [])}
    return dbt_project.run_tables(tables, dbt_vars, outputs=OUTPUTS)


def check(out, results, pairs=None, cutoffs=tuple(CUTOFFS), p=0.9):
    expected = ref.query_overlap(results, pairs, cutoffs, p)
    assert_rows_match(out["search_run_overlap"], expected, key=QUERY_KEY, value_columns=("value",))
    expected_pairs = ref.pair_overlap(results, pairs, cutoffs, p)
    assert_rows_match(out["search_run_pair_overlap"], expected_pairs, key=PAIR_KEY,
                      value_columns=("value", "n_queries"))
    return expected


@st.composite
def overlap_results(draw):
    """1-4 runs over up to 5 queries; each run returns a query or not; a list is 1-7 docs of one shared pool, or a
    copy, the reverse or a prefix of run_a's list; ranks start at 1-3 and step by 1-2 (gaps)."""
    runs = draw(st.lists(st.sampled_from(RUN_IDS), min_size=1, max_size=4, unique=True))
    results = []
    for q in range(draw(st.integers(1, 5))):
        query_id = f"q{q}"
        first = None
        for run_id in runs:
            if not draw(st.booleans()) and draw(st.booleans()):
                continue  # this run did not return the query (a quarter of the time)
            kind = draw(st.sampled_from(["random", "random", "copy", "reverse", "prefix", "disjoint"]))
            if first is None or kind == "random":
                docs = draw(st.permutations(DOCS))[:draw(st.integers(1, 7))]
            elif kind == "copy":
                docs = first
            elif kind == "reverse":
                docs = first[::-1]
            elif kind == "prefix":
                docs = first[:draw(st.integers(1, len(first)))]
            else:
                docs = [doc for doc in DOCS if doc not in first][:draw(st.integers(1, 8 - len(first)))] or first
            first = first or docs
            rank = draw(st.integers(1, 3))
            for doc_id in docs:
                results.append({"run_id": run_id, "query_id": query_id, "doc_id": doc_id, "rank": rank,
                                "score": None})
                rank += draw(st.integers(1, 2))
    return results


SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


# ---------------------------------------------------------------------------------------------------------------
# the reference
# ---------------------------------------------------------------------------------------------------------------


def test_reference_rbo_by_hand():
    # S = [x, y], L = [y, z, x], p = 1/2: X_1 = 0, X_2 = 1, X_3 = 2;
    # (1 - p) / p = 1; seen = 1/2 * 1/4 + 2/3 * 1/8 = 1/8 + 1/12; extrapolated = X_2 * (3 - 2) / (2 * 3) * 1/8 = 1/48;
    # tail = ((2 - 1) / 3 + 1 / 2) * 1/8 = 5/48; total = 6/48 + 4/48 + 1/48 + 5/48 = 1/3
    assert ref.rbo_ext(["x", "y"], ["y", "z", "x"], 0.5) == pytest.approx(1 / 3, abs=1e-15)
    assert ref.rbo_ext(["y", "z", "x"], ["x", "y"], 0.5) == pytest.approx(1 / 3, abs=1e-15)
    # equal lengths (eq. 30): [a, b] vs [b, a], p = 0.9: X = 0, 2; (0.1 / 0.9) * (2/2 * 0.81) + 2/2 * 0.81 = 0.9
    assert ref.rbo_ext(["a", "b"], ["b", "a"], 0.9) == pytest.approx(0.09 + 0.81, abs=1e-15)
    # identical, a prefix (extrapolated as agreeing), disjoint
    assert ref.rbo_ext(list("abcde"), list("abcde"), 0.8) == pytest.approx(1.0, abs=1e-15)
    assert ref.rbo_ext(list("abc"), list("abcdefg"), 0.8) == pytest.approx(1.0, abs=1e-15)
    assert ref.rbo_ext(list("abc"), list("xyzw"), 0.8) == 0.0
    assert ref.jaccard(["a", "b"], ["b", "c", "d"]) == 0.25 and ref.jaccard([], []) is None
    assert ref.jaccard([], ["a"]) == 0.0


# ---------------------------------------------------------------------------------------------------------------
# the models against the reference
# ---------------------------------------------------------------------------------------------------------------


@pytest.mark.dbt
@SETTINGS
@given(overlap_results())
def test_overlap_matches_reference_with_default_vars(dbt_project, results):
    out = run_overlap(dbt_project, results, DEFAULT_VARS)
    check(out, results)


@pytest.mark.dbt
@SETTINGS
@given(overlap_results())
def test_overlap_matches_reference_with_pairs_cutoffs_and_persistence(dbt_project, results):
    out = run_overlap(dbt_project, results, CUSTOM_VARS)
    check(out, results, pairs=[tuple(p) for p in CUSTOM_PAIRS], cutoffs=(2, 4), p=0.55)


@pytest.mark.dbt
def test_overlap_cases_by_hand(dbt_project):
    """Hand-checked rows: the worked RBO example above, identical and disjoint lists, a top k empty in both
    runs (null Jaccard, not counted), a query only one run returned (no row)."""
    def rows(run_id, query_id, docs, first_rank=1, step=1):
        return [{"run_id": run_id, "query_id": query_id, "doc_id": doc, "rank": first_rank + i * step,
                 "score": None} for i, doc in enumerate(docs)]

    results = (rows("a", "q_worked", ["x", "y"]) + rows("b", "q_worked", ["y", "z", "x"], first_rank=4, step=3)
               + rows("a", "q_same", ["x", "y", "z"]) + rows("b", "q_same", ["x", "y", "z"])
               + rows("a", "q_disjoint", ["x"]) + rows("b", "q_disjoint", ["y", "z"])
               + rows("b", "q_only_b", ["x"]))
    out = run_overlap(dbt_project, results, {"search_metrics_cutoffs": [1, 3],
                                             "search_metrics_rbo_persistence": 0.5})
    check(out, results, cutoffs=(1, 3), p=0.5)
    got = {(r["query_id"], r["measure"], r["k"]): r["value"] for r in out["search_run_overlap"]}
    assert got[("q_worked", "rbo", None)] == pytest.approx(1 / 3, abs=1e-12)
    # b's ranks are 4, 7, 10: its top 1 and top 3 are empty; a's top 3 is {x, y}
    assert got[("q_worked", "jaccard", 1)] == 0.0 and got[("q_worked", "jaccard", 3)] == 0.0
    assert got[("q_same", "rbo", None)] == pytest.approx(1.0, abs=1e-12)
    assert got[("q_same", "jaccard", 1)] == got[("q_same", "jaccard", 3)] == 1.0
    assert got[("q_disjoint", "rbo", None)] == 0.0 and got[("q_disjoint", "jaccard", 3)] == 0.0
    assert not any(r["query_id"] == "q_only_b" for r in out["search_run_overlap"])
    pair = {(r["measure"], r["k"]): r for r in out["search_run_pair_overlap"]}
    assert pair[("rbo", None)]["n_queries"] == 3
    assert pair[("rbo", None)]["value"] == pytest.approx((1 / 3 + 1 + 0) / 3, abs=1e-12)


@pytest.mark.dbt
def test_a_top_k_empty_in_both_runs_is_null(dbt_project):
    results = [{"run_id": run, "query_id": "q", "doc_id": doc, "rank": rank, "score": None}
               for run in ("a", "b") for doc, rank in (("x", 5), ("y", 9))]
    out = run_overlap(dbt_project, results, {"search_metrics_cutoffs": [1, 3]})
    check(out, results, cutoffs=(1, 3))
    jaccard = [r for r in out["search_run_overlap"] if r["measure"] == "jaccard"]
    assert len(jaccard) == 2 and all(r["value"] is None for r in jaccard)
    pair = {(r["measure"], r["k"]): r for r in out["search_run_pair_overlap"]}
    assert pair[("jaccard", 1)]["n_queries"] == 0 and pair[("jaccard", 1)]["value"] is None
    assert pair[("rbo", None)]["value"] == pytest.approx(1.0, abs=1e-12)


BAD_RBO_PERSISTENCE = [0, 1, "0.9", True]
JUDGED_INPUTS = {"search_metrics_results": f"{INPUT_SCHEMA}.results",
                 "search_metrics_judgments": f"{INPUT_SCHEMA}.judgments"}


def _rbo_vars(bad):
    return json.dumps({**JUDGED_INPUTS, "search_metrics_rbo_persistence": bad})


@pytest.fixture(scope="module")
def one_context_errors(dbt_project):
    """Each bad persistence checked in one dbt context (var_rules.py); 0 gets a whole parse too."""
    return errors_in_one_context(dbt_project, JUDGED_INPUTS, [_rbo_vars(bad) for bad in BAD_RBO_PERSISTENCE])


@pytest.mark.dbt
@pytest.mark.parametrize("bad", BAD_RBO_PERSISTENCE)
def test_bad_rbo_persistence_fails_at_compile_time(dbt_project, one_context_errors, bad):
    def check(message):
        assert "search_metrics_rbo_persistence must be a number between 0 and 1" in message, message

    assert_compile_error(dbt_project, one_context_errors, _rbo_vars(bad), check, bad == 0,
                         target_name="overlap_config")


@pytest.mark.dbt
def test_long_lists_past_the_underflow_guard(dbt_project):
    """Lists of 1200 docs with p = 0.5: p^d for d > 866 is below e^-600 and the SQL takes it as 0 (PostgreSQL would
    raise an underflow error on it); the value still equals the reference, uneven lengths included."""
    rng = random.Random(5)
    docs = [f"d{i}" for i in range(1500)]
    a = rng.sample(docs, 1200)
    b = a[:900] + rng.sample(docs, 300)
    b = list(dict.fromkeys(b))[:1100]
    results = [{"run_id": run, "query_id": "q", "doc_id": doc, "rank": i + 1, "score": None}
               for run, order in (("a", a), ("b", b)) for i, doc in enumerate(order)]
    out = run_overlap(dbt_project, results, {"search_metrics_cutoffs": [1, 3],
                                             "search_metrics_rbo_persistence": 0.5})
    check(out, results, cutoffs=(1, 3), p=0.5)


@pytest.mark.dbt
def test_the_largest_cutoff(dbt_project):
    """k = 2147483647 (2^31 - 1, the largest cutoff get_cutoffs allows, the SQL's int) runs, with a rank next to it:
    its top k is the whole list. A cutoff of 2^31 was an integer overflow here before the bound."""
    top = 2147483647
    results = [{"run_id": run, "query_id": "q", "doc_id": doc, "rank": rank, "score": None}
               for run, docs in (("a", [("x", 1), ("y", 2), ("z", top - 1)]), ("b", [("y", 1), ("w", top)]))
               for doc, rank in docs]
    out = run_overlap(dbt_project, results, {"search_metrics_cutoffs": [2, top]})
    check(out, results, cutoffs=(2, top))
    got = {(r["measure"], r["k"]): r["value"] for r in out["search_run_overlap"]}
    # top 2: a's {x, y} against b's {y} (w is at rank 2^31 - 1): 1/2; the whole lists {x, y, z} and {y, w}: 1/4
    assert got[("jaccard", 2)] == 0.5 and got[("jaccard", top)] == 0.25
