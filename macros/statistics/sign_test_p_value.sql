{#-
  The two-sided exact binomial (sign) test of wins_a against wins_b with p = 1/2, ties left out, per row of
  `relation` (the group columns, wins_a, wins_b):
      p = min(1, 2 P(X <= m)),  X ~ Binomial(n, 1/2),  n = wins_a + wins_b,  m = min(wins_a, wins_b),
  as scipy.stats.binomtest(wins_a, n, 0.5).pvalue. Null when n = 0. P(X = i) = exp(ln C(n, i) - n ln 2) with
  ln C from log_factorial; the sum takes the terms i = m, m - 1, ... down to max(0, m - 65535), the largest ones:
  the terms left out are below 1e-17 of the sum up to n = 2e8. Returns the group columns and p_value.
-#}
{% macro sign_test_p_value(relation, group_columns) %}
    {{- return(adapter.dispatch('sign_test_p_value', 'search_metrics')(relation, group_columns)) -}}
{% endmacro %}

{% macro default__sign_test_p_value(relation, group_columns) -%}
    {%- set groups = group_columns | join(', ') -%}
    with st_counts as (
        select
            {{ groups }},
            wins_a + wins_b as n_decisive,
            case when wins_a < wins_b then wins_a else wins_b end as n_minority
        from {{ relation }}
    ),

    st_offsets as (
        select n - 1 as offset_from_minority
        from ({{ search_metrics.integers_relation(65536) }}) as st_offset_numbers
    ),

    -- one row per binomial term i = n_minority - offset of the lower tail
    st_terms as (
        select
            {% for column in group_columns %}st_counts.{{ column }}, {% endfor %}
            st_counts.n_decisive,
            st_counts.n_minority - st_offsets.offset_from_minority as successes
        from st_counts
        inner join st_offsets on st_offsets.offset_from_minority <= st_counts.n_minority
        where st_counts.n_decisive > 0
    ),

    st_log_terms as (
        select
            {{ groups }},
            {{ search_metrics.log_factorial('n_decisive') }}
            - {{ search_metrics.log_factorial('successes') }}
            - {{ search_metrics.log_factorial('n_decisive - successes') }}
            - n_decisive * ln({{ search_metrics.as_double(2) }}) as log_probability
        from st_terms
    ),

    st_tails as (
        select
            {{ groups }},
            -- exp of a number below -700 is 0 in double precision; PostgreSQL raises an underflow instead
            sum(case when log_probability < -700 then 0 else exp(log_probability) end) as lower_tail
        from st_log_terms
        group by {{ groups }}
    )

    select
        {% for column in group_columns %}st_counts.{{ column }}, {% endfor %}
        case
            when st_counts.n_decisive = 0 then null
            when 2 * st_tails.lower_tail >= 1 then {{ search_metrics.as_double(1) }}
            else 2 * st_tails.lower_tail
        end as p_value
    from st_counts
    left join st_tails
        on {% for column in group_columns %}st_tails.{{ column }} = st_counts.{{ column }}{% if not loop.last %}
        and {% endif %}{% endfor %}
{%- endmacro %}
