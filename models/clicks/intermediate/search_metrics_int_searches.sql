{#-
  The searches every model reads: the rows of the searches input not dated in the future, i.e. searched_at at or
  before the build's current time plus var search_metrics_future_tolerance_seconds (future_limit). The others are
  excluded: counted in search_input_quality and listed by a warning-level data test (docs/clicks.md). A view; the
  staging view keeps every row, so the input data tests see them all.
-#}
{%- set model_enabled = search_metrics.family_enabled('clicks') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
select *
from {{ ref('search_metrics_stg_searches') }}
where searched_at <= {{ search_metrics.future_limit() }}
{%- endif %}
