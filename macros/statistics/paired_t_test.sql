{#-
  Paired t-test per group on the deltas of `relation` (group columns and a non-null `delta`): the t statistic of
  one_sample_t_statistic (mean / (sd / sqrt(n)), n - 1 degrees of freedom) and p_value_t its two-sided p-value
  (student_t_p_value). Both are null when n < 2 or every delta is equal, i.e. sd <= 1e-12 * max(1, max |delta|)
  (scipy.stats.ttest_rel would give an infinite or undefined t there). `terms`: see student_t_p_value.
  Returns the group columns, n_units, mean_delta and sd_or_zero (one_sample_t_statistic's: the number of deltas,
  their mean and their sd, 0 when every delta is equal), t_statistic, p_value_t.
-#}
{% macro paired_t_test(relation, group_columns, terms=none) %}
    {{- return(adapter.dispatch('paired_t_test', 'search_metrics')(relation, group_columns, terms)) -}}
{% endmacro %}

{% macro default__paired_t_test(relation, group_columns, terms) -%}
    with pt_stats as (
        {{ search_metrics.one_sample_t_statistic(relation, group_columns) | indent(8) }}
    ),

    pt_p_values as {{ search_metrics.materialized_cte() }} (
        {{ search_metrics.student_t_p_value('pt_stats', group_columns, 't_statistic', 'df', terms) | indent(8) }}
    )

    {#- each group's statistics and its p-value side by side by one grouped pass over both (a row each), not by a
        join: PostgreSQL, misjudging the rows of the two CTEs, ran the join as a nested loop (seconds on a few
        thousand groups) #}
    select
        {% for column in group_columns %}{{ column }}, {% endfor %}
        max(n_units) as n_units,
        max(mean_delta) as mean_delta,
        max(sd_or_zero) as sd_or_zero,
        max(t_statistic) as t_statistic,
        max(p_value) as p_value_t
    from (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            n_units,
            mean_delta,
            sd_or_zero,
            t_statistic,
            cast(null as {{ search_metrics.type_double() }}) as p_value
        from pt_stats
        union all
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            null as n_units,
            null as mean_delta,
            null as sd_or_zero,
            null as t_statistic,
            p_value
        from pt_p_values
    ) as pt_sides
    group by {{ group_columns | join(', ') }}
{%- endmacro %}
