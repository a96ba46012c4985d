"""Fused runs (var search_metrics_fusions, docs/fusion.md): reference/fusion.py against ranx.fuse itself (ranx
0.3.21, every method x normalization, value for value), then search_metrics_stg_fused_results against the reference
on generated runs through one compile (every method x normalization; ties, docs missing from some runs, single-doc
lists, all-equal scores, negative scores, rank gaps, a query some input runs lack, a hostile run id), the fused runs'
metrics in search_query_metrics against reference/judged.py on the reference's fused lists, the sweep's table
against a reference computation, and the fusion rules failing by name in one dbt build."""

import json
import math
import random

import pytest
from numba import types
from numba.typed import Dict as TypedDict
from ranx import Run
from ranx import fuse as ranx_fuse

from harness import (INPUT_SCHEMA, JUDGMENTS_COLUMNS, RESULTS_COLUMNS, fetch_dicts, load_table, values_equal,
                     write_duckdb_profile)
from reference import fusion as ref
from reference import judged

HOSTILE = "'\";\\"
RUNS = ["bm25", "dense", "spl" + HOSTILE]
WEIGHTS = [0.2, 0.5, 0.3]


def make_runs(seed, every_query=False):
    """Three runs {query: [(doc, score)]} in rank order, with the hard cases: tied scores, docs some runs lack,
    single-doc lists, a list of equal scores, negative scores, shared doc ids across queries; unless every_query,
    queries some runs lack. Returns (runs, cases met)."""
    rng = random.Random(seed)
    queries = [f"q{i}" for i in range(10)] + ["Qé" + HOSTILE]
    runs = [{} for _ in RUNS]
    for q in queries:
        for r, run in enumerate(runs):
            if not every_query and q in ("q8", "q9") and r == (1 if q == "q8" else 2):
                continue  # the run lacks the query
            n = {"q0": 1, "q1": 1}.get(q, rng.choice([1, 2, 3, 5, 8]))
            docs = rng.sample([f"d{j}" for j in range(9)] + ["D0", "dé"], n)
            scores = sorted((rng.choice([rng.uniform(-4, 6), 1.0, 2.5, -0.5]) for _ in docs), reverse=True)
            if q == "q2":
                scores = [3.0] * n  # all equal: min-max's max = min
            if q == "q3":
                scores = [-rng.uniform(0.5, 3) - i for i in range(n)]  # every score negative
            run[q] = list(zip(docs, scores))
    cases = {
        "tie": any(len({s for _, s in items}) < len(items) for run in runs for items in run.values()),
        "single": any(len(items) == 1 for run in runs for items in run.values()),
        "equal": any(len(items) > 1 and len({s for _, s in items}) == 1 for run in runs for items in run.values()),
        "negative": any(s < 0 for run in runs for items in run.values() for _, s in items),
        "missing_doc": any(len({d for d, _ in run.get(q, [])} - {d for d, _ in other.get(q, [])}) > 0
                           for run in runs for other in runs for q in queries),
        "missing_query": any(q not in run for run in runs for q in queries),
    }
    return runs, cases


def to_ranx(run, queries):
    """A ranx Run holding the lists in their given order (ranx's Run(dict) would sort them by score, in an
    arbitrary order on ties; fuse reads the dict order)."""
    outer = TypedDict.empty(key_type=types.unicode_type,
                            value_type=types.DictType(types.unicode_type, types.float64))
    for q in queries:
        inner = TypedDict.empty(key_type=types.unicode_type, value_type=types.float64)
        for doc, score in run.get(q, []):
            inner[doc] = float(score)
        outer[q] = inner
    result = Run()
    result.run = outer
    result.sorted = True
    return result


def combinations():
    for method in ref.METHODS:
        for norm in ref.NORMS:
            if not (norm == "borda" and method in ref.RANK_METHODS):
                yield method, norm


def params_of(method, k=60):
    if method == "rrf":
        return {"k": k}
    if method in ("wsum", "w_bordafuse"):
        return {"weights": WEIGHTS}
    return {}


def test_reference_equals_ranx_fuse():
    """ranx needs every run to hold every query (its zmuv normalizes an empty list of a query to nothing and drops
    the run's other queries with it: seen on 0.3.21), so the runs here hold every query."""
    met = {}
    for seed in (1, 2):
        runs, cases = make_runs(seed, every_query=True)
        met.update({case: met.get(case, False) or found for case, found in cases.items()})
        queries = ref._queries(runs)
        ranx_runs = [to_ranx(run, queries) for run in runs]
        for method, norm in combinations():
            for k in ((60, 0, 7.5) if method == "rrf" else (60,)):
                params = params_of(method, k)
                ours = ref.fuse(runs, method, norm, k=k, weights=params.get("weights"))
                theirs = ranx_fuse(ranx_runs, norm=None if norm == "none" else norm, method=method, params=params)
                for q in queries:
                    assert set(ours[q]) == set(theirs.run[q].keys()), (method, norm, q)
                    for doc, score in ours[q].items():
                        assert abs(score - theirs.run[q][doc]) <= 1e-9, (method, norm, k, q, doc, score,
                                                                          theirs.run[q][doc])
    assert {case for case, found in met.items() if found} == set(met) - {"missing_query"}, met


def test_reference_by_hand():
    runs = [{"q": [("a", 3.0), ("b", 1.0)]}, {"q": [("b", 5.0), ("c", 5.0), ("d", 1.0)]}]
    # RRF k = 60: a 1/61; b 1/62 + 1/61; c 1/62; d 1/63
    assert ref.fuse(runs, "rrf")["q"] == {"a": 1 / 61, "b": 1 / 62 + 1 / 61, "c": 1 / 62, "d": 1 / 63}
    # min-max: run 1 a 1, b 0; run 2 b 1, c 1, d 0. CombMNZ: b (0 + 1) * 2 = 2; CombMAX of a: max(1, -1e9) = 1
    assert ref.fuse(runs, "mnz", "min-max")["q"] == {"a": 1.0, "b": 2.0, "c": 1.0, "d": 0.0}
    assert ref.fuse(runs, "min", "min-max")["q"] == {"a": 1.0, "b": 0.0, "c": 1.0, "d": 0.0}
    # one doc or equal scores: max - min = 0, the 1e-9 floor, every value 0
    assert ref.fuse([{"q": [("a", 2.0)]}, {"q": [("a", 2.0), ("b", 2.0)]}], "sum", "min-max")["q"] == {"a": 0.0, "b": 0.0}
    # BordaFuse, 4 candidates: run 1 a 4, b 3, the others (4 - 2 + 1) / 2 = 1.5; run 2 b 4, c 3, d 2, a (4 - 3 + 1) / 2 = 1
    assert ref.fuse(runs, "bordafuse")["q"] == {"a": 5.0, "b": 7.0, "c": 4.5, "d": 3.5}
    # borda norm, 4 candidates: run 1 a 1, b 0.75, missing 0.5 - 1/8; run 2 b 1, c 0.75, d 0.5, missing 0.5 - 2/8
    assert ref.fuse(runs, "sum", "borda")["q"] == {"a": 1.25, "b": 1.75, "c": 0.375 + 0.75, "d": 0.375 + 0.5}
    # median of the held values; ties ranked by doc_id descending
    assert ref.fuse([{"q": [("a", 1.0)]}, {"q": [("a", 3.0)]}, {"q": [("a", 2.0), ("b", 1.0)]}], "med", "none")["q"] \
        == {"a": 2.0, "b": 1.0}
    assert ref.ranked({"a": 1.0, "b": 2.0, "c": 1.0}) == [("b", 1, 2.0), ("c", 2, 1.0), ("a", 3, 1.0)]
    # a run without the query is an empty list: log_isr of a doc one run holds is 0 (ln 1)
    assert ref.fuse([{"q": [("a", 1.0)]}, {}], "log_isr")["q"] == {"a": 0.0}


# -- the SQL --------------------------------------------------------------------------------------------------------
def fusion_entries():
    """Every method x normalization, a name per entry; rrf also with k = 0 and 7.5, a two-run wsum with a weight
    grid of a step and one of lists."""
    entries = []
    for method, norm in combinations():
        entries.append({"name": f"{method}~{norm}", "runs": RUNS, "method": method, "norm": norm,
                        "params": params_of(method)})
    entries.append({"name": "rrf~k0", "runs": RUNS[:2], "method": "rrf", "params": {"k": 0}})
    entries.append({"name": "rrf~k7.5", "runs": [RUNS[2], RUNS[0]], "method": "rrf", "norm": "none",
                    "params": {"k": 7.5}})
    entries.append({"name": "wsum" + HOSTILE, "runs": [RUNS[2], RUNS[1]], "method": "wsum", "norm": "min-max",
                    "params": {"weights": [1, 3]}, "weight_grid": 0.25, "holdout_share": 0.3})
    entries.append({"name": "wbf", "runs": RUNS[:2], "method": "w_bordafuse",
                    "params": {"weights": [0.5, 0.5]}, "weight_grid": [[0.1, 0.9], [1, 0]]})
    return entries


def configurations(entry):
    """(run_id, weights) of the entry and of its grid, as docs/fusion.md names them."""
    out = [(entry["name"], entry["params"].get("weights"))]
    grid = entry.get("weight_grid")
    if isinstance(grid, (int, float)):
        steps = round(1 / grid)
        vectors = [[c / steps for c in (i, steps - i)] for i in range(steps + 1)]  # two runs
    else:
        vectors = [[float(w) for w in vector] for vector in grid or []]
    out += [(entry["name"] + "@w=" + ",".join(repr(float(w)) for w in vector), vector) for vector in vectors]
    return out


def results_rows(runs):
    """The results input: each list in its order, ranks with gaps (1, 3, 4, 7, ...) on the second run."""
    rows = []
    for run_id, run in zip(RUNS, runs):
        for q, items in run.items():
            rank = 0
            for doc, score in items:
                rank += 2 if run_id == RUNS[1] and rank % 3 == 1 else 1
                rows.append({"run_id": run_id, "query_id": q, "doc_id": doc, "rank": rank, "score": score})
    rows.append({"run_id": "unfused", "query_id": "q0", "doc_id": "d1", "rank": 1, "score": None})
    return rows


def judgments_rows(runs, seed):
    rng = random.Random(seed)
    docs = sorted({(q, doc) for run in runs for q, items in run.items() for doc, _ in items})
    return [{"query_id": q, "doc_id": doc, "rater_id": "r1", "grade": float(rng.choice([0, 0, 1])), "scale": "binary"}
            for q, doc in docs if rng.random() < 0.8]


VARS = {"search_metrics_fusions": fusion_entries(), "search_metrics_metrics": ["precision", "ndcg", "reciprocal_rank"],
        "search_metrics_cutoffs": [3, 10], "search_metrics_enable_judgment_coverage": False,
        "search_metrics_enable_judge_validation": False}


def expected_fused_rows(runs):
    rows = []
    for entry in fusion_entries():
        by_name = dict(zip(RUNS, runs))
        inputs = [by_name[name] for name in entry["runs"]]
        for run_id, weights in configurations(entry):
            fused = ref.fuse(inputs, entry["method"], entry.get("norm", "min-max"),
                             k=entry["params"].get("k", 60), weights=weights)
            for q, scores in fused.items():
                rows += [{"run_id": run_id, "query_id": q, "doc_id": doc, "rank": rank, "score": score}
                         for doc, rank, score in ref.ranked(scores)]
    return rows


@pytest.fixture(scope="module")
def fused_build(dbt_project):
    runs, cases = make_runs(7)
    assert all(cases.values()), cases
    results, judgments = results_rows(runs), judgments_rows(runs, 7)
    tables = {"results": (RESULTS_COLUMNS, results), "judgments": (JUDGMENTS_COLUMNS, judgments)}
    out = dbt_project.run_tables(tables, VARS, outputs=("search_metrics_stg_fused_results", "search_query_metrics",
                                                        "search_run_metrics", "search_fusion_sweep"))
    return runs, results, judgments, out


@pytest.mark.dbt
def test_fused_results_equal_the_reference(fused_build):
    runs, _, _, out = fused_build
    expected = {(r["run_id"], r["query_id"], r["doc_id"]): r for r in expected_fused_rows(runs)}
    actual = {(r["run_id"], r["query_id"], r["doc_id"]): r for r in out["search_metrics_stg_fused_results"]}
    assert set(actual) == set(expected), sorted(set(actual) ^ set(expected))[:10]
    for key, row in expected.items():
        assert values_equal(actual[key]["score"], row["score"], 1e-9), (key, actual[key], row)
    # ranks: the reference's order wherever the scores differ by more than the tolerance (a tie within it may
    # fall either way by the last bits)
    for key, row in expected.items():
        if actual[key]["rank"] != row["rank"]:
            run_id, q, _ = key
            peers = [r for k, r in expected.items() if k[:2] == (run_id, q) and r["rank"] == actual[key]["rank"]]
            assert peers and abs(peers[0]["score"] - row["score"]) <= 1e-9, (key, actual[key], row)
    assert len({r["run_id"] for r in expected.values()}) == sum(len(configurations(e)) for e in fusion_entries())
    # the rank rule on the SQL's own scores: score descending, equal scores by doc_id descending (code points)
    lists = {}
    for row in actual.values():
        lists.setdefault((row["run_id"], row["query_id"]), []).append(row)
    n_ties = 0
    for rows in lists.values():
        ordered = sorted(sorted(rows, key=lambda r: r["doc_id"], reverse=True), key=lambda r: r["score"], reverse=True)
        assert [r["rank"] for r in ordered] == list(range(1, len(rows) + 1)), ordered
        n_ties += len(rows) - len({r["score"] for r in rows})
    assert n_ties > 0


@pytest.mark.dbt
def test_fused_runs_are_runs_of_every_metric(fused_build):
    """search_query_metrics holds the fused runs' rows, equal to reference/judged.py on the reference's fused lists
    (and the input runs' rows as before): one model before the metrics, so each is computed once."""
    runs, results, judgments, out = fused_build
    fused = expected_fused_rows(runs)
    expected = judged.query_metrics(results + fused, judgments, cutoffs=(3, 10), metrics=VARS["search_metrics_metrics"])
    actual = {(r["run_id"], r["query_id"], r["metric"], r["k"]): r["value"] for r in out["search_query_metrics"]}
    assert len(actual) == len(out["search_query_metrics"])  # no row twice
    assert set(actual) == {(r["run_id"], r["query_id"], r["metric"], r["k"]) for r in expected}
    tie_free = {(r["run_id"], r["query_id"]) for r in fused} - {
        (a["run_id"], a["query_id"]) for a in fused for b in fused
        if (a["run_id"], a["query_id"]) == (b["run_id"], b["query_id"]) and a["doc_id"] != b["doc_id"]
        and 0 < abs(a["score"] - b["score"]) <= 1e-9}
    for r in expected:
        if r["run_id"] in RUNS or r["run_id"] == "unfused" or (r["run_id"], r["query_id"]) in tie_free:
            key = (r["run_id"], r["query_id"], r["metric"], r["k"])
            assert values_equal(actual[key], r["value"]), (key, actual[key], r["value"])


@pytest.mark.dbt
def test_sweep_table_equals_a_reference_computation(fused_build):
    """search_fusion_sweep: per fusion with a grid, configuration, metric and k, the means over the tuning and the
    held-out queries (reference.fusion.holdout) of reference/judged.py's values on the reference's fused lists,
    and the best configuration on the tuning mean (ties within 1e-12 to the lowest index)."""
    runs, results, judgments, out = fused_build
    fused = expected_fused_rows(runs)
    values = judged.query_metrics(results + fused, judgments, cutoffs=(3, 10), metrics=VARS["search_metrics_metrics"])
    expected = {}
    for entry in fusion_entries():
        if "weight_grid" not in entry:
            continue
        share = entry.get("holdout_share", 0)
        for index, (run_id, weights) in enumerate(configurations(entry)):
            groups = {}
            for row in values:
                if row["run_id"] == run_id and row["value"] is not None:
                    side = "holdout" if ref.holdout(row["query_id"], share) else "tuning"
                    groups.setdefault((row["metric"], row["k"]), {"tuning": [], "holdout": []})[side].append(
                        row["value"])
            for (metric, k), sides in groups.items():
                expected[(entry["name"], index, metric, k)] = {
                    "run_id": run_id, "weights": ",".join(repr(float(w)) for w in weights),
                    "tuning_mean": sum(sides["tuning"]) / len(sides["tuning"]) if sides["tuning"] else None,
                    "n_tuning_queries": len(sides["tuning"]),
                    "holdout_mean": sum(sides["holdout"]) / len(sides["holdout"]) if sides["holdout"] else None,
                    "n_holdout_queries": len(sides["holdout"])}
    for (name, metric, k) in {(key[0], key[2], key[3]) for key in expected}:
        rows = sorted((key[1], row) for key, row in expected.items() if (key[0], key[2], key[3]) == (name, metric, k))
        means = [row["tuning_mean"] for _, row in rows if row["tuning_mean"] is not None]
        best = max(means) if means else None
        first = next((index for index, row in rows if best is not None and row["tuning_mean"] is not None
                      and row["tuning_mean"] >= best - 1e-12 * max(1, abs(best))), None)
        for index, row in rows:
            row["is_best"] = index == first
    actual = {(r["fusion"], r["configuration_index"], r["metric"], r["k"]): r for r in out["search_fusion_sweep"]}
    assert set(actual) == set(expected)
    for key, row in expected.items():
        for column, value in row.items():
            if isinstance(value, str) or isinstance(value, bool):
                assert actual[key][column] == value, (key, column, actual[key][column], value)
            else:
                assert values_equal(actual[key][column], value), (key, column, actual[key][column], value)
    # the sweep has something to choose and something held out
    assert any(row["n_holdout_queries"] > 0 and row["n_tuning_queries"] > 0 for row in expected.values())
    assert len({row["tuning_mean"] for row in expected.values()}) > 2


# -- the rules --------------------------------------------------------------------------------------------------------
RULE_VARS = {"search_metrics_results": f"{INPUT_SCHEMA}.fusion_rule_results",
             "search_metrics_judgments": f"{INPUT_SCHEMA}.fusion_rule_judgments",
             "search_metrics_enable_judgment_coverage": False, "search_metrics_enable_judge_validation": False,
             "search_metrics_fusions": [
                 {"name": "needs_a_missing_run", "runs": ["bm25", "no_such_run"], "method": "rrf"},
                 {"name": "other", "runs": ["bm25", "dense"], "method": "rrf"},  # a name that is an input run_id
                 {"name": "reads_scores", "runs": ["bm25", "unscored"], "method": "sum", "norm": "zmuv"},
                 {"name": "reads_ranks", "runs": ["dense", "unscored"], "method": "mnz", "norm": "rank"}]}
RULE_NAMES = ["search_metrics_fusions__input_run_must_exist_in_the_results",
              "search_metrics_fusions__name_must_not_be_an_input_run_id",
              "search_metrics_fusions__input_runs_must_have_scores"]


@pytest.mark.dbt
def test_each_fusion_rule_fails_by_name_and_stops_the_fused_runs(dbt_project):
    """One build: one fusion breaks each rule (a run without results, a name that is an input run_id, a score
    method over a run with a null score); a rank-normalized method over the same run passes the score rule."""
    import duckdb
    rows = [{"run_id": run, "query_id": "q1", "doc_id": doc, "rank": rank, "score": None if run == "unscored" else 1.0 / rank}
            for run in ("bm25", "dense", "unscored", "other") for rank, doc in enumerate(["d1", "d2"], start=1)]
    with duckdb.connect(str(dbt_project.db_path)) as con:
        load_table(con, f"{INPUT_SCHEMA}.fusion_rule_results", RESULTS_COLUMNS, rows)
        load_table(con, f"{INPUT_SCHEMA}.fusion_rule_judgments", JUDGMENTS_COLUMNS,
                   [{"query_id": "q1", "doc_id": "d1", "rater_id": "r", "grade": 1.0, "scale": "binary"}])
    result = dbt_project.invoke(["build", "--full-refresh", "--vars", json.dumps(RULE_VARS), "--store-failures",
                                 "--select", "+search_metrics_stg_results"], target_name="fusion_rules")
    statuses = {r.node.name: r.status for r in result.result.results}
    assert not result.success
    assert {name for name, status in statuses.items() if status in ("fail", "error")} == set(RULE_NAMES), statuses
    assert {statuses[name] for name in RULE_NAMES} == {"fail"}
    assert statuses["search_metrics_stg_fused_results"] == "skipped"
    assert statuses["search_metrics_stg_results"] == "skipped"
    with duckdb.connect(str(dbt_project.db_path)) as con:
        failures = {}
        for r in result.result.results:
            if r.node.name in RULE_NAMES:
                failures[r.node.name] = sorted(con.execute(
                    f"select fusion, run_id, rule_violated from {r.node.relation_name}").fetchall())
    assert [row[:2] for row in failures[RULE_NAMES[0]]] == [("needs_a_missing_run", "no_such_run")]
    assert [row[:2] for row in failures[RULE_NAMES[1]]] == [("other", "other")]
    assert [row[:2] for row in failures[RULE_NAMES[2]]] == [("reads_scores", "unscored")]
    assert all("search_metrics_fusions" in row[2] for rows in failures.values() for row in rows)


# -- incremental builds -------------------------------------------------------------------------------------------------
INCREMENTAL_VARS = {"search_metrics_results": f"{INPUT_SCHEMA}.fusion_incremental_results",
                    "search_metrics_judgments": f"{INPUT_SCHEMA}.fusion_incremental_judgments",
                    "search_metrics_enable_judgment_coverage": False, "search_metrics_enable_judge_validation": False,
                    "search_metrics_metrics": ["ndcg", "precision"], "search_metrics_cutoffs": [3],
                    "search_metrics_fusions": [{"name": "fz", "runs": ["a", "b"], "method": "rrf"},
                                               {"name": "fz_sum", "runs": ["b", "c"], "method": "sum"}]}


@pytest.mark.dbt
def test_a_fused_run_is_rebuilt_when_an_input_run_changes(dbt_project, tmp_path):
    """dbt run, then run a's list changes and an incremental dbt run: the fused run over a (its rows' fingerprint
    moved) has the reference's metrics on the new lists; the fused run over b and c keeps its rows. In a DuckDB file
    of its own: the incremental tables it leaves would be read by the next build in the session's file."""
    import duckdb
    db = tmp_path / "fusion_incremental.duckdb"
    profiles = write_duckdb_profile(tmp_path / "profiles_fusion", db)
    rng = random.Random(11)
    docs = [f"d{i}" for i in range(8)]

    def run_rows(run_id):
        return [{"run_id": run_id, "query_id": q, "doc_id": doc, "rank": rank, "score": 10.0 - rank}
                for q in ("q1", "q2", "q3") for rank, doc in enumerate(rng.sample(docs, 5), start=1)]

    results = run_rows("a") + run_rows("b") + run_rows("c")
    judgments = [{"query_id": q, "doc_id": doc, "rater_id": "r", "grade": float(rng.choice([0, 1, 1])),
                  "scale": "binary"} for q in ("q1", "q2", "q3") for doc in docs]
    select = ["--select", "+search_run_metrics"]

    def load_and_run(rows, *args):
        with duckdb.connect(str(db)) as con:
            con.execute(f"create schema if not exists {INPUT_SCHEMA}")
            load_table(con, f"{INPUT_SCHEMA}.fusion_incremental_results", RESULTS_COLUMNS, rows)
            load_table(con, f"{INPUT_SCHEMA}.fusion_incremental_judgments", JUDGMENTS_COLUMNS, judgments)
        result = dbt_project.invoke(["run", "--vars", json.dumps(INCREMENTAL_VARS), *select, *args],
                                    target_name="fusion_incremental", profiles_dir=profiles)
        assert result.success, result.exception
        with duckdb.connect(str(db)) as con:
            schema = con.execute("select table_schema from information_schema.tables "
                                 "where table_name = 'search_query_metrics' order by table_schema").fetchall()
            return {name: fetch_dicts(con, f"select * from {schema[0][0]}.{name}")
                    for name in ("search_query_metrics", "search_run_metrics")}

    first = load_and_run(results, "--full-refresh")
    changed = [dict(row, doc_id=row["doc_id"] + "x") if row["run_id"] == "a" and row["rank"] <= 2 else row
               for row in results]
    second = load_and_run(changed)
    fusions = INCREMENTAL_VARS["search_metrics_fusions"]
    for out, rows in ((first, results), (second, changed)):
        expected = judged.query_metrics(rows + ref.fused_results(rows, fusions), judgments, cutoffs=(3,),
                                        metrics=INCREMENTAL_VARS["search_metrics_metrics"])
        actual = {(r["run_id"], r["query_id"], r["metric"], r["k"]): r["value"] for r in out["search_query_metrics"]}
        assert len(actual) == len(out["search_query_metrics"])
        assert set(actual) == {(r["run_id"], r["query_id"], r["metric"], r["k"]) for r in expected}
        for r in expected:
            assert values_equal(actual[(r["run_id"], r["query_id"], r["metric"], r["k"])], r["value"]), r
    moved = {r["run_id"] for r in second["search_run_metrics"]} - {
        r["run_id"] for r in second["search_run_metrics"]
        if (r["run_id"], r["metric"], r["k"], r["run_fingerprint"]) in {
            (s["run_id"], s["metric"], s["k"], s["run_fingerprint"]) for s in first["search_run_metrics"]}}
    assert moved == {"a", "fz"}, moved  # the fused run over a moved with a; b, c and the fusion of b and c did not
