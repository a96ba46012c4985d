{#-
  True when `value` is a number and not a bool (YAML true/false are numbers to Jinja), and, with whole=true,
  a whole number. The var checks build their messages on it.
-#}
{% macro is_number(value, whole=false) %}
    {%- if value is not number or value is sameas true or value is sameas false -%}
        {{- return(false) -}}
    {%- endif -%}
    {{- return(not whole or value == (value | int)) -}}
{% endmacro %}
