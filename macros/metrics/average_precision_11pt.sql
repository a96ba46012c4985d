{#-
  11-point interpolated average precision per (run_id, query_id), k null (trec_eval 11pt_avg): the mean of the
  interpolated precision at the recall levels 0.0, 0.1, .., 1.0 (interpolated_precision, whose level rounding
  follows search_metrics_trec_eval's version, or the argument). Null when the pool has no relevant doc (trec_eval
  reports 0). Reads every rank.
  Computed on the shared pass (metric_plan_query, with this one metric; average_precision_11pt_plan below says what it reads).
-#}
{% macro average_precision_11pt(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1, version=none) %}
    {{- return(adapter.dispatch('average_precision_11pt', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold, version)) -}}
{% endmacro %}

{% macro default__average_precision_11pt(results, cutoffs, pool, spine, scale, threshold, version) -%}
    {{ search_metrics.metric_query({'name': 'average_precision_11pt', 'type': 'average_precision_11pt', 'scale': scale, 'threshold': threshold, 'version': version},
                                  results, pool, spine, cutoffs) }}
{%- endmacro %}

{#- average_precision_11pt's plan (metric_plan): at each recall level x = 0.0, .., 1.0 the largest hits / rank over
    the relevant rows whose running count of relevant rows (w_hits, shared with average_precision) reaches c, c
    from x R by the rule of trec_eval's version (interpolated_precision; the rows read with their query's R); 0
    when none does; the mean of the 11; null when R = 0. -#}
{% macro average_precision_11pt_plan(metric, cutoffs) %}
    {%- set double = search_metrics.type_double() -%}
    {%- set version = metric.get('version') or search_metrics.get_trec_eval_settings().version -%}
    {%- set relevance = search_metrics.relevance_expression(metric.scale, metric.threshold) -%}
    {%- set pool_terms = search_metrics.plan_pool_terms(metric.scale, metric.threshold) -%}
    {%- set relevant = pool_terms.names.relevant -%}
    {%- set hits = search_metrics.plan_name(['w_hits', metric.scale, metric.threshold]) -%}
    {%- set pair_terms = {} -%}
    {%- set levels = [] -%}
    {%- for tenths in range(11) -%}
        {%- set level_times_r = 'cast(' ~ tenths ~ ' as ' ~ double ~ ') / 10 * ' ~ relevant -%}
        {%- if version == 9 -%}
            {%- set needed = 'floor(' ~ level_times_r ~ ' + cast(0.9 as ' ~ double ~ '))' -%}
        {%- else -%}
            {%- set needed = 'floor(' ~ level_times_r ~ ') + case when ' ~ level_times_r ~ ' - floor(' ~ level_times_r
                ~ ') >= 0.5 then 1 else 0 end' -%}
        {%- endif -%}
        {%- set name = search_metrics.plan_name(['p_interpolated_precision', metric.scale, metric.threshold, 'v' ~ version, tenths]) -%}
        {%- do pair_terms.update({name: ['max(case when ' ~ relevance ~ ' = 1 and ' ~ hits ~ ' >= ' ~ needed ~ ' then '
            ~ search_metrics.as_double(hits) ~ ' / rank end)', none]}) -%}
        {%- do levels.append('coalesce(' ~ name ~ ', cast(0 as ' ~ double ~ '))') -%}
    {%- endfor -%}
    {{- return({'query_terms': pool_terms.query_terms,
                'window_terms': {hits: search_metrics.running_sum('case when ' ~ relevance ~ ' = 1 then 1 else 0 end')},
                'pair_terms': pair_terms, 'reads_query_terms': true, 'reads_every_rank': true,
                'values': [[none, 'case when ' ~ relevant ~ ' = 0 then null else (' ~ (levels | join(' + ')) ~ ') / 11 end']]}) -}}
{% endmacro %}
