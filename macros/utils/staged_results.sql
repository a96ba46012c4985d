{#-
  The select of the results input (var search_metrics_results) with the contract's columns: run_id, query_id,
  doc_id (as text), rank (a double), score (a double, null when the input has no score column). It is the SQL of
  the view search_metrics_stg_results and what search_metrics_stg_results_rule_violations reads (that table is
  built first, from the input, and the view depends on it, so that a failing rule skips every model downstream).
  The rank is read by input_number: a number as it is, a text column's whole numbers in digits, any other text
  null (which fails the rank rule). With var search_metrics_rank_from = 'score' the rank is computed from the score
  by trec_eval's rule (score descending, ties by doc_id descending in binary order) and the input needs no rank
  column. A missing required column is a compile error (input_columns).
-#}
{% macro staged_results() %}
    {{- return(adapter.dispatch('staged_results', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__staged_results() -%}
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
{%- endmacro %}
