{#-
  Binary ties at each cutoff k: top-k rows whose binary majority vote tied (so they count as ungraded).
  Computed on the shared pass (metric_plan_query, with this one metric; binary_ties_plan below says what it reads).
-#}
{% macro binary_ties(results, cutoffs=none, pool=none, spine=none) %}
    {{- return(adapter.dispatch('binary_ties', 'search_metrics')(results, cutoffs, pool, spine)) -}}
{% endmacro %}

{% macro default__binary_ties(results, cutoffs, pool, spine) -%}
    {{ search_metrics.metric_query({'name': 'binary_ties', 'type': 'binary_ties'},
                                  results, pool, spine, cutoffs) }}
{%- endmacro %}

{#- binary_ties's plan (metric_plan): the binary ties within the cutoff, 0 when none. -#}
{% macro binary_ties_plan(metric, cutoffs) %}
    {%- set plan = {'pair_terms': {}, 'values': []} -%}
    {%- for k in search_metrics.plan_cutoffs(metric, cutoffs) -%}
        {%- set ties = search_metrics.plan_name(['p_binary_ties', k]) -%}
        {%- do plan.pair_terms.update({ties: [search_metrics.at_cutoff('sum', 'case when binary_tie <> 0 then binary_tie end', k), none]}) -%}
        {%- do plan['values'].append([k, 'coalesce(' ~ ties ~ ', 0)']) -%}
    {%- endfor -%}
    {{- return(plan) -}}
{% endmacro %}
