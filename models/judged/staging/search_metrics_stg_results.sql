{#- The results input (var search_metrics_results) with the contract's columns; the input data tests run here. -#}
{{ config(enabled=search_metrics.family_enabled('judged')) }}
select
    run_id,
    query_id,
    doc_id,
    rank,
    score
from {{ search_metrics.input_relation('search_metrics_results') }}
