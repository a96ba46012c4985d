{#-
  The queries input (var search_metrics_queries) with the contract's columns: query_id (as text) and query_text, the
  text an LLM judge reads (search_llm_judgments). The input data tests run here. A missing column is a compile error
  naming the var (input_columns).
-#}
{%- set model_enabled = search_metrics.family_enabled('llm_judge') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- do search_metrics.input_columns('search_metrics_queries', required=['query_id', 'query_text']) -%}
select
    {{ search_metrics.as_text('query_id') }} as query_id,
    {{ search_metrics.as_text('query_text') }} as query_text
from {{ search_metrics.input_relation('search_metrics_queries') }}
{%- endif %}
