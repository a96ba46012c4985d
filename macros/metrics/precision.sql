{#-
  Precision at each cutoff k, one row per (run_id, query_id, k) with column value.
    denominator='graded' (SearchTweak P@k): relevant in top k / graded in top k; null when nothing in top k is graded.
    denominator='k' (trec_eval P_k): relevant in top k / k, ungraded = not relevant; null when no doc of the
    query's pool is graded (needs `pool`).
  results: run_id, query_id, doc_id, rank, <scale>_value; pool: query_id, <scale>_value; spine: run_id, query_id.
  Computed on the shared pass (metric_plan_query, with this one metric; precision_plan below says what it reads).
-#}
{% macro precision(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1, denominator='graded') %}
    {{- return(adapter.dispatch('precision', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold, denominator)) -}}
{% endmacro %}

{% macro default__precision(results, cutoffs, pool, spine, scale, threshold, denominator) -%}
    {{ search_metrics.metric_query({'name': 'precision', 'type': 'precision', 'scale': scale, 'threshold': threshold, 'denominator': denominator},
                                  results, pool, spine, cutoffs) }}
{%- endmacro %}

{#- precision's plan (metric_plan): relevant / graded rows at each cutoff, or relevant / k (denominator k, null
    when no doc of the query's pool is graded). -#}
{% macro precision_plan(metric, cutoffs) %}
    {%- set plan = {'window_terms': {}, 'pair_terms': {}, 'query_terms': {}, 'values': []} -%}
    {%- set pool_terms = search_metrics.plan_pool_terms(metric.scale) -%}
    {%- for k in search_metrics.plan_cutoffs(metric, cutoffs) -%}
        {%- set list = search_metrics.plan_list_terms(metric, k, metric.threshold) -%}
        {%- do plan.window_terms.update(list.window_terms) -%}
        {%- do plan.pair_terms.update(list.pair_terms) -%}
        {%- if metric.denominator == 'k' -%}
            {%- do plan.query_terms.update(pool_terms.query_terms) -%}
            {%- do plan['values'].append([k, 'case when ' ~ pool_terms.names.graded ~ ' = 0 then null else '
                ~ search_metrics.as_double(list.relevant) ~ ' / ' ~ k ~ ' end']) -%}
        {%- else -%}
            {%- do plan['values'].append([k, 'case when ' ~ list.graded ~ ' = 0 then null else '
                ~ search_metrics.as_double(list.relevant) ~ ' / ' ~ list.graded ~ ' end']) -%}
        {%- endif -%}
    {%- endfor -%}
    {{- return(plan) -}}
{% endmacro %}
