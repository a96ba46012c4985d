{#-
  Every (metric, k_key) search_query_deltas can hold, numbered 1 .. G in the configured order (vars
  search_metrics_metrics, search_metrics_cutoffs; k_key 0 for a metric without cutoff): a list of [metric as a SQL
  string literal, k_key, number] for literal_relation. The comparison models lay the G groups of a pair side by
  side (the spread of comparison_tests) in this order.
-#}
{% macro comparison_metric_groups() %}
    {{- return(adapter.dispatch('comparison_metric_groups', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__comparison_metric_groups() %}
    {%- set metric_groups = [] -%}
    {%- for metric in search_metrics.get_metrics() -%}
        {%- for k in (search_metrics.get_cutoffs() if search_metrics.has_cutoff(metric) else [0]) -%}
            {%- do metric_groups.append([search_metrics.string_literal(metric.name), k, metric_groups | length + 1]) -%}
        {%- endfor -%}
    {%- endfor -%}
    {{- return(metric_groups) -}}
{% endmacro %}
