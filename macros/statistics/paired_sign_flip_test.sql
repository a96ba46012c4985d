{#-
  Paired randomization (sign-flip) test per group, deterministic on every engine. `relation` has the group
  columns, unit_index (1 .. n within the group) and a non-null delta. For permutation r = 1 .. n_permutations
  the unit with index i gets sign s(r, i) = +1 when hash_draw(hash_replicate_key(1, r), i) < 2^30, else -1;
  S_r = sum_i s(r, i) * delta_i (sign_flip_sums), S = sum_i delta_i, A = sum_i |delta_i|; the p-value is
  sign_flip_p_value's, (1 + #{r : |S_r| >= |S| - 1e-9 * A}) / (1 + n_permutations).
  Returns the group columns (and the spread column) and p_value_randomization.
  spread = {'column': c, 'count': G}: the groups are the group columns and column c, a whole number 1 .. G known
  at compile time (e.g. one per metric and cutoff); the sums of the G groups are drawn in one pass (sign_flip_sums).
  Same result as listing c among the group columns.
-#}
{% macro paired_sign_flip_test(relation, group_columns, n_permutations, spread=none) %}
    {{- return(adapter.dispatch('paired_sign_flip_test', 'search_metrics')(relation, group_columns, n_permutations, spread)) -}}
{% endmacro %}

{% macro default__paired_sign_flip_test(relation, group_columns, n_permutations, spread) -%}
    {%- set groups = group_columns + ([spread.column] if spread else []) -%}
    with sf_permuted_sums as {{ search_metrics.materialized_cte() }} (
        {{ search_metrics.sign_flip_sums(relation, group_columns, n_permutations, spread) | indent(8) }}
    ),

    sf_observed_sums as (
        select
            {% for column in groups %}{{ column }}, {% endfor %}
            sum(delta) as observed_sum,
            sum(abs(delta)) as absolute_sum
        from {{ relation }}
        group by {{ groups | join(', ') }}
    )

    {{ search_metrics.sign_flip_p_value('sf_permuted_sums', 'sf_observed_sums', groups, n_permutations) }}
{%- endmacro %}
