{#-
  A count per (run_id, query_id), k null, over the whole list; never null (0 when there is none):
    count='relevant'           relevant docs in the query's pool (trec_eval num_rel); needs `pool`
    count='retrieved'          rows the run returned for the query (trec_eval num_ret); needs `spine` with n_results
    count='relevant_retrieved' relevant rows the run returned (trec_eval num_rel_ret)
    count='nonrelevant_retrieved' judged non-relevant rows the run returned (graded on `scale`, below `threshold`;
                               trec_eval num_nonrel_judged_ret)
  Relevant: the value on `scale` >= `threshold`.
  Computed on the shared pass (metric_plan_query, with this one metric; count_plan below says what it reads).
-#}
{% macro count(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1, count='relevant') %}
    {{- return(adapter.dispatch('count', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold, count)) -}}
{% endmacro %}

{% macro default__count(results, cutoffs, pool, spine, scale, threshold, count) -%}
    {{ search_metrics.metric_query({'name': 'count', 'type': 'count', 'scale': scale, 'threshold': threshold, 'count': count},
                                  results, pool, spine, cutoffs) }}
{%- endmacro %}

{#- count's plan (metric_plan): relevant = the pool's relevant docs; retrieved = the spine's n_results;
    relevant_retrieved / nonrelevant_retrieved = the returned rows with relevance 1 / 0. Never null. -#}
{% macro count_plan(metric, cutoffs) %}
    {%- if metric.count not in ('relevant', 'retrieved', 'relevant_retrieved', 'nonrelevant_retrieved') -%}
        {{- exceptions.raise_compiler_error("search_metrics: count must be relevant, retrieved, relevant_retrieved or nonrelevant_retrieved, got " ~ metric.count) -}}
    {%- endif -%}
    {%- if metric.count == 'relevant' -%}
        {%- set pool_terms = search_metrics.plan_pool_terms(metric.scale, metric.threshold) -%}
        {{- return({'query_terms': pool_terms.query_terms, 'values': [[none, pool_terms.names.relevant]]}) -}}
    {%- elif metric.count == 'retrieved' -%}
        {{- return({'reads_n_results': true, 'values': [[none, 'n_results']]}) -}}
    {%- else -%}
        {%- set level = 1 if metric.count == 'relevant_retrieved' else 0 -%}
        {%- set name = search_metrics.plan_name(['p', metric.count, metric.scale, metric.threshold]) -%}
        {{- return({'pair_terms': {name: ['count(case when ' ~ search_metrics.relevance_expression(metric.scale, metric.threshold)
                        ~ ' = ' ~ level ~ ' then 1 end)', '0']},
                    'reads_every_rank': true, 'values': [[none, name]]}) -}}
    {%- endif -%}
{% endmacro %}
