{#-
  The documents input (var search_metrics_documents) with the contract's columns: doc_id (as text) and text, the
  document's text an LLM judge reads (search_llm_judgments). The input data tests run here. A missing column is a
  compile error naming the var (input_columns).
-#}
{%- set model_enabled = search_metrics.family_enabled('llm_judge') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- do search_metrics.input_columns('search_metrics_documents', required=['doc_id', 'text']) -%}
select
    {{ search_metrics.as_text('doc_id') }} as doc_id,
    {{ search_metrics.as_text('text') }} as text
from {{ search_metrics.input_relation('search_metrics_documents') }}
{%- endif %}
