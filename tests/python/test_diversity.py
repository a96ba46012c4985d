"""ndeval's diversity measures (the diversity family: alpha-nDCG@k, alpha-DCG@k, ERR-IA@k, nERR-IA@k, NRBP, nNRBP,
MAP-IA, P-IA@k, subtopic recall@k in search_query_metrics / search_run_metrics, and ndeval's -M and its 0 for a
query without a relevant subtopic as the parameters max_rank and no_subtopic) against pyndeval (ndeval.c) and the
plain-Python reference
(reference/diversity.py) on generated subtopic qrels and runs, with the hard cases made and asserted: docs relevant
to several subtopics, queries with one subtopic, unjudged docs, docs judged relevant to no subtopic, grades above 1,
ties in the greedy ideal, a query with no relevant subtopic (ndeval 0, ours null), a query without subtopic
judgments, a qrels query no run returned, lists longer than ndeval's depth 20, shared doc and subtopic ids across
queries, queries with more relevant docs than nnrbp's depth (null), relevant docs below max_rank, subtopics a run
never reaches (MAP-IA), ndeval's nan for nNRBP where S = 0. One compile with every variant (alpha 0.3 and 1, beta
0.8 and 1, threshold 2, depth 5, max_rank 3 to 5, no_subtopic zero); the reference's hand-computed cases; the input
rules in one build; read_ndeval_qrels on a file."""

import json
import math
import random

import duckdb
import pyndeval
import pytest

from harness import INPUT_SCHEMA, JUDGMENTS_COLUMNS, RESULTS_COLUMNS, load_table, values_equal
from reference import diversity as ref

SUBTOPIC_COLUMNS = [("query_id", "varchar"), ("subtopic_id", "varchar"), ("doc_id", "varchar"), ("grade", "double")]
CUTOFFS = [1, 3, 5, 10, 20]
METRICS = [
    "alpha_ndcg", "err_ia", "nrbp", "precision_ia", "subtopic_recall",
    {"name": "alpha_ndcg_a3", "type": "alpha_ndcg", "alpha": 0.3, "depth": 10},
    {"name": "err_ia_a3", "type": "err_ia", "alpha": 0.3},
    {"name": "nrbp_a3_b8", "type": "nrbp", "alpha": 0.3, "beta": 0.8},
    {"name": "err_ia_a1", "type": "err_ia", "alpha": 1},
    {"name": "nrbp_a0_b1", "type": "nrbp", "alpha": 0, "beta": 1},
    {"name": "alpha_ndcg_t2", "type": "alpha_ndcg", "threshold": 2, "depth": 10},
    {"name": "err_ia_t2", "type": "err_ia", "threshold": 2},
    {"name": "nrbp_t2", "type": "nrbp", "threshold": 2},
    {"name": "precision_ia_t2", "type": "precision_ia", "threshold": 2},
    {"name": "subtopic_recall_t2", "type": "subtopic_recall", "threshold": 2},
    {"name": "alpha_ndcg_d5", "type": "alpha_ndcg", "depth": 5},
    {"name": "err_ia_d5", "type": "err_ia", "depth": 5},
    # ndeval's other columns (alpha-DCG, nERR-IA, nNRBP, MAP-IA) and its options: -M (max_rank) and its 0 for a
    # query without a relevant subtopic (no_subtopic: zero)
    {"name": "alpha_dcg", "type": "alpha_dcg"},
    {"name": "nerr_ia", "type": "nerr_ia"},
    {"name": "nnrbp", "type": "nnrbp"},
    {"name": "map_ia", "type": "map_ia"},
    {"name": "alpha_dcg_a3_t2", "type": "alpha_dcg", "alpha": 0.3, "threshold": 2},
    {"name": "nerr_ia_a1_d10_m4", "type": "nerr_ia", "alpha": 1, "depth": 10, "max_rank": 4},
    {"name": "nnrbp_a3_b8_d5_zero", "type": "nnrbp", "alpha": 0.3, "beta": 0.8, "depth": 5, "no_subtopic": "zero"},
    {"name": "map_ia_t2_m5", "type": "map_ia", "threshold": 2, "max_rank": 5},
    {"name": "precision_ia_m3", "type": "precision_ia", "max_rank": 3},
    {"name": "nrbp_m4_zero", "type": "nrbp", "max_rank": 4, "no_subtopic": "zero"},
    {"name": "err_ia_d5_zero", "type": "err_ia", "depth": 5, "no_subtopic": "zero"},
    {"name": "subtopic_recall_zero", "type": "subtopic_recall", "no_subtopic": "zero"},
]
BUILTIN = {"alpha_ndcg": {"type": "alpha_ndcg"}, "err_ia": {"type": "err_ia"}, "nrbp": {"type": "nrbp"},
           "precision_ia": {"type": "precision_ia"}, "subtopic_recall": {"type": "subtopic_recall"}}
ENTRIES = {m["name"]: m for m in METRICS if isinstance(m, dict)} | {n: {"name": n, **e} for n, e in BUILTIN.items()}
NDEVAL_NAMES = {"alpha_ndcg": "alpha-nDCG", "err_ia": "ERR-IA", "nrbp": "NRBP", "precision_ia": "P-IA",
                "subtopic_recall": "strec", "alpha_dcg": "alpha-DCG", "nerr_ia": "nERR-IA", "nnrbp": "nNRBP",
                "map_ia": "MAP-IA"}
VARS = {"search_metrics_subtopic_judgments": f"{INPUT_SCHEMA}.subtopics", "search_metrics_cutoffs": CUTOFFS,
        "search_metrics_metrics": METRICS}


def make_dataset(seed=40):
    """Two runs over 36 queries; returns results, subtopic judgments and the queries made on purpose."""
    rng = random.Random(seed)
    results, subtopic_rows = [], []
    shared_docs = ["shared_a", "shared_b", "Shared_c"]  # the same doc ids in every query
    special = {"no_relevant": "q_norel", "no_judgments": "q_nojudg", "not_returned": "q_notrun", "tie": "q_tie"}
    queries = [f"q{i:02d}" for i in range(33)] + list(special.values())
    for q in queries:
        n_sub = 1 if q in ("q00", "q01", "q02") else rng.randint(1, 4)
        subtopic_ids = [str(j) for j in range(1, n_sub + 1)]  # "1", "2", .. in every query
        judged = shared_docs + [f"{q}_d{i}" for i in range(rng.randint(2, 14))]
        if q == special["tie"]:
            judged = ["X", "Y", "Z"]
        if q == special["tie"]:
            # X {1, 2}, Y {3, 4}, Z {1, 3} tie at 2; ndeval places Z (the largest id), then Y, X: gains 2, 1.5, 1.5;
            # placing X first would give 2, 2, 1
            for doc, subs in (("X", "12"), ("Y", "34"), ("Z", "13")):
                subtopic_rows += [{"query_id": q, "subtopic_id": s, "doc_id": doc, "grade": 1} for s in subs]
        elif q != special["no_judgments"]:
            for doc in judged:
                for s in subtopic_ids:
                    if rng.random() < 0.45:
                        grade = 0 if q == special["no_relevant"] else rng.choice([0, 1, 1, 2])
                        subtopic_rows.append({"query_id": q, "subtopic_id": s, "doc_id": doc, "grade": grade})
        if q == special["not_returned"]:
            continue
        unjudged = [f"{q}_u{i}" for i in range(rng.randint(0, 12))]
        for run in ("run_a", "run_b"):
            docs = judged + unjudged
            rng.shuffle(docs)
            for rank, doc in enumerate(docs[: rng.randint(1, len(docs))], start=1):
                results.append({"run_id": run, "query_id": q, "doc_id": doc, "rank": rank, "score": float(-rank)})
    return results, subtopic_rows, special


RESULTS, SUBTOPICS, SPECIAL = make_dataset()


def subtopic_labels(rows):
    labels = {}
    for row in rows:
        labels.setdefault(row["query_id"], {}).setdefault(row["doc_id"], {})[row["subtopic_id"]] = row["grade"]
    return labels


def ranked_lists(rows):
    lists = {}
    for row in rows:
        lists.setdefault((row["run_id"], row["query_id"]), []).append((row["doc_id"], row["rank"]))
    return lists


LABELS = subtopic_labels(SUBTOPICS)
LISTS = ranked_lists(RESULTS)


@pytest.fixture(scope="module")
def outputs(dbt_project):
    judgments = [{"query_id": "q00", "doc_id": "shared_a", "rater_id": None, "grade": 1, "scale": "graded"}]
    return dbt_project.run_tables(
        {"results": (RESULTS_COLUMNS, RESULTS), "judgments": (JUDGMENTS_COLUMNS, judgments),
         "subtopics": (SUBTOPIC_COLUMNS, SUBTOPICS)},
        VARS, outputs=("search_query_metrics", "search_run_metrics", "search_input_quality"))


def ndeval_values(alpha, beta, level, max_rank):
    """pyndeval per (run, query) at every cutoff, for one (alpha, beta, relevance level, -M depth or None)."""
    qrels = [(r["query_id"], r["subtopic_id"], r["doc_id"], int(r["grade"])) for r in SUBTOPICS]
    measures = [NDEVAL_NAMES[t] for t in ref.NO_CUTOFF] + [f"{NDEVAL_NAMES[t]}@{k}" for t in NDEVAL_NAMES
                                                          if t not in ref.NO_CUTOFF for k in CUTOFFS]
    evaluator = pyndeval.RelevanceEvaluator(qrels, measures, relevance_level=level, alpha=alpha, beta=beta)
    values = {}
    for run in ("run_a", "run_b"):
        # pyndeval sorts by score descending (ties by doc_id): score = -rank keeps our ranks. pyndeval has no -M:
        # ndeval's applyCutoff keeps the first M ranks of each topic, so the run given to it is cut here
        rows = sorted(((r["query_id"], r["doc_id"], r["score"]) for r in RESULTS
                       if r["run_id"] == run and (max_rank is None or r["rank"] <= max_rank)))
        for qid, measured in evaluator.evaluate(rows).items():
            values[(run, qid)] = measured
    return values


def test_hard_cases_occur():
    multi = [(q, d) for q, docs in LABELS.items() for d, labels in docs.items()
             if len(ref.relevant_subtopics(labels, 1)) > 1 and any(d == doc for (_, qq), lst in LISTS.items()
                                                                   if qq == q for doc, _ in lst)]
    assert multi, "a retrieved doc relevant to several subtopics"
    assert any(ref.n_subtopics(LABELS[q]) == 1 for q in LABELS), "a query with one subtopic"
    assert any(doc not in LABELS.get(q, {}) for (_, q), lst in LISTS.items() for doc, _ in lst), "unjudged docs"
    assert any(labels and not ref.relevant_subtopics(labels, 1) for docs in LABELS.values()
               for labels in docs.values()), "a doc judged relevant to no subtopic"
    assert any(r["grade"] == 2 for r in SUBTOPICS), "a grade above 1"
    assert any(ref.ideal_ranking(docs, 0.5)[1] for docs in LABELS.values()), "a tie in the greedy ideal"
    assert any(not math.isclose(ref.ideal_dcg(docs, 3), ref.ideal_dcg(docs, 3, larger_wins=False))
               for docs in LABELS.values()), "a query whose ideal depends on the greedy's tie-break"
    assert ref.n_subtopics(LABELS[SPECIAL["no_relevant"]]) == 0
    assert SPECIAL["no_judgments"] not in LABELS and SPECIAL["not_returned"] in LABELS
    assert max(len(lst) for lst in LISTS.values()) > 20, "a list longer than ndeval's depth"
    assert any(ref.n_subtopics(LABELS[q], 2) == 0 < ref.n_subtopics(LABELS[q]) for q in LABELS), \
        "a query whose subtopics are relevant at threshold 1 only"
    # the new columns and options
    returned = {q for (_, q) in LISTS}
    assert any(ref.relevant_docs(LABELS[q]) > 5 for q in returned if q in LABELS) and any(
        0 < ref.relevant_docs(LABELS[q]) <= 5 for q in returned if q in LABELS), \
        "queries with more and with fewer relevant docs than nnrbp's depth 5 (null, and a value)"
    assert any(any(rank > 3 and ref.relevant_subtopics(LABELS.get(q, {}).get(doc, {}), 1) for doc, rank in lst)
               and any(rank <= 3 and ref.relevant_subtopics(LABELS.get(q, {}).get(doc, {}), 1) for doc, rank in lst)
               for (_, q), lst in LISTS.items()), "a relevant doc below max_rank 3 in a list that has one above"
    assert any({j for labels in LABELS[q].values() for j in ref.relevant_subtopics(labels, 1)} - {
        j for doc, _ in lst for j in ref.relevant_subtopics(LABELS[q].get(doc, {}), 1)}
        for (_, q), lst in LISTS.items() if q in LABELS), "a subtopic the run never reaches (MAP-IA adds 0)"
    assert any(ref.map_ia(lst, LABELS[q]) not in (None, 0) and any(
        sum(1 for labels in LABELS[q].values() if j in ref.relevant_subtopics(labels, 1)) > 1
        for labels in LABELS[q].values() for j in ref.relevant_subtopics(labels, 1))
        for (_, q), lst in LISTS.items() if q in LABELS), "MAP-IA over a subtopic with several relevant docs"
    assert SPECIAL["no_relevant"] in returned, "a returned query with subtopic judgments and S = 0 (zero: 0)"


def expected_from_reference(name, run, query, k):
    return ref.metric_value(ENTRIES[name], LISTS[(run, query)], LABELS.get(query, {}), k or 0)


def test_query_metrics_match_pyndeval_and_the_reference(outputs):
    rows = outputs["search_query_metrics"]
    per_metric_k = sum(1 if ENTRIES[n]["type"] in ref.NO_CUTOFF else len(CUTOFFS) for n in ENTRIES)
    assert len(rows) == len(LISTS) * per_metric_k, "one row per (run, query the run returned, metric, k)"
    ndeval = {}
    checked_ndeval, checked = 0, {"zero": 0, "nan": 0, "above_depth": 0, "cut": 0}
    for row in rows:
        entry = ENTRIES[row["metric"]]
        run, query, k = row["run_id"], row["query_id"], row["k"]
        assert (k is None) == (entry["type"] in ref.NO_CUTOFF)
        expected = expected_from_reference(row["metric"], run, query, k)
        assert values_equal(row["value"], expected), (row, expected)
        key = (entry.get("alpha", 0.5), entry.get("beta", 0.5), entry.get("threshold", 1), entry.get("max_rank"))
        if key not in ndeval:
            ndeval[key] = ndeval_values(*key)
        measured = ndeval[key].get((run, query))
        measure = NDEVAL_NAMES[entry["type"]] + ("" if k is None else f"@{k}")
        if measured is None:
            assert query not in LABELS and row["value"] is None  # ndeval skips a query without qrels
        elif k is not None and k > entry.get("depth", 20):
            assert row["value"] is None
        elif ref.n_subtopics(LABELS[query], key[2]) == 0:
            # ndeval writes 0, except nNRBP: 0 / 0, printed as nan; ours null, or 0 with no_subtopic: zero
            if entry["type"] == "nnrbp":
                assert math.isnan(measured[measure]), measured
                checked["nan"] += 1
            else:
                assert measured[measure] == 0, (row, measured[measure])
            assert row["value"] == (0 if entry.get("no_subtopic") == "zero" else None), row
            checked["zero"] += entry.get("no_subtopic") == "zero"
        elif entry["type"] == "nnrbp" and ref.relevant_docs(LABELS[query], key[2]) > entry.get("depth", 20):
            assert row["value"] is None  # the greedy ideal would need more than depth steps
            checked["above_depth"] += 1
        else:
            assert math.isclose(row["value"], measured[measure], rel_tol=1e-9, abs_tol=1e-12), (row, measure, measured)
            checked_ndeval += 1
            checked["cut"] += key[3] is not None and len(LISTS[(run, query)]) > key[3]
    assert checked_ndeval > 0.8 * len(rows)
    assert min(checked.values()) > 0, checked


def test_run_means_are_over_the_queries_with_subtopics(outputs):
    by_key = {(r["run_id"], r["metric"], r["k"]): r for r in outputs["search_run_metrics"]}
    for run in ("run_a", "run_b"):
        queries = [q for (r, q) in LISTS if r == run]
        for name in ("alpha_ndcg", "err_ia", "precision_ia", "subtopic_recall"):
            values = [expected_from_reference(name, run, q, 10) for q in queries]
            values = [v for v in values if v is not None]
            row = by_key[(run, name, 10)]
            assert row["n_queries"] == len(values) and row["n_queries_total"] == len(queries)
            assert math.isclose(row["value"], sum(values) / len(values), rel_tol=1e-9)
        assert by_key[(run, "nrbp", None)]["geometric_mean"] is not None


def test_input_quality_counts_every_subtopic_judgment(outputs):
    rows = [r for r in outputs["search_input_quality"] if r["input_name"] == "subtopic_judgments"]
    assert sum(r["n_rows"] for r in rows) == len(SUBTOPICS)
    ignored = sum(r["n_rows"] for r in rows if r["status"] == "ignored")
    assert ignored == sum(1 for r in SUBTOPICS if r["query_id"] == SPECIAL["not_returned"]) > 0


# -- the reference, by hand ---------------------------------------------------------------------------------------
# pyndeval's own test case: subtopics a {A}, b {B, D}, c {C}; run A, D, E (unjudged), B.
HAND_LABELS = {"A": {"a": 1}, "B": {"b": 1}, "D": {"b": 1}, "C": {"c": 1}}
HAND_RUN = [("A", 1), ("D", 2), ("E", 3), ("B", 4)]


def test_reference_by_hand():
    # gains: A 1, D 1, E 0, B 0.5 (b seen once); ideal (greedy, ties to the larger doc_id): D 1, C 1, A 1, B 0.5
    assert ref.novelty_gains(["A", "D", "E", "B"], HAND_LABELS, 0.5) == [1, 1, 0, 0.5]
    assert ref.ideal_ranking(HAND_LABELS, 0.5)[0] == ["D", "C", "A", "B"]
    dcg5 = 1 + 1 / math.log2(3) + 0.5 / math.log2(5)
    ideal5 = 1 + 1 / math.log2(3) + 1 / 2 + 0.5 / math.log2(5)
    assert math.isclose(ref.alpha_ndcg(HAND_RUN, HAND_LABELS, 5), dcg5 / ideal5)
    assert math.isclose(ref.alpha_ndcg(HAND_RUN, HAND_LABELS, 5), 0.7869, abs_tol=1e-4)  # pyndeval's README
    # ERR-IA@5: (1 + 1/2 + 0.5/4) / (3 (1 + 0.5/2 + 0.25/3 + 0.125/4 + 0.0625/5)); @1 is g_1 = 1 (ndeval's quirk)
    assert math.isclose(ref.err_ia(HAND_RUN, HAND_LABELS, 5), 1.625 / (3 * (1 + 0.25 + 0.25 / 3 + 0.03125 + 0.0125)))
    assert ref.err_ia(HAND_RUN, HAND_LABELS, 1) == 1
    # NRBP: (1 - 0.5 * 0.5) / 3 * (1 + 1 * 0.5 + 0.5 * 0.125) = 0.390625
    assert math.isclose(ref.nrbp(HAND_RUN, HAND_LABELS), 0.390625)
    assert math.isclose(ref.precision_ia(HAND_RUN, HAND_LABELS, 5), 3 / 15)
    assert math.isclose(ref.subtopic_recall(HAND_RUN, HAND_LABELS, 5), 2 / 3)
    # rank gaps: the rank is the position (A at 1, D at 4): alpha-nDCG@3 = 1 / (1 + 1/log2(3) + 1/2)
    assert math.isclose(ref.alpha_ndcg([("A", 1), ("D", 4)], HAND_LABELS, 3), 1 / (1 + 1 / math.log2(3) + 0.5))
    # no relevant subtopic: None (ndeval 0); k beyond depth: None
    assert ref.alpha_ndcg(HAND_RUN, {"A": {"a": 0}}, 5) is None
    assert ref.err_ia(HAND_RUN, HAND_LABELS, 10, depth=5) is None
    # a doc relevant to two subtopics: gain 2 at rank 1, then 0.5 + 0.5 for a doc with both again (alpha 0.5)
    two = {"X": {"a": 1, "b": 1}, "Y": {"a": 1, "b": 1}}
    assert ref.novelty_gains(["X", "Y"], two, 0.5) == [2, 1]
    assert math.isclose(ref.precision_ia([("X", 1), ("Y", 2)], two, 2), 4 / 4)
    # ndeval's other columns, on the same case (pyndeval's README: alpha-DCG@5 0.4052, nERR-IA@5 0.8297, nNRBP
    # 0.8620, MAP-IA 0.5000)
    log2 = math.log2
    ideal_ideal5 = 3 * (1 + 0.5 / log2(3) + 0.25 / 2 + 0.125 / log2(5) + 0.0625 / log2(6))
    assert math.isclose(ref.alpha_dcg(HAND_RUN, HAND_LABELS, 5), dcg5 / ideal_ideal5)
    assert math.isclose(ref.alpha_dcg(HAND_RUN, HAND_LABELS, 5), 0.4052, abs_tol=1e-4)
    assert ref.alpha_dcg(HAND_RUN, HAND_LABELS, 1) == 1  # k = 1: g_1, not divided (as ERR-IA)
    # ERR over the ideal D, C, A, B (gains 1, 1, 1, 0.5): 1 + 1/2 + 1/3 + 0.5/4
    assert math.isclose(ref.nerr_ia(HAND_RUN, HAND_LABELS, 5), 1.625 / (1 + 0.5 + 1 / 3 + 0.125))
    assert math.isclose(ref.nerr_ia(HAND_RUN, HAND_LABELS, 5), 0.8297, abs_tol=1e-4)
    # nNRBP: (1 + 0.5 + 0.5 * 0.125) / (1 + 0.5 + 0.25 + 0.5 * 0.125)
    assert math.isclose(ref.nnrbp(HAND_RUN, HAND_LABELS), 1.5625 / 1.8125)
    assert ref.nnrbp(HAND_RUN, HAND_LABELS, depth=3) is None  # four relevant docs: the ideal needs 4 steps
    # MAP-IA: a: A at 1 (1/1, R 1); b: D at 2, B at 4 ((1/2 + 2/4) / 2); c: never retrieved (0): (1 + 0.5 + 0) / 3
    assert math.isclose(ref.map_ia(HAND_RUN, HAND_LABELS), 0.5)
    # -M 2 (max_rank): the run is A, D: P-IA@5 = 2 / 15, MAP-IA = (1 + (1/2) / 2) / 3
    assert math.isclose(ref.metric_value({"type": "precision_ia", "max_rank": 2}, HAND_RUN, HAND_LABELS, 5), 2 / 15)
    assert math.isclose(ref.metric_value({"type": "map_ia", "max_rank": 2}, HAND_RUN, HAND_LABELS, None), 1.25 / 3)
    # no_subtopic zero: 0 for judgments without a relevant doc, None without judgments or beyond depth
    zero = {"type": "alpha_ndcg", "no_subtopic": "zero", "depth": 5}
    assert ref.metric_value(zero, HAND_RUN, {"A": {"a": 0}}, 5) == 0
    assert ref.metric_value(zero, HAND_RUN, {}, 5) is None
    assert ref.metric_value(zero, HAND_RUN, {"A": {"a": 0}}, 10) is None


# -- input rules, in one build ------------------------------------------------------------------------------------
RULE_ROWS = [  # each rule broken by one row (or one duplicated pair), every other row clean
    {"query_id": "q1", "subtopic_id": "1", "doc_id": "d1", "grade": 1},
    {"query_id": "q1", "subtopic_id": "1", "doc_id": "d1", "grade": 0},       # duplicate (q1, 1, d1)
    {"query_id": None, "subtopic_id": "1", "doc_id": "d2", "grade": 1},
    {"query_id": "q1", "subtopic_id": None, "doc_id": "d3", "grade": 1},
    {"query_id": "q1", "subtopic_id": "2", "doc_id": None, "grade": 1},
    {"query_id": "q1", "subtopic_id": "2", "doc_id": "d4", "grade": 1.5},
    {"query_id": "q1", "subtopic_id": "2", "doc_id": "d5", "grade": None},
    {"query_id": "q1", "subtopic_id": "2", "doc_id": "d6", "grade": float("inf")},
    {"query_id": "q1", "subtopic_id": "2", "doc_id": "d7", "grade": -2},       # negative whole numbers are grades
]
RULE_FAILURES = {
    "search_metrics_subtopic_judgments__doc_id_must_be_unique_within_query_and_subtopic": 1,
    "search_metrics_subtopic_judgments__query_id_must_not_be_null": 1,
    "search_metrics_subtopic_judgments__subtopic_id_must_not_be_null": 1,
    "search_metrics_subtopic_judgments__doc_id_must_not_be_null": 1,
    "search_metrics_subtopic_judgments__grade_must_be_a_whole_number": 3,
}


# the vars of the rules build; the loader's compile below passes them too, so it reuses the build's parse
RULE_VARS = {"search_metrics_results": f"{INPUT_SCHEMA}.results", "search_metrics_judgments":
             f"{INPUT_SCHEMA}.judgments", "search_metrics_subtopic_judgments": f"{INPUT_SCHEMA}.rule_subtopics"}


@pytest.mark.dbt
def test_each_subtopic_rule_fails_under_its_name_on_its_rows(dbt_project):
    with duckdb.connect(str(dbt_project.db_path)) as con:
        load_table(con, f"{INPUT_SCHEMA}.rule_subtopics", SUBTOPIC_COLUMNS, RULE_ROWS)
    result = dbt_project.invoke(["build", "--vars", json.dumps(RULE_VARS), "--select",
                                 "search_metrics_stg_subtopic_judgments"], target_name="diversity_rules")
    failures = {r.node.name: r.failures for r in result.result.results if r.node.resource_type == "test"}
    statuses = {r.node.name: r.status for r in result.result.results}
    assert failures == RULE_FAILURES, statuses


@pytest.mark.dbt
def test_read_ndeval_qrels_reads_the_file(dbt_project, tmp_path):
    path = tmp_path / "qrels.txt"
    path.write_text("101 1 clueweb09-en0000-01-00001 1\n\n101\t2  clueweb09-en0000-01-00001\t2\n102 1 d'x 0\n")
    # every field as the file writes it: the staging model reads the grade (input_number) and its rule judges it
    result = dbt_project.invoke(["compile", "--vars", json.dumps(RULE_VARS), "--inline",
                                 f"{{{{ search_metrics.read_ndeval_qrels('{path}') }}}}"], target_name="diversity_loader")
    assert result.success, result.exception
    sql = result.result.results[0].node.compiled_code
    with duckdb.connect() as con:
        rows = con.execute(f"select * from ({sql}) as q order by query_id, subtopic_id").fetchall()
    assert rows == [("101", "1", "clueweb09-en0000-01-00001", "1"), ("101", "2", "clueweb09-en0000-01-00001", "2"),
                    ("102", "1", "d'x", "0")]
