{#-
  Per (run_id, metric, k): the run means of search_query_unjudged_bounds, each over the queries where that column is
  not null (value: the mean of search_run_metrics), with n_queries (the value's queries) and readings_are_bounds.
  Incremental by run (judged_incremental_config, docs/judgments.md "Incremental builds"): each row carries its run's
  run_fingerprint (search_metrics_int_run_fingerprints: its pairs' results and human pools); an incremental build
  deletes the runs whose fingerprint moved or that are gone and aggregates the runs the table lacks, reading only
  their rows.
-#}
{%- set build_settings = search_metrics.readings_build_settings() -%}
{%- set model_enabled = search_metrics.family_enabled('judgment_coverage') -%}
{{ config(
    enabled=model_enabled,
    **search_metrics.judged_incremental_config('search_metrics_int_run_fingerprints', ['run_id'], 'run_fingerprint',
                                               build_settings)
) }}
{%- if model_enabled %}
with runs_to_build as (
    {{ search_metrics.judged_keys_to_build(ref('search_metrics_int_run_fingerprints'), ['run_id']) | indent(4) }}
),

run_means as (
    select
        query_bounds.run_id,
        query_bounds.metric,
        query_bounds.k,
        avg(query_bounds.value) as value,
        avg(query_bounds.pessimistic_value) as pessimistic_value,
        avg(query_bounds.optimistic_value) as optimistic_value,
        cast(count(query_bounds.value) as {{ dbt.type_bigint() }}) as n_queries,
        max(case when query_bounds.readings_are_bounds then 1 else 0 end) = 1 as readings_are_bounds
    from {{ ref('search_query_unjudged_bounds') }} as query_bounds
    {%- if is_incremental() %}
    where query_bounds.run_id in (select run_id from runs_to_build)
    {%- endif %}
    group by query_bounds.run_id, query_bounds.metric, query_bounds.k
)

select
    run_means.run_id,
    run_means.metric,
    run_means.k,
    run_means.value,
    run_means.pessimistic_value,
    run_means.optimistic_value,
    run_means.n_queries,
    run_means.readings_are_bounds,
    runs_to_build.run_fingerprint,
    {{ search_metrics.build_settings_column(build_settings) }},
    {{ search_metrics.built_at_column() }}
from run_means
inner join runs_to_build on runs_to_build.run_id = run_means.run_id
{%- endif %}
