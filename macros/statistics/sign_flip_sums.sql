{#-
  The permuted sums of the sign-flip test: per row of group columns of `wide_units` (as wide_units lays them out:
  the group columns, unit_key and delta_1 .. delta_G) and permutation r = 1 .. n_permutations, value_g =
  sum_u s(r, u) * delta_g(u) over the units of spread group g, where s(r, u) = +1 when
  hash_draw(hash_replicate_key(1, r), u) < 2^30, else -1 (paired_sign_flip_test). 0 for a group with no unit.
  The sign is computed in the pass (units cross join replicates) rather than read from a table of signs joined on
  the unit: gathering a wide unit row for every (r, u) from a hash table outgrows the CPU caches at 100k units
  (bench/README.md), while the cross join reads each unit row once per replicate as it streams. The replicates are a
  materialized CTE on PostgreSQL (materialized_cte): inlined, its nested loop computed them again per row.
  Returns the group columns, replicate and value_1 .. value_G (doubles).
-#}
{% macro sign_flip_sums(wide_units, group_columns, n_spread, n_permutations) %}
    {{- return(adapter.dispatch('sign_flip_sums', 'search_metrics')(wide_units, group_columns, n_spread, n_permutations)) -}}
{% endmacro %}

{% macro default__sign_flip_sums(wide_units, group_columns, n_spread, n_permutations) -%}
    {%- set double = search_metrics.type_double() -%}
    with sfs_replicates as {{ search_metrics.materialized_cte() }} (
        {{ search_metrics.replicate_keys(1, n_permutations) | indent(8) }}
    ),

    -- the sign s(r, u) of every unit row under every permutation, drawn as the rows stream
    sfs_signed_units as (
        select
            {% for column in group_columns %}{{ wide_units }}.{{ column }}, {% endfor %}
            sfs_replicates.replicate,
            case
                when {{ search_metrics.hash_draw('sfs_replicates.replicate_key', wide_units ~ '.unit_key') }} < 1073741824 then 1
                else -1
            end as flip
            {%- for g in range(1, n_spread + 1) %},
            {{ wide_units }}.delta_{{ g }}
            {%- endfor %}
        from {{ wide_units }}
        cross join sfs_replicates
    )

    select
        {% for column in group_columns %}{{ column }}, {% endfor %}
        replicate
        {%- for g in range(1, n_spread + 1) %},
        coalesce(cast(sum(flip * delta_{{ g }}) as {{ double }}), cast(0 as {{ double }})) as value_{{ g }}
        {%- endfor %}
    from sfs_signed_units
    group by {% for column in group_columns %}{{ column }}, {% endfor %}replicate
{%- endmacro %}
