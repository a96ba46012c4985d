{#-
  The replicate sums of the paired sign-flip test (paired_sign_flip_test), per group and permutation, without the
  p-value: S_r = sum_i s(r, i) * delta_i for r = 1 .. n_permutations, where the unit with index i gets sign
  s(r, i) = +1 when hash_draw(hash_replicate_key(1, r), i) < 2^30, else -1. `relation` has the group columns,
  unit_index and a non-null delta. S_r is linear in the deltas: the sums of a relation holding only some units (for
  example the changes d' - d of the units whose delta moved, at their unit_index) are what those units add to each
  S_r, which is how search_metrics_int_comparison_resample_updates updates a pair's sums.
  Returns the group columns, the spread column (when spread), replicate and permuted_sum, one row per group with a
  unit and permutation.
  spread = {'column': c, 'count': G}: the groups are the group columns and column c, a whole number 1 .. G known
  at compile time (e.g. one per metric and cutoff). The signs depend on (r, i) only, so the units are laid out
  wide, one row per (group columns, unit_index) with a delta column per value of c, and one pass over
  permutations x units computes every S_r of the G groups together instead of one pass per group. Same result.
  The sign is computed in that pass (units cross join replicates) rather than read from a table of signs joined on
  the unit index: gathering a wide unit row for every (r, i) from a hash table outgrows the CPU caches at 100k
  units (bench/README.md), while the cross join reads each unit row once per replicate as it streams. Both sides
  of the cross join are materialized CTEs on PostgreSQL (materialized_cte): inlined, its nested loop computed them
  again per row (bench/README.md).
-#}
{% macro sign_flip_sums(relation, group_columns, n_permutations, spread=none) %}
    {{- return(adapter.dispatch('sign_flip_sums', 'search_metrics')(relation, group_columns, n_permutations, spread)) -}}
{% endmacro %}

{% macro default__sign_flip_sums(relation, group_columns, n_permutations, spread) -%}
    {%- set n_spread = spread.count if spread else 1 -%}
    {%- set rows = group_columns | join(', ') -%}
    {%- set spread_rows = [] -%}
    {%- for g in range(1, n_spread + 1) %}{% do spread_rows.append([g]) %}{% endfor -%}
    with sf_replicates as {{ search_metrics.materialized_cte() }} (
        select
            n as replicate,
            {{ search_metrics.hash_replicate_key(1, 'n') }} as replicate_key
        from ({{ search_metrics.integers_relation(n_permutations) }}) as sf_replicate_numbers
    ),

    -- one row per (group columns, unit_index), the deltas of the G spread groups side by side
    sf_wide_units as {{ search_metrics.materialized_cte() }} (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            unit_index
            {%- for g in range(1, n_spread + 1) %},
            max(case when {{ spread.column if spread else '1' }} = {{ g }} then delta end) as delta_{{ g }}
            {%- endfor %}
        from {{ relation }}
        group by {{ rows }}, unit_index
    ),

    -- the sign s(r, i) of every unit row under every permutation, drawn as the rows stream
    sf_signed_units as (
        select
            {% for column in group_columns %}sf_wide_units.{{ column }}, {% endfor %}
            sf_replicates.replicate,
            case
                when {{ search_metrics.hash_draw('sf_replicates.replicate_key', 'sf_wide_units.unit_index') }} < 1073741824 then 1
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
    ),

    sf_spread as (
        {{- search_metrics.literal_relation(['spread_index'], spread_rows) | indent(8) }}
    ),

    {#- the G sums of a row side by side, one row each #}
    sf_sums as (
        select
            {% for column in group_columns %}sf_permuted.{{ column }}, {% endfor %}
            sf_spread.spread_index,
            sf_permuted.replicate,
            case sf_spread.spread_index
                {%- for g in range(1, n_spread + 1) %}
                when {{ g }} then sf_permuted.permuted_sum_{{ g }}
                {%- endfor %}
            end as permuted_sum
        from sf_permuted
        cross join sf_spread
    )

    {#- a group without a unit in `relation` has no rows #}
    select
        {% for column in group_columns %}{{ column }}, {% endfor %}
        {%- if spread %}
        spread_index as {{ spread.column }},
        {%- endif %}
        replicate,
        permuted_sum
    from sf_sums
    where permuted_sum is not null
{%- endmacro %}
