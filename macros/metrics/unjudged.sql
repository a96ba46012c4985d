{#-
  Unjudged at each cutoff k (trec_eval 10 unj_k): the rows with rank <= k whose doc is not graded on `scale` (outside
  the pool, or in it with every grade null: a negative grade under search_metrics_negative_grades: unjudged), divided
  by k (ranks beyond the list count as judged, as trec_eval's "assumed irrelevant"). Never null (0 for an empty top k).
  Needs `results` to keep the rows without a judgment (search_metrics_int_labeled_results does when an unjudged or
  coverage metric is configured: reads_unjudged_results). One grouped pass (aggregate_at_cutoffs).
  Computed on the shared pass (metric_plan_query, with this one metric; unjudged_plan below says what it reads).
-#}
{% macro unjudged(results, cutoffs=none, pool=none, spine=none, scale='graded') %}
    {{- return(adapter.dispatch('unjudged', 'search_metrics')(results, cutoffs, pool, spine, scale)) -}}
{% endmacro %}

{% macro default__unjudged(results, cutoffs, pool, spine, scale) -%}
    {{ search_metrics.metric_query({'name': 'unjudged', 'type': 'unjudged', 'scale': scale},
                                  results, pool, spine, cutoffs) }}
{%- endmacro %}

{#- unjudged's plan (metric_plan): rows within the cutoff not graded on the scale / k. -#}
{% macro unjudged_plan(metric, cutoffs) %}
    {%- set plan = {'pair_terms': {}, 'values': []} -%}
    {%- for k in search_metrics.plan_cutoffs(metric, cutoffs) -%}
        {%- set unjudged = search_metrics.plan_name(['p_unjudged', metric.scale, k]) -%}
        {%- do plan.pair_terms.update({unjudged: [search_metrics.at_cutoff('count', 'case when ' ~ metric.scale ~ '_value is null then 1 end', k), '0']}) -%}
        {%- do plan['values'].append([k, search_metrics.as_double(unjudged) ~ ' / ' ~ k]) -%}
    {%- endfor -%}
    {{- return(plan) -}}
{% endmacro %}
