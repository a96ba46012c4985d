{#-
  The select of the judgments input (var search_metrics_judgments) with the contract's columns: query_id, doc_id,
  rater_id (as text; null when the input has no rater_id column, as a qrels file), grade (a double), unread_grade,
  scale. It is the SQL of the view search_metrics_stg_judgments and what search_metrics_stg_judgments_rule_violations
  reads (that table is built first, from the input, and the view depends on it, so that a failing rule skips every
  model downstream).
  The grade is read by input_number (a number as it is, a text column's whole numbers in digits, any other text
  null); unread_grade is the input's grade as text where input_number read no number from it (null elsewhere, and
  for every grade of a numeric column: the same on every engine), which the rule
  search_metrics_judgments__grade_must_be_a_whole_number reads, so a text that is no number is an error, not an
  ungraded slot. A missing required column is a compile error (input_columns).
-#}
{% macro staged_judgments() %}
    {{- return(adapter.dispatch('staged_judgments', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__staged_judgments() -%}
{%- set present = search_metrics.input_columns('search_metrics_judgments',
    required=['query_id', 'doc_id', 'grade', 'scale'], optional=['rater_id']) -%}
select
    {{ search_metrics.as_text('query_id') }} as query_id,
    {{ search_metrics.as_text('doc_id') }} as doc_id,
    {% if present.rater_id %}{{ search_metrics.as_text('rater_id') }} as rater_id{% else %}cast(null as {{ dbt.type_string() }}) as rater_id{% endif %},
    {{ search_metrics.input_number('grade') }} as grade,
    case
        when {{ search_metrics.input_number('grade') }} is null then {{ search_metrics.as_text('grade') }}
    end as unread_grade,
    scale
from {{ search_metrics.input_relation('search_metrics_judgments') }}
{%- endmacro %}
