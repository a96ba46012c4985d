{#-
  The number an input column holds, as a 64-bit double, whatever the column's type (the rank and grade columns of
  the staging models read through it, so a TREC file read as text is judged by the input rules, never rounded by a
  cast). A numeric column: its value as it is (fractions, NaN and ±infinity included: the rules judge them). A text
  column (is_text): the value of a text that is a whole number written in digits once its spaces are trimmed (an
  optional + or -, then 1 to 18 digits: '3', '-1', '+2', '007'); null for every other text ('1.5', 'high', '2e1',
  'NaN', '', a 19th digit) and for null. Each input rule that reads the column counts such a null (the rank rule
  as a missing rank; the grade's whole-number rule through the input's own text).
-#}
{% macro input_number(expression) %}
    {{- return(adapter.dispatch('input_number', 'search_metrics')(expression)) -}}
{% endmacro %}

{% macro default__input_number(expression) -%}
    {%- set text = 'trim(' ~ search_metrics.as_text(expression) ~ ')' -%}
    {%- set unsigned = "case when substr(" ~ text ~ ", 1, 1) in ('+', '-') then substr(" ~ text ~ ", 2) else " ~ text ~ " end" -%}
    case
        when {{ search_metrics.is_text(expression) }} then
            case
                when length({{ unsigned }}) between 1 and 18 and translate({{ unsigned }}, '0123456789', '') = ''
                    then {{ search_metrics.as_double(text) }}
            end
        else {{ search_metrics.as_double(expression) }}
    end
{%- endmacro %}
