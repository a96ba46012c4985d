{#-
  Grading coverage at each cutoff k: rows graded on `scale` in top k / rows in top k; null when top k is empty.
  Computed on the shared pass (metric_plan_query, with this one metric; coverage_plan below says what it reads).
-#}
{% macro coverage(results, cutoffs=none, pool=none, spine=none, scale='graded') %}
    {{- return(adapter.dispatch('coverage', 'search_metrics')(results, cutoffs, pool, spine, scale)) -}}
{% endmacro %}

{% macro default__coverage(results, cutoffs, pool, spine, scale) -%}
    {{ search_metrics.metric_query({'name': 'coverage', 'type': 'coverage', 'scale': scale},
                                  results, pool, spine, cutoffs) }}
{%- endmacro %}

{#- coverage's plan (metric_plan): rows graded on the scale / rows within the cutoff; null when none is. -#}
{% macro coverage_plan(metric, cutoffs) %}
    {%- set plan = {'pair_terms': {}, 'values': []} -%}
    {%- for k in search_metrics.plan_cutoffs(metric, cutoffs) -%}
        {%- set list = search_metrics.plan_list_terms(metric, k) -%}
        {%- set rows = search_metrics.plan_name(['p_rows', k]) -%}
        {%- do plan.pair_terms.update(list.pair_terms) -%}
        {%- do plan.pair_terms.update({rows: [search_metrics.at_cutoff('count', '1', k), '0']}) -%}
        {%- do plan['values'].append([k, 'case when ' ~ rows ~ ' = 0 then null else '
            ~ search_metrics.as_double(list.graded) ~ ' / ' ~ rows ~ ' end']) -%}
    {%- endfor -%}
    {{- return(plan) -}}
{% endmacro %}
