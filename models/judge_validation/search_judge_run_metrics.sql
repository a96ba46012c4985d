{#-
  Per automated judge, run, metric and cutoff: the run's mean with the human judgments and with the judge's alone,
  over the same queries (search_metrics_int_judge_query_values: the queries the judge graded where both values are
  not null), and their difference.
  Incremental by run (judged_incremental_config, docs/judgments.md "Incremental builds"): each row carries its run's
  run_fingerprint (search_metrics_int_judge_run_fingerprints: its judge keys' results and judges' rows, and its
  pairs' human pools); an incremental build deletes the runs whose fingerprint moved or that are gone and aggregates
  the runs the table lacks, reading only their rows.
-#}
{%- set build_settings = search_metrics.judged_build_settings() -%}
{%- set model_enabled = search_metrics.family_enabled('judge_validation') -%}
{{ config(
    enabled=model_enabled,
    **search_metrics.judged_incremental_config('search_metrics_int_judge_run_fingerprints', ['run_id'],
                                               'run_fingerprint', build_settings)
) }}
{%- if model_enabled %}
with runs_to_build as (
    {{ search_metrics.judged_keys_to_build(ref('search_metrics_int_judge_run_fingerprints'), ['run_id']) | indent(4) }}
),

run_means as (
    select
        query_values.rater_id,
        query_values.run_id,
        query_values.metric,
        query_values.k,
        avg(query_values.human_value) as human_value,
        avg(query_values.judge_value) as judge_value,
        avg(query_values.judge_value) - avg(query_values.human_value) as difference,
        cast(count(*) as {{ dbt.type_bigint() }}) as n_queries
    from {{ ref('search_metrics_int_judge_query_values') }} as query_values
    {%- if is_incremental() %}
    where query_values.run_id in (select run_id from runs_to_build)
    {%- endif %}
    group by query_values.rater_id, query_values.run_id, query_values.metric, query_values.k
)

select
    run_means.rater_id,
    run_means.run_id,
    run_means.metric,
    run_means.k,
    run_means.human_value,
    run_means.judge_value,
    run_means.difference,
    run_means.n_queries,
    runs_to_build.run_fingerprint,
    {{ search_metrics.build_settings_column(build_settings) }},
    {{ search_metrics.built_at_column() }}
from run_means
inner join runs_to_build on runs_to_build.run_id = run_means.run_id
{%- endif %}
