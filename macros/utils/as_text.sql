{#-
  Cast an expression to the text type (dbt.type_string()): every id, query, bucket, experiment and team column of
  an input is read through it where the input is staged, so an integer id in one input and a text id in another (or
  in a var) compare as text. An integer reads as its digits; null stays null.
-#}
{% macro as_text(expression) %}
    {{- return(adapter.dispatch('as_text', 'search_metrics')(expression)) -}}
{% endmacro %}

{% macro default__as_text(expression) -%}
    cast({{ expression }} as {{ dbt.type_string() }})
{%- endmacro %}
