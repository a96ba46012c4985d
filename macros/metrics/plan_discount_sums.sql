{#-
  The sums of the DCG discount over the first n positions, for n = 0..max_position: one row per n, `position` (n)
  and `discount_sum` (sum of 1 / log2(p + 1) over p = 1..n; 0 for n = 0), the discount the per-row DCG terms take
  (plan_dcg_term). A local ideal DCG reads the sum over a range of ideal positions from two of its rows
  (metric_plan_query's level terms). max_position: a whole number from 1 (the largest cutoff that reads it).
-#}
{% macro plan_discount_sums(max_position) %}
    {{- return(adapter.dispatch('plan_discount_sums', 'search_metrics')(max_position)) -}}
{% endmacro %}

{% macro default__plan_discount_sums(max_position) -%}
    {%- set int = dbt.type_int() -%}
    {%- set rows = [] -%}
    {%- for position in range(max_position + 1) -%}
        {%- do rows.append(['cast(' ~ position ~ ' as ' ~ int ~ ')']) -%}
    {%- endfor -%}
    select
        sums_upto.position,
        coalesce(sum({{ search_metrics.as_double('1') }} / {{ search_metrics.log2(search_metrics.as_double('discounted.position') ~ ' + 1') }}), {{ search_metrics.as_double('0') }}) as discount_sum
    from ({{ search_metrics.literal_relation(['position'], rows) }}) as sums_upto
    left join ({{ search_metrics.literal_relation(['position'], rows) }}) as discounted
        on discounted.position >= 1
        and discounted.position <= sums_upto.position
    group by sums_upto.position
{%- endmacro %}
