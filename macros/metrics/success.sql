{#-
  Success at each cutoff k (trec_eval success_k, ranx hit_rate): 1 when a relevant row has rank <= k, else 0;
  null when no doc of the query's pool is graded on `scale` (the query is not judged). Needs `pool`.
  Computed on the shared pass (metric_plan_query, with this one metric; success_plan below says what it reads).
-#}
{% macro success(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1) %}
    {{- return(adapter.dispatch('success', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__success(results, cutoffs, pool, spine, scale, threshold) -%}
    {{ search_metrics.metric_query({'name': 'success', 'type': 'success', 'scale': scale, 'threshold': threshold},
                                  results, pool, spine, cutoffs) }}
{%- endmacro %}

{#- success's plan (metric_plan): 1 when a relevant row is within the cutoff, else 0; null for a query whose pool
    has no graded doc. -#}
{% macro success_plan(metric, cutoffs) %}
    {%- set double = search_metrics.type_double() -%}
    {%- set pool_terms = search_metrics.plan_pool_terms(metric.scale) -%}
    {%- set plan = {'window_terms': {}, 'pair_terms': {}, 'query_terms': pool_terms.query_terms, 'values': []} -%}
    {%- for k in search_metrics.plan_cutoffs(metric, cutoffs) -%}
        {%- set list = search_metrics.plan_list_terms(metric, k, metric.threshold) -%}
        {%- do plan.window_terms.update(list.window_terms) -%}
        {%- do plan.pair_terms.update(list.pair_terms) -%}
        {%- do plan['values'].append([k, 'case when ' ~ pool_terms.names.graded ~ ' = 0 then null when '
            ~ list.relevant ~ ' > 0 then cast(1 as ' ~ double ~ ') else cast(0 as ' ~ double ~ ') end']) -%}
    {%- endfor -%}
    {{- return(plan) -}}
{% endmacro %}
