{#-
  Set F per (run_id, query_id), k null (trec_eval set_F): (beta + 1) P R / (beta P + R), with P = rr / n and
  R = rr / R_pool (rr relevant rows of the whole list, n rows the run returned: the spine's n_results). beta enters
  as trec_eval's parameter x does (not squared): 1 (the default) is the harmonic mean, 0 gives P. 0 when rr = 0.
  Null when R_pool = 0 (trec_eval 0). Needs `pool` and a spine with n_results.
  Computed on the shared pass (metric_plan_query, with this one metric; set_f_plan below says what it reads).
-#}
{% macro set_f(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1, beta=1) %}
    {{- return(adapter.dispatch('set_f', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold, beta)) -}}
{% endmacro %}

{% macro default__set_f(results, cutoffs, pool, spine, scale, threshold, beta) -%}
    {{ search_metrics.metric_query({'name': 'set_f', 'type': 'set_f', 'scale': scale, 'threshold': threshold, 'beta': beta},
                                  results, pool, spine, cutoffs) }}
{%- endmacro %}

{#- set_f's plan (metric_plan): from plan_set_terms. -#}
{% macro set_f_plan(metric, cutoffs) %}
    {%- set t = search_metrics.plan_set_terms(metric) -%}
    {%- set beta = search_metrics.as_double(metric.beta) -%}
    {%- set precision = '(' ~ search_metrics.as_double(t.relevant_retrieved) ~ ' / ' ~ t.retrieved ~ ')' -%}
    {%- set recall = search_metrics.as_double(t.relevant_retrieved) ~ ' / ' ~ t.relevant_in_pool -%}
    {{- return(dict(t.plan, values=[[none, 'case when ' ~ t.relevant_in_pool ~ ' = 0 then null when ' ~ t.relevant_retrieved
        ~ ' = 0 then cast(0 as ' ~ search_metrics.type_double() ~ ') else (' ~ beta ~ ' + 1) * ' ~ precision ~ ' * (' ~ recall
        ~ ') / (' ~ beta ~ ' * ' ~ precision ~ ' + ' ~ recall ~ ') end']])) -}}
{% endmacro %}
