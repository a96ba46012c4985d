{#-
  Relative precision at each cutoff k (trec_eval relative_P_k): relevant rows with rank <= k / min(k, R), R = relevant
  docs of the query's pool: precision at k up to k = R, recall beyond. Null when R = 0 (trec_eval 0).
  Computed on the shared pass (metric_plan_query, with this one metric; relative_precision_plan below says what it reads).
-#}
{% macro relative_precision(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1) %}
    {{- return(adapter.dispatch('relative_precision', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__relative_precision(results, cutoffs, pool, spine, scale, threshold) -%}
    {{ search_metrics.metric_query({'name': 'relative_precision', 'type': 'relative_precision', 'scale': scale, 'threshold': threshold},
                                  results, pool, spine, cutoffs) }}
{%- endmacro %}

{#- relative_precision's plan (metric_plan): relevant rows within the cutoff / min(k, R); null when R = 0. -#}
{% macro relative_precision_plan(metric, cutoffs) %}
    {%- set pool_terms = search_metrics.plan_pool_terms(metric.scale, metric.threshold) -%}
    {%- set plan = {'pair_terms': {}, 'query_terms': pool_terms.query_terms, 'values': []} -%}
    {%- for k in search_metrics.plan_cutoffs(metric, cutoffs) -%}
        {%- set list = search_metrics.plan_list_terms(metric, k, metric.threshold) -%}
        {%- do plan.pair_terms.update({list.relevant: list.pair_terms[list.relevant]}) -%}
        {%- do plan['values'].append([k, 'case when ' ~ pool_terms.names.relevant ~ ' = 0 then null else '
            ~ search_metrics.as_double(list.relevant) ~ ' / least(' ~ k ~ ', ' ~ pool_terms.names.relevant ~ ') end']) -%}
    {%- endfor -%}
    {{- return(plan) -}}
{% endmacro %}
