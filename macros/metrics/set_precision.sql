{#-
  Set precision per (run_id, query_id), k null (trec_eval set_P): relevant rows of the whole list / the rows the
  run returned (n_results of the spine, judged or not). Null when no doc of the query's pool is graded on `scale`
  (as precision_k; trec_eval 0) or the run returned nothing. Needs `pool` and a spine with n_results.
  Computed on the shared pass (metric_plan_query, with this one metric; set_precision_plan below says what it reads).
-#}
{% macro set_precision(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1) %}
    {{- return(adapter.dispatch('set_precision', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__set_precision(results, cutoffs, pool, spine, scale, threshold) -%}
    {{ search_metrics.metric_query({'name': 'set_precision', 'type': 'set_precision', 'scale': scale, 'threshold': threshold},
                                  results, pool, spine, cutoffs) }}
{%- endmacro %}

{#- set_precision's plan (metric_plan): from plan_set_terms. -#}
{% macro set_precision_plan(metric, cutoffs) %}
    {%- set t = search_metrics.plan_set_terms(metric) -%}
    {{- return(dict(t.plan, values=[[none, 'case when ' ~ t.graded_in_pool ~ ' = 0 or ' ~ t.retrieved ~ ' = 0 then null else '
        ~ search_metrics.as_double(t.relevant_retrieved) ~ ' / ' ~ t.retrieved ~ ' end']])) -}}
{% endmacro %}
