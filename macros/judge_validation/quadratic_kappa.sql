{#-
  Cohen's kappa with quadratic weights in value units, per group of `pairs` (a relation, a CTE name or a
  parenthesised subquery with the `group_columns` and two double columns value_a and value_b, one row per item the
  two sides both rated):
    kappa = 1 - mean (a - b)^2 / (var_a + var_b + (mean_a - mean_b)^2)
  with population variances: the confusion-matrix form 1 - sum w O / sum w E with w = (a - b)^2, in closed form
  (sklearn's cohen_kappa_score(weights='quadratic') with consecutive whole grades as labels; on 0/1 values the
  unweighted kappa). It reads fractional values as well. Returns one row per group: the group columns, kappa (null
  when both sides hold one and the same value throughout, where the denominator is 0) and n_items.
-#}
{% macro quadratic_kappa(pairs, group_columns) %}
    {{- return(adapter.dispatch('quadratic_kappa', 'search_metrics')(pairs, group_columns)) -}}
{% endmacro %}

{% macro default__quadratic_kappa(pairs, group_columns) -%}
    select
        {%- for column in group_columns %}
        {{ column }},
        {%- endfor %}
        count(*) as n_items,
        case
            when not (min(value_a) = max(value_a) and min(value_b) = max(value_b) and min(value_a) = min(value_b)) then
                1 - avg((value_a - value_b) * (value_a - value_b))
                / (var_pop(value_a) + var_pop(value_b) + (avg(value_a) - avg(value_b)) * (avg(value_a) - avg(value_b)))
        end as kappa
    from {{ pairs }} as kappa_pairs
    group by {{ group_columns | join(', ') }}
{%- endmacro %}
