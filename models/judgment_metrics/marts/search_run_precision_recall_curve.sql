{#-
  The mean interpolated precision-recall curve per run: per (run_id, recall_level), the mean over the run's queries
  with a non-null precision (a BI tool plots it as it is). Built with search_precision_recall_curve.
  Incremental by run as search_run_metrics is (judged_incremental_config): an incremental build re-aggregates only
  the runs whose fingerprint (search_metrics_int_run_fingerprints) moved.
-#}
{%- set curve_metrics = search_metrics.get_metrics() | selectattr('type', 'equalto', 'average_precision_11pt') | list -%}
{%- set build_settings = search_metrics.judged_build_settings() -%}
{%- set model_enabled = search_metrics.family_enabled('judgment_metrics') and (curve_metrics | length) > 0 -%}
{{ config(
    enabled=model_enabled,
    **search_metrics.judged_incremental_config('search_metrics_int_run_fingerprints', ['run_id'], 'run_fingerprint',
                                               build_settings)
) }}
{%- if model_enabled %}

with runs_to_build as (
    {{ search_metrics.judged_keys_to_build(ref('search_metrics_int_run_fingerprints'), ['run_id']) | indent(4) }}
),

run_curves as (
    select
        run_id,
        recall_level,
        avg(precision) as precision,
        count(precision) as n_queries,
        count(*) as n_queries_total
    from {{ ref('search_precision_recall_curve') }}
    {%- if is_incremental() %}
    where run_id in (select run_id from runs_to_build)
    {%- endif %}
    group by run_id, recall_level
)

select
    run_curves.run_id,
    run_curves.recall_level,
    run_curves.precision,
    run_curves.n_queries,
    run_curves.n_queries_total,
    runs_to_build.run_fingerprint,
    {{ search_metrics.build_settings_column(build_settings) }},
    {{ search_metrics.built_at_column() }}
from run_curves
inner join runs_to_build on runs_to_build.run_id = run_curves.run_id
{%- endif %}
