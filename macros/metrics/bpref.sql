{#-
  bpref per (run_id, query_id), k null (Buckley & Voorhees 2004; trec_eval bpref). R = relevant docs in the
  pool, N = judged non-relevant docs in the pool (graded on `scale`, below the threshold); unjudged docs are
  ignored. Over the whole list, for each retrieved relevant row r with n_r judged non-relevant rows ranked above
  it: a term of 1 when n_r = 0, else 1 - min(n_r, R) / min(N, R); bpref = the sum of the terms / R.
  Null when R = 0 (trec_eval reports 0 there).
  Computed on the shared pass (metric_plan_query, with this one metric; bpref_plan below says what it reads).
-#}
{% macro bpref(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1) %}
    {{- return(adapter.dispatch('bpref', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__bpref(results, cutoffs, pool, spine, scale, threshold) -%}
    {{ search_metrics.metric_query({'name': 'bpref', 'type': 'bpref', 'scale': scale, 'threshold': threshold},
                                  results, pool, spine, cutoffs) }}
{%- endmacro %}

{#- bpref's plan (metric_plan): per row the judged non-relevant rows above it (a running sum in the rank order);
    the sum over the relevant rows of 1 - min(n_r, R) / min(N, R) (1 when n_r = 0; the rows read with their
    query's R and N) / R; null when R = 0. -#}
{% macro bpref_plan(metric, cutoffs) %}
    {%- set double = search_metrics.type_double() -%}
    {%- set relevance = search_metrics.relevance_expression(metric.scale, metric.threshold) -%}
    {%- set pool_terms = search_metrics.plan_pool_terms(metric.scale, metric.threshold) -%}
    {%- set relevant, nonrelevant = pool_terms.names.relevant, pool_terms.names.nonrelevant -%}
    {%- set above = search_metrics.plan_name(['w_nonrelevant_above', metric.scale, metric.threshold]) -%}
    {%- set preference_sum = search_metrics.plan_name(['p_preference_sum', metric.scale, metric.threshold]) -%}
    {{- return({'query_terms': pool_terms.query_terms,
                'window_terms': {above: search_metrics.running_sum('1 - ' ~ relevance, through='1 preceding')},
                'pair_terms': {preference_sum: ['sum(case when ' ~ relevance ~ ' = 1 then case when coalesce(' ~ above
                    ~ ', 0) = 0 then cast(1 as ' ~ double ~ ') else 1 - ' ~ search_metrics.as_double('least(' ~ above ~ ', ' ~ relevant ~ ')')
                    ~ ' / least(' ~ nonrelevant ~ ', ' ~ relevant ~ ') end end)', none]},
                'reads_query_terms': true, 'reads_every_rank': true,
                'values': [[none, 'case when ' ~ relevant ~ ' = 0 then null else coalesce(' ~ preference_sum ~ ', 0) / '
                    ~ relevant ~ ' end']]}) -}}
{% endmacro %}
