{#-
  Per automated judge, run, query, metric and cutoff: the metric's value with the human judgments
  (search_query_metrics) and with that judge's judgments alone (search_metrics_int_source_query_metrics, source_kind
  'judge'), for the queries the judge graded (the judge's spine), where both values are not null. k_key = k, or 0
  for a metric without a cutoff (a join key without nulls).
-#}
{%- set model_enabled = search_metrics.family_enabled('judge_validation') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
with judge_values as (
    select source as rater_id, run_id, query_id, metric, k, coalesce(k, 0) as k_key, value
    from {{ ref('search_metrics_int_source_query_metrics') }}
    where source_kind = 'judge'
        and value is not null
)

select
    judge_values.rater_id,
    judge_values.run_id,
    judge_values.query_id,
    judge_values.metric,
    judge_values.k,
    judge_values.k_key,
    human_values.value as human_value,
    judge_values.value as judge_value
from judge_values
inner join {{ ref('search_query_metrics') }} as human_values
    on human_values.run_id = judge_values.run_id
    and human_values.query_id = judge_values.query_id
    and human_values.metric = judge_values.metric
    and coalesce(human_values.k, 0) = judge_values.k_key
where human_values.value is not null
{%- endif %}
