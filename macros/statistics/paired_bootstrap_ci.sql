{#-
  Deterministic percentile-bootstrap confidence interval of the mean delta per group (a Poisson bootstrap).
  `relation` has the group columns, unit_id (the unit's identity within a group, e.g. the query_id), unit_key
  (its draw key, hash_unit_key) and a non-null delta. Replicate r = 1 .. n_bootstrap counts the unit with key u
  c(r, u) = poisson_count(hash_draw(hash_replicate_key(7, r), u)) times (a Poisson(1) count); the replicate's value
  is the weighted mean sum_i c(r, u_i) * delta_i / sum_i c(r, u_i), and a replicate that counts no unit of the
  group (probability e^-n) has no value. ci_low and ci_high are the percentile_interval of the values the group
  has (B' <= n_bootstrap of them). Returns the group columns, ci_low and ci_high, for the groups with a value (a
  caller's left join gives the others nulls, as comparison_tests does).
  A unit's counts depend on its key only, not on the other units of its group, so a group that gains or loses a
  unit keeps every other unit's counts.
  spread = {'column': c, 'count': G}: as in paired_sign_flip_test, the groups are the group columns and column c
  (1 .. G, known at compile time); the units are laid out wide, one row per (group columns, unit_id) with a delta
  column per value of c (null where group c lacks the unit), so that one pass over replicates x units gives the
  weighted sums and weights of all G groups (bootstrap_sums). Same result.
  replicate_sums: a relation already holding bootstrap_sums of these units (the group columns, replicate,
  value_1 .. value_G, weight_1 .. weight_G: search_run_comparison reads them from
  search_metrics_int_comparison_resamples); none computes them here.
-#}
{% macro paired_bootstrap_ci(relation, group_columns, n_bootstrap, level, spread=none, replicate_sums=none) %}
    {{- return(adapter.dispatch('paired_bootstrap_ci', 'search_metrics')(relation, group_columns, n_bootstrap, level, spread, replicate_sums)) -}}
{% endmacro %}

{% macro default__paired_bootstrap_ci(relation, group_columns, n_bootstrap, level, spread, replicate_sums) -%}
    {%- set n_spread = spread.count if spread else 1 -%}
    {%- set rows = group_columns | join(', ') -%}
    with bs_units as (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            {{ spread.column if spread else '1' }} as spread_index,
            unit_id,
            {%- if replicate_sums is none %}
            unit_key,
            {%- endif %}
            delta
        from {{ relation }}
    ),

    bs_groups as (
        select distinct {% for column in group_columns %}{{ column }}, {% endfor %}spread_index
        from bs_units
    ),

    {%- if replicate_sums is none %}
    -- one row per (group columns, unit), the deltas of the G spread groups side by side
    bs_wide_units as {{ search_metrics.materialized_cte() }} (
        {{ search_metrics.wide_units('bs_units', group_columns, n_spread) | indent(8) }}
    ),
    {%- endif %}

    bs_sums as {{ search_metrics.materialized_cte() }} (
        {%- if replicate_sums is none %}
        {{ search_metrics.bootstrap_sums('bs_wide_units', group_columns, n_spread, n_bootstrap) | indent(8) }}
        {%- else %}
        select * from {{ replicate_sums }}
        {%- endif %}
    ),

    bs_weighted as (
        select
            {% for column in group_columns %}bs_groups.{{ column }}, {% endfor %}
            bs_groups.spread_index,
            bs_sums.replicate,
            {%- if n_spread == 1 %}
            bs_sums.value_1 as replicate_sum,
            bs_sums.weight_1 as replicate_weight
            {%- else %}
            case bs_groups.spread_index
                {%- for g in range(1, n_spread + 1) %}
                when {{ g }} then bs_sums.value_{{ g }}
                {%- endfor %}
            end as replicate_sum,
            case bs_groups.spread_index
                {%- for g in range(1, n_spread + 1) %}
                when {{ g }} then bs_sums.weight_{{ g }}
                {%- endfor %}
            end as replicate_weight
            {%- endif %}
        from bs_groups
        inner join bs_sums
            on {% for column in group_columns %}bs_sums.{{ column }} = bs_groups.{{ column }}{% if not loop.last %}
            and {% endif %}{% endfor %}
    ),

    -- a replicate that counts no unit of the group has no value
    bs_means as (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            spread_index,
            replicate,
            replicate_sum / {{ search_metrics.as_double('replicate_weight') }} as replicate_mean
        from bs_weighted
        where replicate_weight > 0
    ),

    bs_intervals as (
        {{ search_metrics.percentile_interval('bs_means', group_columns + ['spread_index'], 'replicate_mean', 'replicate', none, level) | indent(8) }}
    )

    {#- a group none of whose replicates has a value has no row (comparison_tests' left join gives it nulls) #}
    select
        {% for column in group_columns %}{{ column }}, {% endfor %}
        {%- if spread %}
        spread_index as {{ spread.column }},
        {%- endif %}
        ci_low,
        ci_high
    from bs_intervals
{%- endmacro %}
