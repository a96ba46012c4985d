{#-
  What to judge next: one row per (query_id, doc_id) that some run ranks within the pool depth (var
  search_metrics_judgment_coverage.pool_depth; default the largest cutoff) and that no human has graded (not in
  search_metrics_int_human_graded_pairs: no non-null grade, after var search_metrics_negative_grades, from a human
  rater; a pooled-but-unjudged doc is in the queue). priority = sum over the runs that rank it within the depth of
  persistence^(rank - 1) (RBP's weight of the rank; Moffat, Webber & Zobel 2007), priority_rank = 1, 2, .. within the query: priority descending
  (compared at 12 decimals, relevance_key, so that the engines' summation order never reorders equal priorities),
  then best_rank, then doc_id in binary order. With budget_per_query set, the rows with priority_rank <= budget.
-#}
{%- set model_enabled = search_metrics.family_enabled('judgment_coverage') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set settings = search_metrics.get_judgment_coverage_settings() -%}

with human_graded_pairs as (
    select query_id, doc_id from {{ ref('search_metrics_int_human_graded_pairs') }}
),

unjudged_results as (
    select results.run_id, results.query_id, results.doc_id, results.rank
    from {{ ref('search_metrics_stg_results') }} as results
    left join human_graded_pairs
        on human_graded_pairs.query_id = results.query_id
        and human_graded_pairs.doc_id = results.doc_id
    where results.rank <= {{ settings.pool_depth }}
        and human_graded_pairs.doc_id is null
),

unjudged_pairs as (
    select
        query_id,
        doc_id,
        count(distinct run_id) as n_runs,
        min(rank) as best_rank,
        sum(power({{ search_metrics.as_double(settings.persistence) }}, rank - 1)) as priority
    from unjudged_results
    group by query_id, doc_id
),

prioritized_pairs as (
    select
        query_id,
        doc_id,
        n_runs,
        best_rank,
        priority,
        row_number() over (
            partition by query_id
            order by {{ search_metrics.relevance_key('priority') }} desc, best_rank, {{ search_metrics.binary_order('doc_id') }}
        ) as priority_rank
    from unjudged_pairs
)

select
    query_id,
    doc_id,
    cast(n_runs as {{ dbt.type_bigint() }}) as n_runs,
    cast(best_rank as {{ dbt.type_int() }}) as best_rank,
    {{ search_metrics.as_double('priority') }} as priority,
    cast(priority_rank as {{ dbt.type_bigint() }}) as priority_rank
from prioritized_pairs
{%- if settings.budget_per_query is not none %}
where priority_rank <= {{ settings.budget_per_query }}
{%- endif %}
{%- endif %}
