{#-
  Precision at a multiple of R per (run_id, query_id), k null (trec_eval Rprec_mult_x): c = floor(multiple * R + 0.9)
  in double precision (trec_eval 9 and 10 alike), R = relevant docs of the query's pool; the relevant rows with
  rank <= c, divided by c (rows beyond the list count as not relevant). 0 when c = 0 (a multiple below 0.1 / R,
  as trec_eval). Null when R = 0 (trec_eval 0). Reads every rank.
  Computed on the shared pass (metric_plan_query, with this one metric; r_precision_multiple_plan below says what it reads).
-#}
{% macro r_precision_multiple(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1, multiple=1) %}
    {{- return(adapter.dispatch('r_precision_multiple', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold, multiple)) -}}
{% endmacro %}

{% macro default__r_precision_multiple(results, cutoffs, pool, spine, scale, threshold, multiple) -%}
    {{ search_metrics.metric_query({'name': 'r_precision_multiple', 'type': 'r_precision_multiple', 'scale': scale, 'threshold': threshold, 'multiple': multiple},
                                  results, pool, spine, cutoffs) }}
{%- endmacro %}

{#- r_precision_multiple's plan (metric_plan): c = floor(multiple * R + 0.9) per query (a query term), the
    relevant rows with rank <= c (the rows read with their query's terms) / c; 0 when c = 0, null when R = 0. -#}
{% macro r_precision_multiple_plan(metric, cutoffs) %}
    {%- set double = search_metrics.type_double() -%}
    {%- set relevance = search_metrics.relevance_expression(metric.scale, metric.threshold) -%}
    {%- set pool_terms = search_metrics.plan_pool_terms(metric.scale, metric.threshold) -%}
    {%- set ranks = search_metrics.plan_name(['q_rprec_ranks', metric.scale, metric.threshold, metric.multiple]) -%}
    {%- set hits = search_metrics.plan_name(['p_rprec_hits', metric.scale, metric.threshold, metric.multiple]) -%}
    {%- set query_terms = dict(pool_terms.query_terms) -%}
    {%- do query_terms.update({ranks: ['floor(cast(' ~ metric.multiple ~ ' as ' ~ double ~ ') * coalesce(sum(' ~ relevance
        ~ '), 0) + cast(0.9 as ' ~ double ~ '))', none]}) -%}
    {{- return({'query_terms': query_terms,
                'pair_terms': {hits: ['count(case when ' ~ relevance ~ ' = 1 and rank <= ' ~ ranks ~ ' then 1 end)', '0']},
                'reads_query_terms': true, 'reads_every_rank': true,
                'values': [[none, 'case when ' ~ pool_terms.names.relevant ~ ' = 0 then null when ' ~ ranks
                    ~ ' = 0 then cast(0 as ' ~ double ~ ') else ' ~ search_metrics.as_double(hits) ~ ' / ' ~ ranks ~ ' end']]}) -}}
{% endmacro %}
