{#-
  Discounted cumulative gain at each cutoff k: sum over top k of gain_i / log2(i + 1), i = rank, ungraded = 0;
  null when nothing in top k is graded on `scale`. The discount is taken in double: rank + 1 of a 32-bit rank of
  2^31 - 1 (the rank rule's largest) would overflow.
  Computed on the shared pass (metric_plan_query, with this one metric; dcg_plan below says what it reads).
-#}
{% macro dcg(results, cutoffs=none, pool=none, spine=none, scale='graded', gain='linear') %}
    {{- return(adapter.dispatch('dcg', 'search_metrics')(results, cutoffs, pool, spine, scale, gain)) -}}
{% endmacro %}

{% macro default__dcg(results, cutoffs, pool, spine, scale, gain) -%}
    {{ search_metrics.metric_query({'name': 'dcg', 'type': 'dcg', 'scale': scale, 'gain': gain},
                                  results, pool, spine, cutoffs) }}
{%- endmacro %}

{#- dcg's plan (metric_plan): the sum of gain / log2(position + 1) within the cutoff (dcg_terms); null when no
    row within it is graded. -#}
{% macro dcg_plan(metric, cutoffs) %}
    {%- set plan = {'pair_terms': {}, 'values': []} -%}
    {%- for k in search_metrics.plan_cutoffs(metric, cutoffs) -%}
        {%- set list = search_metrics.plan_list_terms(metric, k) -%}
        {%- set dcg = search_metrics.plan_dcg_term(metric, k, list) -%}
        {%- do plan.pair_terms.update(list.pair_terms) -%}
        {%- do plan.pair_terms.update(dcg.pair_terms) -%}
        {%- do plan['values'].append([k, 'case when ' ~ list.graded ~ ' = 0 then null else ' ~ dcg.name ~ ' end']) -%}
    {%- endfor -%}
    {{- return(plan) -}}
{% endmacro %}
