{#-
  True when one of the metrics (resolved entries, get_metrics) reads ranks beyond the largest cutoff: every metric
  without a cutoff (has_cutoff) and every condensed entry (a condensed list moves deeper judged rows up).
  search_metrics_int_labeled_results then keeps every rank.
-#}
{% macro reads_every_rank(metrics) %}
    {%- for metric in metrics -%}
        {%- if not search_metrics.has_cutoff(metric) or metric.get('condensed') -%}
            {{- return(true) -}}
        {%- endif -%}
    {%- endfor -%}
    {{- return(false) -}}
{% endmacro %}
