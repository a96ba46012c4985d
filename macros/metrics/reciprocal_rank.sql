{#-
  Reciprocal rank at each cutoff k: 1 / rank of the first relevant row in top k, 0 if none;
  null when nothing in top k is graded.
  Computed on the shared pass (metric_plan_query, with this one metric; reciprocal_rank_plan below says what it reads).
-#}
{% macro reciprocal_rank(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1) %}
    {{- return(adapter.dispatch('reciprocal_rank', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__reciprocal_rank(results, cutoffs, pool, spine, scale, threshold) -%}
    {{ search_metrics.metric_query({'name': 'reciprocal_rank', 'type': 'reciprocal_rank', 'scale': scale, 'threshold': threshold},
                                  results, pool, spine, cutoffs) }}
{%- endmacro %}

{#- reciprocal_rank's plan (metric_plan): 1 / the smallest rank of a relevant row within the cutoff, 0 when none;
    null when no row within it is graded. -#}
{% macro reciprocal_rank_plan(metric, cutoffs) %}
    {%- set relevance = search_metrics.relevance_expression(metric.scale, metric.threshold) -%}
    {%- set plan = {'window_terms': {}, 'pair_terms': {}, 'values': []} -%}
    {%- for k in search_metrics.plan_cutoffs(metric, cutoffs) -%}
        {%- set list = search_metrics.plan_list_terms(metric, k) -%}
        {%- set first = search_metrics.plan_name(['p_first_relevant_rank', metric.scale, metric.threshold, k]) -%}
        {%- do plan.pair_terms.update(list.pair_terms) -%}
        {%- do plan.pair_terms.update({first: [search_metrics.at_cutoff('min', 'case when ' ~ relevance ~ ' = 1 then rank end', k), none]}) -%}
        {%- do plan['values'].append([k, 'case when ' ~ list.graded ~ ' = 0 then null when ' ~ first
            ~ ' is null then 0 else 1 / ' ~ search_metrics.as_double(first) ~ ' end']) -%}
    {%- endfor -%}
    {{- return(plan) -}}
{% endmacro %}
