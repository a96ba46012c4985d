{#-
  Binary G per (run_id, query_id), k null (trec_eval binG): over the whole list, the j-th relevant row (rank i,
  relevant rows counted in rank order, then doc_id) adds 1 / log2(2 + i - j), i - j being the rows above it that
  are not relevant (judged non-relevant or unjudged); binG = the sum / R, R = relevant docs of the pool. 0 when no
  row is relevant. Null when R = 0 (trec_eval 0). j is a row_number over the relevant rows, as in
  average_precision.
  Computed on the shared pass (metric_plan_query, with this one metric; bin_g_plan below says what it reads).
-#}
{% macro bin_g(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1) %}
    {{- return(adapter.dispatch('bin_g', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__bin_g(results, cutoffs, pool, spine, scale, threshold) -%}
    {{ search_metrics.metric_query({'name': 'bin_g', 'type': 'bin_g', 'scale': scale, 'threshold': threshold},
                                  results, pool, spine, cutoffs) }}
{%- endmacro %}

{#- bin_g's plan (metric_plan): the sum over the relevant rows of 1 / log2(rank - hits + 2) (hits: the running count
    of relevant rows, w_hits, shared with average_precision) / R; null when R = 0. -#}
{% macro bin_g_plan(metric, cutoffs) %}
    {%- set relevance = search_metrics.relevance_expression(metric.scale, metric.threshold) -%}
    {%- set pool_terms = search_metrics.plan_pool_terms(metric.scale, metric.threshold) -%}
    {%- set hits = search_metrics.plan_name(['w_hits', metric.scale, metric.threshold]) -%}
    {%- set g_sum = search_metrics.plan_name(['p_bin_g_sum', metric.scale, metric.threshold]) -%}
    {{- return({'query_terms': pool_terms.query_terms,
                'window_terms': {hits: search_metrics.running_sum('case when ' ~ relevance ~ ' = 1 then 1 else 0 end')},
                'pair_terms': {g_sum: ['sum(case when ' ~ relevance ~ ' = 1 then 1 / '
                    ~ search_metrics.log2(search_metrics.as_double('rank - ' ~ hits) ~ ' + 2') ~ ' end)', none]},
                'values': [[none, 'case when ' ~ pool_terms.names.relevant ~ ' = 0 then null else coalesce(' ~ g_sum ~ ', 0) / '
                    ~ pool_terms.names.relevant ~ ' end']]}) -}}
{% endmacro %}
