"""Contender: the floor, one hand-written DuckDB query from the Parquet files to per-query numbers.

Joins the results to the judgments once and computes ndcg_cut_10, map_cut_100 and recip_rank in one grouped
pass (trec_eval's definitions: relevant = grade >= 1, linear gain, ideal = the best 10 grades of the query's
judgments, map divides by the query's relevant judgments). Only the judged retrieved rows take part: an
unjudged row adds nothing to any of the three sums. The running count of relevant rows (AP) is a row_number
over the relevant rows only. Writes one row per query of the results (query_id, ndcg_cut_10, map_cut_100,
recip_rank) to the output Parquet file. Queries are assumed to have judgments (as in the benchmark data).
Usage: python floor_contender.py <results.parquet> <judgments.parquet> <out.parquet> [memory_limit] [temp_dir]
"""
import sys

import duckdb

FLOOR_SQL = """
copy (
    with judgments as (
        select query_id, doc_id, grade
        from read_parquet('{judgments}')
        where grade is not null
    ),
    ideal as (
        select
            query_id,
            count(*) filter (where grade >= 1) as n_relevant,
            list_sum(list_transform(
                list_slice(list_sort(list(grade), 'DESC'), 1, 10),
                lambda g, i: g / log2(i + 1)
            )) as ideal_dcg_10
        from judgments
        group by query_id
    ),
    judged_results as (
        select
            results.query_id,
            results.rank,
            judgments.grade,
            case when judgments.grade >= 1
                then row_number() over (partition by results.query_id, judgments.grade >= 1 order by results.rank)
            end as relevant_so_far
        from read_parquet('{results}') as results
        inner join judgments
            on judgments.query_id = results.query_id
            and judgments.doc_id = results.doc_id
    ),
    per_query as (
        select
            query_id,
            coalesce(sum(grade / log2(rank + 1)) filter (where rank <= 10), 0) as dcg_10,
            coalesce(sum(relevant_so_far / rank) filter (where rank <= 100), 0) as precision_sum_100,
            min(rank) filter (where grade >= 1) as first_relevant_rank
        from judged_results
        group by query_id
    ),
    run_queries as (
        select distinct query_id from read_parquet('{results}')
    )
    select
        run_queries.query_id,
        case when coalesce(ideal.ideal_dcg_10, 0) = 0 then 0
             else coalesce(per_query.dcg_10, 0) / ideal.ideal_dcg_10 end as ndcg_cut_10,
        case when coalesce(ideal.n_relevant, 0) = 0 then 0
             else coalesce(per_query.precision_sum_100, 0) / ideal.n_relevant end as map_cut_100,
        coalesce(1.0 / per_query.first_relevant_rank, 0) as recip_rank
    from run_queries
    left join per_query on per_query.query_id = run_queries.query_id
    left join ideal on ideal.query_id = run_queries.query_id
) to '{out}' (format parquet)
"""


def main(results_path, judgments_path, out_path, memory_limit="8GB", temp_dir=None):
    con = duckdb.connect()
    con.execute(f"set memory_limit = '{memory_limit}'")
    if temp_dir:
        con.execute(f"set temp_directory = '{temp_dir}'")
    con.execute("set preserve_insertion_order = false")
    con.execute(FLOOR_SQL.format(results=results_path, judgments=judgments_path, out=out_path))


if __name__ == "__main__":
    main(*sys.argv[1:])
