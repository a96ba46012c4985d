{#-
  The select list of each metric's per-unit numerator and denominator (experiment_metrics), as doubles:
  m_<index> and d_<index> over the unit sums of `prefix` (a table alias and dot, or ''), and with pre_prefix
  (CUPED) x_<index> and y_<index> over the pre-period sums pre_<column> of `pre_prefix`. Used by the moments and
  the sequential results, so a metric's per-unit value is written once. Not dispatched: it only spells
  experiment_metrics' expressions.
-#}
{% macro experiment_unit_values(metrics, prefix='', pre_prefix=none) %}
    {%- set items = [] -%}
    {%- for metric in metrics -%}
        {%- do items.append(search_metrics.as_double(metric.numerator | replace('{s}', prefix)) ~ ' as m_' ~ metric.index) -%}
        {%- do items.append(search_metrics.as_double(metric.denominator | replace('{s}', prefix)) ~ ' as d_' ~ metric.index) -%}
        {%- if pre_prefix is not none -%}
            {%- do items.append(search_metrics.as_double(metric.numerator | replace('{s}', pre_prefix ~ 'pre_')) ~ ' as x_' ~ metric.index) -%}
            {%- do items.append(search_metrics.as_double(metric.denominator | replace('{s}', pre_prefix ~ 'pre_')) ~ ' as y_' ~ metric.index) -%}
        {%- endif -%}
    {%- endfor -%}
    {{- return(items | join(',\n')) -}}
{% endmacro %}
