{#-
  The SQL condition that two relations' rows have the same `keys`: `left`.key = `right`.key for each key, joined
  by `and`. `keys`: column names; `left`, `right`: the relations' aliases.
-#}
{% macro keys_equal(keys, left, right) %}
    {{- return(adapter.dispatch('keys_equal', 'search_metrics')(keys, left, right)) -}}
{% endmacro %}

{% macro default__keys_equal(keys, left, right) -%}
    {%- for key in keys -%}
        {{ left }}.{{ key }} = {{ right }}.{{ key }}{{ ' and ' if not loop.last }}
    {%- endfor -%}
{%- endmacro %}
