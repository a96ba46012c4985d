{#- The impressions input (var search_metrics_impressions) with the contract's columns; the input data tests run here. -#}
{{ config(enabled=search_metrics.family_enabled('click_auc') or search_metrics.family_enabled('click_models')) }}
select
    search_id,
    position,
    doc_id,
    {{ search_metrics.as_double('score') }} as score
from {{ search_metrics.input_relation('search_metrics_impressions') }}
