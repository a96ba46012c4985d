"""The judgment_coverage family (what to judge next, judged@k, the unjudged readings) and the judge_validation family's evaluation level
(each automated judge's run means, Kendall's tau-b, tau_AP, verdict agreement), on DuckDB, against
reference/judging.py (written from docs/judgments.md), reference/judged.py for every metric's value under a
reading (brute force: the metrics computed again with the unjudged results filled), ir_measures' Judged@k, scipy's
kendalltau and ttest_rel, and tau_AP by hand and by its probabilistic reading.

The generated data makes the hard cases and asserts each is present: a run whose top k is entirely unjudged, a doc
judged only by an automated rater, a pooled-but-unjudged doc (negative grade), a human binary tie, several runs
retrieving the same unjudged doc at different ranks, shared doc ids across queries, an automated rater that judged
one query only, a rater that matches the humans exactly (tau = 1) and one that reverses them, a run that returned
fewer results than a cutoff.
"""

from __future__ import annotations

import itertools
import random

import ir_measures
import pytest
from scipy import stats

from harness import assert_rows_match, values_equal
from reference import judged as ref_judged
from reference import judging as ref_judging

CUTOFFS = [1, 3, 5]
DEPTH = 5
PERSISTENCE = 0.8
AUTOMATED = ("llm:*", "echo")
METRICS = ["precision", "precision_k", "recall", "average_precision_pool", "reciprocal_rank", "dcg", "ndcg_pool",
           "err", "success", "bpref", "rbp_p80", "n_relevant", "average_precision_pool_whole_list", "cg_detail"]
RUNS = ["run_a", "run_b", "run_c", "run_d"]
DOCS = [f"d{i}" for i in range(12)] + ["Shared", "shared"]
BASE_VARS = {"search_metrics_automated_raters": list(AUTOMATED), "search_metrics_cutoffs": CUTOFFS,
             "search_metrics_metrics": METRICS, "search_metrics_negative_grades": "unjudged",
             "search_metrics_judgment_coverage": {"pool_depth": DEPTH, "persistence": PERSISTENCE}}
GRADING = {"max_grade": 3, "relevance_level": 1, "negative_grades": "unjudged"}
TIE = 1e-12  # docs/judgments.md: a bound of the mean delta within 1e-12 of 0 is a tie


def is_automated(rater_id) -> bool:
    return rater_id is not None and (rater_id == "echo" or rater_id.startswith("llm:"))


def dataset(seed: int):
    """Four runs over six queries (doc ids shared across queries), two human raters, three automated ones:
    `echo` repeats every human row (its pool is the humans'), `llm:reverse` gives 3 - grade, `llm:one` judged one
    query only."""
    rng = random.Random(seed)
    results, judgments = [], []
    queries = [f"q{i}" for i in range(6)]
    for query_id in queries:
        docs = rng.sample(DOCS, 10)
        for run_index, run_id in enumerate(RUNS):
            ranked = list(docs)
            rng.shuffle(ranked)
            if run_id == "run_d" and query_id == "q0":
                ranked = [f"unjudged_{i}" for i in range(6)] + ranked  # a top k nobody judged
            length = 2 if (run_id, query_id) == ("run_c", "q5") else rng.randint(6, 10)  # shorter than k
            for rank, doc_id in enumerate(ranked[:length], start=1):
                results.append({"run_id": run_id, "query_id": query_id, "doc_id": doc_id, "rank": rank,
                                "score": float(20 - rank)})
        for doc_id in docs[:7]:
            grade = rng.randint(0, 3)
            judgments.append({"query_id": query_id, "doc_id": doc_id, "rater_id": "human_1", "grade": grade,
                              "scale": "graded"})
            judgments.append({"query_id": query_id, "doc_id": doc_id, "rater_id": "llm:reverse", "grade": 3 - grade,
                              "scale": "graded"})
            if rng.random() < 0.4:
                judgments.append({"query_id": query_id, "doc_id": doc_id, "rater_id": "human_2",
                                  "grade": rng.randint(0, 3), "scale": "graded"})
        # a binary tie of two humans, a pooled-but-unjudged doc, a doc only an automated rater judged
        judgments += [
            {"query_id": query_id, "doc_id": docs[7], "rater_id": "human_1", "grade": 0, "scale": "binary"},
            {"query_id": query_id, "doc_id": docs[7], "rater_id": "human_2", "grade": 1, "scale": "binary"},
            {"query_id": query_id, "doc_id": docs[8], "rater_id": "human_1", "grade": -1, "scale": "graded"},
            {"query_id": query_id, "doc_id": docs[9], "rater_id": "llm:reverse", "grade": 2, "scale": "graded"},
        ]
    # echo: every human row again (two votes where two humans voted), so its pool is the humans' pool exactly
    judgments += [{**row, "rater_id": "echo"} for row in judgments if row["rater_id"].startswith("human")]
    judgments += [{"query_id": "q3", "doc_id": row["doc_id"], "rater_id": "llm:one", "grade": 1, "scale": "graded"}
                  for row in results if row["query_id"] == "q3" and row["run_id"] == "run_a" and row["rank"] <= 4]
    return results, judgments


DATASETS = [dataset(seed) for seed in (3, 11)]


def test_the_hard_cases_are_made():
    for results, judgments in DATASETS:
        graded = ref_judging.human_graded_pairs(judgments, is_automated, GRADING)
        top = [row for row in results if row["run_id"] == "run_d" and row["query_id"] == "q0" and row["rank"] <= 5]
        assert all((row["query_id"], row["doc_id"]) not in graded for row in top)  # a top k entirely unjudged
        automated_only = {(r["query_id"], r["doc_id"]) for r in judgments if is_automated(r["rater_id"])} - {
            (r["query_id"], r["doc_id"]) for r in judgments if not is_automated(r["rater_id"])}
        assert automated_only
        assert any(r["grade"] is not None and r["grade"] < 0 for r in judgments)
        aggregated = ref_judged.aggregate_judgments(ref_judging.human_rows(judgments, is_automated), grading=GRADING)
        assert any(entry["binary_tie"] for entry in aggregated.values())
        queue = ref_judging.queue(results, judgments, is_automated, DEPTH, PERSISTENCE, grading=GRADING)
        assert any(row["n_runs"] >= 2 for row in queue)
        ranks = {}
        for row in results:
            if (row["query_id"], row["doc_id"]) not in graded and row["rank"] <= DEPTH:
                ranks.setdefault((row["query_id"], row["doc_id"]), set()).add(row["rank"])
        assert any(len(r) >= 2 for r in ranks.values())  # one unjudged doc at different ranks in several runs
        assert {r["doc_id"] for r in results if r["query_id"] == "q0"} & {r["doc_id"] for r in results
                                                                          if r["query_id"] == "q1"}
        assert {r["query_id"] for r in judgments if r["rater_id"] == "llm:one"} == {"q3"}


@pytest.fixture(scope="module")
def built(dbt_project):
    outputs = ("search_judgment_queue", "search_run_judgment_coverage", "search_query_unjudged_bounds",
               "search_run_unjudged_bounds", "search_metrics_int_judge_query_values", "search_judge_run_metrics",
               "search_judge_run_agreement", "search_query_metrics", "search_comparison_unjudged_bounds")
    return [(results, judgments, dbt_project.run(results, judgments, BASE_VARS, outputs=outputs))
            for results, judgments in DATASETS]


def test_the_queue_lists_unjudged_pairs_by_rbp_priority(built):
    for results, judgments, out in built:
        expected = ref_judging.queue(results, judgments, is_automated, DEPTH, PERSISTENCE, grading=GRADING)
        assert_rows_match(out["search_judgment_queue"], expected, ("query_id", "doc_id"),
                          ("n_runs", "best_rank", "priority", "priority_rank"))


def test_the_budget_keeps_the_highest_priorities(dbt_project):
    results, judgments = DATASETS[0]
    out = dbt_project.run(results, judgments, {**BASE_VARS, "search_metrics_judgment_coverage": {
        "pool_depth": 3, "persistence": 0.5, "budget_per_query": 2}}, outputs=("search_judgment_queue",))
    expected = ref_judging.queue(results, judgments, is_automated, 3, 0.5, budget=2, grading=GRADING)
    assert max(row["priority_rank"] for row in expected) == 2
    assert_rows_match(out["search_judgment_queue"], expected, ("query_id", "doc_id"),
                      ("n_runs", "best_rank", "priority", "priority_rank"))


def ir_measures_judged(results, judgments, run_id):
    """{k: {query_id: ir_measures' Judged@k}} of one run, the human-graded pairs as qrels (ir_measures counts a
    qrels entry of any value as judged); the run's scores are -rank, so its order is the rank order."""
    graded = ref_judging.human_graded_pairs(judgments, is_automated, GRADING)
    qrels = [ir_measures.Qrel(q, d, 1) for q, d in sorted(graded)]
    run = [ir_measures.ScoredDoc(r["query_id"], r["doc_id"], float(-r["rank"])) for r in results
           if r["run_id"] == run_id]
    per_query = {}
    for metric in ir_measures.iter_calc([ir_measures.Judged @ k for k in CUTOFFS], qrels, run):
        per_query.setdefault(metric.measure.params["cutoff"], {})[metric.query_id] = metric.value
    return per_query


def test_coverage_is_judged_at_k_of_ir_measures(built):
    for results, judgments, out in built:
        expected = ref_judging.coverage(results, judgments, is_automated, CUTOFFS, GRADING)
        assert_rows_match(out["search_run_judgment_coverage"], expected, ("run_id", "k"),
                          ("judged_at_k", "n_results", "n_unjudged", "n_queries", "n_fully_judged_queries"))
        for run_id in RUNS:
            per_query = ir_measures_judged(results, judgments, run_id)
            for row in out["search_run_judgment_coverage"]:
                if row["run_id"] == run_id:
                    values = per_query[row["k"]]
                    queries = {r["query_id"] for r in results if r["run_id"] == run_id}
                    assert set(values) == queries  # every query has a human judgment here, and no rank gap
                    assert values_equal(row["judged_at_k"], sum(values.values()) / len(values))
                    assert values_equal(row["ir_measures_judged_at_k"], sum(values.values()) / len(values))


def test_the_two_judged_at_k_differ_where_ranks_have_gaps_or_a_query_has_no_human_grade(dbt_project):
    """judged_at_k reads rank <= k and counts a query without human grades at 0 (the reference, and by hand);
    ir_measures_judged_at_k is ir_measures' Judged@k, which reads the first k results, skips such a query and gives
    a graded query the run did not return 0 (run plain lacks qc)."""
    lists = {("gaps", "qa"): [("a1", 1), ("a2", 5), ("a3", 9)],   # ranks 1, 5, 9: one result within k = 3
             ("gaps", "qb"): [("b1", 1), ("b2", 2)],              # no human grade (an automated one only)
             ("gaps", "qc"): [("c1", 2), ("c2", 3)],              # no result ranked within k = 1
             ("plain", "qa"): [("a2", 1), ("a3", 2)],
             ("plain", "qb"): [("b1", 1)]}
    results = [{"run_id": run_id, "query_id": query_id, "doc_id": doc_id, "rank": rank, "score": float(-rank)}
               for (run_id, query_id), docs in lists.items() for doc_id, rank in docs]
    judgments = [{"query_id": q, "doc_id": d, "rater_id": "human_1", "grade": g, "scale": "graded"}
                 for q, d, g in (("qa", "a1", 2), ("qa", "a3", 0), ("qa", "a2", -1), ("qc", "c1", 1))]
    judgments.append({"query_id": "qb", "doc_id": "b1", "rater_id": "llm:x", "grade": 3, "scale": "graded"})
    out = dbt_project.run(results, judgments, BASE_VARS, outputs=("search_run_judgment_coverage",))
    rows = {(r["run_id"], r["k"]): r for r in out["search_run_judgment_coverage"]}
    expected = {(r["run_id"], r["k"]): r["judged_at_k"]
                for r in ref_judging.coverage(results, judgments, is_automated, CUTOFFS, GRADING)}
    # by hand, ours: k = 1: qa 1/1, qb 0/1, qc none -> 1/2; k = 3: qa 1/1, qb 0/2, qc 1/2 -> 1/2; k = 5: qa a1, a2
    # (a2's -1 is unjudged) 1/2, qb 0, qc 1/2 -> 1/3. ir_measures: qb skipped; k = 1: qa 1, qc 1 -> 1; k = 3: qa
    # 2/3 (a1, a2, a3), qc 1/2 -> 7/12; k = 5: the same lists, 7/12. plain: qa 0/1, 1/2, 1/2 and qc (not returned)
    # 0 -> 0, 1/4, 1/4
    assert expected[("gaps", 1)] == 0.5 and expected[("gaps", 3)] == 0.5 and expected[("gaps", 5)] == 1 / 3
    for run_id in ("gaps", "plain"):
        per_query = ir_measures_judged(results, judgments, run_id)
        for k in CUTOFFS:
            row = rows[(run_id, k)]
            assert values_equal(row["judged_at_k"], expected[(run_id, k)]), row
            values = per_query[k]
            assert "qb" not in values
            assert values_equal(row["ir_measures_judged_at_k"], sum(values.values()) / len(values)), row
    assert [rows[("gaps", k)]["ir_measures_judged_at_k"] for k in CUTOFFS] == pytest.approx([1, 7 / 12, 7 / 12])
    assert [rows[("plain", k)]["ir_measures_judged_at_k"] for k in CUTOFFS] == pytest.approx([0, 1 / 4, 1 / 4])


def test_the_readings_equal_the_metrics_recomputed_with_the_unjudged_filled(built):
    for results, judgments, out in built:
        human_values = {(r["run_id"], r["query_id"], r["metric"], r["k"]): r["value"]
                        for r in out["search_query_metrics"]}
        expected = {}
        for reading in ("pessimistic", "optimistic"):
            for row in ref_judging.readings(results, judgments, is_automated, DEPTH, reading, CUTOFFS, METRICS,
                                            grading=GRADING):
                key = (row["run_id"], row["query_id"], row["metric"], row["k"])
                expected.setdefault(key, {"value": human_values[key]})[f"{reading}_value"] = row["value"]
        rows = [{"run_id": r, "query_id": q, "metric": m, "k": k, **v} for (r, q, m, k), v in expected.items()]
        assert_rows_match(out["search_query_unjudged_bounds"], rows, ("run_id", "query_id", "metric", "k"),
                          ("value", "pessimistic_value", "optimistic_value"))
        # the run whose top k nobody judged: its readings differ by the whole of its precision at 1
        row = next(r for r in out["search_query_unjudged_bounds"]
                   if (r["run_id"], r["query_id"], r["metric"], r["k"]) == ("run_d", "q0", "precision_k", 1))
        assert (row["pessimistic_value"], row["optimistic_value"]) == (0.0, 1.0)


def test_readings_are_bounds_exactly_where_every_judging_lands_between(built):
    """Fill the unjudged results with random grades (the reference recomputes every metric): a metric flagged
    readings_are_bounds never leaves [pessimistic, optimistic]; each flagged false leaves it in some draw, or its
    optimistic reading falls below its pessimistic one, on these data."""
    results, judgments, out = built[0]
    flags = {r["metric"]: r["readings_are_bounds"] for r in out["search_query_unjudged_bounds"]}
    bounds = {(r["run_id"], r["query_id"], r["metric"], r["k"]): (r["pessimistic_value"], r["optimistic_value"])
              for r in out["search_query_unjudged_bounds"]}
    rng = random.Random(5)
    humans = ref_judging.human_rows(judgments, is_automated)
    graded = ref_judging.human_graded_pairs(judgments, is_automated, GRADING)
    escaped = {metric: False for metric in flags}
    for _draw in range(6):
        for run_id in RUNS:
            run_results = [r for r in results if r["run_id"] == run_id]
            extra = [{"query_id": r["query_id"], "doc_id": r["doc_id"], "rater_id": "filled",
                      "grade": rng.randint(0, 3), "scale": "graded"}
                     for r in run_results if r["rank"] <= DEPTH and (r["query_id"], r["doc_id"]) not in graded]
            for row in ref_judged.query_metrics(run_results, humans + extra, cutoffs=CUTOFFS, metrics=METRICS,
                                                grading=GRADING):
                low, high = bounds[(row["run_id"], row["query_id"], row["metric"], row["k"])]
                if row["value"] is None or low is None:
                    continue
                if not (low - 1e-9 <= row["value"] <= high + 1e-9) or high < low - 1e-9:
                    escaped[row["metric"]] = True
    assert not [m for m, flag in flags.items() if flag and escaped[m]], "a metric flagged as bounded escaped"
    assert {m for m, flag in flags.items() if not flag} == {m for m in flags if escaped[m]}
    assert {m for m, flag in flags.items() if flag} == {"precision", "precision_k", "reciprocal_rank", "dcg", "err",
                                                       "success", "rbp_p80", "n_relevant", "cg_detail"}


def test_run_bounds_are_the_means_of_the_query_readings(built):
    for _results, _judgments, out in built:
        groups = {}
        for row in out["search_query_unjudged_bounds"]:
            groups.setdefault((row["run_id"], row["metric"], row["k"]), []).append(row)
        expected = []
        for (run_id, metric, k), rows in groups.items():
            def mean(column):
                values = [r[column] for r in rows if r[column] is not None]
                return sum(values) / len(values) if values else None
            expected.append({"run_id": run_id, "metric": metric, "k": k, "value": mean("value"),
                             "pessimistic_value": mean("pessimistic_value"),
                             "optimistic_value": mean("optimistic_value"),
                             "n_queries": sum(r["value"] is not None for r in rows)})
        assert_rows_match(out["search_run_unjudged_bounds"], expected, ("run_id", "metric", "k"),
                          ("value", "pessimistic_value", "optimistic_value", "n_queries"))


def _judge_run_means(results, judgments, rater_id):
    values = ref_judging.judge_query_values(results, judgments, is_automated, rater_id, CUTOFFS, METRICS,
                                            grading=GRADING)
    means = {}
    for (run_id, _query_id, metric, k), (human, judge) in values.items():
        means.setdefault((metric, k), {}).setdefault(run_id, []).append((human, judge))
    return values, {group: {run: (sum(h for h, _ in pairs) / len(pairs), sum(j for _, j in pairs) / len(pairs),
                                  len(pairs)) for run, pairs in runs.items()} for group, runs in means.items()}


def test_judge_run_metrics_are_the_means_over_the_judges_queries(built):
    for results, judgments, out in built:
        expected = []
        for rater_id in ("echo", "llm:reverse", "llm:one"):
            _values, means = _judge_run_means(results, judgments, rater_id)
            for (metric, k), runs in means.items():
                for run_id, (human, judge, n) in runs.items():
                    expected.append({"rater_id": rater_id, "run_id": run_id, "metric": metric, "k": k,
                                     "human_value": human, "judge_value": judge, "n_queries": n})
        assert_rows_match(out["search_judge_run_metrics"], expected, ("rater_id", "run_id", "metric", "k"),
                          ("human_value", "judge_value", "n_queries"))


def _verdict(deltas):
    if len(deltas) < 2:
        return 0
    mean = sum(deltas) / len(deltas)
    if max(deltas) - min(deltas) <= 1e-12 * max(1.0, max(abs(d) for d in deltas)):
        return (mean > 1e-12) - (mean < -1e-12)  # every delta equal: scipy's p is 0 unless they are 0
    p_value = stats.ttest_rel([0.0] * len(deltas), deltas).pvalue
    return ((mean > 0) - (mean < 0)) if p_value < 0.05 else 0


def test_judge_run_agreement_against_scipy_and_tau_ap_by_hand(built):
    seen = {"echo_tau_1": False, "reverse_negative": False, "tau_ap_defined": False}
    for results, judgments, out in built:
        actual = {(r["rater_id"], r["metric"], r["k"]): r for r in out["search_judge_run_agreement"]}
        expected_keys = set()
        for rater_id in ("echo", "llm:reverse", "llm:one"):
            values, means = _judge_run_means(results, judgments, rater_id)
            for (metric, k), runs in means.items():
                expected_keys.add((rater_id, metric, k))
                row = actual[(rater_id, metric, k)]
                ordered = sorted(runs)
                human = ref_judging.tie_classes({run: runs[run][0] for run in ordered})
                judge = ref_judging.tie_classes({run: runs[run][1] for run in ordered})
                assert row["n_runs"] == len(ordered)
                tau_b = stats.kendalltau([human[r] for r in ordered], [judge[r] for r in ordered]).statistic \
                    if len(ordered) >= 2 else float("nan")
                assert values_equal(row["kendall_tau_b"], None if tau_b != tau_b else tau_b), (rater_id, metric, k)
                tau_ap = ref_judging.tau_ap(human, judge)
                assert values_equal(row["tau_ap"], tau_ap), (rater_id, metric, k, row["tau_ap"], tau_ap)
                if tau_ap is not None:
                    seen["tau_ap_defined"] = True
                    assert values_equal(tau_ap, ref_judging.tau_ap_brute_force(human, judge))
                assert values_equal(row["max_abs_difference"], max(abs(h - j) for h, j, _ in runs.values()))
                # verdicts of every pair of runs, over the queries where both runs have both values
                pairs, same = 0, 0
                for a_index, run_a in enumerate(ordered):
                    for run_b in ordered[a_index + 1:]:
                        shared = sorted({q for (r, q, m, kk) in values if (r, m, kk) == (run_a, metric, k)}
                                        & {q for (r, q, m, kk) in values if (r, m, kk) == (run_b, metric, k)})
                        if not shared:
                            continue
                        pairs += 1
                        verdicts = [_verdict([values[(run_b, q, metric, k)][side] - values[(run_a, q, metric, k)][side]
                                              for q in shared]) for side in (0, 1)]
                        same += verdicts[0] == verdicts[1]
                assert (row["n_run_pairs"], row["n_same_verdict"]) == (pairs, same), (rater_id, metric, k)
                if rater_id == "echo" and tau_b == 1.0:
                    seen["echo_tau_1"] = True
                    assert row["verdict_agreement"] == 1.0 and row["max_abs_difference"] == 0.0
                if rater_id == "llm:reverse" and tau_b < 0:
                    seen["reverse_negative"] = True
        assert set(actual) == expected_keys
    assert all(seen.values()), seen


def test_tau_ap_by_hand():
    """Yilmaz et al.'s example shape: one swap at the top costs more than one at the bottom."""
    humans = {"a": 4, "b": 3, "c": 2, "d": 1}
    top_swap = {"a": 3, "b": 4, "c": 2, "d": 1}
    bottom_swap = {"a": 4, "b": 3, "c": 1, "d": 2}
    # top swap: i=2 (a): C=0 -> 0; i=3 (c): C=2 -> 2/2; i=4 (d): C=3 -> 3/3: 2/3 * 2 - 1 = 1/3
    assert values_equal(ref_judging.tau_ap(humans, top_swap), 1 / 3)
    # bottom swap: 1/1 + 2/2 + 2/3 -> 2/3 * (8/3) - 1 = 7/9
    assert values_equal(ref_judging.tau_ap(humans, bottom_swap), 7 / 9)
    assert values_equal(ref_judging.tau_ap_brute_force(humans, top_swap), 1 / 3)
    assert values_equal(ref_judging.tau_ap_brute_force(humans, bottom_swap), 7 / 9)


def test_comparison_bounds_read_each_run_at_its_own_extreme(built):
    """Every run against run_a (the default pairs): the mean delta and its range over the queries where the delta and
    the four readings exist; the sign is settled where the range excludes 0, for the bounded metrics only."""
    seen = {True: False, False: False}
    for _results, _judgments, out in built:
        readings = {(r["run_id"], r["query_id"], r["metric"], r["k"]): r for r in out["search_query_unjudged_bounds"]}
        groups = {}
        for (run_id, query_id, metric, k), row in readings.items():
            if run_id == "run_a":
                continue
            base = readings[("run_a", query_id, metric, k)]
            values = [row["value"], base["value"], row["pessimistic_value"], row["optimistic_value"],
                      base["pessimistic_value"], base["optimistic_value"]]
            if any(v is None for v in values):
                continue
            groups.setdefault(("run_a", run_id, metric, k), []).append(
                (row["value"] - base["value"], row["pessimistic_value"] - base["optimistic_value"],
                 row["optimistic_value"] - base["pessimistic_value"], row["readings_are_bounds"]))
        expected = []
        for (baseline, candidate, metric, k), rows in groups.items():
            low = sum(r[1] for r in rows) / len(rows)
            high = sum(r[2] for r in rows) / len(rows)
            bounded = rows[0][3]
            settled = (low > TIE or high < -TIE) if bounded else None
            if settled is not None:
                seen[settled] = True
            expected.append({"baseline": baseline, "candidate": candidate, "metric": metric, "k": k,
                             "n_queries": len(rows), "mean_delta": sum(r[0] for r in rows) / len(rows),
                             "delta_low": low, "delta_high": high, "readings_are_bounds": bounded,
                             "sign_settled": settled})
        assert_rows_match(out["search_comparison_unjudged_bounds"], expected,
                          ("baseline", "candidate", "metric", "k"),
                          ("n_queries", "mean_delta", "delta_low", "delta_high", "readings_are_bounds", "sign_settled"))
    assert seen[False] and seen[True], seen  # a comparison left open, and one the gaps cannot reverse


def test_a_bound_that_is_zero_up_to_summation_order_is_a_tie(dbt_project):
    """Every doc judged, so each run's two readings equal its value: P@5's per-query deltas of run_b against run_a are
    +0.2, +0.4 and -0.6, which sum to 0 exactly but to about +1e-16 in doubles in every order, so a sign read as
    `> 0` would be settled by the engine's rounding (and could differ between engines). The bound is a tie: open."""
    lows = [0.2, 0.4, -0.6]
    assert all(sum(order) > 0 for order in itertools.permutations(lows))  # the hard case: noise above 0 in any order
    relevant = {("run_a", "t1"): 0, ("run_a", "t2"): 0, ("run_a", "t3"): 3,
                ("run_b", "t1"): 1, ("run_b", "t2"): 2, ("run_b", "t3"): 0}
    results, judgments = [], []
    for query_id in ("t1", "t2", "t3"):
        for doc in range(10):
            judgments.append({"query_id": query_id, "doc_id": f"d{doc}", "rater_id": "human_1",
                              "grade": 2 if doc < 5 else 0, "scale": "graded"})
        for run_id in ("run_a", "run_b"):
            n_relevant = relevant[(run_id, query_id)]
            docs = [f"d{doc}" for doc in range(n_relevant)] + [f"d{doc}" for doc in range(5, 10 - n_relevant)]
            results += [{"run_id": run_id, "query_id": query_id, "doc_id": doc_id, "rank": rank,
                         "score": float(20 - rank)} for rank, doc_id in enumerate(docs, start=1)]
    out = dbt_project.run(results, judgments, {**BASE_VARS, "search_metrics_metrics": ["precision"]},
                          outputs=("search_comparison_unjudged_bounds",))
    row = next(r for r in out["search_comparison_unjudged_bounds"]
               if (r["baseline"], r["candidate"], r["metric"], r["k"]) == ("run_a", "run_b", "precision", 5))
    assert row["n_queries"] == 3 and row["readings_are_bounds"] is True
    assert abs(row["delta_low"]) <= TIE and abs(row["delta_high"]) <= TIE and abs(row["mean_delta"]) <= TIE
    assert row["sign_settled"] is False
