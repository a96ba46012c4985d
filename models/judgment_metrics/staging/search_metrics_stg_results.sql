{#-
  The results input (var search_metrics_results) with the contract's columns (ids as text); the input data tests
  run here. The rank is read by input_number: a number as it is, a text column's whole numbers in digits, any other
  text null (which fails the rank rule).
  With var search_metrics_rank_from = 'score' the rank is computed from the score by trec_eval's rule (score
  descending, ties by doc_id descending in binary order) and the input needs no rank column. The nullable score
  may be absent from the input (read as null). A missing required column is a compile error (input_columns).
-#}
{{ config(enabled=search_metrics.family_enabled('judgment_metrics')) }}
{%- set by_score = search_metrics.get_rank_from() == 'score' -%}
{%- set present = search_metrics.input_columns('search_metrics_results',
    required=['run_id', 'query_id', 'doc_id'] + (['score'] if by_score else ['rank']),
    optional=[] if by_score else ['score']) -%}
select
    {{ search_metrics.as_text('run_id') }} as run_id,
    {{ search_metrics.as_text('query_id') }} as query_id,
    {{ search_metrics.as_text('doc_id') }} as doc_id,
    {%- if by_score %}
    row_number() over (
        partition by run_id, query_id
        order by score desc, {{ search_metrics.binary_order(search_metrics.as_text('doc_id')) }} desc
    ) as rank,
    {%- else %}
    {{ search_metrics.input_number('rank') }} as rank,
    {%- endif %}
    {% if by_score or present.score %}score{% else %}cast(null as {{ search_metrics.type_double() }}) as score{% endif %}
from {{ search_metrics.input_relation('search_metrics_results') }}
