{#-
  Per run and cutoff k: how much of the run's top k the humans have graded, and how many judgments it still needs.
    judged_at_k       the mean over the run's queries of (results in the top k with a human grade) / (results
                      in the top k): ir_measures' Judged@k, whose denominator is the results in the top k when the
                      run returned fewer than k; a query with no result ranked within k has no share and is left
                      out of the mean (ranks may have gaps)
    n_results         the result rows in the top k, over the run's queries
    n_unjudged        those with no human grade: the judgments the run still needs for full coverage at k
    n_queries         the queries the run returned; n_fully_judged_queries: those with no unjudged result in the top k
  "Graded" is search_metrics_int_human_graded_pairs, which the queue reads too: a non-null grade of a human rater
  after var search_metrics_negative_grades. Cutoffs: var search_metrics_cutoffs.
-#}
{{ config(enabled=search_metrics.family_enabled('judging')) }}
{%- set cutoffs = search_metrics.get_cutoffs() -%}

with human_graded_pairs as (
    select query_id, doc_id from {{ ref('search_metrics_int_human_graded_pairs') }}
),

ranked_results as (
    select
        results.run_id,
        results.query_id,
        results.rank,
        case when human_graded_pairs.doc_id is null then 0 else 1 end as is_judged
    from {{ ref('search_metrics_stg_results') }} as results
    left join human_graded_pairs
        on human_graded_pairs.query_id = results.query_id
        and human_graded_pairs.doc_id = results.doc_id
    where results.rank <= {{ cutoffs | max }}
),

query_counts as (
    {{ search_metrics.aggregate_at_cutoffs('ranked_results', [
        ['n_results', 'count', 'rank'],
        ['n_judged', 'sum', 'is_judged']
    ], cutoffs, 'select run_id, query_id from ' ~ ref('search_metrics_int_query_spine')) | indent(4) }}
)

select
    run_id,
    cast(k as {{ dbt.type_int() }}) as k,
    avg(case when n_results > 0 then {{ search_metrics.as_double('coalesce(n_judged, 0)') }} / n_results end) as judged_at_k,
    cast(sum(n_results) as {{ dbt.type_bigint() }}) as n_results,
    cast(sum(n_results - coalesce(n_judged, 0)) as {{ dbt.type_bigint() }}) as n_unjudged,
    cast(count(*) as {{ dbt.type_bigint() }}) as n_queries,
    cast(sum(case when n_results = coalesce(n_judged, 0) then 1 else 0 end) as {{ dbt.type_bigint() }}) as n_fully_judged_queries
from query_counts
group by run_id, k
