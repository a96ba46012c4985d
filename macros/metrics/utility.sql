{#-
  Utility per (run_id, query_id), k null (trec_eval utility): a * rr + b * (n - rr) + c * (R - rr)
  + d * (collection_size + rr - n - R), rr = relevant rows of the whole list, n = rows the run returned (the
  spine's n_results, judged or not), R = relevant docs of the pool: the contingency table's cells weighted (trec_eval's
  defaults a = 1, b = -1, c = 0, d = 0). collection_size (trec_eval -N) is read only when d != 0. Never null.
  Needs `pool` and a spine with n_results.
  Computed on the shared pass (metric_plan_query, with this one metric; utility_plan below says what it reads).
-#}
{% macro utility(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1, a=1, b=-1, c=0, d=0, collection_size=none) %}
    {{- return(adapter.dispatch('utility', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold, a, b, c, d, collection_size)) -}}
{% endmacro %}

{% macro default__utility(results, cutoffs, pool, spine, scale, threshold, a, b, c, d, collection_size) -%}
    {{ search_metrics.metric_query({'name': 'utility', 'type': 'utility', 'scale': scale, 'threshold': threshold, 'a': a, 'b': b, 'c': c, 'd': d, 'collection_size': collection_size},
                                  results, pool, spine, cutoffs) }}
{%- endmacro %}

{#- utility's plan (metric_plan): from plan_set_terms. -#}
{% macro utility_plan(metric, cutoffs) %}
    {%- if metric.d != 0 and metric.collection_size is none -%}
        {{- exceptions.raise_compiler_error("search_metrics: utility with d != 0 needs collection_size (trec_eval -N)") -}}
    {%- endif -%}
    {%- set t = search_metrics.plan_set_terms(metric) -%}
    {%- set value = search_metrics.as_double(metric.a) ~ ' * ' ~ t.relevant_retrieved
        ~ ' + ' ~ search_metrics.as_double(metric.b) ~ ' * (' ~ t.retrieved ~ ' - ' ~ t.relevant_retrieved ~ ')'
        ~ ' + ' ~ search_metrics.as_double(metric.c) ~ ' * (' ~ t.relevant_in_pool ~ ' - ' ~ t.relevant_retrieved ~ ')' -%}
    {%- if metric.d != 0 -%}
        {%- set value = value ~ ' + ' ~ search_metrics.as_double(metric.d) ~ ' * (' ~ search_metrics.as_double(metric.collection_size)
            ~ ' + ' ~ t.relevant_retrieved ~ ' - ' ~ t.retrieved ~ ' - ' ~ t.relevant_in_pool ~ ')' -%}
    {%- endif -%}
    {{- return(dict(t.plan, values=[[none, value]])) -}}
{% endmacro %}
