{#-
  The clicks input (var search_metrics_clicks) with the contract's columns (search_id as text); the input data
  tests run here. A missing column is a compile error (input_columns).
-#}
{{ config(enabled=search_metrics.family_enabled('clicks')) }}
{%- do search_metrics.input_columns('search_metrics_clicks', required=['search_id', 'position', 'clicked_at']) %}
select
    {{ search_metrics.as_text('search_id') }} as search_id,
    position,
    cast(clicked_at as {{ dbt.type_timestamp() }}) as clicked_at
from {{ search_metrics.input_relation('search_metrics_clicks') }}
