{#-
  Recall at each cutoff k: relevant in top k / relevant in the query's pool (every judged doc, retrieved or not);
  null when the pool has no relevant doc. One row per (run_id, query_id, k) with column value.
  Computed on the shared pass (metric_plan_query, with this one metric; recall_plan below says what it reads).
-#}
{% macro recall(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1) %}
    {{- return(adapter.dispatch('recall', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__recall(results, cutoffs, pool, spine, scale, threshold) -%}
    {{ search_metrics.metric_query({'name': 'recall', 'type': 'recall', 'scale': scale, 'threshold': threshold},
                                  results, pool, spine, cutoffs) }}
{%- endmacro %}

{#- recall's plan (metric_plan): relevant rows at each cutoff / relevant docs of the query's pool. -#}
{% macro recall_plan(metric, cutoffs) %}
    {%- set pool_terms = search_metrics.plan_pool_terms(metric.scale, metric.threshold) -%}
    {%- set plan = {'window_terms': {}, 'pair_terms': {}, 'query_terms': pool_terms.query_terms, 'values': []} -%}
    {%- for k in search_metrics.plan_cutoffs(metric, cutoffs) -%}
        {%- set list = search_metrics.plan_list_terms(metric, k, metric.threshold) -%}
        {%- do plan.window_terms.update(list.window_terms) -%}
        {%- do plan.pair_terms.update(list.pair_terms) -%}
        {%- do plan['values'].append([k, 'case when ' ~ pool_terms.names.relevant ~ ' = 0 then null else '
            ~ search_metrics.as_double(list.relevant) ~ ' / ' ~ pool_terms.names.relevant ~ ' end']) -%}
    {%- endfor -%}
    {{- return(plan) -}}
{% endmacro %}
