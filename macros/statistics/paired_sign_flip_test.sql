{#-
  Paired randomization (sign-flip) test per group, deterministic on every engine. `relation` has the group
  columns, unit_index (1 .. n within the group) and a non-null delta. For permutation r = 1 .. n_permutations
  the unit with index i gets sign s(r, i) = +1 when hash_draw(hash_replicate_key(1, r), i) < 2^30, else -1;
  S_r = sum_i s(r, i) * delta_i, S = sum_i delta_i, A = sum_i |delta_i|. A permutation is at least as extreme
  when |S_r| >= |S| - 1e-9 * A (the tolerance absorbs floating-point summation order); with b such permutations,
  p_value_randomization = (1 + b) / (1 + n_permutations) (Phipson & Smyth: the observed assignment counts once).
  Returns the group columns and p_value_randomization.
-#}
{% macro paired_sign_flip_test(relation, group_columns, n_permutations) %}
    {{- return(adapter.dispatch('paired_sign_flip_test', 'search_metrics')(relation, group_columns, n_permutations)) -}}
{% endmacro %}

{% macro default__paired_sign_flip_test(relation, group_columns, n_permutations) -%}
    {%- set double = search_metrics.type_double() -%}
    with sf_replicates as (
        select
            n as replicate,
            {{ search_metrics.hash_replicate_key(1, 'n') }} as replicate_key
        from ({{ search_metrics.integers_relation(n_permutations) }}) as sf_replicate_numbers
    ),

    sf_indices as (
        select distinct unit_index from {{ relation }}
    ),

    sf_signs as (
        select
            sf_replicates.replicate,
            sf_indices.unit_index,
            case
                when {{ search_metrics.hash_draw('sf_replicates.replicate_key', 'sf_indices.unit_index') }} < 1073741824 then 1
                else -1
            end as flip
        from sf_replicates
        cross join sf_indices
    ),

    sf_observed as (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            sum(delta) as observed_sum,
            sum(abs(delta)) as absolute_sum
        from {{ relation }}
        group by {{ group_columns | join(', ') }}
    ),

    sf_permuted as (
        select
            {% for column in group_columns %}sf_units.{{ column }}, {% endfor %}
            sf_signs.replicate,
            sum(sf_signs.flip * sf_units.delta) as permuted_sum
        from {{ relation }} as sf_units
        inner join sf_signs on sf_signs.unit_index = sf_units.unit_index
        group by {% for column in group_columns %}sf_units.{{ column }}, {% endfor %}sf_signs.replicate
    )

    select
        {% for column in group_columns %}sf_observed.{{ column }}, {% endfor %}
        cast(1 + sum(
            case
                when abs(sf_permuted.permuted_sum)
                    >= abs(sf_observed.observed_sum) - cast(1e-9 as {{ double }}) * sf_observed.absolute_sum then 1
                else 0
            end
        ) as {{ double }}) / {{ n_permutations + 1 }} as p_value_randomization
    from sf_observed
    inner join sf_permuted
        on {% for column in group_columns %}sf_permuted.{{ column }} = sf_observed.{{ column }}{% if not loop.last %}
        and {% endif %}{% endfor %}
    group by {% for column in group_columns %}sf_observed.{{ column }}{% if not loop.last %}, {% endif %}{% endfor %}
{%- endmacro %}
