{#-
  The select of the clicks input (var search_metrics_clicks) with the contract's columns (search_id as text,
  position, clicked_at as a timestamp): the SQL of the view search_metrics_stg_clicks, and what
  search_metrics_stg_click_search_rule_violations joins to the searches (it reads the inputs itself, so that it is
  no model downstream of the staging views and their rules' failures). A missing column is a compile error
  (input_columns).
-#}
{% macro staged_clicks() %}
    {{- return(adapter.dispatch('staged_clicks', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__staged_clicks() -%}
{%- do search_metrics.input_columns('search_metrics_clicks', required=['search_id', 'position', 'clicked_at']) %}
select
    {{ search_metrics.as_text('search_id') }} as search_id,
    position,
    cast(clicked_at as {{ dbt.type_timestamp() }}) as clicked_at
from {{ search_metrics.input_relation('search_metrics_clicks') }}
{%- endmacro %}
