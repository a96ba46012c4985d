{#-
  The median of a numeric expression as an aggregate, with linear interpolation between the two middle values
  (percentile_cont(0.5); numpy's median). Nulls are ignored; null when there is no value.
-#}
{% macro median(expression) %}
    {{- return(adapter.dispatch('median', 'search_metrics')(expression)) -}}
{% endmacro %}

{% macro default__median(expression) -%}
    percentile_cont(0.5) within group (order by {{ expression }})
{%- endmacro %}

{#- Not run here (no engine to start): Trino has no percentile_cont (only approx_percentile), so the two middle values
    of the sorted non-null values, averaged. -#}
{% macro trino__median(expression) -%}
    {%- set n = 'count(' ~ expression ~ ')' -%}
    {%- set sorted = 'array_sort(array_agg(' ~ expression ~ ') filter (where ' ~ expression ~ ' is not null))' -%}
    case when {{ n }} > 0 then (element_at({{ sorted }}, cast(floor({{ search_metrics.as_double(n ~ ' + 1') }} / 2) as bigint))
        + element_at({{ sorted }}, cast(ceil({{ search_metrics.as_double(n ~ ' + 1') }} / 2) as bigint))) / 2 end
{%- endmacro %}
