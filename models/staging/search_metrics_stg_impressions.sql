{#- The impressions input (var search_metrics_impressions) with the contract's columns; the input data tests run here. -#}
{{ config(enabled=search_metrics.inputs_configured(['search_metrics_searches', 'search_metrics_clicks', 'search_metrics_impressions'])) }}
select
    search_id,
    position,
    doc_id,
    {{ search_metrics.as_double('score') }} as score
from {{ search_metrics.input_relation('search_metrics_impressions') }}
