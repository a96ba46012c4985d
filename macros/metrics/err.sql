{#-
  Expected reciprocal rank at each cutoff k: sum over top k of (1/i) * prod_{j<i}(1 - R_j) * R_i, i = rank,
  R = (2^g - 1) / 2^g_max with g the value on `scale`, ungraded R = 0; null when nothing in top k is graded.
  The running product is exp(sum(ln(1 - R))) over the rows above, in the rank order (an ungraded row has R = 0).
  g_max (default: the scale's top grade) >= the scale's top grade keeps R < 1 (get_metrics checks it).
  Computed on the shared pass (metric_plan_query, with this one metric; err_plan below says what it reads).
-#}
{% macro err(results, cutoffs=none, pool=none, spine=none, scale='graded', g_max=none) %}
    {{- return(adapter.dispatch('err', 'search_metrics')(results, cutoffs, pool, spine, scale, g_max)) -}}
{% endmacro %}

{% macro default__err(results, cutoffs, pool, spine, scale, g_max) -%}
    {{ search_metrics.metric_query({'name': 'err', 'type': 'err', 'scale': scale, 'g_max': g_max},
                                  results, pool, spine, cutoffs) }}
{%- endmacro %}

{#- err's plan (metric_plan): per row the stop probability R and the chance to reach the row, exp of the running
    sum of ln(1 - R) over the rows above it (rank order; an ungraded row adds nothing); the sum of reach * R / rank
    within the cutoff; null when no row within it is graded. -#}
{% macro err_plan(metric, cutoffs) %}
    {%- set g_max = metric.g_max if metric.g_max is not none else search_metrics.scale_grades()[metric.scale] | max -%}
    {%- set stop = search_metrics.plan_name(['r_stop', metric.scale, g_max]) -%}
    {%- set reach = search_metrics.plan_name(['w_reach', metric.scale, g_max]) -%}
    {%- set plan = {'row_terms': {stop: '(' ~ search_metrics.power_of_two(metric.scale ~ '_value') ~ ' - 1) / '
                        ~ search_metrics.power_of_two(g_max)},
                    'window_terms': {reach: 'exp(coalesce(' ~ search_metrics.running_sum('ln(1 - ' ~ stop ~ ')',
                        through='1 preceding') ~ ', 0))'},
                    'pair_terms': {}, 'values': []} -%}
    {%- for k in search_metrics.plan_cutoffs(metric, cutoffs) -%}
        {%- set list = search_metrics.plan_list_terms(metric, k) -%}
        {%- set err = search_metrics.plan_name(['p_err', metric.scale, g_max, k]) -%}
        {%- do plan.pair_terms.update(list.pair_terms) -%}
        {%- do plan.pair_terms.update({err: [search_metrics.at_cutoff('sum', reach ~ ' * ' ~ stop ~ ' / rank', k), none]}) -%}
        {%- do plan['values'].append([k, 'case when ' ~ list.graded ~ ' = 0 then null else ' ~ err ~ ' end']) -%}
    {%- endfor -%}
    {{- return(plan) -}}
{% endmacro %}
