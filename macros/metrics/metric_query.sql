{#-
  The query for one resolved metric entry (see get_metrics): calls the macro of its type with its parameters.
  Returns a select of run_id, query_id, k, value.
-#}
{% macro metric_query(metric, results, pool, spine, cutoffs) %}
    {{- return(adapter.dispatch('metric_query', 'search_metrics')(metric, results, pool, spine, cutoffs)) -}}
{% endmacro %}

{% macro default__metric_query(metric, results, pool, spine, cutoffs) -%}
    {%- set common = {'results': results, 'cutoffs': cutoffs, 'pool': pool, 'spine': spine} -%}
    {%- if metric.type == 'precision' -%}
        {{ search_metrics.precision(scale=metric.scale, threshold=metric.threshold, denominator=metric.denominator, **common) }}
    {%- elif metric.type == 'recall' -%}
        {{ search_metrics.recall(scale=metric.scale, threshold=metric.threshold, **common) }}
    {%- elif metric.type == 'average_precision' -%}
        {{ search_metrics.average_precision(scale=metric.scale, threshold=metric.threshold, denominator=metric.denominator, **common) }}
    {%- elif metric.type == 'reciprocal_rank' -%}
        {{ search_metrics.reciprocal_rank(scale=metric.scale, threshold=metric.threshold, **common) }}
    {%- elif metric.type == 'cg' -%}
        {{ search_metrics.cg(scale=metric.scale, gain=metric.gain, **common) }}
    {%- elif metric.type == 'dcg' -%}
        {{ search_metrics.dcg(scale=metric.scale, gain=metric.gain, **common) }}
    {%- elif metric.type == 'ndcg' -%}
        {{ search_metrics.ndcg(scale=metric.scale, gain=metric.gain, ideal=metric.ideal, **common) }}
    {%- elif metric.type == 'err' -%}
        {{ search_metrics.err(scale=metric.scale, g_max=metric.g_max, **common) }}
    {%- elif metric.type == 'coverage' -%}
        {{ search_metrics.coverage(scale=metric.scale, **common) }}
    {%- elif metric.type == 'binary_ties' -%}
        {{ search_metrics.binary_ties(**common) }}
    {%- elif metric.type == 'auc' -%}
        {{ search_metrics.auc(scale=metric.scale, threshold=metric.threshold, **common) }}
    {%- else -%}
        {{ exceptions.raise_compiler_error("search_metrics: no macro for metric type '" ~ metric.type ~ "'") }}
    {%- endif -%}
{%- endmacro %}
