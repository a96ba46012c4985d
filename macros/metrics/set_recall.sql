{#-
  Set recall per (run_id, query_id), k null (trec_eval set_recall): relevant rows of the whole list / relevant
  docs of the query's pool (R). Null when R = 0 (trec_eval 0). Needs `pool` and a spine with n_results.
  Computed on the shared pass (metric_plan_query, with this one metric; set_recall_plan below says what it reads).
-#}
{% macro set_recall(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1) %}
    {{- return(adapter.dispatch('set_recall', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__set_recall(results, cutoffs, pool, spine, scale, threshold) -%}
    {{ search_metrics.metric_query({'name': 'set_recall', 'type': 'set_recall', 'scale': scale, 'threshold': threshold},
                                  results, pool, spine, cutoffs) }}
{%- endmacro %}

{#- set_recall's plan (metric_plan): from plan_set_terms. -#}
{% macro set_recall_plan(metric, cutoffs) %}
    {%- set t = search_metrics.plan_set_terms(metric) -%}
    {{- return(dict(t.plan, values=[[none, 'case when ' ~ t.relevant_in_pool ~ ' = 0 then null else '
        ~ search_metrics.as_double(t.relevant_retrieved) ~ ' / ' ~ t.relevant_in_pool ~ ' end']])) -}}
{% endmacro %}
