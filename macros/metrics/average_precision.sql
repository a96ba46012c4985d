{#-
  Average precision at each cutoff k. S = sum over relevant rows i <= k of (relevant rows with rank <= i) / i.
    denominator='retrieved' (SearchTweak AP@k): S / relevant in top k, 0 if none relevant; null when nothing in
    top k is graded. Ungraded rows count as not relevant inside S.
    denominator='pool' (trec_eval map_cut_k): S / relevant in the pool; null when the pool has no relevant doc.
  Computed on the shared pass (metric_plan_query, with this one metric; average_precision_plan below says what it reads).
-#}
{% macro average_precision(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1, denominator='retrieved') %}
    {{- return(adapter.dispatch('average_precision', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold, denominator)) -}}
{% endmacro %}

{% macro default__average_precision(results, cutoffs, pool, spine, scale, threshold, denominator) -%}
    {{ search_metrics.metric_query({'name': 'average_precision', 'type': 'average_precision', 'scale': scale, 'threshold': threshold, 'denominator': denominator},
                                  results, pool, spine, cutoffs) }}
{%- endmacro %}

{#- average_precision's plan (metric_plan): S = the sum over the relevant rows within the cutoff of (relevant rows
    at or above the row: w_hits, a running count in the rank order) / position; S / relevant rows within the
    cutoff (retrieved; 0 when none, null when no row within it is graded) or S / relevant docs of the pool (pool;
    null when none). A condensed entry reads positions among the graded rows. -#}
{% macro average_precision_plan(metric, cutoffs) %}
    {%- set relevance = search_metrics.relevance_expression(metric.scale, metric.threshold) -%}
    {%- set hits = search_metrics.plan_name(['w_hits', metric.scale, metric.threshold]) -%}
    {%- set pool_terms = search_metrics.plan_pool_terms(metric.scale, metric.threshold) -%}
    {%- set plan = {'window_terms': {hits: search_metrics.running_sum('case when ' ~ relevance ~ ' = 1 then 1 else 0 end')},
                    'pair_terms': {}, 'query_terms': {}, 'values': [],
                    'reads_every_rank': metric.get('condensed') or not search_metrics.has_cutoff(metric)} -%}
    {%- for k in search_metrics.plan_cutoffs(metric, cutoffs) -%}
        {%- set list = search_metrics.plan_list_terms(metric, k, metric.threshold) -%}
        {%- set precision_sum = search_metrics.plan_name(['p', list.prefix ~ 'precision_sum', metric.scale, metric.threshold, k]) -%}
        {%- do plan.window_terms.update(list.window_terms) -%}
        {%- do plan.pair_terms.update(list.pair_terms) -%}
        {%- do plan.pair_terms.update({precision_sum: [search_metrics.at_cutoff('sum', 'case when ' ~ relevance ~ ' = 1 then '
            ~ search_metrics.as_double(hits) ~ ' / ' ~ list.position ~ ' end', k, list.position), none]}) -%}
        {%- if metric.denominator == 'pool' -%}
            {%- do plan.query_terms.update(pool_terms.query_terms) -%}
            {%- do plan['values'].append([k, 'case when ' ~ pool_terms.names.relevant ~ ' = 0 then null else coalesce('
                ~ precision_sum ~ ', 0) / ' ~ pool_terms.names.relevant ~ ' end']) -%}
        {%- else -%}
            {%- do plan['values'].append([k, 'case when ' ~ list.graded ~ ' = 0 then null when ' ~ list.relevant
                ~ ' = 0 then 0 else coalesce(' ~ precision_sum ~ ', 0) / ' ~ list.relevant ~ ' end']) -%}
        {%- endif -%}
    {%- endfor -%}
    {{- return(plan) -}}
{% endmacro %}
