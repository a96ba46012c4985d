{#-
  Per run and cutoff k: how much of the run's top k the humans have graded, and how many judgments it still needs.
    judged_at_k       ours: the mean over the run's queries of (results ranked within k with a human grade) /
                      (results ranked within k): the rank column is read (ranks may have gaps: ranks 1, 5, 9 hold
                      one result within 3); a query no human graded anything for counts, at 0; a query with no
                      result ranked within k has no share and is left out of the mean
    ir_measures_judged_at_k
                      ir_measures' Judged@k with the human-graded pairs as its qrels: the mean over the queries with
                      a human-graded doc (the qrels' queries, returned by the run or not) of (the first min(k, n)
                      results in rank order with a human grade) / min(k, n), n the query's results (the first k
                      rows, whatever their ranks), 0 for a query the run did not return; a query without a human
                      grade is left out; null when no query has one. Equal to judged_at_k when the ranks have no
                      gaps and the run returned exactly the queries with a human grade
    n_results         the result rows ranked within k, over the run's queries
    n_unjudged        those with no human grade: the judgments the run still needs for full coverage at k
    n_queries         the queries the run returned; n_fully_judged_queries: those with no unjudged result ranked
                      within k
  "Graded" is search_metrics_int_human_graded_pairs, which the queue reads too: a non-null grade of a human rater
  after var search_metrics_negative_grades. Cutoffs: var search_metrics_cutoffs.
-#}
{%- set model_enabled = search_metrics.family_enabled('judgment_coverage') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set cutoffs = search_metrics.get_cutoffs() -%}

with human_graded_pairs as (
    select query_id, doc_id from {{ ref('search_metrics_int_human_graded_pairs') }}
),

numbered_results as (
    select
        results.run_id,
        results.query_id,
        results.rank as result_rank,
        row_number() over (
            partition by results.run_id, results.query_id
            order by results.rank, {{ search_metrics.binary_order('results.doc_id') }}
        ) as position,
        case when human_graded_pairs.doc_id is null then 0 else 1 end as is_judged
    from {{ ref('search_metrics_stg_results') }} as results
    left join human_graded_pairs
        on human_graded_pairs.query_id = results.query_id
        and human_graded_pairs.doc_id = results.doc_id
),

{#- aggregate_at_cutoffs reads `rank <= k`: here the position, so its plain aggregates are over the first k rows
    (ir_measures) and those filtered on result_rank <= k over the rows ranked within k (a rank is never below its
    position, so those rows are among the first k) #}
positioned_results as (
    select run_id, query_id, position as rank, result_rank, is_judged
    from numbered_results
    where position <= {{ cutoffs | max }}
),

query_counts as (
    {{ search_metrics.aggregate_at_cutoffs('positioned_results', [
        ['n_results', 'count', 'case when result_rank <= {k} then 1 end'],
        ['n_judged', 'sum', 'case when result_rank <= {k} then is_judged end'],
        ['n_first', 'count', 'rank'],
        ['n_first_judged', 'sum', 'is_judged']
    ], cutoffs, 'select run_id, query_id from ' ~ ref('search_metrics_int_query_spine')) | indent(4) }}
),

graded_queries as (
    select distinct query_id from human_graded_pairs
),

graded_query_count as (
    select count(*) as n_graded_queries from graded_queries
)

select
    query_counts.run_id,
    cast(query_counts.k as {{ dbt.type_int() }}) as k,
    avg(case when query_counts.n_results > 0
        then {{ search_metrics.as_double('coalesce(query_counts.n_judged, 0)') }} / query_counts.n_results end) as judged_at_k,
    coalesce(sum(case when graded_queries.query_id is not null and query_counts.n_first > 0
        then {{ search_metrics.as_double('coalesce(query_counts.n_first_judged, 0)') }} / query_counts.n_first end), 0)
        / nullif(max(graded_query_count.n_graded_queries), 0) as ir_measures_judged_at_k,
    cast(sum(query_counts.n_results) as {{ dbt.type_bigint() }}) as n_results,
    cast(sum(query_counts.n_results - coalesce(query_counts.n_judged, 0)) as {{ dbt.type_bigint() }}) as n_unjudged,
    cast(count(*) as {{ dbt.type_bigint() }}) as n_queries,
    cast(sum(case when query_counts.n_results = coalesce(query_counts.n_judged, 0) then 1 else 0 end) as {{ dbt.type_bigint() }}) as n_fully_judged_queries
from query_counts
cross join graded_query_count
left join graded_queries
    on graded_queries.query_id = query_counts.query_id
group by query_counts.run_id, query_counts.k
{%- endif %}
