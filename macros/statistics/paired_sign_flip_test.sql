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
  unit), and one pass over permutations x units computes every S_r of the G groups together instead of one pass
  per group. Same result.
  The sign is computed in that pass (units cross join replicates) rather than read from a table of signs joined on
  the unit: gathering a wide unit row for every (r, u) from a hash table outgrows the CPU caches at 100k
  units (bench/README.md), while the cross join reads each unit row once per replicate as it streams. Both sides
  of the cross join are materialized CTEs on PostgreSQL (materialized_cte): inlined, its nested loop computed them
  again per row (bench/README.md).
-#}
{% macro paired_sign_flip_test(relation, group_columns, n_permutations, spread=none) %}
    {{- return(adapter.dispatch('paired_sign_flip_test', 'search_metrics')(relation, group_columns, n_permutations, spread)) -}}
{% endmacro %}

{% macro default__paired_sign_flip_test(relation, group_columns, n_permutations, spread) -%}
    {%- set double = search_metrics.type_double() -%}
    {%- set n_spread = spread.count if spread else 1 -%}
    {%- set rows = group_columns | join(', ') -%}
    with sf_units as (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            {{ spread.column if spread else '1' }} as spread_index,
            unit_id,
            unit_key,
            delta
        from {{ relation }}
    ),

    sf_replicates as {{ search_metrics.materialized_cte() }} (
        select
            n as replicate,
            {{ search_metrics.hash_replicate_key(1, 'n') }} as replicate_key
        from ({{ search_metrics.integers_relation(n_permutations) }}) as sf_replicate_numbers
    ),

    -- one row per (group columns, unit), the deltas of the G spread groups side by side
    sf_wide_units as {{ search_metrics.materialized_cte() }} (
        {{ search_metrics.wide_units('sf_units', group_columns, n_spread) | indent(8) }}
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

    -- the sign s(r, u) of every unit row under every permutation, drawn as the rows stream
    sf_signed_units as (
        select
            {% for column in group_columns %}sf_wide_units.{{ column }}, {% endfor %}
            sf_replicates.replicate,
            case
                when {{ search_metrics.hash_draw('sf_replicates.replicate_key', 'sf_wide_units.unit_key') }} < 1073741824 then 1
                else -1
            end as flip
            {%- for g in range(1, n_spread + 1) %},
            sf_wide_units.delta_{{ g }}
            {%- endfor %}
        from sf_wide_units
        cross join sf_replicates
    ),

    sf_permuted as {{ search_metrics.materialized_cte() }} (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            replicate
            {%- for g in range(1, n_spread + 1) %},
            sum(flip * delta_{{ g }}) as permuted_sum_{{ g }}
            {%- endfor %}
        from sf_signed_units
        group by {{ rows }}, replicate
    )

    select
        {% for column in group_columns %}sf_observed.{{ column }}, {% endfor %}
        {%- if spread %}
        sf_observed.spread_index as {{ spread.column }},
        {%- endif %}
        cast(1 + sum(
            case
                when abs(
                    {%- if n_spread == 1 %} sf_permuted.permuted_sum_1
                    {%- else %}
                    case sf_observed.spread_index
                        {%- for g in range(1, n_spread + 1) %}
                        when {{ g }} then sf_permuted.permuted_sum_{{ g }}
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
