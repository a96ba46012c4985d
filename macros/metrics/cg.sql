{#-
  Cumulative gain at each cutoff k: sum of gains over top k (ungraded = 0); null when nothing in top k is
  graded on `scale`. gain='linear' uses the value, 'exponential' 2^value - 1.
  Computed on the shared pass (metric_plan_query, with this one metric; cg_plan below says what it reads).
-#}
{% macro cg(results, cutoffs=none, pool=none, spine=none, scale='graded', gain='linear') %}
    {{- return(adapter.dispatch('cg', 'search_metrics')(results, cutoffs, pool, spine, scale, gain)) -}}
{% endmacro %}

{% macro default__cg(results, cutoffs, pool, spine, scale, gain) -%}
    {{ search_metrics.metric_query({'name': 'cg', 'type': 'cg', 'scale': scale, 'gain': gain},
                                  results, pool, spine, cutoffs) }}
{%- endmacro %}

{#- cg's plan (metric_plan): the sum of the gains within the cutoff; null when no row within it is graded. -#}
{% macro cg_plan(metric, cutoffs) %}
    {%- set plan = {'pair_terms': {}, 'values': []} -%}
    {%- for k in search_metrics.plan_cutoffs(metric, cutoffs) -%}
        {%- set list = search_metrics.plan_list_terms(metric, k) -%}
        {%- set gain_sum = search_metrics.plan_name(['p_gain_sum', metric.scale, metric.gain, k]) -%}
        {%- do plan.pair_terms.update(list.pair_terms) -%}
        {%- do plan.pair_terms.update({gain_sum: [search_metrics.at_cutoff('sum', search_metrics.gain_expression(metric.scale, metric.gain), k), none]}) -%}
        {%- do plan['values'].append([k, 'case when ' ~ list.graded ~ ' = 0 then null else ' ~ gain_sum ~ ' end']) -%}
    {%- endfor -%}
    {{- return(plan) -}}
{% endmacro %}
