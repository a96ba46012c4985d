{#-
  The whole number that the first `n_digits` hex digits of `text` spell (a hex digest such as dbt.hash's MD5, either
  case), as a bigint expression, portable: a CASE per digit, no engine's base conversion. `text` is read
  `n_digits` times: pass a column or a short expression. n_digits <= 15 (the value stays below 2^60).
-#}
{% macro hex_prefix_value(text, n_digits) %}
    {{- return(adapter.dispatch('hex_prefix_value', 'search_metrics')(text, n_digits)) -}}
{% endmacro %}

{% macro default__hex_prefix_value(text, n_digits) -%}
    {%- set cases = [] -%}
    {%- for digit in '0123456789abcdef' -%}
        {%- do cases.append("when '" ~ digit ~ "' then " ~ loop.index0) -%}
    {%- endfor -%}
    {%- set digits = [] -%}
    {%- for position in range(1, n_digits + 1) -%}
        {%- do digits.append("cast(case lower(substr(" ~ text ~ ", " ~ position ~ ", 1)) " ~ cases | join(' ')
            ~ " end as " ~ dbt.type_bigint() ~ ") * " ~ 16 ** (n_digits - position)) -%}
    {%- endfor -%}
    ({{ digits | join(' + ') }})
{%- endmacro %}
