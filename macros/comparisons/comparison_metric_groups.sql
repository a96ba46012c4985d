{#-
  Every (metric, k_key) that search_query_deltas can hold, numbered 1 .. G in the configured order (get_metrics,
  then get_cutoffs for a metric with a cutoff; k_key 0 for one without): a list of [metric name as a quoted literal,
  k_key, number], the rows of the literal relation metric_groups of the comparison models, which draw the resampling
  tests of the G groups of a pair in one pass (sign_flip_sums, bootstrap_sums: spread). Known at compile time.
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
