{#-
  True when an input name is a SQL expression rather than a relation name: it holds a parenthesis or a string
  quote, as read_parquet('data/results.parquet') or a (select ...) does. existing_relation looks up only names.
-#}
{% macro is_expression(name) %}
    {{- return('(' in (name | string) or "'" in (name | string)) -}}
{% endmacro %}
