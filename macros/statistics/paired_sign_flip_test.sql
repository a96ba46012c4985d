{#-
  Paired randomization (sign-flip) test per group, deterministic on every engine. `relation` has the group
  columns, unit_id (the unit's identity within a group, e.g. the query_id), unit_key (its draw key,
  hash_unit_key) and a non-null delta. For permutation r = 1 .. n_permutations the unit with key u gets sign
  s(r, u) = +1 when hash_draw(hash_replicate_key(1, r), u) < 2^30, else -1; S_r = sum_i s(r, u_i) * delta_i,
  S = sum_i delta_i, A = sum_i |delta_i|. A permutation is at least as extreme when |S_r| >= |S| - 1e-9 * A (the
  tolerance absorbs floating-point summation order); with b such permutations,
  p_value_randomization = (1 + b) / (1 + n_permutations) (Phipson & Smyth: the observed assignment counts once).
  A unit's signs depend on its key only, not on the other units of its group. Returns the group columns and
  p_value_randomization.
  spread = {'column': c, 'count': G}: the groups are the group columns and column c, a whole number 1 .. G known
  at compile time (e.g. one per metric and cutoff). The signs depend on (r, u) only, so the units are laid out
  wide, one row per (group columns, unit_id) with a delta column per value of c (null where group c lacks the
  unit), and one pass over permutations x units computes every S_r of the G groups together (sign_flip_sums)
  instead of one pass per group. Same result.
  permuted_sums: a relation already holding sign_flip_sums of these units (the group columns, replicate,
  value_1 .. value_G: search_run_comparison reads them from search_metrics_int_comparison_resamples); none computes
  them here.
-#}
{% macro paired_sign_flip_test(relation, group_columns, n_permutations, spread=none, permuted_sums=none) %}
    {{- return(adapter.dispatch('paired_sign_flip_test', 'search_metrics')(relation, group_columns, n_permutations, spread, permuted_sums)) -}}
{% endmacro %}

{% macro default__paired_sign_flip_test(relation, group_columns, n_permutations, spread, permuted_sums) -%}
    {%- set double = search_metrics.type_double() -%}
    {%- set n_spread = spread.count if spread else 1 -%}
    {%- set rows = group_columns | join(', ') -%}
    with sf_units as (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            {{ spread.column if spread else '1' }} as spread_index,
            unit_id,
            {%- if permuted_sums is none %}
            unit_key,
            {%- endif %}
            delta
        from {{ relation }}
    ),

    sf_observed as (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            spread_index,
            sum(delta) as observed_sum,
            sum(abs(delta)) as absolute_sum
        from sf_units
        group by {{ rows }}, spread_index
    ),
    {%- if permuted_sums is none %}

    -- one row per (group columns, unit), the deltas of the G spread groups side by side
    sf_wide_units as {{ search_metrics.materialized_cte() }} (
        {{ search_metrics.wide_units('sf_units', group_columns, n_spread) | indent(8) }}
    ),
    {%- endif %}

    sf_permuted as {{ search_metrics.materialized_cte() }} (
        {%- if permuted_sums is none %}
        {{ search_metrics.sign_flip_sums('sf_wide_units', group_columns, n_spread, n_permutations) | indent(8) }}
        {%- else %}
        select * from {{ permuted_sums }}
        {%- endif %}
    )

    select
        {% for column in group_columns %}sf_observed.{{ column }}, {% endfor %}
        {%- if spread %}
        sf_observed.spread_index as {{ spread.column }},
        {%- endif %}
        cast(1 + sum(
            case
                when abs(
                    {%- if n_spread == 1 %} sf_permuted.value_1
                    {%- else %}
                    case sf_observed.spread_index
                        {%- for g in range(1, n_spread + 1) %}
                        when {{ g }} then sf_permuted.value_{{ g }}
                        {%- endfor %}
                    end
                    {%- endif %})
                    >= abs(sf_observed.observed_sum) - cast(1e-9 as {{ double }}) * sf_observed.absolute_sum then 1
                else 0
            end
        ) as {{ double }}) / {{ n_permutations + 1 }} as p_value_randomization
    from sf_observed
    inner join sf_permuted
        on {% for column in group_columns %}sf_permuted.{{ column }} = sf_observed.{{ column }}{% if not loop.last %}
        and {% endif %}{% endfor %}
    group by {% for column in group_columns %}sf_observed.{{ column }}, {% endfor %}sf_observed.spread_index
{%- endmacro %}
