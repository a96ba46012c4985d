{#-
  True when `value` is a finite number and not a bool (YAML true/false are numbers to Jinja), and, with whole=true,
  a whole number. NaN, +infinity and -infinity (YAML .nan, .inf, -.inf) are not numbers here: x - x is 0 exactly
  for every finite x and NaN for those three (NaN compares false with everything, so a range check alone would let
  it through). Finiteness is checked before `| int`, which overflows on infinity. The var checks build their
  messages on it.
-#}
{% macro is_number(value, whole=false) %}
    {%- if value is not number or value is sameas true or value is sameas false -%}
        {{- return(false) -}}
    {%- endif -%}
    {%- if value - value != 0 -%}
        {{- return(false) -}}
    {%- endif -%}
    {{- return(not whole or value == (value | int)) -}}
{% endmacro %}
