{#-
  Krippendorff's alpha with the interval metric (delta^2 = (c - k)^2), per group of `ratings` (a relation, a CTE
  name or a parenthesised subquery with the `group_columns`, the `item_columns` and a double column `value`, one
  row per rating; the group columns must not be null). An item (a combination of the item columns within a group)
  is pairable with at least two ratings; the others are left out. Over a group's pairable items, n ratings in all:
    alpha = 1 - (n - 1) * sum_u [m_u^2 var_u / (m_u - 1)] / (n^2 var)
  with m_u and var_u an item's number of ratings and their population variance and var the population variance of
  all n ratings (from the items' means and variances): the coincidence-matrix form of Krippendorff (2011). On 0/1
  values it equals nominal alpha. Returns one row per group with a pairable item: the group columns, alpha (null
  when all those ratings are equal: no expected disagreement), n_items (pairable items), n_ratings (their ratings).
  A group without a pairable item has no row.
-#}
{% macro interval_alpha(ratings, group_columns, item_columns) %}
    {{- return(adapter.dispatch('interval_alpha', 'search_metrics')(ratings, group_columns, item_columns)) -}}
{% endmacro %}

{% macro default__interval_alpha(ratings, group_columns, item_columns) -%}
    {%- set item_on = [] -%}
    {%- set variance_on = [] -%}
    {%- for column in group_columns -%}
        {%- do item_on.append('alpha_items.' ~ column ~ ' = alpha_sums.' ~ column) -%}
        {%- do variance_on.append('alpha_variance.' ~ column ~ ' = alpha_sums.' ~ column) -%}
    {%- endfor %}
    with alpha_items as (
        select
            {%- for column in group_columns + item_columns %}
            {{ column }},
            {%- endfor %}
            count(*) as n_ratings,
            avg(value) as item_mean,
            var_pop(value) as item_variance,
            min(value) as min_value,
            max(value) as max_value
        from {{ ratings }} as alpha_ratings
        group by {{ (group_columns + item_columns) | join(', ') }}
        having count(*) >= 2
    ),

    alpha_sums as (
        select
            {%- for column in group_columns %}
            {{ column }},
            {%- endfor %}
            count(*) as n_items,
            sum(n_ratings) as n_ratings,
            sum(n_ratings * item_mean) / sum(n_ratings) as group_mean,
            sum(n_ratings * n_ratings * item_variance / (n_ratings - 1)) as observed_sum,
            min(min_value) as min_value,
            max(max_value) as max_value
        from alpha_items
        group by {{ group_columns | join(', ') }}
    ),

    -- the population variance of a group's pairable ratings, from its items' means and variances
    alpha_variance as (
        select
            {%- for column in group_columns %}
            alpha_sums.{{ column }},
            {%- endfor %}
            sum(
                alpha_items.n_ratings * alpha_items.item_variance
                + alpha_items.n_ratings
                * (alpha_items.item_mean - alpha_sums.group_mean) * (alpha_items.item_mean - alpha_sums.group_mean)
            ) / max(alpha_sums.n_ratings) as group_variance
        from alpha_sums
        inner join alpha_items
            on {{ item_on | join('\n            and ') }}
        group by alpha_sums.{{ group_columns | join(', alpha_sums.') }}
    )

    select
        {%- for column in group_columns %}
        alpha_sums.{{ column }},
        {%- endfor %}
        case
            when alpha_sums.min_value < alpha_sums.max_value then
                1 - (alpha_sums.n_ratings - 1) * alpha_sums.observed_sum
                / ({{ search_metrics.as_double('alpha_sums.n_ratings') }} * alpha_sums.n_ratings
                   * alpha_variance.group_variance)
        end as alpha,
        alpha_sums.n_items,
        alpha_sums.n_ratings
    from alpha_sums
    inner join alpha_variance
        on {{ variance_on | join('\n        and ') }}
{%- endmacro %}
