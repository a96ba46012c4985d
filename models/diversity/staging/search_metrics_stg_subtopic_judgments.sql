{#-
  The subtopic judgments input (var search_metrics_subtopic_judgments: ndeval's qrels) with the contract's columns
  (ids as text); the input data tests run here. One row per (query_id, subtopic_id, doc_id): the doc's grade for
  that subtopic (intent) of the query. The grade is read by input_number (a text that is no whole number is null,
  which fails the grade rule). A missing column is a compile error (input_columns).
-#}
{%- set model_enabled = search_metrics.family_enabled('diversity') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- do search_metrics.input_columns('search_metrics_subtopic_judgments',
    required=['query_id', 'subtopic_id', 'doc_id', 'grade']) -%}
select
    {{ search_metrics.as_text('query_id') }} as query_id,
    {{ search_metrics.as_text('subtopic_id') }} as subtopic_id,
    {{ search_metrics.as_text('doc_id') }} as doc_id,
    {{ search_metrics.input_number('grade') }} as grade
from {{ search_metrics.input_relation('search_metrics_subtopic_judgments') }}
{%- endif %}
