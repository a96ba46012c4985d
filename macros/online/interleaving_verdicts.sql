{#-
  The interleaving verdict per group of units: `units` has the group columns, team_a, team_b, unit_id, search_date,
  outcome ('a', 'b', 'tie' or null) and preference (0.5, 0, -0.5 or null), as search_metrics_int_interleaving_units.
  Returns the group columns, team_a, team_b, n_units, wins_a, wins_b, ties, n_units_no_click, preference_delta,
  p_value (sign_test_p_value) and ci_low, ci_high (indexed_bootstrap_ci of the preference over the units with one,
  numbered in binary order of unit_id, then search_date; vars search_metrics_bootstrap_samples and
  search_metrics_confidence_level). docs/online_evaluation.md.
-#}
{% macro interleaving_verdicts(units, group_columns) %}
    {{- return(adapter.dispatch('interleaving_verdicts', 'search_metrics')(units, group_columns)) -}}
{% endmacro %}

{% macro default__interleaving_verdicts(units, group_columns) -%}
    {%- set n_bootstrap = search_metrics.get_replicate_count('search_metrics_bootstrap_samples', 1000) -%}
    {%- set level = search_metrics.get_confidence_level() -%}
    {%- set groups = group_columns | join(', ') -%}
    with iv_counts as (
        select
            {{ groups }},
            min(team_a) as team_a,
            min(team_b) as team_b,
            count(*) as n_units,
            sum(case when outcome = 'a' then 1 else 0 end) as wins_a,
            sum(case when outcome = 'b' then 1 else 0 end) as wins_b,
            sum(case when outcome = 'tie' then 1 else 0 end) as ties,
            sum(case when outcome is null then 1 else 0 end) as n_units_no_click
        from {{ units }}
        group by {{ groups }}
    ),

    iv_preference_units as (
        select
            {{ groups }},
            row_number() over (
                partition by {{ groups }}
                order by {{ search_metrics.binary_order('unit_id') }}, search_date
            ) as unit_index,
            preference as delta
        from {{ units }}
        where preference is not null
    ),

    iv_p_values as (
        {{ search_metrics.sign_test_p_value('iv_counts', group_columns) | indent(8) }}
    ),

    iv_intervals as (
        {{ search_metrics.indexed_bootstrap_ci('iv_preference_units', group_columns, n_bootstrap, level) | indent(8) }}
    )

    select
        {% for column in group_columns %}iv_counts.{{ column }}, {% endfor %}
        iv_counts.team_a,
        iv_counts.team_b,
        cast(iv_counts.n_units as {{ dbt.type_bigint() }}) as n_units,
        cast(iv_counts.wins_a as {{ dbt.type_bigint() }}) as wins_a,
        cast(iv_counts.wins_b as {{ dbt.type_bigint() }}) as wins_b,
        cast(iv_counts.ties as {{ dbt.type_bigint() }}) as ties,
        cast(iv_counts.n_units_no_click as {{ dbt.type_bigint() }}) as n_units_no_click,
        case
            when iv_counts.wins_a + iv_counts.wins_b + iv_counts.ties = 0 then null
            else ({{ search_metrics.as_double('iv_counts.wins_a') }} + {{ search_metrics.as_double('iv_counts.ties') }} / 2)
                / (iv_counts.wins_a + iv_counts.wins_b + iv_counts.ties) - 0.5
        end as preference_delta,
        iv_p_values.p_value,
        iv_intervals.ci_low,
        iv_intervals.ci_high
    from iv_counts
    inner join iv_p_values
        on {% for column in group_columns %}iv_p_values.{{ column }} = iv_counts.{{ column }}{% if not loop.last %}
        and {% endif %}{% endfor %}
    left join iv_intervals
        on {% for column in group_columns %}iv_intervals.{{ column }} = iv_counts.{{ column }}{% if not loop.last %}
        and {% endif %}{% endfor %}
{%- endmacro %}
