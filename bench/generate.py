"""Write the benchmark's input Parquet files with DuckDB SQL (no Python loops, memory-bounded).

Judged data, for Q queries, under bench/data/judged_q<Q>/:
  results.parquet    Q x 100 rows: run_id, query_id, doc_id, rank, score (one run, score strictly decreasing
                     with rank so that trec_eval/ranx, which order by score, see the same ranking).
  judgments.parquet  Q x 30 rows, one rater, graded scale (0..3): query_id, doc_id, rater_id, grade, scale.
                     Per query 20 retrieved docs (8 of the top 10, 12 of ranks 11..100, a different pattern per
                     query) and 10 docs the run did not return; relevance falls with rank; every query has at
                     least one relevant doc (so trec_eval's map and the package's average_precision_pool agree
                     on every query instead of 0 vs null).
  results_two_runs.parquet  (the comparison benchmark) results.parquet's rows as run_a, and run_b: the same docs
                     re-ranked by the rank plus a hash-drawn shift of 0..19, so that the two runs differ per query.
Click data, for S searches (about 2 impressions per search), under bench/data/clicks_s<S>/:
  searches.parquet, clicks.parquet, impressions.parquet with the package's click input contract.
Experiment logs, for S searches, under bench/data/experiments_s<S>/: searches.parquet (the click logs' searches
  plus user_id, bucket and experiment; a pre-period of 3 days with no bucket) and clicks.parquet.

Everything is a deterministic function of the row numbers (DuckDB's hash()), so reruns give the same files.
Usage: python bench/generate.py judged 100000 [--force];  python bench/generate.py clicks 10000000
       python bench/generate.py experiments 1000000
"""
import argparse
import os
import sys
import time

import duckdb

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data")


def judged_dir(q):
    return os.path.join(DATA, f"judged_q{q}")


def clicks_dir(s):
    return os.path.join(DATA, f"clicks_s{s}")


def connect(tmp):
    con = duckdb.connect()
    con.execute("set memory_limit = '8GB'")
    con.execute(f"set temp_directory = '{tmp}'")
    con.execute("set preserve_insertion_order = false")
    return con


# A query number q -> its text id; a (q, n) pair -> a doc id unique within the query for n < 400
# (n * 104729 mod 50M is distinct for |n1 - n2| < 477), shared across queries like real doc ids.
QUERY_ID = "'q' || lpad(cast(q as varchar), 7, '0')"
DOC_ID = "'d' || cast((q * 7919 + {n} * 104729) % 50000000 as varchar)"
# A uniform number in [0, 1) from a hash of the given expressions.
def uniform(*parts):
    return f"(cast(hash({', '.join(parts)}) % 1000003 as double) / 1000003)"


def generate_judged(q, force=False):
    out = judged_dir(q)
    results = os.path.join(out, "results.parquet")
    judgments = os.path.join(out, "judgments.parquet")
    if not force and os.path.exists(results) and os.path.exists(judgments):
        return out
    os.makedirs(out, exist_ok=True)
    con = connect(os.path.join(out, "tmp"))
    started = time.time()
    # Results: Q x 100, streamed straight from a cross join of two ranges into Parquet.
    con.execute(f"""
        copy (
            select
                'run_a' as run_id,
                {QUERY_ID} as query_id,
                {DOC_ID.format(n='r')} as doc_id,
                cast(r as integer) as rank,
                cast(101 - r as double) + {uniform('q', 'r', "'score'")} / 2 as score
            from range({q}) as queries(q)
            cross join range(1, 101) as ranks(r)
        ) to '{results}' (format parquet, compression zstd, row_group_size 1000000)
    """)
    # Judgments: slot j = 0..29 of query q.
    #   j 0..7   -> rank ((a1 * j + b1) mod 10) + 1       : 8 distinct ranks of the top 10 (a1 a unit mod 10)
    #   j 8..19  -> rank ((a2 * (j-8) + b2) mod 90) + 11  : 12 distinct ranks of 11..100 (a2 a unit mod 90)
    #   j 20..29 -> n = 100 + j - 19 (101..110): docs the run did not return
    units10 = "[1, 3, 7, 9]"
    units90 = "[1, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 49, 53, 59, 61, 67, 71, 73, 77, 79, 83, 89]"
    con.execute(f"""
        copy (
            with slots as (
                select
                    q,
                    j,
                    case
                        when j < 8 then (list_extract({units10}, cast(hash(q, 'a1') % 4 as integer) + 1) * j
                                         + cast(hash(q, 'b1') % 10 as integer)) % 10 + 1
                        when j < 20 then (list_extract({units90}, cast(hash(q, 'a2') % 24 as integer) + 1) * (j - 8)
                                          + cast(hash(q, 'b2') % 90 as integer)) % 90 + 11
                        else 100 + j - 19
                    end as n
                from range({q}) as queries(q)
                cross join range(30) as js(j)
            ),
            graded as (
                select
                    q,
                    n,
                    -- chance of being relevant: 0.75 at rank 1 falling to ~0.3 deep down; 0.35 for unreturned docs
                    case
                        when {uniform('q', 'n', "'rel'")} < (case when n > 100 then 0.35 else 0.25 + 0.5 / (1 + (n - 1) / 5.0) end)
                        then case
                            when {uniform('q', 'n', "'grade'")} < 0.3 then 3
                            when {uniform('q', 'n', "'grade'")} < 0.6 then 2
                            else 1
                        end
                        else 0
                    end as grade
                from slots
            )
            select
                {QUERY_ID} as query_id,
                {DOC_ID.format(n='n')} as doc_id,
                'r1' as rater_id,
                cast(case when n = 101 then greatest(grade, 1) else grade end as integer) as grade,
                'graded' as scale
            from graded
        ) to '{judgments}' (format parquet, compression zstd, row_group_size 1000000)
    """)
    con.close()
    os.rmdir(os.path.join(out, "tmp")) if os.path.isdir(os.path.join(out, "tmp")) and not os.listdir(os.path.join(out, "tmp")) else None
    print(f"judged Q={q}: {q * 100:,} result rows, {q * 30:,} judgment rows in {time.time() - started:.1f} s -> {out}")
    return out


def generate_clicks(s, force=False):
    """S searches in sessions of 3 over 30 days; 2 impressions per search on average (0..4, a tenth of the
    searches with none = zero results), ~40 % of the searches with results clicked, some on two positions,
    some clicked twice on the same position. S = 10M gives 10M searches / 20M impressions."""
    out = clicks_dir(s)
    names = [os.path.join(out, f) for f in ("searches.parquet", "clicks.parquet", "impressions.parquet")]
    if not force and all(os.path.exists(n) for n in names):
        return out
    os.makedirs(out, exist_ok=True)
    started = time.time()
    counts = write_click_logs(s, out, names[0], names[1], names[2])
    print(f"clicks S={s}: {counts[0]:,} searches, {counts[1]:,} clicks, {counts[2]:,} impressions "
          f"in {time.time() - started:.1f} s -> {out}")
    return out


def experiments_dir(s):
    return os.path.join(DATA, f"experiments_s{s}")


# The experiment logs (generate_experiments): one user per 10 searches, the sessions of the click logs dealt to
# users by a hash (so a user's ~3.3 sessions fall on any of the 30 days); the first PRE_DAYS days are the
# pre-period (bucket and experiment null), then every search of a user carries the user's bucket, except for the
# CONTAMINATED share of users, whose searches draw their bucket per search (units in two buckets: excluded).
EXPERIMENT_PRE_DAYS = 3
EXPERIMENT_CONTAMINATED = 0.002
EXPERIMENT_UPLIFT = 0.02  # the treatment's click chance 0.42 against 0.40


def generate_experiments(s, force=False):
    """S searches of the click logs' shape with a user column and an A/B split (bench/README.md, "Experiments"):
    searches.parquet (the click contract + user_id, bucket 'control' / 'treatment', experiment 'ranker_v2', both
    null in the pre-period) and clicks.parquet; no impressions (the experiments family does not read them)."""
    out = experiments_dir(s)
    names = [os.path.join(out, f) for f in ("searches.parquet", "clicks.parquet")]
    if not force and all(os.path.exists(n) for n in names):
        return out
    os.makedirs(out, exist_ok=True)
    started = time.time()
    n_users = max(2, s // 10)
    user = f"cast(hash(s // 3, 'user') % {n_users} as bigint)"
    # searched_at's day is (s // 3) % 30 (write_click_logs): the pre-period is its first EXPERIMENT_PRE_DAYS days
    bucket = f"""case
            when (s // 3) % 30 < {EXPERIMENT_PRE_DAYS} then null
            when {uniform(user, "'contaminated'")} < {EXPERIMENT_CONTAMINATED}
                then case when hash(s, 'bucket') % 2 = 0 then 'control' else 'treatment' end
            when hash({user}, 'bucket') % 2 = 0 then 'control'
            else 'treatment'
        end"""
    extra = {"user_id": f"'v' || cast({user} as varchar)", "bucket": bucket,
             "experiment": f"case when (s // 3) % 30 < {EXPERIMENT_PRE_DAYS} then null else 'ranker_v2' end"}
    counts = write_click_logs(s, out, names[0], names[1], None, extra_columns=extra,
                              click_chance=f"case when bucket = 'treatment' then {0.4 + EXPERIMENT_UPLIFT} else 0.4 end")
    print(f"experiments S={s}: {counts[0]:,} searches of {n_users:,} users, {counts[1]:,} clicks "
          f"in {time.time() - started:.1f} s -> {out}")
    return out


def write_click_logs(s, out, searches_path, clicks_path, impressions_path, extra_columns=None, click_chance="0.4"):
    """The click logs of S searches: searches (the contract's columns and extra_columns, name -> SQL over the
    search number s), clicks (a search with results clicked with chance click_chance, SQL over the search's
    columns) and, unless impressions_path is None, impressions. Returns the row counts of the files written."""
    extra_columns = extra_columns or {}
    con = connect(os.path.join(out, "tmp"))
    extra_select = "".join(f",\n            {sql} as {name}" for name, sql in extra_columns.items())
    extra_output = "".join(f", {name}" for name in extra_columns)
    # Search s: session s // 3, day (session mod 30), type by hash; n_impressions in 0..4 (mean 2).
    con.execute(f"""
        create temp view search_rows as
        select
            s,
            cast(s // 3 as bigint) as session_number,
            timestamp '2026-10-01 00:00:00'
                + to_days(cast((s // 3) % 30 as integer))
                + to_seconds(cast(hash(s // 3, 'start') % 80000 as bigint) + (s % 3) * 60) as searched_at,
            case when {uniform('s // 3', "'type'")} < 0.3 then 'autocomplete' else 'fulltext' end as search_type,
            cast(case
                when {uniform('s', "'n'")} < 0.10 then 0
                when {uniform('s', "'n'")} < 0.35 then 1
                when {uniform('s', "'n'")} < 0.65 then 2
                when {uniform('s', "'n'")} < 0.90 then 3
                else 4
            end as integer) as n_shown{extra_select}
        from range({s}) as searches(s)
    """)
    con.execute(f"""
        copy (
            select
                's' || cast(s as varchar) as search_id,
                'u' || cast(session_number as varchar) as session_id,
                searched_at,
                search_type,
                case when n_shown = 0 then 0 else n_shown * 25 end as n_results{extra_output}
            from search_rows
        ) to '{searches_path}' (format parquet, compression zstd, row_group_size 1000000)
    """)
    if impressions_path:
        con.execute(f"""
            copy (
                select
                    's' || cast(search_rows.s as varchar) as search_id,
                    cast(p as integer) as position,
                    'd' || cast(hash(search_rows.s, p) % 5000000 as varchar) as doc_id,
                    cast(10 - p as double) + {uniform('search_rows.s', 'p', "'score'")} * 3 as score
                from search_rows
                cross join range(1, 5) as positions(p)
                where p <= search_rows.n_shown
            ) to '{impressions_path}' (format parquet, compression zstd, row_group_size 1000000)
        """)
    # Clicks: a search with results is clicked with chance click_chance at a position drawn with more weight on
    # top; 15 % of those also click the next position, 5 % click the first position twice.
    con.execute(f"""
        copy (
            with clicked as (
                select
                    s,
                    searched_at,
                    n_shown,
                    least(n_shown, 1 + cast(floor(power({uniform('s', "'pos'")}, 2) * n_shown) as integer)) as position
                from search_rows
                where n_shown > 0 and {uniform('s', "'click'")} < {click_chance}
            ),
            click_rows as (
                select s, searched_at, position, 1 as nth from clicked
                union all
                select s, searched_at, position + 1, 2 from clicked
                where position < n_shown and {uniform('s', "'second'")} < 0.15
                union all
                select s, searched_at, position, 3 from clicked
                where {uniform('s', "'again'")} < 0.05
            )
            select
                's' || cast(s as varchar) as search_id,
                cast(position as integer) as position,
                searched_at + to_seconds(cast(5 + nth * 7 + hash(s, nth) % 50 as bigint)) as clicked_at
            from click_rows
        ) to '{clicks_path}' (format parquet, compression zstd, row_group_size 1000000)
    """)
    paths = [p for p in (searches_path, clicks_path, impressions_path) if p]
    counts = [con.execute(f"select count(*) from read_parquet('{n}')").fetchone()[0] for n in paths]
    con.close()
    tmp = os.path.join(out, "tmp")
    if os.path.isdir(tmp) and not os.listdir(tmp):
        os.rmdir(tmp)
    return counts


def generate_two_runs(q, force=False):
    """judged_q<Q>/results_two_runs.parquet: run_a (results.parquet) and run_b, its docs re-ranked per query."""
    out = generate_judged(q)
    two_runs = os.path.join(out, "results_two_runs.parquet")
    if not force and os.path.exists(two_runs):
        return out
    con = connect(os.path.join(out, "tmp"))
    started = time.time()
    results = os.path.join(out, "results.parquet")
    con.execute(f"""
        copy (
            select run_id, query_id, doc_id, rank, score from read_parquet('{results}')
            union all
            select
                'run_b' as run_id,
                query_id,
                doc_id,
                cast(row_number() over (partition by query_id order by shifted_rank, doc_id) as integer) as rank,
                cast(null as double) as score
            from (
                select query_id, doc_id, rank + hash(query_id, doc_id) % 20 as shifted_rank
                from read_parquet('{results}')
            ) as shifted
        ) to '{two_runs}' (format parquet)
    """)
    print(f"generated {two_runs} in {time.time() - started:.1f} s", flush=True)
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kind", choices=["judged", "two_runs", "clicks", "experiments"])
    parser.add_argument("sizes", nargs="+", type=int, help="Q queries (judged) or S searches (clicks)")
    parser.add_argument("--force", action="store_true", help="rewrite files that exist")
    args = parser.parse_args(argv)
    for size in args.sizes:
        {"judged": generate_judged, "two_runs": generate_two_runs, "clicks": generate_clicks,
         "experiments": generate_experiments}[args.kind](size, args.force)


if __name__ == "__main__":
    sys.exit(main())
