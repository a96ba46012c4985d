{#-
  A SQL boolean expression: the text expression `expression` holds text, i.e. is neither null nor empty once its
  leading and trailing spaces are trimmed. search_llm_judgments sends a pair only when its query and its document
  have text; the warning test search_llm_judgments__queue_pair_should_have_query_and_document_text counts the queue's
  pairs that have none.
-#}
{% macro has_text(expression) %}
    {{- return(adapter.dispatch('has_text', 'search_metrics')(expression)) -}}
{% endmacro %}

{% macro default__has_text(expression) -%}
    coalesce(trim({{ expression }}) <> '', false)
{%- endmacro %}
