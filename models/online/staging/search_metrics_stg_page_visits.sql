{#-
  The optional page visits input (var search_metrics_page_visits): when a clicked result's visit ended, which gives
  that click its exact dwell (search_id as text). Built with the sessions family when the var is set; the input data
  tests run here. A missing column is a compile error (input_columns).
-#}
{%- set model_enabled = search_metrics.family_enabled('sessions') and search_metrics.inputs_configured(['search_metrics_page_visits']) -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- do search_metrics.input_columns('search_metrics_page_visits', required=['search_id', 'position', 'visit_end_at']) %}
select
    {{ search_metrics.as_text('search_id') }} as search_id,
    position,
    cast(visit_end_at as {{ dbt.type_timestamp() }}) as visit_end_at
from {{ search_metrics.input_relation('search_metrics_page_visits') }}
{%- endif %}
