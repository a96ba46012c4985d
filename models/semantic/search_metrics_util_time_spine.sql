{#-
  The MetricFlow time spine (one row per day, 2000-01-01 .. 2049-12-31): dbt's semantic layer requires one as
  soon as a project has semantic models. Built whenever a model family that has semantic models is enabled.
-#}
{%- set model_enabled = search_metrics.family_enabled('judgment_metrics')
                        or search_metrics.family_enabled('clicks') -%}
{{ config(
    enabled=model_enabled,
    materialized='table'
) }}
{%- if model_enabled %}
select
    cast(date_day as date) as date_day
from (
    {{ search_metrics.day_spine("cast('2000-01-01' as date)", "cast('2050-01-01' as date)") | indent(4) }}
) as days
{%- endif %}
