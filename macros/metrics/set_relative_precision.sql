{#-
  Relative set precision per (run_id, query_id), k null (trec_eval set_relative_P): rr / min(n, R), rr = relevant
  rows of the whole list, n = rows the run returned (the spine's n_results), R = relevant docs of the pool: the set
  precision over the largest set precision a list of n rows can reach. Null when R = 0 or n = 0 (trec_eval 0).
  Needs `pool` and a spine with n_results.
  Computed on the shared pass (metric_plan_query, with this one metric; set_relative_precision_plan below says what it reads).
-#}
{% macro set_relative_precision(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1) %}
    {{- return(adapter.dispatch('set_relative_precision', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__set_relative_precision(results, cutoffs, pool, spine, scale, threshold) -%}
    {{ search_metrics.metric_query({'name': 'set_relative_precision', 'type': 'set_relative_precision', 'scale': scale, 'threshold': threshold},
                                  results, pool, spine, cutoffs) }}
{%- endmacro %}

{#- set_relative_precision's plan (metric_plan): from plan_set_terms. -#}
{% macro set_relative_precision_plan(metric, cutoffs) %}
    {%- set t = search_metrics.plan_set_terms(metric) -%}
    {{- return(dict(t.plan, values=[[none, 'case when ' ~ t.relevant_in_pool ~ ' = 0 or ' ~ t.retrieved ~ ' = 0 then null else '
        ~ search_metrics.as_double(t.relevant_retrieved) ~ ' / least(' ~ t.retrieved ~ ', ' ~ t.relevant_in_pool ~ ') end']])) -}}
{% endmacro %}
