{#-
  The DCG pair term of a metric plan (metric_plan) at cutoff k: the sum of gain / log2(position + 1) over the rows
  graded on the entry's scale within the cutoff (`list`: plan_list_terms at k, whose position a condensed entry
  changes). The discount is taken in double (rank + 1 of the largest rank would overflow 32 bits). Returns
  {name, pair_terms}.
-#}
{% macro plan_dcg_term(metric, k, list) %}
    {%- set name = search_metrics.plan_name(['p', list.prefix ~ 'dcg', metric.scale, metric.gain, k]) -%}
    {%- set discounted = search_metrics.gain_expression(metric.scale, metric.gain) ~ ' / '
        ~ search_metrics.log2(search_metrics.as_double(list.position) ~ ' + 1') -%}
    {{- return({'name': name, 'pair_terms': {name: [search_metrics.at_cutoff('sum', discounted, k, list.position), none]}}) -}}
{% endmacro %}
