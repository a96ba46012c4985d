{#-
  The two-sided p-value of the paired sign-flip test (paired_sign_flip_test) from its replicate sums: `sums` has the
  group columns, replicate and permuted_sum S_r (sign_flip_sums), `observed` the group columns, observed_sum
  S = sum_i delta_i and absolute_sum A = sum_i |delta_i|. A permutation is at least as extreme when
  |S_r| >= |S| - 1e-9 * A (the tolerance absorbs floating-point summation order, also that of sums updated by the
  changed units only); with b such permutations, p_value_randomization = (1 + b) / (1 + n_permutations) (Phipson &
  Smyth: the observed assignment counts once). Every group of `observed` must have its n_permutations rows in `sums`.
  Returns the group columns and p_value_randomization.
-#}
{% macro sign_flip_p_value(sums, observed, group_columns, n_permutations) %}
    {{- return(adapter.dispatch('sign_flip_p_value', 'search_metrics')(sums, observed, group_columns, n_permutations)) -}}
{% endmacro %}

{% macro default__sign_flip_p_value(sums, observed, group_columns, n_permutations) -%}
    {%- set double = search_metrics.type_double() -%}
    select
        {% for column in group_columns %}sf_observed.{{ column }}, {% endfor %}
        cast(1 + sum(
            case
                when abs(sf_sums.permuted_sum)
                    >= abs(sf_observed.observed_sum) - cast(1e-9 as {{ double }}) * sf_observed.absolute_sum then 1
                else 0
            end
        ) as {{ double }}) / {{ n_permutations + 1 }} as p_value_randomization
    from {{ observed }} as sf_observed
    inner join {{ sums }} as sf_sums
        on {% for column in group_columns %}sf_sums.{{ column }} = sf_observed.{{ column }}{% if not loop.last %}
        and {% endif %}{% endfor %}
    group by {% for column in group_columns %}sf_observed.{{ column }}{{ ', ' if not loop.last }}{% endfor %}
{%- endmacro %}
