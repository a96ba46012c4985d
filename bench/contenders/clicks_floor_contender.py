"""Contender for the click benchmark: the floor, hand-written DuckDB SQL from the Parquet files to the daily figures.

One process, three grouped queries over the same inputs, with the package's definitions (clicks of unknown
searches ignored, a repeated click on a position counted once, days = date of searched_at, split by search_type):
  <prefix>_paulscore.parquet   (search_date, search_type, factor, paulscore) for F = 0.1, 0.5, 0.9
  <prefix>_engagement.parquet  (search_date, search_type, zero_result_rate, clickthrough_rate, abandonment_rate,
                                mean_first_click_position)
  <prefix>_auc.parquet         (search_date, search_type, auc, gauc, gauc_weighted): AUC of impression scores
                                against clicks per day and type, and the mean (and impression-weighted mean) of the
                                per-session AUCs; midranks from one window, no pairs.
Usage: python clicks_floor_contender.py <searches> <clicks> <impressions> <out_prefix> [memory_limit] [temp_dir]
"""
import sys

import duckdb

FACTORS = [0.1, 0.5, 0.9]


def main(searches, clicks, impressions, prefix, memory_limit="8GB", temp_dir=None):
    con = duckdb.connect()
    con.execute(f"set memory_limit = '{memory_limit}'")
    if temp_dir:
        con.execute(f"set temp_directory = '{temp_dir}'")
    con.execute("set preserve_insertion_order = false")
    con.execute(f"""
        create temp table clicked as
        select distinct clicks.search_id, clicks.position
        from read_parquet('{clicks}') as clicks
        semi join read_parquet('{searches}') as searches on searches.search_id = clicks.search_id
    """)
    nu = ", ".join(f"coalesce(sum(power({f}, clicked.position - 1)), 0) as nu_{i}" for i, f in enumerate(FACTORS))
    con.execute(f"""
        create temp table per_search as
        select
            searches.search_id,
            searches.session_id,
            cast(searches.searched_at as date) as search_date,
            searches.search_type,
            searches.n_results,
            count(clicked.position) as n_clicked_positions,
            min(clicked.position) as first_click_position,
            {nu}
        from read_parquet('{searches}') as searches
        left join clicked on clicked.search_id = searches.search_id
        group by all
    """)
    session_cols = ", ".join(f"avg(nu_{i}) as s_{i}" for i in range(len(FACTORS)))
    unpivot = " union all ".join(
        f"select search_date, search_type, cast({f} as double) as factor, avg(s_{i}) as paulscore from sessions group by all"
        for i, f in enumerate(FACTORS))
    con.execute(f"""
        copy (
            with sessions as (
                select search_date, search_type, session_id, {session_cols}
                from per_search group by all
            )
            {unpivot}
        ) to '{prefix}_paulscore.parquet' (format parquet)
    """)
    con.execute(f"""
        copy (
            select
                search_date,
                search_type,
                count(*) filter (where n_results = 0) / nullif(count(n_results), 0) as zero_result_rate,
                count(*) filter (where n_results > 0 and n_clicked_positions > 0)
                    / nullif(count(*) filter (where n_results > 0), 0) as clickthrough_rate,
                count(*) filter (where n_results > 0 and n_clicked_positions = 0)
                    / nullif(count(*) filter (where n_results > 0), 0) as abandonment_rate,
                avg(first_click_position) as mean_first_click_position
            from per_search group by all
        ) to '{prefix}_engagement.parquet' (format parquet)
    """)
    con.execute(f"""
        copy (
            with labeled as (
                select
                    per_search.search_date,
                    per_search.search_type,
                    per_search.session_id,
                    impressions.score,
                    case when clicked.search_id is null then 0 else 1 end as label
                from read_parquet('{impressions}') as impressions
                inner join per_search on per_search.search_id = impressions.search_id
                left join clicked
                    on clicked.search_id = impressions.search_id and clicked.position = impressions.position
                where impressions.score is not null
            ),
            daily_ranked as (
                select search_date, search_type, label,
                    rank() over w + count(*) over w as twice_midrank
                from labeled
                window w as (partition by search_date, search_type order by score)
            ),
            daily as (
                select search_date, search_type,
                    (sum(twice_midrank) filter (where label = 1) - sum(label) * (sum(label) + 1.0))
                        / nullif(2.0 * sum(label) * (count(*) - sum(label)), 0) as auc
                from daily_ranked group by all
            ),
            session_ranked as (
                select search_date, search_type, session_id, label,
                    rank() over w + count(*) over w as twice_midrank
                from labeled
                window w as (partition by search_date, search_type, session_id order by score)
            ),
            sessions as (
                select search_date, search_type, session_id, count(*) as n_rows,
                    (sum(twice_midrank) filter (where label = 1) - sum(label) * (sum(label) + 1.0))
                        / nullif(2.0 * sum(label) * (count(*) - sum(label)), 0) as auc
                from session_ranked group by all
            )
            select daily.search_date, daily.search_type, daily.auc,
                avg(sessions.auc) as gauc,
                sum(sessions.n_rows * sessions.auc) / sum(sessions.n_rows) filter (where sessions.auc is not null) as gauc_weighted
            from daily
            inner join sessions using (search_date, search_type)
            group by all
        ) to '{prefix}_auc.parquet' (format parquet)
    """)


if __name__ == "__main__":
    main(*sys.argv[1:])
