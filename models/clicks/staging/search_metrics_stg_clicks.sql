{#- The clicks input (var search_metrics_clicks) with the contract's columns; the input data tests run here. -#}
{{ config(enabled=search_metrics.family_enabled('clicks')) }}
select
    search_id,
    position,
    cast(clicked_at as {{ dbt.type_timestamp() }}) as clicked_at
from {{ search_metrics.input_relation('search_metrics_clicks') }}
