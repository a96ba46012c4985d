{#- The judgments input (var search_metrics_judgments) with the contract's columns; the input data tests run here. -#}
{{ config(enabled=search_metrics.family_enabled('judged')) }}
select
    query_id,
    doc_id,
    rater_id,
    grade,
    scale
from {{ search_metrics.input_relation('search_metrics_judgments') }}
