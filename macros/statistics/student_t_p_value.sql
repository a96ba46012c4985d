{#-
  Two-sided p-value of Student's t distribution, P(|T| >= |t|) with df degrees of freedom (a whole number >= 1),
  from the exact finite series of Abramowitz & Stegun 26.7.3 / 26.7.4. With theta = atan(|t| / sqrt(df)),
  s = sin(theta) = |t| / sqrt(df + t^2) and c2 = cos(theta)^2 = df / (df + t^2):
      df even:  A = s * sum_{j=0}^{(df-2)/2} a_j c2^j,   a_0 = 1, a_j = a_{j-1} (2j - 1) / (2j)
      df odd:   A = (2 / pi) (theta + s sqrt(c2) * sum_{j=0}^{(df-3)/2} b_j c2^j),   b_0 = 1, b_j = b_{j-1} (2j) / (2j + 1)
                (no sum when df = 1)
      p = 1 - A, clamped to [0, 1].
  The terms are rows: each term j joins a row of `terms` (a relation with a whole-number column term_index
  covering 0 .. floor(max df / 2), each index once; default 0 .. 99999, i.e. df up to 200000). The coefficients
  come from a running sum of ln((2m - 1) / (2m)) (even) or ln(2m / (2m + 1)) (odd) over m = 1 .. j, and term j =
  exp(that) * power(c2, j). A coefficient depends on j and the parity of df only, so the running sums are computed
  once per parity, over the term indexes up to the largest one any row needs, and joined to each row's terms.
  `relation` has the group columns, a t statistic (nullable) and df; returns the group columns and p_value for
  the rows whose t is not null and df >= 1.
-#}
{% macro student_t_p_value(relation, group_columns, t_column, df_column, terms=none) %}
    {{- return(adapter.dispatch('student_t_p_value', 'search_metrics')(relation, group_columns, t_column, df_column, terms)) -}}
{% endmacro %}

{% macro default__student_t_p_value(relation, group_columns, t_column, df_column, terms) -%}
    {%- set terms_relation = terms if terms is not none else '(select n - 1 as term_index from (' ~ search_metrics.integers_relation(100000) ~ ') as term_numbers)' -%}
    {%- set double = search_metrics.type_double() -%}
    with st_input as (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            cast({{ df_column }} as {{ dbt.type_bigint() }}) as df,
            abs(cast({{ t_column }} as {{ double }})) as abs_t
        from {{ relation }}
        where {{ t_column }} is not null
            and {{ df_column }} >= 1
    ),

    st_angles as (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            df,
            abs_t,
            abs_t / sqrt(cast(df as {{ double }}) + abs_t * abs_t) as sin_theta,
            cast(df as {{ double }}) / (cast(df as {{ double }}) + abs_t * abs_t) as cos2_theta,
            {#- term j is in the sum when 2j <= df - 2 (even) or 2j <= df - 3 (odd) #}
            df - 2 - {{ search_metrics.modulo('df', 2) }} as twice_last_term
        from st_input
    ),

    st_terms_index as {{ search_metrics.materialized_cte() }} (
        {#- once, not once per row of st_angles: PostgreSQL rescans the inner side of a nested loop, and a terms
            relation such as `select distinct ... from units` would be computed again for every row #}
        select term_index from {{ terms_relation }} as st_term_numbers
    ),

    st_coefficients_by_parity as {{ search_metrics.materialized_cte() }} (
        {#- the coefficient of term j for each parity of df: a running sum over j (term_index is unique, so the
            running sum is fully ordered), up to the largest term a row of st_angles needs #}
        select
            st_parities.df_parity,
            st_terms_index.term_index,
            sum(
                case
                    when st_terms_index.term_index = 0 then cast(0 as {{ double }})
                    when st_parities.df_parity = 0 then ln(
                        cast(2 * st_terms_index.term_index - 1 as {{ double }})
                        / nullif(cast(2 * st_terms_index.term_index as {{ double }}), 0))
                    else ln(
                        cast(2 * st_terms_index.term_index as {{ double }})
                        / cast(2 * st_terms_index.term_index + 1 as {{ double }}))
                end
            ) over (
                partition by st_parities.df_parity
                order by st_terms_index.term_index
                rows between unbounded preceding and current row
            ) as log_coefficient
        from st_terms_index
        cross join (
            select 0 as df_parity
            union all
            select 1 as df_parity
        ) as st_parities
        where 2 * st_terms_index.term_index <= (select max(twice_last_term) from st_angles)
    ),

    st_coefficients as (
        select
            {% for column in group_columns %}st_angles.{{ column }}, {% endfor %}
            st_angles.cos2_theta,
            st_coefficients_by_parity.term_index,
            st_coefficients_by_parity.log_coefficient
        from st_angles
        inner join st_coefficients_by_parity
            on st_coefficients_by_parity.df_parity = {{ search_metrics.modulo('st_angles.df', 2) }}
            and 2 * st_coefficients_by_parity.term_index <= st_angles.twice_last_term
    ),

    st_series as {{ search_metrics.materialized_cte() }} (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            sum(exp(log_coefficient) * power(cos2_theta, cast(term_index as {{ double }}))) as series
        from st_coefficients
        group by {{ group_columns | join(', ') }}
    )

    select
        {% for column in group_columns %}st_angles.{{ column }}, {% endfor %}
        greatest(cast(0 as {{ double }}), least(cast(1 as {{ double }}),
            case
                when {{ search_metrics.modulo('st_angles.df', 2) }} = 0 then 1 - st_angles.sin_theta * coalesce(st_series.series, 0)
                else 1 - 2 / {{ search_metrics.pi() }} * (
                    atan(st_angles.abs_t / sqrt(cast(st_angles.df as {{ double }})))
                    + st_angles.sin_theta * sqrt(st_angles.cos2_theta) * coalesce(st_series.series, 0)
                )
            end
        )) as p_value
    from st_angles
    left join st_series
        on {% for column in group_columns %}st_series.{{ column }} = st_angles.{{ column }}{% if not loop.last %}
        and {% endif %}{% endfor %}
{%- endmacro %}
