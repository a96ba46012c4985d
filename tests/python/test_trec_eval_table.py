"""search_trec_eval, the trec_eval-shaped table, against trec_eval 9 (pytrec_eval) line by line.

Two builds, each of one compile, on generated TREC-shaped data (grades -1..4, negative = in the pool but unjudged,
integer scores with ties ranked by score, doc ids shared by queries, queries without a relevant doc, qrels queries
a run did not return, a run query the qrels do not name, lists longer than max_results), every hard case asserted
to occur:
  1. `version: 9` and `max_results` (-M): every measure of the table that pytrec_eval has, per query and in the
     summary (pytrec_eval.compute_aggregated_measure: sums for num_*, exp(mean) for gm_*), and no other row, with
     each list cut in Python to its first M in trec_eval's order.
  2. `complete` (-c), `zscores` (-Z) and the default version 10: pytrec_eval on inputs prepared in Python as
     trec_eval 10 does (a one-doc bogus ranking for every (run, qrels query) the run lacks, whose num_ret trec_eval
     then zeroes), the 11 recall levels against the plain-Python reference's trec_eval 10 rule and by hand where
     versions 9 and 10 disagree, and the z-scores against a hand computation from those values.
The test reads the measures from the table, so a measure added to trec_eval_measures() is compared without new
code when pytrec_eval has it (and fails the test until reference_values gives it when it does not: unj).
"""

import json
import math
import random
import re

import duckdb
import pytest
import pytrec_eval

from harness import INPUT_SCHEMA, JUDGMENTS_COLUMNS, REPO_ROOT, RESULTS_COLUMNS, fetch_dicts, load_table, values_equal
from reference import trec as ref_trec

TREC_VARS = {"search_metrics_max_grade": 4, "search_metrics_negative_grades": "unjudged",
             "search_metrics_rank_from": "score", "search_metrics_enable_trec_eval": True}
SHARED_DOCS = [f"shared_{i}" for i in range(4)]
# trec_eval measures pytrec_eval reports that the table leaves out on purpose (docs/trec.md)
ABSENT_ON_PURPOSE = {"runid", "relstring"}
# the table's measures that pytrec_eval (trec_eval 9) does not have: their expected values come from the
# plain-Python reference (reference_values below)
UNJUDGED_CUTOFFS = (5, 10, 20)  # trec_eval 10's default cutoffs of unj (m_unjudged.c)
BOGUS_DOC = "ceci_nest_pas_un_docno"  # trec_eval.c's ranking for a query the run lacks (-c)
M = 6


def prefix(measure):
    """P_5 -> P, iprec_at_recall_0.10 -> iprec_at_recall, Rprec_mult_0.20 -> Rprec_mult, map -> map."""
    head, _, tail = measure.rpartition("_")
    return head if head and tail.replace(".", "").isdigit() else measure


def generate(rng, with_hand_queries=False):
    """Two runs over TREC-shaped qrels; returns (results, judgments, qrel {q: {doc: grade}}, runs {run: {q: {doc:
    score}}}, facts) where facts names the hard cases the data holds."""
    results, judgments, qrel, runs = [], [], {}, {"run_a": {}, "run_b": {}}
    for q in range(7):
        query_id = f"q{q}"
        docs = SHARED_DOCS[: rng.randint(1, 4)] + [f"{query_id}_d{i}" for i in range(rng.randint(3, 14))]
        top = rng.choice([0, 1, 2, 4, 4])  # 0: no relevant doc at any level
        grades = {doc_id: rng.randint(-1, top) for doc_id in docs if rng.random() < 0.8}
        if q == 0:
            grades = {doc_id: 0 for doc_id in docs[:3]}  # R = 0
        grades[docs[0]] = max(grades.get(docs[0], 0), 0)  # a judged doc per query (pytrec_eval needs one)
        qrel[query_id] = grades
        for run_id, run in runs.items():
            if (q == 1 and run_id == "run_a") or q == 2:
                continue  # qrels queries the run did not return
            run[query_id] = {doc_id: float(rng.randint(0, 4)) for doc_id in
                             rng.sample(docs, rng.randint(1, len(docs)))}
    # a query of the runs the qrels do not name: not evaluated
    runs["run_b"]["q_unjudged"] = {"x1": 2.0, "x2": 1.0}
    if with_hand_queries:
        # version 9 and 10 disagree: R = 3 (level 0.8: c = 3 against 2; level 0.1: c = 1 against 0, same value)
        qrel["h3"] = {"r1": 2, "r2": 2, "r3": 2, "n1": 0, "n2": 0}
        runs["run_a"]["h3"] = {d: 10.0 - rank for rank, d in enumerate(["r1", "r2", "n1", "n2", "r3"], start=1)}
        # R = 45, level 0.7: 0.7 * 45 = 31.499.. gives c = 31 (v10) against 32 (v9)
        qrel["h45"] = {**{f"r{i}": 2 for i in range(1, 46)}, **{f"n{i}": 0 for i in range(1, 10)}}
        order = [f"r{i}" for i in range(1, 32)] + [f"n{i}" for i in range(1, 10)] + [f"r{i}" for i in range(32, 46)]
        runs["run_a"]["h45"] = {d: 1000.0 - rank for rank, d in enumerate(order, start=1)}
    for query_id, grades in qrel.items():
        judgments += [{"query_id": query_id, "doc_id": d, "rater_id": "assessor", "grade": g, "scale": "graded"}
                      for d, g in grades.items()]
    for run_id, run in runs.items():
        for query_id, scores in run.items():
            results += [{"run_id": run_id, "query_id": query_id, "doc_id": d, "rank": None, "score": s}
                        for d, s in scores.items()]
    scores = [list(s.values()) for run in runs.values() for s in run.values()]
    facts = {
        "R = 0": any(not any(g >= 1 for g in grades.values()) for grades in qrel.values()),
        "negative grade": any(g < 0 for grades in qrel.values() for g in grades.values()),
        "tied scores": any(len(set(s)) < len(s) for s in scores),
        "qrels query missing from a run": any(q not in run for run in runs.values() for q in qrel),
        "run query not in the qrels": any(q not in qrel for run in runs.values() for q in run),
        "shared doc judged in several queries": any(sum(d in g for g in qrel.values()) > 1 for d in SHARED_DOCS),
        "list longer than M": any(len(s) > M for s in scores),
    }
    return results, judgments, qrel, runs, facts


def trec_order(scores):
    """trec_eval's order of a query's results: score descending, ties by doc id descending."""
    return sorted(scores, key=lambda d: (-scores[d], [-b for b in d.encode()]))


def pytrec_values(qrel, runs, relevance_level, complete=False, max_results=None):
    """{(run_id, query_id, measure): value} of every measure pytrec_eval has, per query and 'all', with the inputs
    prepared as trec_eval 10's -M and -c prepare them."""
    out = {}
    for run_id, run in runs.items():
        run = {q: {d: scores[d] for d in trec_order(scores)[:max_results]} for q, scores in run.items()}
        bogus = {q for q in qrel if q not in run} if complete else set()
        run.update({q: {BOGUS_DOC: 1.0} for q in bogus})
        per_query = pytrec_eval.RelevanceEvaluator(qrel, pytrec_eval.supported_measures,
                                                   relevance_level=relevance_level).evaluate(run)
        for q in bogus:
            per_query[q]["num_ret"] = 0  # trec_eval.c's clean-up after the bogus ranking
            per_query[q]["utility"] = 0.0
        for query_id, values in per_query.items():
            for measure, value in values.items():
                out[(run_id, query_id, measure)] = value
        for measure in next(iter(per_query.values())):
            out[(run_id, "all", measure)] = pytrec_eval.compute_aggregated_measure(
                measure, [values[measure] for values in per_query.values()])
    return out


def reference_values(qrel, runs, relevance_level, complete=False, max_results=None):
    """pytrec_values, plus trec_eval 10's unj_k (not in pytrec_eval) from the plain-Python reference: per query
    evaluated (in the qrels, and in the run unless -c) on the list cut to M, a negative grade unjudged, and the
    summary the mean over those queries."""
    out = pytrec_values(qrel, runs, relevance_level, complete=complete, max_results=max_results)
    for run_id, run in runs.items():
        evaluated = [q for q in qrel if q in run or complete]
        for k in UNJUDGED_CUTOFFS:
            values = []
            for query_id in evaluated:
                ranked = [(d, i) for i, d in enumerate(trec_order(run.get(query_id, {}))[:max_results], start=1)]
                labels = {d: (g if g >= 0 else None) for d, g in qrel[query_id].items()}
                values.append(ref_trec.unjudged(ranked, labels, k))
                out[(run_id, query_id, f"unj_{k}")] = values[-1]
            out[(run_id, "all", f"unj_{k}")] = sum(values) / len(values)
    return out


def compare(table, expected, value_column="value", elsewhere=()):
    """Every row of the table equals pytrec_eval's value of its (run, query, measure); every (run, query, measure)
    of pytrec_eval whose measure the table has is a row (per-query rows of gm_* and num_q are summary-only).
    elsewhere: measures (prefixes) left out of `table` because the caller compares them otherwise."""
    ours = {(r["run_id"], r["query_id"], r["measure"]): r[value_column] for r in table}
    assert len(ours) == len(table), "a (run_id, query_id, measure) has two rows"
    compared = set()
    for key, value in ours.items():
        assert key in expected, f"{key} is not a trec_eval line"
        assert values_equal(value, expected[key]), (key, value, expected[key])
        compared.add(prefix(key[2]))
    ours_prefixes = {prefix(m) for (_, _, m) in ours}
    for key in expected:
        if prefix(key[2]) in ours_prefixes and not (key[1] != "all" and key[2].startswith(("gm_", "num_q"))):
            assert key in ours, f"{key} (pytrec_eval) has no row"
    missing = {prefix(m) for (_, _, m) in expected} - ours_prefixes
    assert missing <= ABSENT_ON_PURPOSE | set(elsewhere), f"trec_eval measures missing from the table: {missing}"
    return compared


@pytest.fixture(scope="module")
def defaults_build(dbt_project):
    rng = random.Random("trec_eval table, defaults")
    results, judgments, qrel, runs, facts = generate(rng)
    assert all(facts.values()), facts
    dbt_vars = {**TREC_VARS, "search_metrics_relevance_level": 1,
                "search_metrics_trec_eval": {"version": 9, "max_results": M}}
    out = dbt_project.run(results, judgments, dbt_vars, outputs=("search_trec_eval",))
    return out["search_trec_eval"], qrel, runs


@pytest.mark.dbt
def test_table_equals_pytrec_eval_under_version_9_and_max_results(defaults_build):
    table, qrel, runs = defaults_build
    compared = compare(table, reference_values(qrel, runs, relevance_level=1, max_results=M))
    assert {"P", "recall", "map", "gm_map", "gm_bpref", "num_q", "num_ret", "iprec_at_recall", "11pt_avg", "ndcg_cut",
            "map_cut", "success", "recip_rank", "Rprec", "bpref", "infAP", "ndcg", "num_rel", "num_rel_ret",
            "set_P", "set_recall", "set_F", "set_map", "set_relative_P", "relative_P", "Rprec_mult", "utility",
            "num_nonrel_judged_ret", "ndcg_rel", "Rndcg", "G", "binG", "unj"} <= compared
    assert {r["query_id"] for r in table} == {"all"} | {q for run in runs.values() for q in run if q in qrel}
    # trec_eval prints gm_map, gm_bpref and num_q in the summary only
    assert not [r for r in table if r["query_id"] != "all" and r["measure"].startswith(("gm_", "num_q"))]
    printed = {r["measure"]: r["printed_as"] for r in table}
    # trec_eval's integer measures are its counts, num_* (m_num_*.c: te_print_single_meas_s_long)
    assert {m for m, p in printed.items() if p == "long"} == {m for m in printed if m.startswith("num_")}
    assert {"num_q", "num_ret", "num_rel", "num_rel_ret"} <= set(printed)
    assert all(r["raw_value"] == r["value"] and r["n_zscores_missing"] == 0 for r in table)
    # -M: no list is read beyond M
    assert max(r["value"] for r in table if r["measure"] == "num_ret" and r["query_id"] != "all") == M


ZSCORE_COLUMNS = [("query_id", "varchar"), ("measure", "varchar"), ("mean", "double"), ("stddev", "double")]
OPTIONS_VARS = {"search_metrics_relevance_level": 2, "search_metrics_results": f"{INPUT_SCHEMA}.results",
                "search_metrics_judgments": f"{INPUT_SCHEMA}.judgments",
                "search_metrics_trec_eval": {"complete": True, "zscores": f"{INPUT_SCHEMA}.zscores"}}


@pytest.fixture(scope="module")
def options_build(dbt_project):
    rng = random.Random("trec_eval table, -c -M -Z")
    results, judgments, qrel, runs, facts = generate(rng, with_hand_queries=True)
    assert all(facts.values()), facts
    # z-scores (query_id, measure, mean, stddev): every query for map, num_rel, gm_map and P_5; recall_5 without
    # query q3; P_10 with stddev 0 (its mean the run_a value of q4 below); P_20 with a NaN stddev for q1, a NaN
    # mean for q2, an infinite stddev for q3 and an infinite mean for q5; nothing for the other measures
    expected_raw = reference_values(qrel, runs, relevance_level=2, complete=True)
    not_finite = {"q1": ("mean", 0.5, "stddev", math.nan), "q2": ("mean", math.nan, "stddev", 1.0),
                  "q3": ("mean", 0.5, "stddev", math.inf), "q5": ("mean", -math.inf, "stddev", 1.0)}
    zscores = []
    for i, query_id in enumerate(sorted(qrel)):
        for measure in ("map", "num_rel", "gm_map", "P_5", "recall_5"):
            if not (measure == "recall_5" and query_id == "q3"):
                zscores.append({"query_id": query_id, "measure": measure, "mean": 0.1 * i, "stddev": 0.5 + i})
        zscores.append({"query_id": query_id, "measure": "P_10", "stddev": 0.0,
                        "mean": expected_raw[("run_a", "q4", "P_10")] if query_id == "q4" else -1.0})
        mean_key, mean, stddev_key, stddev = not_finite.get(query_id, ("mean", 0.2, "stddev", 2.0))
        zscores.append({"query_id": query_id, "measure": "P_20", mean_key: mean, stddev_key: stddev})
    tables = {"results": (RESULTS_COLUMNS, results), "judgments": (JUDGMENTS_COLUMNS, judgments),
              "zscores": (ZSCORE_COLUMNS, zscores)}
    out = dbt_project.run_tables(tables, {**TREC_VARS, **OPTIONS_VARS}, outputs=("search_trec_eval",))
    return out["search_trec_eval"], qrel, runs, zscores, expected_raw


def level_rule_10(qrel, runs, relevance_level):
    """iprec_at_recall_x and 11pt_avg by the plain-Python reference's trec_eval 10 rule, with -c."""
    out = {}
    for run_id, run in runs.items():
        for query_id, labels in qrel.items():
            ranked = [(d, i) for i, d in enumerate(trec_order(run.get(query_id, {})), start=1)]
            curve = ref_trec.interpolated_precision(ranked, labels, relevance_level, level_rule="trec_eval10")
            curve = {x: v or 0.0 for x, v in curve.items()}
            for x, v in curve.items():
                out[(run_id, query_id, "iprec_at_recall_%.2f" % x)] = v
            out[(run_id, query_id, "11pt_avg")] = sum(curve.values()) / len(curve)
    return out


@pytest.mark.dbt
def test_complete_equals_pytrec_eval_on_prepared_inputs(options_build):
    table, qrel, runs, _, expected = options_build
    rule10 = level_rule_10(qrel, runs, relevance_level=2)
    per_query = [r for r in table if r["query_id"] != "all"]
    # the 11 levels follow trec_eval 10: the reference's rule, not pytrec_eval's
    levels = [r for r in per_query if prefix(r["measure"]) in ("iprec_at_recall", "11pt_avg")]
    for r in levels:
        assert values_equal(r["raw_value"], rule10[(r["run_id"], r["query_id"], r["measure"])]), r
    differs = [r for r in levels if not values_equal(r["raw_value"], expected[(r["run_id"], r["query_id"],
                                                                                r["measure"])])]
    assert differs, "no query where trec_eval 9 and 10 disagree"
    others = [r for r in table if prefix(r["measure"]) not in ("iprec_at_recall", "11pt_avg")]
    compare(others, expected, value_column="raw_value", elsewhere=("iprec_at_recall", "11pt_avg"))
    # -c: every run has a row for every qrels query
    assert {(r["run_id"], r["query_id"]) for r in per_query} == {(run, q) for run in runs for q in qrel}
    num_q = {r["run_id"]: r["value"] for r in table if r["measure"] == "num_q"}
    assert num_q == {run: len(qrel) for run in runs}


@pytest.mark.dbt
def test_recall_levels_of_trec_eval_10_by_hand(options_build):
    table = {(r["run_id"], r["query_id"], r["measure"]): r["raw_value"] for r in options_build[0]}
    # h3: precision by rank 1, 1, 2/3, 2/4, 3/5 (R = 3). Level 0.8: 0.8 * 3 = 2.4 -> c = 2 (v10), from rank 2: 1;
    # version 9 would take c = floor(2.4 + 0.9) = 3, from rank 5: 3/5. Level 0.1: c = 0 (v10) or 1 (v9), both 1.
    assert table[("run_a", "h3", "iprec_at_recall_0.80")] == 1.0
    assert table[("run_a", "h3", "iprec_at_recall_0.10")] == 1.0
    assert table[("run_a", "h3", "iprec_at_recall_0.90")] == pytest.approx(3 / 5)  # 2.7 -> 3 in both
    # h45: r1..r31 at ranks 1..31, n1..n9 at 32..40, r32..r45 at 41..54. Level 0.7: 0.7 * 45 = 31.499.. -> c = 31
    # (v10): from rank 31, precision 31/31 = 1; version 9 would take c = 32, from rank 41: max(32/41, .., 45/54)
    # = 45/54. Level 0.8: 36 -> c = 36 in both (v9: floor(36.9)): 45/54
    assert table[("run_a", "h45", "iprec_at_recall_0.70")] == 1.0
    assert table[("run_a", "h45", "iprec_at_recall_0.80")] == pytest.approx(45 / 54)


@pytest.mark.dbt
def test_zscores_by_hand(options_build):
    table, qrel, runs, zscores, expected = options_build
    standard = {(z["query_id"], z["measure"]): z for z in zscores}
    rows = {(r["run_id"], r["query_id"], r["measure"]): r for r in table}
    for run_id in runs:
        for measure in ("map", "num_rel", "gm_map", "P_5", "recall_5", "P_10", "P_20", "ndcg"):
            zs = []
            for query_id in qrel:
                raw = expected[(run_id, query_id, measure)]
                z = standard.get((query_id, measure))
                if z is None or not (math.isfinite(z["mean"]) and math.isfinite(z["stddev"])):
                    want = None  # docs/trec.md: no row, or a null, NaN or infinite mean or stddev
                elif z["stddev"] == 0:
                    want = 0.0 if raw == z["mean"] else None
                else:
                    want = (raw - z["mean"]) / z["stddev"]
                zs.append(want)
                if measure != "gm_map":  # no per-query line
                    row = rows[(run_id, query_id, measure)]
                    assert values_equal(row["value"], want) and values_equal(row["raw_value"], raw), (row, want)
                    assert row["n_zscores_missing"] == (want is None) and row["printed_as"] == "double"
            summary = rows[(run_id, "all", measure)]
            if None in zs:
                assert summary["value"] is None and summary["n_zscores_missing"] == zs.count(None), summary
            else:
                total = sum(zs)
                want = total if measure == "num_rel" else (math.exp(total / len(zs)) if measure == "gm_map"
                                                           else total / len(zs))
                assert values_equal(summary["value"], want), (summary, want)
    # each rule met: a z-score, 0 for stddev 0 at the mean, null for stddev 0 elsewhere and for a missing row
    assert rows[("run_a", "q4", "P_10")]["value"] == 0.0
    assert rows[("run_a", "q5", "P_10")]["value"] is None
    assert rows[("run_a", "q3", "recall_5")]["value"] is None
    assert rows[("run_a", "all", "map")]["value"] is not None
    # a NaN or infinite mean or stddev: null and counted (not NaN, which NaN <> 0 would give), whatever the value
    assert [q for q in qrel if rows[("run_a", q, "P_20")]["n_zscores_missing"] == 1] == sorted(
        ["q1", "q2", "q3", "q5"]), [rows[("run_a", q, "P_20")] for q in qrel]
    assert rows[("run_a", "all", "P_20")]["n_zscores_missing"] == 4


ZSCORE_RULES = {  # rule -> a z-score relation that breaks it (and only it)
    "search_metrics_trec_eval_zscores__one_row_per_query_id_and_measure": [
        {"query_id": "q1", "measure": "map", "mean": 0.1, "stddev": 1.0},
        {"query_id": "q1", "measure": "map", "mean": 0.2, "stddev": 1.0},
        {"query_id": "q1", "measure": "P_5", "mean": 0.2, "stddev": 1.0}],
    "search_metrics_trec_eval_zscores__query_id_and_measure_must_not_be_null": [
        {"query_id": "q1", "measure": None, "mean": 0.1, "stddev": 1.0},
        {"query_id": "q1", "measure": "map", "mean": 0.2, "stddev": 1.0}],
}


@pytest.mark.dbt
def test_each_zscores_rule_fails_on_a_relation_that_breaks_it(dbt_project):
    # first a z-score relation without stddev: the compile of the table and the rules fails naming the key and the
    # column (a binder error before), as an input without a column of its contract does
    with duckdb.connect(str(dbt_project.db_path)) as con:
        load_table(con, f"{INPUT_SCHEMA}.zscores", ZSCORE_COLUMNS[:3], [{"query_id": "q1", "measure": "map", "mean": 0}])
    result = dbt_project.invoke(["compile", "--vars", json.dumps({**TREC_VARS, **OPTIONS_VARS}), "--select",
                                 "search_trec_eval", *ZSCORE_RULES], target_name="trec_eval_rules")
    # (a data test's compile error stops the invocation: its message is the exception's)
    message = str(result.exception) if result.result is None else " ".join(str(r.message) for r in result.result.results)
    assert not result.success
    assert (f"the input search_metrics_trec_eval.zscores ({INPUT_SCHEMA}.zscores) has no column stddev. Its "
            "contract: query_id, measure, mean, stddev") in message, message
    with duckdb.connect(str(dbt_project.db_path)) as con:
        con.execute(f"drop table {INPUT_SCHEMA}.zscores")
    result = dbt_project.invoke(["compile", "--vars", json.dumps({**TREC_VARS, **OPTIONS_VARS}), "--select",
                                 " ".join(ZSCORE_RULES)], target_name="trec_eval_rules")
    assert result.success, result.exception
    sql = {r.node.name: r.node.compiled_code for r in result.result.results}
    assert set(sql) == set(ZSCORE_RULES)
    with duckdb.connect(str(dbt_project.db_path)) as con:
        for rule, rows in ZSCORE_RULES.items():
            load_table(con, f"{INPUT_SCHEMA}.zscores", ZSCORE_COLUMNS, rows)
            for name, text in sql.items():
                failing = fetch_dicts(con, text)
                assert bool(failing) == (name == rule), (rule, name, failing)
                assert all(row["rule_violated"] for row in failing)


# trec_eval 10's print formats (meas_print_single.c, meas_print_final.c), per query and in the summary: a double
# measure "%-22s\t%s\t%6.4f"; a long one (te_print_*_meas_s_long: m_num_ret.c, m_num_rel.c, m_num_rel_ret.c,
# m_num_nonrel_judged_ret.c, m_num_q.c) "%-22s\t%s\t%ld" of (long) value; under -Z every line "Z%-22s\t%s\t%6.4f"
LONG_MEASURES = {"num_ret", "num_rel", "num_rel_ret", "num_nonrel_judged_ret", "num_q"}


def trec_eval_line(measure, query_id, value, zscores):
    if zscores:
        return "Z%-22s\t%s\t%6.4f" % (measure, query_id, value)
    if measure in LONG_MEASURES:
        return "%-22s\t%s\t%ld" % (measure, query_id, int(value))  # C's (long) cast truncates, as int() does
    return "%-22s\t%s\t%6.4f" % (measure, query_id, value)


def docs_recipe():
    """The DuckDB query of docs/trec.md that prints search_trec_eval's lines."""
    text = (REPO_ROOT / "docs" / "trec.md").read_text()
    return re.search(r"On DuckDB \(whose `printf`.*?```sql\n(.*?)```", text, re.S).group(1)


@pytest.mark.dbt
def test_the_docs_recipe_prints_trec_evals_bytes(defaults_build, options_build):
    recipe = docs_recipe()
    assert "'my_run'" in recipe and "'', measure" in recipe
    for table, zscores in ((defaults_build[0], False), (options_build[0], True)):
        with duckdb.connect() as con:
            columns = [("run_id", "varchar"), ("measure", "varchar"), ("query_id", "varchar"), ("value", "double"),
                       ("printed_as", "varchar")]
            load_table(con, "main.search_trec_eval", columns, table)
            for run_id in sorted({r["run_id"] for r in table}):
                sql = recipe.replace("'my_run'", f"'{run_id}'")
                if zscores:
                    sql = sql.replace("'', measure", "'Z', measure")
                printed = [line for (line,) in con.execute(sql).fetchall()]
                rows = [r for r in table if r["run_id"] == run_id and r["value"] is not None]
                assert sorted(printed) == sorted(trec_eval_line(r["measure"], r["query_id"], r["value"], zscores)
                                                 for r in rows)
                assert printed[-1].split("\t")[1] == "all"  # the summary last, as trec_eval prints it
        assert any(r["measure"] in LONG_MEASURES for r in table) and any(len(r["measure"]) > 15 for r in table)
        if zscores:
            assert any(r["value"] is None for r in table)  # a line the recipe leaves out
