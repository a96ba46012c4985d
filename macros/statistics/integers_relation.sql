{#-
  A one-column relation (n, bigint) holding 1, 2, ..., count, built from cross-joined digits so that every
  engine parses it (no generate_series). `count` is a whole number known at compile time.
-#}
{% macro integers_relation(count) %}
    {{- return(adapter.dispatch('integers_relation', 'search_metrics')(count)) -}}
{% endmacro %}

{% macro default__integers_relation(count) -%}
    {%- set n_digits = [((count | int) - 1) | string | length, 1] | max -%}
    {%- set digit_rows = [] -%}
    {%- for digit in range(10) -%}
        {%- do digit_rows.append([digit]) -%}
    {%- endfor -%}
    select cast(1
        {%- for level in range(n_digits) %} + {{ 10 ** level }} * digit_{{ level }}.digit{% endfor %} as {{ dbt.type_bigint() }}) as n
    from
    {%- for level in range(n_digits) %}
        (
            {{- search_metrics.literal_relation(['digit'], digit_rows) | indent(8) }}
        ) as digit_{{ level }}{% if not loop.last %}
        cross join{% endif %}
    {%- endfor %}
    where 1
        {%- for level in range(n_digits) %} + {{ 10 ** level }} * digit_{{ level }}.digit{% endfor %} <= {{ count | int }}
{%- endmacro %}
