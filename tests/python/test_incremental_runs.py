"""The judged models built incrementally by run (docs/metrics.md, "Incremental builds"), in real `dbt run`s.

One chain of incremental `dbt run`s on one DuckDB file; after every step, the full build of the same inputs (the
models' SQL as `dbt run --full-refresh` compiles it, run on a new DuckDB file);
the steps are what teams do, in a seeded random order (delete a run and append one; change one run's results and
regrade a few queries; add an automated judge's rows, which must change nothing). After every step:
- every incremental table equals the full refresh, row for row and value for value (floating-point values within
  1e-12 relative: a mean's summation order is the engine's);
- the rows that had to be rebuilt were, and the others were kept: before the step, two pairs of one run that the
  step leaves alone (of a run it changes, where there is one) swap a value, one row of a run it leaves alone gets a
  sentinel value and the rows of a pair it changes an old built_at (a value there would leave the run sums with the
  deleted rows); after it, the swapped values are still swapped and the run's sentinel still there (the build did
  not recompute them: a rebuild of the run would read the same values, so its means do not move), and the changed
  pair's rows carry this build's built_at (the build recomputed them);
- the overlap tables read the results only: a compared pair whose two runs' results the step leaves alone keeps its
  overlap rows (a sentinel), also when a regrade rebuilds its comparison (which some step must show), and the rows
  of a pair with a run whose results moved or went are rebuilt.
The results input's rules are checked only for the runs whose rows moved: before each step a made-up violation
row is put in the rule table for a run the step leaves alone and for one whose results it changes; after it, the
first is still there and the second gone. A run appended with a duplicated rank then fails `dbt build` by the
rule's name, and the runs checked before stay recorded as checked while the bad run is not.
Then a setting that shapes the rows (the cutoffs; the RBO persistence for the overlap) changes: the incremental run
fails naming it and --full-refresh.
The trec_eval table (with complete, trec_eval -c) is in the chain: a run the step leaves alone keeps its rows, a
changed run's are rebuilt, and so are those of a run that returned no regraded query (every run is evaluated on
every qrels query; the first runs each lack a query so that some step makes this case, which the chain asserts).
On PostgreSQL and on Spark, one incremental run over every kind of change at once (a trec_eval z-score moved too)
equals a full refresh: the delete pre-hooks and the keys to build as PostgreSQL runs them; on Spark the stale
partitions dropped, the kept ones keeping their files.
The judging families' tables are in the chain too (docs/judgments.md, "Incremental builds"): the per-source metrics
by (source_kind, source, run_id, query_id), the unjudged bounds by pair, run and compared pair, the judges' run
means by run. The automated judge sdbn graded some queries from the start; the step that adds its rows must
rebuild exactly its keys: a judge row of a query it regrades loses its sentinel, while the readings of that query,
the judge's rows of the queries it leaves alone (two swapped values stay swapped), every unjudged-bounds table and
the human tables keep theirs. In every step the kept and rebuilt rows of each judging table are checked likewise.
The results joined to the pool (search_metrics_int_labeled_results, by pair) are in the chain too: an unchanged
pair's rows keep a sentinel score, a changed pair's are copied again; the settings step names its largest cutoff.
So are the trec_eval results (search_metrics_int_trec_eval_results, by pair), with the same sentinels.
The tables' build records (DuckDB, PostgreSQL): rows deleted by hand are computed again once their keys leave the
record too; a build with the var search_metrics_incremental_runs false drops the records (its data tests reading
every row), and the next incremental build makes them from the tables' rows and equals a full refresh. On
PostgreSQL, `dbt test` after the incremental run finds a duplicated row of a pair that run wrote and not one of a
pair it kept, and a `dbt build` that writes nothing tests no row (docs/metrics.md, "Incremental builds").
"""

import json
import random

import duckdb
import pytest

from engines import INPUT_SCHEMA, Table, assert_same_table, dbt_ok, load_inputs
from harness import (FULL_BUILD, JUDGMENTS_COLUMNS, RESULTS_COLUMNS, compiled_models, fetch_dicts, load_table,
                     write_duckdb_profile)

SCHEMA = "judged_input"
VARS = {"search_metrics_results": f"{SCHEMA}.results", "search_metrics_judgments": f"{SCHEMA}.judgments",
        "search_metrics_enable_trec_eval": True, "search_metrics_trec_eval": {"complete": True}}
SELECT = ["--select", "+search_run_metrics", "+search_run_precision_recall_curve", "+search_run_comparison",
          "+search_trec_eval", "+search_run_pair_overlap", "+search_run_unjudged_bounds",
          "+search_comparison_unjudged_bounds", "+search_judge_run_metrics"]
TABLES = {
    "search_query_metrics": (("run_id", "query_id", "metric", "k"), ("value", "input_fingerprint")),
    "search_run_metrics": (("run_id", "metric", "k"),
                           ("value", "n_queries", "n_queries_total", "geometric_mean", "run_fingerprint")),
    "search_precision_recall_curve": (("run_id", "query_id", "recall_level"), ("precision", "input_fingerprint")),
    "search_run_precision_recall_curve": (("run_id", "recall_level"),
                                          ("precision", "n_queries", "n_queries_total", "run_fingerprint")),
    "search_query_deltas": (("baseline", "candidate", "query_id", "metric", "k"),
                            ("baseline_value", "candidate_value", "delta", "delta_fingerprint")),
    "search_run_comparison": (("baseline", "candidate", "metric", "k"),
                              ("n_queries", "mean_delta", "wins", "losses", "ties", "t_statistic", "p_value_t",
                               "p_value_randomization", "ci_low", "ci_high", "p_value_t_holm",
                               "p_value_randomization_bh", "queries_needed", "comparison_fingerprint")),
    "search_metrics_stg_results_rule_violations": (("rule", "run_id", "query_id", "doc_id", "rank"),
                                                   ("rule_violated", "score", "n_rows")),
    "search_trec_eval": (("run_id", "measure", "query_id"), ("value", "raw_value", "printed_as", "n_zscores_missing")),
    "search_metrics_int_trec_eval_query_values": (("run_id", "query_id", "measure"),
                                                  ("value", "raw_value", "summary_rule", "printed_as",
                                                   "pair_fingerprint")),
    "search_metrics_int_trec_eval_summaries": (("run_id", "measure"),
                                               ("value", "raw_value", "printed_as", "n_zscores_missing",
                                                "run_fingerprint")),
    "search_run_overlap": (("baseline", "candidate", "query_id", "measure", "k"), ("value", "overlap_fingerprint")),
    "search_run_pair_overlap": (("baseline", "candidate", "measure", "k"), ("value", "n_queries", "overlap_fingerprint")),
    "search_metrics_int_source_query_metrics": (("source_kind", "source", "run_id", "query_id", "metric", "k"),
                                                ("value", "input_fingerprint")),
    "search_query_unjudged_bounds": (("run_id", "query_id", "metric", "k"),
                                     ("value", "pessimistic_value", "optimistic_value", "readings_are_bounds",
                                      "input_fingerprint")),
    "search_run_unjudged_bounds": (("run_id", "metric", "k"),
                                   ("value", "pessimistic_value", "optimistic_value", "n_queries", "readings_are_bounds",
                                    "run_fingerprint")),
    "search_comparison_unjudged_bounds": (("baseline", "candidate", "metric", "k"),
                                          ("n_queries", "mean_delta", "delta_low", "delta_high", "readings_are_bounds",
                                           "sign_settled", "comparison_fingerprint")),
    "search_judge_run_metrics": (("rater_id", "run_id", "metric", "k"),
                                 ("human_value", "judge_value", "difference", "n_queries", "run_fingerprint")),
    "search_metrics_int_labeled_results": (("run_id", "query_id", "doc_id"),
                                           ("rank", "score", "binary_value", "graded_value", "detail_value",
                                            "binary_tie", "input_fingerprint")),
    "search_metrics_int_trec_eval_results": (("run_id", "query_id", "doc_id"),
                                             ("rank", "score", "binary_value", "graded_value", "detail_value",
                                              "binary_tie", "input_fingerprint")),
    # the resampling sums and units: every column but built_at (value_g and weight_g, one per metric and cutoff)
    "search_metrics_int_comparison_resamples": (("baseline", "candidate", "row_kind", "row_id"), "*"),
}
LABELED = "search_metrics_int_labeled_results"
RESAMPLES = "search_metrics_int_comparison_resamples"
TREC_RESULTS = "search_metrics_int_trec_eval_results"
TREC_VALUES = "search_metrics_int_trec_eval_query_values"
TREC_SUMMARIES = "search_metrics_int_trec_eval_summaries"
OVERLAP_TABLES = ("search_run_overlap", "search_run_pair_overlap")
JUDGE = "sdbn"  # an automated rater (var search_metrics_automated_raters' default)
SOURCE_METRICS = "search_metrics_int_source_query_metrics"
RULES = "search_metrics_stg_results_rule_violations"
SENTINEL = -12345.0
OLD_BUILT_AT = "timestamp '2001-02-03 04:05:06'"  # a built_at no build writes
RESAMPLE_OFFSET = 1000.0  # added to a pair's kept resampling sum: a correction keeps it, a sum from scratch loses it
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
    """The inputs, the DuckDB file of the incremental chain, and the full build of the same inputs."""

    def __init__(self, dbt_project, tmp_path):
        self.dbt_project = dbt_project
        self.tmp_path = tmp_path
        self.db = tmp_path / "chain.duckdb"
        self.profiles = write_duckdb_profile(tmp_path / "profiles_chain", self.db)
        self.results: list[dict] = []
        self.judgments: list[dict] = []
        self.n_full_builds = 0
        self.built_results: list[dict] = []  # the results of the last build
        self._full_models = None

    def invoke(self, command, *args, dbt_vars=None):
        return self.dbt_project.invoke([command, "--vars", json.dumps(dbt_vars or VARS), *SELECT, *args],
                                       target_name="incremental_chain", profiles_dir=self.profiles)

    def build(self, dbt_vars=None):
        self.built_results = [dict(row) for row in self.results]
        with duckdb.connect(str(self.db)) as con:
            load_table(con, f"{SCHEMA}.results", RESULTS_COLUMNS, self.results)
            load_table(con, f"{SCHEMA}.judgments", JUDGMENTS_COLUMNS, self.judgments)
        return self.invoke("run", dbt_vars=dbt_vars)

    def tables(self):
        with duckdb.connect(str(self.db)) as con:
            return {table: fetch_dicts(con, f"select * from main.{table}") for table in TABLES}

    def full_build(self):
        """The tables of a full build of the current inputs: the models' SQL as `dbt run --full-refresh` runs it
        (compiled once, with the chain's vars and profile, so it reuses the chain's parse), each a table in a new
        DuckDB file of the chain's name (the SQL names its catalog). Compiled as plain tables (var
        search_metrics_incremental_runs false), whose SQL is a full refresh's, where search_run_metrics aggregates
        search_query_metrics' rows: the hooks that keep the run sums it reads otherwise do not run here, and the
        incremental means, formed from those sums, are compared with the rows' own."""
        if self._full_models is None:
            result = self.invoke("compile", FULL_BUILD, "--indirect-selection", "empty",
                                 dbt_vars={**VARS, "search_metrics_incremental_runs": False})
            assert result.success, result.exception
            self._full_models = compiled_models(result)
        self.n_full_builds += 1
        db = self.tmp_path / f"full_{self.n_full_builds}" / self.db.name
        db.parent.mkdir()
        with duckdb.connect(str(db)) as con:
            load_table(con, f"{SCHEMA}.results", RESULTS_COLUMNS, self.results)
            load_table(con, f"{SCHEMA}.judgments", JUDGMENTS_COLUMNS, self.judgments)
            for model in self._full_models:
                con.execute(f"create schema if not exists {model['relation'].rsplit('.', 1)[0]}")
                kind = "view" if model["materialized"] == "view" else "table"
                con.execute(f"create {kind} {model['relation']} as {model['sql']}")
            return {table: fetch_dicts(con, f"select * from main.{table}") for table in TABLES}

    def execute(self, sql, params=()):
        with duckdb.connect(str(self.db)) as con:
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


def swap_values(chain, run_id, queries):
    """Swap the values of two queries of one run for one (metric, k) where both are set and differ: the run's means
    do not move (a rebuild of the run reads the same values), but a rebuild of either pair would put its own value
    back. Returns [(key, value before)] of the two rows."""
    a, b = queries
    metric, k, value_a, value_b = chain.execute(
        "select a.metric, a.k, a.value, b.value from main.search_query_metrics as a"
        " inner join main.search_query_metrics as b on b.run_id = a.run_id and b.metric = a.metric"
        " and b.k is not distinct from a.k"
        " where a.run_id = ? and a.query_id = ? and b.query_id = ? and a.value <> b.value"
        " order by a.metric, a.k limit 1", [run_id, a, b])[0]
    rows = [({"run_id": run_id, "query_id": query_id, "metric": metric, "k": k}, value)
            for query_id, value in ((a, value_a), (b, value_b))]
    for (key, _), (_, other) in zip(rows, rows[::-1]):
        condition = " and ".join(f"{column} is not distinct from ?" for column in key)
        chain.execute(f"update main.search_query_metrics set value = ? where {condition}", [other, *key.values()])
    return rows


def restore(chain, table, sentinel):
    """Put back the value a row held before set_sentinel."""
    key, value = sentinel
    condition = " and ".join(f"{column} is not distinct from ?" for column in key)
    chain.execute(f"update main.{table} set value = ? where {condition}", [value, *key.values()])


def value_of(chain, table, key):
    condition = " and ".join(f"{column} is not distinct from ?" for column in key)
    rows = chain.execute(f"select value from main.{table} where {condition}", list(key.values()))
    return rows[0][0] if rows else None


def set_curve_sentinel(chain, pair):
    """The sentinel as the precision at recall level 0 of `pair` (run_id, query_id) in the precision-recall curve;
    returns the pair and the value before."""
    rows = chain.execute("select precision from main.search_precision_recall_curve"
                         " where run_id = ? and query_id = ? and recall_level = 0", list(pair))
    chain.execute("update main.search_precision_recall_curve set precision = ?"
                  " where run_id = ? and query_id = ? and recall_level = 0", [SENTINEL, *pair])
    return pair, rows[0][0]


def take_curve_sentinel(chain, sentinel):
    """Whether the sentinel is still there (then the value before goes back)."""
    pair, value = sentinel
    (now,), = chain.execute("select precision from main.search_precision_recall_curve"
                            " where run_id = ? and query_id = ? and recall_level = 0", list(pair))
    if now != SENTINEL:
        return False
    chain.execute("update main.search_precision_recall_curve set precision = ?"
                  " where run_id = ? and query_id = ? and recall_level = 0", [value, *pair])
    return True


def set_comparison_sentinel(chain, pair):
    """The sentinel as the p_value_t of one row of the compared `pair` (baseline, candidate); returns the row's key
    and its value before, or None when the table has no row of the pair."""
    rows = chain.execute("select metric, k, p_value_t from main.search_run_comparison where baseline = ?"
                         " and candidate = ? order by metric, k limit 1", list(pair))
    if not rows:
        return None
    metric, k, value = rows[0]
    key = [*pair, metric, k]
    chain.execute("update main.search_run_comparison set p_value_t = ? where baseline = ? and candidate = ?"
                  " and metric = ? and k is not distinct from ?", [SENTINEL, *key])
    return key, value


def take_comparison_sentinel(chain, sentinel):
    """Whether the row still holds the sentinel (then the value before goes back)."""
    key, value = sentinel
    rows = chain.execute("select p_value_t from main.search_run_comparison where baseline = ? and candidate = ?"
                         " and metric = ? and k is not distinct from ?", key)
    if not rows or rows[0][0] != SENTINEL:
        return False
    chain.execute("update main.search_run_comparison set p_value_t = ? where baseline = ? and candidate = ?"
                  " and metric = ? and k is not distinct from ?", [value, *key])
    return True


def set_trec_sentinel(chain, run_id):
    """The sentinel as the value of one summary row of `run_id` (search_metrics_int_trec_eval_summaries, its first
    measure); returns the row's key and its value before, or None when the run has no row."""
    rows = chain.execute(f"select measure, value from main.{TREC_SUMMARIES} where run_id = ? order by measure limit 1",
                         [run_id])
    if not rows:
        return None
    measure, value = rows[0]
    chain.execute(f"update main.{TREC_SUMMARIES} set value = ? where run_id = ? and measure = ?",
                  [SENTINEL, run_id, measure])
    return (run_id, measure), value


def take_trec_sentinel(chain, sentinel):
    """Whether the row still holds the sentinel (then the value before goes back)."""
    (run_id, measure), value = sentinel
    rows = chain.execute(f"select value from main.{TREC_SUMMARIES} where run_id = ? and measure = ?",
                         [run_id, measure])
    if not rows or rows[0][0] != SENTINEL:
        return False
    chain.execute(f"update main.{TREC_SUMMARIES} set value = ? where run_id = ? and measure = ?",
                  [value, run_id, measure])
    return True


def set_overlap_sentinels(chain, pair):
    """The sentinel as the value of the first row of the compared `pair` (baseline, candidate) in each overlap table
    that has one (search_run_overlap has none for a pair sharing no query); returns [(table, key, value before)]."""
    sentinels = []
    for table in OVERLAP_TABLES:
        key_columns = TABLES[table][0]
        rows = chain.execute(f"select {', '.join(key_columns)}, value from main.{table} where baseline = ?"
                             f" and candidate = ? order by {', '.join(key_columns)} limit 1", list(pair))
        if rows:
            *key, value = rows[0]
            key = dict(zip(key_columns, key))
            condition = " and ".join(f"{column} is not distinct from ?" for column in key)
            chain.execute(f"update main.{table} set value = ? where {condition}", [SENTINEL, *key.values()])
            sentinels.append((table, key, value))
    return sentinels


def take_overlap_sentinels(chain, sentinels):
    """The tables whose row still holds the sentinel (those get their value back)."""
    kept = []
    for table, key, value in sentinels:
        if value_of(chain, table, key) == SENTINEL:
            restore(chain, table, (key, value))
            kept.append(table)
    return kept


def comparison_fingerprint(chain, pair):
    rows = chain.execute("select comparison_fingerprint from main.search_metrics_int_comparison_fingerprints"
                         " where baseline = ? and candidate = ?", list(pair))
    return rows[0][0] if rows else None


def set_built_at_sentinel(chain, table, where):
    """An old built_at on every row of `table` matching `where` ({column: value}), where a value sentinel would be
    read by the build (a run's trec_eval summary sums its kept pairs' values); returns (table, where), or None when
    no row matches. A build that keeps the rows keeps that built_at, one that computes them again writes its own."""
    condition = " and ".join(f"{column} = ?" for column in where)
    if not chain.execute(f"select 1 from main.{table} where {condition} limit 1", list(where.values())):
        return None
    chain.execute(f"update main.{table} set built_at = {OLD_BUILT_AT} where {condition}", list(where.values()))
    return table, where


def built_at_sentinel_kept(chain, placed):
    """Whether every row of set_built_at_sentinel's still has the old built_at (none was computed again)."""
    table, where = placed
    condition = " and ".join(f"{column} = ?" for column in where)
    (kept, total), = chain.execute(f"select count(case when built_at = {OLD_BUILT_AT} then 1 end), count(*)"
                                   f" from main.{table} where {condition}", list(where.values()))
    return kept == total > 0


def resample_built_at(chain, pair, row_kind, row_id):
    """The built_at of one row of the resampling state, or None when it has no such row."""
    rows = chain.execute(f"select built_at from main.{RESAMPLES} where baseline = ? and candidate = ? and row_kind = ?"
                         " and row_id = ?", [*pair, row_kind, row_id])
    return rows[0][0] if rows else None


def run_ids_looked_up_in_two_steps(chain):
    """The rule search_run_metrics__run_id_must_have_query_metrics (search_metrics_value_exists_in) after a build
    that wrote some of search_query_metrics' rows: it looks a run up first among those rows, then among every row.
    Two rows are put among search_run_metrics' latest ones: a run with no query metrics, and a run whose query
    metrics are all older rows. `dbt test` must report the first only; the two rows then go."""
    built_at = chain.execute("select max(built_at) from main.search_run_metrics")[0][0]
    older = chain.execute("select min(run_id) from (select run_id from main.search_query_metrics group by run_id"
                          " having max(built_at) < (select max(built_at) from main.search_query_metrics))")[0][0]
    assert older is not None, "the build wrote query metrics of every run: change the seed"
    for run_id in ("run_without_query_metrics", older):
        chain.execute("insert into main.search_run_metrics select * replace (? as run_id, ? as built_at,"
                      " 'two_steps' as metric) from main.search_run_metrics where run_id = ? limit 1",
                      [run_id, built_at, older])
    tested = chain.dbt_project.invoke(["test", "--vars", json.dumps(VARS), "--select",
                                       "search_run_metrics__run_id_must_have_query_metrics"],
                                      target_name="incremental_chain", profiles_dir=chain.profiles)
    chain.execute("delete from main.search_run_metrics where metric = 'two_steps'")
    return [(str(r.status), r.failures) for r in tested.result.results if r.node.resource_type == "test"]


def set_rule_sentinel(chain, run_id):
    """A made-up violation row of `run_id` in the rule table (a rule name no rule has): kept by a build that does not
    check the run again, deleted by one that does."""
    chain.execute(f"insert into main.{RULES} (rule, rule_violated, run_id) values ('sentinel', 'made up', ?)", [run_id])
    return run_id


def rule_sentinel_kept(chain, run_id):
    kept = bool(chain.execute(f"select 1 from main.{RULES} where rule = 'sentinel' and run_id = ?", [run_id]))
    chain.execute(f"delete from main.{RULES} where rule = 'sentinel' and run_id = ?", [run_id])
    return kept


def set_row_sentinel(chain, table, column, where):
    """The sentinel in `column` of the first row (in key order) of `table` whose columns equal `where` ({column:
    value}) and whose `column` is not null; returns (table, column, the row's key, its value before), or None."""
    key_columns = TABLES[table][0]
    condition = " and ".join([f"{name} = ?" for name in where] + [f"{column} is not null"])
    rows = chain.execute(f"select {', '.join(key_columns)}, {column} from main.{table} where {condition}"
                         f" order by {', '.join(key_columns)} limit 1", list(where.values()))
    if not rows:
        return None
    key = dict(zip(key_columns, rows[0][:-1]))
    condition = " and ".join(f"{name} is not distinct from ?" for name in key)
    chain.execute(f"update main.{table} set {column} = ? where {condition}", [SENTINEL, *key.values()])
    return table, column, key, rows[0][-1]


def row_sentinel_kept(chain, sentinel):
    """Whether the row of set_row_sentinel still holds the sentinel (then its value before goes back)."""
    table, column, key, value = sentinel
    condition = " and ".join(f"{name} is not distinct from ?" for name in key)
    rows = chain.execute(f"select {column} from main.{table} where {condition}", list(key.values()))
    if not rows or rows[0][0] != SENTINEL:
        return False
    chain.execute(f"update main.{table} set {column} = ? where {condition}", [value, *key.values()])
    return True


def swap_judge_values(chain, pairs):
    """Swap the judge's values of two queries of one run for one (metric, k), among `pairs` (run_id, query_id), where
    both values and both human values are set and the judge's differ: the run's judge means do not move (the same
    queries, the same values), but a rebuild of either key would put its own value back. Returns [(key, value
    before)] of the two rows, or None when no two such rows exist."""
    allowed = sorted(pairs)
    if not allowed:
        return None
    values = ", ".join("(?, ?)" for _ in allowed)
    rows = chain.execute(
        f"with allowed(run_id, query_id) as (values {values}),"
        f" judged as (select source.source, source.run_id, source.query_id, source.metric, source.k, source.value"
        f" from main.{SOURCE_METRICS} as source"
        " inner join allowed on allowed.run_id = source.run_id and allowed.query_id = source.query_id"
        " inner join main.search_query_metrics as human on human.run_id = source.run_id"
        " and human.query_id = source.query_id and human.metric = source.metric and human.k is not distinct from source.k"
        " where source.source_kind = 'judge' and source.value is not null and human.value is not null)"
        " select a.source, a.run_id, a.metric, a.k, a.query_id, a.value, b.query_id, b.value"
        " from judged as a inner join judged as b on b.source = a.source and b.run_id = a.run_id"
        " and b.metric = a.metric and b.k is not distinct from a.k and b.query_id > a.query_id"
        " where a.value <> b.value order by a.source, a.run_id, a.metric, a.k, a.query_id, b.query_id limit 1",
        [value for pair in allowed for value in pair])
    if not rows:
        return None
    source, run_id, metric, k, query_a, value_a, query_b, value_b = rows[0]
    swapped = [({"source_kind": "judge", "source": source, "run_id": run_id, "query_id": query_id, "metric": metric,
                 "k": k}, value) for query_id, value in ((query_a, value_a), (query_b, value_b))]
    for (key, _), (_, other) in zip(swapped, swapped[::-1]):
        condition = " and ".join(f"{name} is not distinct from ?" for name in key)
        chain.execute(f"update main.{SOURCE_METRICS} set value = ? where {condition}", [other, *key.values()])
    return swapped


def judge_swap_kept(chain, swapped):
    """Whether the two rows of swap_judge_values still hold each other's values (then their own go back)."""
    now = []
    for key, _ in swapped:
        condition = " and ".join(f"{name} is not distinct from ?" for name in key)
        rows = chain.execute(f"select value from main.{SOURCE_METRICS} where {condition}", list(key.values()))
        now.append(rows[0][0] if rows else None)
    for key, value in swapped:
        condition = " and ".join(f"{name} is not distinct from ?" for name in key)
        chain.execute(f"update main.{SOURCE_METRICS} set value = ? where {condition}", [value, *key.values()])
    return now == [value for _, value in swapped[::-1]]


def judge_rows_by_query(judgments, human=False):
    """{query_id: its rows} of the automated judge (or, with `human`, of the human raters)."""
    by_query = {}
    for row in judgments:
        if (row["rater_id"] != JUDGE) if human else (row["rater_id"] == JUDGE):
            by_query.setdefault(row["query_id"], set()).add(tuple(sorted(row.items())))
    return by_query


def rows_by_run(results):
    by_run = {}
    for row in results:
        by_run.setdefault(row["run_id"], set()).add(tuple(sorted(row.items())))
    return by_run


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
            for column in (sorted(set(row) - {"built_at"}) if values == "*" else values):
                assert same(as_map["incremental"][row_key][column], row[column]), (
                    f"{table} {row_key} {column}: incremental {as_map['incremental'][row_key][column]!r}, "
                    f"full refresh {row[column]!r}")


# every kind of change, in three steps (a build each): a run deleted and one appended; one run's list changed and two
# queries regraded; an automated judge's rows, which must rebuild nothing (so it also stands for a build where
# nothing changed)
STEPS = [["delete_run", "append"], ["change_run", "regrade"], ["automated_judge"]]


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
    if kind == "regrade":  # one query's human grades change (its pool keeps its docs); another gets a new rater
        judged = [q for q in QUERIES if any(row["query_id"] == q and row["rater_id"] != "sdbn" for row in chain.judgments)]
        changed_query, rated_query = rng.sample(judged, 2)
        # where one can, queries a run did not return (two, or one regraded and given the new rater): with
        # trec_eval's complete (-c) that run is evaluated on them too and must be rebuilt (the hard case of the
        # trec_eval fingerprint)
        built, now = rows_by_run(chain.built_results), rows_by_run(chain.results)
        lacked = max(([q for q in judged if (run, q) not in pairs] for run in runs if now[run] == built.get(run)),
                     key=len, default=[])
        if lacked:
            changed_query, rated_query = (lacked * 2)[:2]
        human = [row for row in chain.judgments if row["query_id"] == changed_query and row["rater_id"] != "sdbn"]
        for row in rng.sample(human, min(2, len(human))):
            row["grade"] = float((int(row["grade"]) + rng.randint(1, 3)) % 4)
        doc_id = rng.choice(sorted({row["doc_id"] for row in chain.judgments
                                    if row["query_id"] == rated_query and row["rater_id"] != "sdbn"}))
        chain.judgments.append({"query_id": rated_query, "doc_id": doc_id, "rater_id": "h3",
                                "grade": float(rng.randint(0, 3)), "scale": "graded"})
        return {pair for pair in pairs if pair[1] in (changed_query, rated_query)}, set(), n_runs
    if kind == "automated_judge":  # an automated rater's rows: the metrics read the human judgments only
        for query_id in rng.sample(QUERIES, 3):
            judged = {row["doc_id"] for row in chain.judgments if row["query_id"] == query_id and row["rater_id"] == "sdbn"}
            for doc_id in rng.sample([d for d in DOCS if d not in judged], 3):
                chain.judgments.append({"query_id": query_id, "doc_id": doc_id, "rater_id": "sdbn",
                                        "grade": float(rng.randint(0, 3)), "scale": "graded"})
        return set(), set(), n_runs
    raise ValueError(kind)


def test_incremental_builds_equal_a_full_refresh_after_every_change(dbt_project, tmp_path):
    rng = random.Random(48)
    rule_rng = random.Random(4848)  # the rule sentinels' own draws, which leave the steps' sequence as it was
    chain = Chain(dbt_project, tmp_path)
    for run_number in range(1, 4):
        chain.results += make_run(rng, f"run{run_number}")
    chain.judgments = make_judgments(rng, QUERIES)
    # each first run also lacks a query of its own, so that a regrade can hit a query a run did not return
    chain.results = [row for row in chain.results if row["query_id"] != QUERIES[int(row["run_id"][3:])]]
    # the judging tables' own draws (leave the steps' sequence as it was): the automated judge's first rows
    judge_rng = random.Random(4850)
    for query_id in judge_rng.sample(QUERIES, 4):
        for doc_id in judge_rng.sample(DOCS, 4):
            chain.judgments.append({"query_id": query_id, "doc_id": doc_id, "rater_id": JUDGE,
                                    "grade": float(judge_rng.randint(0, 3)), "scale": "graded"})
    n_runs = 3
    regrade_kept_overlap = False  # whether a step kept the overlap of a pair whose comparison it rebuilt
    overlap_rebuilt_seen = False
    deltas_kept_in_moved_pair = False  # whether a step kept a query's deltas in a pair whose other queries moved
    resamples_corrected_seen = False  # whether a step corrected a pair's resampling sums by its moved queries
    result = chain.build()
    assert result.success, result.exception
    assert_tables_equal(chain.tables(), chain.full_build())

    trec_lacking_runs = 0
    trec_unreturned_rebuilt = 0  # steps that checked the values of a regraded query in a run that did not return it
    for kinds in rng.sample(STEPS, len(STEPS)):
        kind = " + ".join(kinds)
        pairs_before = {(row["run_id"], row["query_id"]) for row in chain.results}
        judge_rows_before = judge_rows_by_query(chain.judgments)
        human_rows_before = judge_rows_by_query(chain.judgments, human=True)
        changed_pairs, gone_runs = set(), set()
        results_before = rows_by_run(chain.results)
        for one_kind in kinds:
            changed, gone, n_runs = step(rng, chain, one_kind, n_runs)
            changed_pairs |= changed
            gone_runs |= gone
        results_after = rows_by_run(chain.results)
        pairs_after = {(row["run_id"], row["query_id"]) for row in chain.results}
        # the runs whose result rows the step changes (or deletes), and those it leaves alone
        moved_runs = sorted(run for run in results_before if results_after.get(run) != results_before[run])
        still_runs = sorted(run for run in results_before if results_after.get(run) == results_before[run])
        rechecked = set_rule_sentinel(chain, rule_rng.choice(moved_runs)) if moved_runs else None
        not_rechecked = set_rule_sentinel(chain, rule_rng.choice(still_runs))
        # two pairs of one run the step leaves alone (a run it changes, where it has one), a pair it changes, a run it
        # leaves alone
        untouched = sorted(pair for pair in pairs_before - changed_pairs if pair[0] not in gone_runs)
        by_run = {}
        for run_id, query_id in untouched:
            by_run.setdefault(run_id, []).append(query_id)
        changed_runs = {run_id for run_id, _ in changed_pairs}
        candidates = sorted(run_id for run_id, queries in by_run.items() if len(queries) >= 2)
        swap_run = rng.choice(sorted(set(candidates) & changed_runs) or candidates)
        swapped = swap_values(chain, swap_run, rng.sample(by_run[swap_run], 2))
        # (an old built_at marks the changed pair's rows: a value sentinel would leave the run sums with the rows the
        # build deletes, which search_run_metrics forms its means from)
        rebuilt = (set_built_at_sentinel(chain, "search_query_metrics",
                                         dict(zip(("run_id", "query_id"), rng.choice(sorted(changed_pairs)))))
                   if changed_pairs else None)
        untouched_runs = sorted(set(by_run) - changed_runs)
        # a compared pair of two runs the step leaves alone keeps its rows; one with a run it changes is rebuilt
        compared = chain.execute("select distinct baseline, candidate from main.search_run_comparison"
                                 " order by baseline, candidate")
        comparison_kept = next((set_comparison_sentinel(chain, pair) for pair in compared
                                if set(pair) <= set(untouched_runs)), None)
        comparison_rebuilt = next((set_comparison_sentinel(chain, pair) for pair in compared
                                   if set(pair) & (changed_runs | gone_runs)), None)
        # a pair of a run the step leaves alone (its run curve is not re-aggregated) and a pair it changes
        curve_kept = (set_curve_sentinel(chain, (run := rule_rng.choice(untouched_runs), rule_rng.choice(by_run[run])))
                      if untouched_runs else None)
        curve_rebuilt = (set_curve_sentinel(chain, rule_rng.choice(sorted(changed_pairs & pairs_before)))
                         if changed_pairs & pairs_before else None)
        kept_run = (set_sentinel(chain, "search_run_metrics", {"run_id": rng.choice(untouched_runs)})
                    if untouched_runs else None)
        # the trec_eval table: a run the step leaves alone keeps its rows, one whose pairs it changes is rebuilt
        # (complete is on: a regraded query moves every run, and a run that returned neither regraded query is
        # rebuilt too)
        lacking = sorted({run for run, _ in pairs_after} - changed_runs) if "regrade" in kinds else []
        trec_lacking_runs += len(lacking)
        trec_kept = (set_trec_sentinel(chain, rule_rng.choice(untouched_runs))
                     if untouched_runs and "regrade" not in kinds else None)
        trec_rebuilt = next((sentinel for run in (lacking or sorted(changed_runs - gone_runs))
                             if (sentinel := set_trec_sentinel(chain, run)) is not None), None)
        # the overlap reads the results only: a pair still compared after the step (default pairs: every run against
        # the first) whose two runs' results the step leaves alone keeps its rows, preferably one whose queries it
        # regrades (its comparison is rebuilt, not its overlap); a pair with a run whose results move is rebuilt
        overlap_pairs = chain.execute("select distinct baseline, candidate from main.search_run_pair_overlap"
                                      " order by baseline, candidate")
        runs_after = set(results_after)
        overlap_kept_pair = min((pair for pair in overlap_pairs if not set(pair) & set(moved_runs)
                                 and pair[0] == min(runs_after) and pair[1] in runs_after),
                                key=lambda pair: not set(pair) & changed_runs, default=None)
        overlap_kept = set_overlap_sentinels(chain, overlap_kept_pair) if overlap_kept_pair else []
        kept_comparison = comparison_fingerprint(chain, overlap_kept_pair) if overlap_kept_pair else None
        overlap_rebuilt = next((set_overlap_sentinels(chain, pair) for pair in overlap_pairs
                                if set(pair) & set(moved_runs)), [])
        # the judging tables: the queries whose judge rows the step changes, and rows each table must keep or rebuild
        judge_rows_after = judge_rows_by_query(chain.judgments)
        judge_queries = {q for q in set(judge_rows_before) | set(judge_rows_after)
                         if judge_rows_before.get(q) != judge_rows_after.get(q)}
        moved_pairs = changed_pairs & pairs_before  # built before the step, inputs changed by it
        kept_pairs = sorted(pair for pair in untouched if pair[0] not in changed_runs)
        judge_touched_runs = {run_id for run_id, query_id in pairs_before if query_id in judge_queries}
        judge_kept_runs = [run for run in untouched_runs if run not in judge_touched_runs]
        keep, rebuild = [], []  # (sentinel, what it stands for)

        def pick(pairs, prefer=()):
            pairs = sorted(pairs)
            preferred = [pair for pair in pairs if pair[1] in prefer]
            return judge_rng.choice(preferred or pairs) if pairs else None

        def sentinel(into, what, table, column, where):
            if where and (placed := set_row_sentinel(chain, table, column, where)) is not None:
                into.append((placed, what))

        # a reading of an unchanged pair (of a query the judge regrades, where there is one) is kept; a changed
        # pair's is rebuilt
        pair = pick(kept_pairs, judge_queries)
        sentinel(keep, "the reading of an unchanged pair", SOURCE_METRICS, "value",
                 pair and {"source_kind": "reading", "run_id": pair[0], "query_id": pair[1]})
        pair = pick(moved_pairs)
        sentinel(rebuild, "the reading of a changed pair", SOURCE_METRICS, "value",
                 pair and {"source_kind": "reading", "run_id": pair[0], "query_id": pair[1]})
        # the judge's row of a query whose judge rows the step changes is rebuilt; two of queries it leaves alone keep
        # their swapped values
        pair = pick({p for p in pairs_before - {(r, q) for r in gone_runs for q in QUERIES} if p[1] in judge_queries
                     and p[1] in judge_rows_before})
        sentinel(rebuild, "the judge's row of a query it regraded", SOURCE_METRICS, "value",
                 pair and {"source_kind": "judge", "source": JUDGE, "run_id": pair[0], "query_id": pair[1]})
        if "automated_judge" in kinds:
            assert rebuild and rebuild[-1][1] == "the judge's row of a query it regraded", (
                "the judge step regrades no query the judge graded before: change the seed")
        judge_swapped = swap_judge_values(chain, {p for p in kept_pairs if p[1] not in judge_queries})
        # the unjudged bounds: an unchanged pair's and run's rows are kept (their `value` and pessimistic reading,
        # which nothing rebuilt reads), a changed pair's and run's are rebuilt
        pair = pick([p for p in kept_pairs if p[0] in untouched_runs])
        sentinel(keep, "the bounds of an unchanged pair", "search_query_unjudged_bounds", "value",
                 pair and dict(zip(("run_id", "query_id"), pair)))
        pair = pick(moved_pairs)
        sentinel(rebuild, "the bounds of a changed pair", "search_query_unjudged_bounds", "value",
                 pair and dict(zip(("run_id", "query_id"), pair)))
        sentinel(keep, "the bounds of an unchanged run", "search_run_unjudged_bounds", "pessimistic_value",
                 untouched_runs and {"run_id": judge_rng.choice(untouched_runs)})
        sentinel(rebuild, "the bounds of a changed run", "search_run_unjudged_bounds", "pessimistic_value",
                 (changed_runs - gone_runs) and {"run_id": judge_rng.choice(sorted(changed_runs - gone_runs))})
        pair = next((pair for pair in compared if set(pair) <= set(untouched_runs)), None)
        sentinel(keep, "the bounds of an unchanged compared pair", "search_comparison_unjudged_bounds", "delta_low",
                 pair and dict(zip(("baseline", "candidate"), pair)))
        pair = next((pair for pair in compared if set(pair) & (changed_runs | gone_runs)), None)
        sentinel(rebuild, "the bounds of a compared pair with a changed run", "search_comparison_unjudged_bounds",
                 "delta_low", pair and dict(zip(("baseline", "candidate"), pair)))
        # the deltas, by pair and query: a query of a pair still compared whose two (run, query) pairs the step leaves
        # alone keeps its rows, in a pair with a changed run where there is one (its comparison is rebuilt, not those
        # deltas); a query of such a pair whose (run, query) pair the step changes is rebuilt
        still_compared = [pair for pair in compared if pair[0] == min(runs_after) and pair[1] in runs_after]
        unmoved = set(untouched)
        delta_sentinel_pair = None
        for pair in sorted(still_compared, key=lambda pair: not set(pair) & changed_runs):
            placed = next((placed for query_id in QUERIES if (pair[0], query_id) in unmoved
                           and (pair[1], query_id) in unmoved
                           and (placed := set_row_sentinel(chain, "search_query_deltas", "delta", {
                               "baseline": pair[0], "candidate": pair[1], "query_id": query_id})) is not None), None)
            if placed is not None:
                keep.append((placed, "the deltas of a compared pair's query that did not change"))
                deltas_kept_in_moved_pair |= bool(set(pair) & changed_runs)
                delta_sentinel_pair = pair
                # its unit row in the resampling state is kept too (a sentinel as its draw key, which a build reads
                # only to take a unit's terms away)
                sentinel(keep, "the resampling unit of a compared pair's query that did not change", RESAMPLES,
                         "unit_key", {"baseline": pair[0], "candidate": pair[1], "row_kind": "unit", "row_id": placed[2]["query_id"]})
                break
        placed = next((placed for pair in still_compared for query_id in QUERIES
                       if {(pair[0], query_id), (pair[1], query_id)} & changed_pairs
                       for column in ("baseline_value", "candidate_value")
                       if (placed := set_row_sentinel(chain, "search_query_deltas", column, {
                           "baseline": pair[0], "candidate": pair[1], "query_id": query_id})) is not None), None)
        if placed is not None:
            rebuild.append((placed, "the deltas of a compared pair's changed query"))
        # the resampling state of a compared pair with a changed query (not of the swapped run, whose state goes
        # below): that query's unit row is written again, and the pair's sums are corrected by its queries that
        # moved, not summed again: an offset put in one of its sums before the build is still there after it (the
        # offset then goes, and the full-refresh comparison below checks every value)
        corrected = next(((pair, query_id) for pair in still_compared if swap_run not in pair
                          for query_id in QUERIES if {(pair[0], query_id), (pair[1], query_id)} & changed_pairs
                          and resample_built_at(chain, pair, "unit", query_id) is not None
                          and resample_built_at(chain, pair, "sign", "1") is not None), None)
        if corrected is not None:
            corrected_pair, corrected_query = corrected
            built_before = resample_built_at(chain, corrected_pair, "sign", "1")
            chain.execute(f"update main.{RESAMPLES} set value_1 = value_1 + ? where baseline = ? and candidate = ?"
                          " and row_kind = 'sign' and row_id = '1'", [RESAMPLE_OFFSET, *corrected_pair])
        # the judge's run means: a run with a query the judge regraded, or a changed pair of a query the judge graded,
        # is rebuilt; a run the step leaves alone is kept
        sentinel(keep, "the judge's means of an unchanged run", "search_judge_run_metrics", "judge_value",
                 judge_kept_runs and {"run_id": judge_rng.choice(judge_kept_runs)})
        runs = sorted((judge_touched_runs | {run for run, query in moved_pairs if query in judge_rows_after})
                      - gone_runs)
        sentinel(rebuild, "the judge's means of a run with a changed judge key", "search_judge_run_metrics",
                 "judge_value", runs and {"run_id": judge_rng.choice(runs)})
        # the labeled results (copied by pair): an unchanged pair's rows are kept, a changed pair's copied again
        pair = pick(kept_pairs)
        sentinel(keep, "the labeled results of an unchanged pair", LABELED, "score",
                 pair and dict(zip(("run_id", "query_id"), pair)))
        pair = pick(moved_pairs)
        sentinel(rebuild, "the labeled results of a changed pair", LABELED, "score",
                 pair and dict(zip(("run_id", "query_id"), pair)))
        # the trec_eval results likewise (copied by pair, of the qrels' queries only)
        pair = pick(kept_pairs)
        sentinel(keep, "the trec_eval results of an unchanged pair", TREC_RESULTS, "score",
                 pair and dict(zip(("run_id", "query_id"), pair)))
        pair = pick(moved_pairs)
        sentinel(rebuild, "the trec_eval results of a changed pair", TREC_RESULTS, "score",
                 pair and dict(zip(("run_id", "query_id"), pair)))
        # the trec_eval values (by pair): an unchanged pair's are kept, a changed pair's computed again, and with
        # complete so are those of a regraded query in a run that did not return it (an empty list's values)
        # (an old built_at marks them: a value sentinel would be read by the run's summary, formed from them)
        human_rows_after = judge_rows_by_query(chain.judgments, human=True)
        regraded = sorted(q for q in set(human_rows_before) | set(human_rows_after)
                          if human_rows_before.get(q) != human_rows_after.get(q))
        unreturned = pick([(run_id, query_id) for run_id in lacking for query_id in regraded
                           if (run_id, query_id) not in pairs_after])
        trec_values = [(into, what, placed) for into, what, pair in (
            (True, "the trec_eval values of an unchanged pair", pick(kept_pairs)),
            (False, "the trec_eval values of a changed pair", pick(moved_pairs)),
            (False, "the trec_eval values of a regraded query in a run that did not return it", unreturned))
            if pair and (placed := set_built_at_sentinel(chain, TREC_VALUES, dict(zip(("run_id", "query_id"), pair))))]
        trec_unreturned_rebuilt += bool(unreturned)

        result = chain.build()
        assert result.success, f"{kind}: {result.exception}"
        if "append" in kinds:
            # the appended run's rows are the latest build's of search_query_metrics, an untouched run's are older
            assert run_ids_looked_up_in_two_steps(chain) == [("fail", 1)], (
                f"{kind}: the run-has-query-metrics rule did not find exactly the run without query metrics")
        assert [value_of(chain, "search_query_metrics", key) for key, _ in swapped] == [v for _, v in swapped[::-1]], (
            f"{kind}: an unchanged pair was rebuilt")
        if rebuilt is not None:
            assert not built_at_sentinel_kept(chain, rebuilt), f"{kind}: a changed pair was kept"
        if kept_run is not None:
            assert value_of(chain, "search_run_metrics", kept_run[0]) == SENTINEL, f"{kind}: an unchanged run was rebuilt"
            restore(chain, "search_run_metrics", kept_run)
        for sentinel in swapped:
            restore(chain, "search_query_metrics", sentinel)
        if comparison_kept is not None:
            assert take_comparison_sentinel(chain, comparison_kept), f"{kind}: an unchanged pair's comparison was rebuilt"
        if comparison_rebuilt is not None:
            assert not take_comparison_sentinel(chain, comparison_rebuilt), (
                f"{kind}: the comparison of a pair with a changed run was kept")
        assert take_overlap_sentinels(chain, overlap_kept) == [table for table, _, _ in overlap_kept], (
            f"{kind}: the overlap of a pair whose results did not change was rebuilt")
        if overlap_kept and comparison_fingerprint(chain, overlap_kept_pair) != kept_comparison:
            regrade_kept_overlap = True
        assert not take_overlap_sentinels(chain, overlap_rebuilt), (
            f"{kind}: the overlap of a pair with a changed or deleted run was kept")
        overlap_rebuilt_seen |= bool(overlap_rebuilt)
        if curve_kept is not None:
            assert take_curve_sentinel(chain, curve_kept), f"{kind}: an unchanged pair's curve was rebuilt"
        if curve_rebuilt is not None:
            assert not take_curve_sentinel(chain, curve_rebuilt), f"{kind}: a changed pair's curve was kept"
        if trec_kept is not None:
            assert take_trec_sentinel(chain, trec_kept), f"{kind}: an unchanged run's trec_eval rows were rebuilt"
        if trec_rebuilt is not None:
            assert not take_trec_sentinel(chain, trec_rebuilt), f"{kind}: a changed run's trec_eval rows were kept"
        for placed, what in keep:
            assert row_sentinel_kept(chain, placed), f"{kind}: {what} was rebuilt ({placed[2]})"
        for kept, what, placed in trec_values:
            assert built_at_sentinel_kept(chain, placed) == kept, f"{kind}: {what} was {'rebuilt' if kept else 'kept'}"
        for placed, what in rebuild:
            assert not row_sentinel_kept(chain, placed), f"{kind}: {what} was kept ({placed[2]})"
        if judge_swapped is not None:
            assert judge_swap_kept(chain, judge_swapped), f"{kind}: the judge's rows of an unchanged query were rebuilt"
        if corrected is not None:
            built_at = chain.execute(f"select max(built_at) from main.{RESAMPLES}")[0][0]  # this build's
            assert resample_built_at(chain, corrected_pair, "unit", corrected_query) in (None, built_at), (
                f"{kind}: the resampling unit of a compared pair's changed query was kept")
            assert resample_built_at(chain, corrected_pair, "sign", "1") == built_at != built_before, (
                f"{kind}: the sums of a compared pair with a changed query were not written")
            chain.execute(f"update main.{RESAMPLES} set value_1 = value_1 - ? where baseline = ? and candidate = ?"
                          " and row_kind = 'sign' and row_id = '1'", [RESAMPLE_OFFSET, *corrected_pair])
            resamples_corrected_seen = True
        assert rule_sentinel_kept(chain, not_rechecked), f"{kind}: the rules of an unchanged run were checked again"
        if rechecked is not None:
            assert not rule_sentinel_kept(chain, rechecked), f"{kind}: the rules of a changed run were not checked again"
        # the comparisons of the swapped run's pairs that the build recomputed read the swapped values: their rows go,
        # with their keys in the tables' build records, and one more build computes them again (the records lack them)
        for table in ("search_query_deltas", "search_run_comparison", "search_comparison_unjudged_bounds"):
            for relation in (table, f"{table}__build_record"):
                chain.execute(f"delete from main.{relation} where ? in (baseline, candidate)", [swap_run])
        # (the resampling state of those pairs, which has no record: a build sums a pair without sums again whole)
        chain.execute(f"delete from main.{RESAMPLES} where ? in (baseline, candidate)", [swap_run])
        # likewise the comparison and the bounds of the pair whose kept deltas held the sentinel, if the build
        # recomputed them (its run moved): they read the sentinel, which is back in the deltas now; and the
        # comparison of the pair whose sums held the offset
        for pair, tables in ((delta_sentinel_pair, ("search_run_comparison", "search_comparison_unjudged_bounds")),
                             (corrected and corrected_pair, ("search_run_comparison",))):
            if pair:
                for table in tables:
                    for relation in (table, f"{table}__build_record"):
                        chain.execute(f"delete from main.{relation} where baseline = ? and candidate = ?", list(pair))
        # so do the unjudged bounds of those pairs (their deltas, above) and the judge's means of the run (its human
        # values)
        for relation in ("search_judge_run_metrics", "search_judge_run_metrics__build_record"):
            chain.execute(f"delete from main.{relation} where run_id = ?", [swap_run])
        result = chain.build()
        assert result.success, f"{kind}, the swapped run's comparisons again: {result.exception}"
        assert_tables_equal(chain.tables(), chain.full_build())
    assert regrade_kept_overlap, "no step kept the overlap of a pair whose judgments changed (its comparison rebuilt)"
    assert overlap_rebuilt_seen, "no step changed the results of a compared pair"
    assert deltas_kept_in_moved_pair, "no step kept a query's deltas in a pair whose other queries moved"
    assert resamples_corrected_seen, "no step corrected the resampling sums of a compared pair with a changed query"

    assert trec_lacking_runs, "no run returned neither regraded query: trec_eval's complete case was not made"
    assert trec_unreturned_rebuilt, "no step regraded a query a run did not return: its trec_eval values went unchecked"

    # a run with a duplicated rank: `dbt build` fails by the rule's name; the bad run is not recorded as checked
    checked_before = {run for (run,) in chain.execute("select run_id from main.search_metrics_stg_results_checked_runs")}
    bad_run = make_run(rng, "run_bad")
    bad_run.append(dict(bad_run[-1], doc_id="d_extra"))
    chain.results += bad_run
    with duckdb.connect(str(chain.db)) as con:
        load_table(con, f"{SCHEMA}.results", RESULTS_COLUMNS, chain.results)
    result = chain.dbt_project.invoke(["build", "--vars", json.dumps(VARS), "--select",
                                       "+search_metrics_stg_results_checked_runs", "--indirect-selection", "cautious"],
                                      target_name="incremental_chain", profiles_dir=chain.profiles)
    assert not result.success
    failed = [r.node.name for r in result.result.results if str(r.status) in ("fail", "error")]
    assert any("rank_must_be_unique_within_run_and_query" in name for name in failed), failed
    checked_after = {run for (run,) in chain.execute("select run_id from main.search_metrics_stg_results_checked_runs")}
    assert checked_after == checked_before and "run_bad" not in checked_after
    chain.results = [row for row in chain.results if row["run_id"] != "run_bad"]
    result = chain.build()
    assert result.success, result.exception
    assert_tables_equal(chain.tables(), chain.full_build())

    # the var off: plain tables, whose build records, settings records and run sums go (the data tests of that build
    # read every row); on again, the records and the run sums are made from the tables' rows, and a build after a change equals a full
    # refresh
    records = ("select table_name from duckdb_tables() where table_name like '%__build_record'"
               " or table_name like '%__build_settings' or table_name like '%__run_sums' order by 1")
    recorded_tables = chain.execute(records)
    assert ("search_query_metrics__build_record",) in recorded_tables, recorded_tables
    assert ("search_query_metrics__run_sums",) in recorded_tables, recorded_tables
    assert ("search_query_metrics__build_settings",) in recorded_tables, recorded_tables
    result = chain.invoke("build", "--indirect-selection", "cautious",
                          dbt_vars={**VARS, "search_metrics_incremental_runs": False})
    assert result.success, result.exception
    assert chain.execute(records) == []
    first_run, first_query = min((row["run_id"], row["query_id"]) for row in chain.results)
    chain.results = [row for row in chain.results if (row["run_id"], row["query_id"]) != (first_run, first_query)]
    result = chain.build()
    assert result.success, result.exception
    assert chain.execute(records) == recorded_tables
    assert_tables_equal(chain.tables(), chain.full_build())

    result = chain.build(dbt_vars={**VARS, "search_metrics_cutoffs": [1, 3, 5], "search_metrics_rbo_persistence": 0.8,
                                   "search_metrics_judgment_coverage": {"pool_depth": 3}})
    assert not result.success
    message = str(result.exception) if result.exception else ""
    if not message:
        message = " ".join(str(r.message) for r in result.result.results if r.message)
    assert "search_metrics_cutoffs was [1, 3, 5, 10], now [1, 3, 5]" in message, message
    # the labeled results name the largest cutoff (search_query_metrics, downstream of them, is skipped)
    assert f"{LABELED} was built with other settings" in message, message
    assert "search_metrics_cutoffs.largest was 10, now 5" in message, message
    assert "--full-refresh" in message, message
    # the overlap's own setting too (search_run_pair_overlap, downstream of the failed table, is skipped)
    assert ("search_run_overlap was built with other settings than this run's: search_metrics_cutoffs was"
            " [1, 3, 5, 10], now [1, 3, 5]; search_metrics_rbo_persistence was 0.9, now 0.8") in message, message
    # the readings' tables name the pool depth too (the per-source metrics fail by themselves: they do not read
    # search_query_metrics)
    assert f"{SOURCE_METRICS} was built with other settings" in message, message
    assert "search_metrics_judgment_coverage.pool_depth was 10, now 3" in message, message


# -- PostgreSQL: one incremental run over every kind of change equals a full refresh ---------------------------------
PG_RESULTS_COLUMNS = [("run_id", "string"), ("query_id", "string"), ("doc_id", "string"), ("rank", "int"),
                      ("score", "double")]
PG_JUDGMENTS_COLUMNS = [("query_id", "string"), ("doc_id", "string"), ("rater_id", "string"), ("grade", "double"),
                        ("scale", "string")]
PG_ZSCORES_COLUMNS = [("query_id", "string"), ("measure", "string"), ("mean", "double"), ("stddev", "double")]
INCREMENTAL_MODELS = ["search_metrics_stg_results_rule_violations", "search_query_metrics", "search_run_metrics",
                      "search_precision_recall_curve", "search_run_precision_recall_curve", "search_query_deltas",
                      "search_run_comparison", "search_metrics_int_trec_eval_query_values",
                      "search_metrics_int_trec_eval_summaries",
                      "search_run_overlap", "search_run_pair_overlap",
                      SOURCE_METRICS, "search_query_unjudged_bounds", "search_run_unjudged_bounds",
                      "search_comparison_unjudged_bounds", "search_judge_run_metrics", LABELED, TREC_RESULTS,
                      RESAMPLES]


# Spark (a model costs seconds there even on a few rows): the models of each kind of partition (a run, for the tables
# by run and by run and query; a compared pair; a judgment source's run), with two metrics at two cutoffs
SPARK_MODELS = [RULES, "search_query_metrics", "search_run_metrics", "search_run_overlap", "search_run_pair_overlap",
                SOURCE_METRICS]
SPARK_VARS = {"search_metrics_metrics": ["ndcg", "precision"], "search_metrics_cutoffs": [3, 10]}


def partition_files(engine, schema):
    """Spark: {(table, run_id): the set of files that hold the run's rows} of the two judged tables by run."""
    files = {}
    for table in ("search_query_metrics", "search_run_metrics"):
        for run_id, path in engine.session.sql(f"select distinct run_id, input_file_name() from {schema}.{table}").collect():
            files.setdefault((table, run_id), set()).add(path)
    return files


@pytest.mark.dbt
@pytest.mark.parametrize("engine_name", [pytest.param("postgres", marks=pytest.mark.postgres),
                                         pytest.param("spark", marks=pytest.mark.spark)])
def test_incremental_judged_models_equal_a_full_refresh(engine_name, request):
    """The delete pre-hooks, the keys to build and the rule table's runs to check as PostgreSQL runs them, and on
    Spark the stale partitions dropped and the others kept (the rule table is a plain table there): one incremental
    `dbt run` after a run is deleted, one appended, one pair's list changed, one grade changed, an automated judge's
    rows added and one query's trec_eval z-score mean moved (every run reads it); every incremental table equals a
    full refresh of the same inputs. On PostgreSQL an unchanged run's made-up rule row is kept (its rules were not
    checked again) while a changed run's is gone; on Spark the partitions of a run the change leaves alone (run4,
    which did not return the regraded query) keep their files, and those of a changed run (run2) do not."""
    rng = random.Random(4849)
    results = [row for n in range(1, 5) for row in make_run(rng, f"run{n}")]
    judgments = make_judgments(rng, QUERIES)
    # run4 does not return the query about to be regraded, so that nothing it reads changes
    results = [row for row in results if (row["run_id"], row["query_id"]) != ("run4", judgments[0]["query_id"])]
    after_results = [dict(row) for row in results if row["run_id"] != "run1"] + make_run(rng, "run5")
    changed = [row for row in after_results if row["run_id"] == "run2" and row["rank"] <= 2
               and row["query_id"] == next(r["query_id"] for r in after_results if r["run_id"] == "run2" and r["rank"] == 2)]
    changed[0]["doc_id"], changed[1]["doc_id"] = changed[1]["doc_id"], changed[0]["doc_id"]
    after_judgments = [dict(row) for row in judgments]
    regraded = after_judgments[0]
    regraded["grade"] = float((int(regraded["grade"]) + 1) % 4)
    after_judgments += [{"query_id": "q2", "doc_id": doc, "rater_id": "sdbn", "grade": 1.0, "scale": "graded"}
                        for doc in DOCS[:3]]
    # the judge graded q3 before; one of its grades there changes (its keys of q3 are rebuilt)
    judgments += [{"query_id": "q3", "doc_id": doc, "rater_id": JUDGE, "grade": 2.0, "scale": "graded"}
                  for doc in DOCS[3:6]]
    after_judgments += [dict(row, grade=0.0 if row["doc_id"] == DOCS[3] else row["grade"])
                        for row in judgments[-3:]]

    # trec_eval's z-scores (-Z): one query's mean moves, which moves every run's z-scores of that query
    zscores = [{"query_id": query_id, "measure": measure, "mean": 0.25, "stddev": 0.5}
               for query_id in QUERIES for measure in ("P_5", "map", "num_ret")]
    after_zscores = [dict(row, mean=0.75) if row["query_id"] == "q3" else dict(row) for row in zscores]

    def inputs(result_rows, judgment_rows, zscore_rows):
        return {"results": (PG_RESULTS_COLUMNS, result_rows), "judgments": (PG_JUDGMENTS_COLUMNS, judgment_rows),
                "zscores": (PG_ZSCORES_COLUMNS, zscore_rows)}

    dbt_vars = {"search_metrics_results": f"{INPUT_SCHEMA}.results",
                "search_metrics_judgments": f"{INPUT_SCHEMA}.judgments", "search_metrics_enable_trec_eval": True,
                "search_metrics_trec_eval": {"zscores": f"{INPUT_SCHEMA}.zscores"}}
    models = SPARK_MODELS if engine_name == "spark" else INCREMENTAL_MODELS
    if engine_name == "spark":
        dbt_vars.update(SPARK_VARS)
    engine, select = request.getfixturevalue(f"{engine_name}_engine"), ["--select", *[f"+{m}" for m in models]]
    incremental, full = "judged_incremental", "judged_full_refresh"
    for schema in (incremental, full):
        engine.reset_schema(schema)
    load_inputs(engine, incremental, inputs(results, judgments, zscores))
    dbt_ok(engine.dbt(["run", *select], incremental, "judged_incremental", dbt_vars), f"first run on {engine_name}")
    # made-up rule rows for run2 (its results change) and run3 (left alone)
    for run_id in ("run2", "run3"):
        engine.execute(f"insert into {engine.relation(incremental, RULES)} (rule, rule_violated, run_id)"
                       f" values ('sentinel', 'made up', '{run_id}')")
    files_before = partition_files(engine, incremental) if engine_name == "spark" else None
    load_inputs(engine, incremental, inputs(after_results, after_judgments, after_zscores))
    second = engine.dbt(["run", *select], incremental, "judged_incremental", dbt_vars)
    dbt_ok(second, f"incremental run on {engine_name}")
    compiled = {r.node.name: r.node.compiled_code for r in second.result.results}
    # the keys to build (the build record's keys, `recorded`; on Spark, which keeps no record, the table's rows,
    # `built_rows`), the rule table's runs to check (listed, with the rows of no run; a plain table on Spark)
    built = "as built_rows" if engine_name == "spark" else "__build_record"
    # (the resampling state corrects its kept sums: retired_units)
    assert all(built in compiled[m] or "where staged_results.run_id is null" in compiled[m]
               or (m == RESAMPLES and "retired_units" in compiled[m]) for m in models
               if not (engine_name == "spark" and m == RULES)), "the second run did not take the incremental path"
    if files_before is not None:
        files_after = partition_files(engine, incremental)
        for table in ("search_query_metrics", "search_run_metrics"):
            assert files_after[table, "run4"] == files_before[table, "run4"], f"{table}: run4's partition rewritten"
            assert files_after[table, "run2"].isdisjoint(files_before[table, "run2"]), (
                f"{table}: run2's partition kept")
    load_inputs(engine, full, inputs(after_results, after_judgments, after_zscores))
    dbt_ok(engine.dbt(["run", "--full-refresh", *select], full, "judged_full_refresh", dbt_vars),
           f"full refresh on {engine_name}")
    rules = engine.fetch_model(incremental, RULES)
    rule_column = rules.columns.index("rule")
    sentinels = {row[rules.columns.index("run_id")] for row in rules.rows if row[rule_column] == "sentinel"}
    expected_sentinels = set() if engine_name == "spark" else {"run3"}
    assert sentinels == expected_sentinels, f"made-up rule rows kept for {sentinels}: expected {expected_sentinels}"
    for name in models:
        built = engine.fetch_model(incremental, name)
        if name == RULES:
            built = Table(built.columns, [row for row in built.rows if row[rule_column] != "sentinel"])
        expected = engine.fetch_model(full, name)
        if name != RULES:
            assert expected.rows, name
        assert_same_table(name, built, expected, f"{engine_name} incremental", f"{engine_name} full refresh",
                          tol=1e-12)
    if engine_name == "postgres":
        assert_tests_read_the_latest_build(engine, incremental, dbt_vars)


def assert_tests_read_the_latest_build(engine, schema, dbt_vars):
    """The data tests of a table with a build record read the keys its latest build wrote (docs/metrics.md,
    "Incremental builds"): a duplicated row of a pair the incremental run rebuilt is found by `dbt test`, one of a
    pair it kept is not; a `dbt build` of the table that writes nothing tests no row."""
    record = engine.fetch(f"(select run_id, query_id, build_started_at from "
                          f"{engine.relation(schema, 'search_query_metrics__build_record')}) as recorded")
    by_build: dict = {}
    for run_id, query_id, started in sorted(record.rows):
        by_build.setdefault(started, (run_id, query_id))
    assert len(by_build) == 2, f"the record should hold the first run's keys and the second's: {sorted(by_build)}"
    (kept_run, kept_query), (rebuilt_run, rebuilt_query) = (by_build[started] for started in sorted(by_build))
    table = engine.relation(schema, "search_query_metrics")
    # one duplicated key in the rebuilt pair, one for each of the kept pair's (metric, k) (at least two), so that the
    # failure count says which rows the test read
    engine.execute(f"insert into {table} select * from {table} where run_id = '{rebuilt_run}'"
                   f" and query_id = '{rebuilt_query}' and metric = 'ndcg' and k = 10")
    engine.execute(f"insert into {table} select * from {table} where run_id = '{kept_run}'"
                   f" and query_id = '{kept_query}'")
    unique = "search_query_metrics__one_row_per_run_query_metric_and_k"
    tested = engine.dbt(["test", "--select", unique], schema, "judged_incremental", dbt_vars)
    statuses = [(str(r.status), r.failures) for r in tested.result.results if r.node.resource_type == "test"]
    assert statuses == [("fail", 1)], (
        "dbt test should find the duplicate in the pair the latest build wrote, and only that one")
    built = engine.dbt(["build", "--select", "search_query_metrics", unique], schema, "judged_incremental", dbt_vars)
    statuses = {r.node.name: (str(r.status), r.failures) for r in built.result.results}
    assert statuses[unique] == ("pass", 0), f"a build that wrote nothing tests no row: {statuses}"
