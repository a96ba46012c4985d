"""The judged models built incrementally by run (docs/metrics.md, "Incremental builds"), in real `dbt run`s.

One chain of incremental builds on one DuckDB file, a full refresh of the same inputs on another after every step;
the steps are what teams do, each once in a seeded random order (append a run, change one run's results, delete a
run, change the grades of a few queries, add an automated judge's rows, nothing). After every step:
- every incremental table equals the full refresh, row for row and value for value (floating-point values within
  1e-12 relative: a mean's summation order is the engine's);
- the rows that had to be rebuilt were, and the others were kept: before the step, one row of a pair that the step
  leaves alone and one of a pair it changes get a sentinel value, and so does one row of a run it leaves alone;
  after it, the unchanged ones still hold the sentinel (the build did not recompute them) and the changed one does
  not (it did). The query metrics are built first and their sentinel put back before the run means are built,
  which would read it.
Then a setting that shapes the rows (the cutoffs) changes: the incremental run fails naming it and --full-refresh.
"""

import json
import random

import duckdb
import pytest

from harness import JUDGMENTS_COLUMNS, RESULTS_COLUMNS, fetch_dicts, load_table, write_duckdb_profile

SCHEMA = "judged_input"
VARS = {"search_metrics_results": f"{SCHEMA}.results", "search_metrics_judgments": f"{SCHEMA}.judgments"}
SELECT = ["--select", "+search_run_metrics"]
QUERY_METRICS = ["--select", "+search_query_metrics"]
RUN_METRICS = ["--select", "search_metrics_int_run_fingerprints", "search_run_metrics"]
TABLES = {
    "search_query_metrics": (("run_id", "query_id", "metric", "k"), ("value", "input_fingerprint")),
    "search_run_metrics": (("run_id", "metric", "k"),
                           ("value", "n_queries", "n_queries_total", "geometric_mean", "run_fingerprint")),
}
SENTINEL = -12345.0
QUERIES = [f"q{i}" for i in range(1, 9)]
DOCS = [f"d{i}" for i in range(1, 16)]


def make_run(rng, run_id, queries=QUERIES):
    rows = []
    for query_id in queries:
        if rng.random() < 0.15:
            continue  # the run returned nothing for this query
        for rank, doc_id in enumerate(rng.sample(DOCS, rng.randint(1, 12)), start=1):
            rows.append({"run_id": run_id, "query_id": query_id, "doc_id": doc_id, "rank": rank,
                         "score": float(100 - rank)})
    return rows


def make_judgments(rng, queries):
    rows = []
    for query_id in queries:
        for doc_id in rng.sample(DOCS, rng.randint(0, 9)):
            for rater in rng.sample(["h1", "h2"], rng.choice([1, 1, 2])):
                rows.append({"query_id": query_id, "doc_id": doc_id, "rater_id": rater,
                             "grade": float(rng.randint(0, 3)), "scale": "graded"})
    return rows


class Chain:
    """The inputs, and two DuckDB files: the incremental chain and a full refresh of each step."""

    def __init__(self, dbt_project, tmp_path):
        self.dbt_project = dbt_project
        self.dbs = {name: tmp_path / f"{name}.duckdb" for name in ("chain", "full")}
        self.profiles = {name: write_duckdb_profile(tmp_path / f"profiles_{name}", db) for name, db in self.dbs.items()}
        self.results: list[dict] = []
        self.judgments: list[dict] = []

    def build(self, name, *extra, dbt_vars=None, select=SELECT):
        with duckdb.connect(str(self.dbs[name])) as con:
            load_table(con, f"{SCHEMA}.results", RESULTS_COLUMNS, self.results)
            load_table(con, f"{SCHEMA}.judgments", JUDGMENTS_COLUMNS, self.judgments)
        return self.dbt_project.invoke(["run", "--vars", json.dumps(dbt_vars or VARS), *select, *extra],
                                       target_name=f"incremental_{name}", profiles_dir=self.profiles[name])

    def tables(self, name):
        with duckdb.connect(str(self.dbs[name])) as con:
            return {table: fetch_dicts(con, f"select * from main.{table}") for table in TABLES}

    def execute(self, sql, params=()):
        with duckdb.connect(str(self.dbs["chain"])) as con:
            return con.execute(sql, params).fetchall()


def set_sentinel(chain, table, where):
    """Put the sentinel in the value of one row of `table` matching `where` ({column: value}); returns the row's key
    and its value before, or None when no row matches."""
    condition = " and ".join(f"{column} = ?" for column in where)
    rows = chain.execute(f"select metric, k, value from main.{table} where {condition} order by metric, k limit 1",
                         list(where.values()))
    if not rows:
        return None
    metric, k, value = rows[0]
    key = {**where, "metric": metric, "k": k}
    chain.execute(f"update main.{table} set value = ? where {condition} and metric = ? and k is not distinct from ?",
                  [SENTINEL, *where.values(), metric, k])
    return key, value


def restore(chain, table, sentinel):
    """Put back the value a row held before set_sentinel."""
    key, value = sentinel
    condition = " and ".join(f"{column} is not distinct from ?" for column in key)
    chain.execute(f"update main.{table} set value = ? where {condition}", [value, *key.values()])


def value_of(chain, table, key):
    condition = " and ".join(f"{column} is not distinct from ?" for column in key)
    rows = chain.execute(f"select value from main.{table} where {condition}", list(key.values()))
    return rows[0][0] if rows else None


def same(a, b):
    """Equal; floating-point values within 1e-12 relative (a mean's summation order is the engine's: two full
    refreshes of the same rows may differ in the last bits)."""
    if isinstance(a, float) and isinstance(b, float):
        return abs(a - b) <= 1e-12 * max(1.0, abs(a))
    return a == b


def assert_tables_equal(actual, expected):
    for table, (key, values) in TABLES.items():
        as_map = {}
        for rows, side in ((actual[table], "incremental"), (expected[table], "full refresh")):
            keyed = {tuple(row[column] for column in key): row for row in rows}
            assert len(keyed) == len(rows), f"{table}: duplicate keys in the {side} table"
            as_map[side] = keyed
        assert as_map["incremental"].keys() == as_map["full refresh"].keys(), (
            f"{table}: keys only in the incremental table "
            f"{sorted(as_map['incremental'].keys() - as_map['full refresh'].keys(), key=str)[:5]}, only in the full "
            f"refresh {sorted(as_map['full refresh'].keys() - as_map['incremental'].keys(), key=str)[:5]}")
        for row_key, row in as_map["full refresh"].items():
            for column in values:
                assert same(as_map["incremental"][row_key][column], row[column]), (
                    f"{table} {row_key} {column}: incremental {as_map['incremental'][row_key][column]!r}, "
                    f"full refresh {row[column]!r}")


KINDS = ["append", "change_run", "delete_run", "regrade", "automated_judge", "nothing"]


def step(rng, chain, kind, n_runs):
    """Apply one change of `kind` to the inputs; returns (the pairs (run_id, query_id) already built whose inputs it
    changes, the runs it deletes, the next run number)."""
    pairs = {(row["run_id"], row["query_id"]) for row in chain.results}
    runs = sorted({run_id for run_id, _ in pairs})
    if kind == "append":
        chain.results += make_run(rng, f"run{n_runs + 1}")
        return set(), set(), n_runs + 1
    if kind == "change_run":  # one query's list of one run changes
        run_id, query_id = rng.choice(sorted(pairs))
        ranked = [row for row in chain.results if (row["run_id"], row["query_id"]) == (run_id, query_id)]
        if len(ranked) >= 2:  # two results trade places
            a, b = rng.sample(ranked, 2)
            a["doc_id"], b["doc_id"] = b["doc_id"], a["doc_id"]
        else:  # the one result becomes another document
            ranked[0]["doc_id"] = next(doc for doc in DOCS if doc != ranked[0]["doc_id"])
        return {(run_id, query_id)}, set(), n_runs
    if kind == "delete_run":
        run_id = rng.choice(runs)
        chain.results = [row for row in chain.results if row["run_id"] != run_id]
        return set(), {run_id}, n_runs
    if kind == "regrade":  # two queries: two human grades change, and each gets a new judgment
        queries = set(rng.sample(QUERIES, 2))
        human = [row for row in chain.judgments if row["query_id"] in queries and row["rater_id"] != "sdbn"]
        for row in rng.sample(human, min(2, len(human))):
            row["grade"] = float((int(row["grade"]) + rng.randint(1, 3)) % 4)
        for query_id in sorted(queries):
            judged = {row["doc_id"] for row in chain.judgments if row["query_id"] == query_id and row["rater_id"] == "h3"}
            chain.judgments.append({"query_id": query_id, "doc_id": rng.choice([d for d in DOCS if d not in judged]),
                                    "rater_id": "h3", "grade": float(rng.randint(1, 3)), "scale": "graded"})
        return {pair for pair in pairs if pair[1] in queries}, set(), n_runs
    if kind == "automated_judge":  # an automated rater's rows: the metrics read the human judgments only
        for query_id in rng.sample(QUERIES, 3):
            judged = {row["doc_id"] for row in chain.judgments if row["query_id"] == query_id and row["rater_id"] == "sdbn"}
            for doc_id in rng.sample([d for d in DOCS if d not in judged], 3):
                chain.judgments.append({"query_id": query_id, "doc_id": doc_id, "rater_id": "sdbn",
                                        "grade": float(rng.randint(0, 3)), "scale": "graded"})
        return set(), set(), n_runs
    return set(), set(), n_runs


def test_incremental_builds_equal_a_full_refresh_after_every_change(dbt_project, tmp_path):
    rng = random.Random(48)
    chain = Chain(dbt_project, tmp_path)
    for run_number in range(1, 4):
        chain.results += make_run(rng, f"run{run_number}")
    chain.judgments = make_judgments(rng, QUERIES)
    n_runs = 3
    for name in ("chain", "full"):
        result = chain.build(name)
        assert result.success, result.exception
    assert_tables_equal(chain.tables("chain"), chain.tables("full"))

    # every kind of change once, in a random order
    for kind in rng.sample(KINDS, len(KINDS)):
        pairs_before = {(row["run_id"], row["query_id"]) for row in chain.results}
        changed_pairs, gone_runs, n_runs = step(rng, chain, kind, n_runs)
        # a pair the step leaves alone and one it changes; a run it leaves alone
        untouched = sorted(pair for pair in pairs_before - changed_pairs if pair[0] not in gone_runs)
        untouched_runs = sorted({run_id for run_id, _ in untouched} - {run_id for run_id, _ in changed_pairs})
        kept = set_sentinel(chain, "search_query_metrics", dict(zip(("run_id", "query_id"), rng.choice(untouched))))
        rebuilt = (set_sentinel(chain, "search_query_metrics",
                                dict(zip(("run_id", "query_id"), rng.choice(sorted(changed_pairs)))))
                   if changed_pairs else None)
        kept_run = (set_sentinel(chain, "search_run_metrics", {"run_id": rng.choice(untouched_runs)})
                    if untouched_runs else None)

        # the query metrics first, then the run means (which would read the pair's sentinel)
        result = chain.build("chain", select=QUERY_METRICS)
        assert result.success, f"{kind}: {result.exception}"
        assert value_of(chain, "search_query_metrics", kept[0]) == SENTINEL, f"{kind}: an unchanged pair was rebuilt"
        if rebuilt is not None:
            assert value_of(chain, "search_query_metrics", rebuilt[0]) != SENTINEL, f"{kind}: a changed pair was kept"
        restore(chain, "search_query_metrics", kept)
        result = chain.build("chain", select=RUN_METRICS)
        assert result.success, f"{kind}: {result.exception}"
        if kept_run is not None:
            assert value_of(chain, "search_run_metrics", kept_run[0]) == SENTINEL, f"{kind}: an unchanged run was rebuilt"
            restore(chain, "search_run_metrics", kept_run)
        result = chain.build("full", "--full-refresh")
        assert result.success, result.exception
        assert_tables_equal(chain.tables("chain"), chain.tables("full"))

    result = chain.build("chain", dbt_vars={**VARS, "search_metrics_cutoffs": [1, 3, 5]})
    assert not result.success
    message = str(result.exception) if result.exception else ""
    if not message:
        message = " ".join(str(r.message) for r in result.result.results if r.message)
    assert "search_metrics_cutoffs was [1, 3, 5, 10], now [1, 3, 5]" in message, message
    assert "--full-refresh" in message, message
