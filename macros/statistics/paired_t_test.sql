{#-
  Paired t-test per group on the deltas of `relation` (group columns and a non-null `delta`): the t statistic of
  one_sample_t_statistic (mean / (sd / sqrt(n)), n - 1 degrees of freedom) and p_value_t its two-sided p-value
  (student_t_p_value). Both are null when n < 2 or every delta is equal, i.e. sd <= 1e-12 * max(1, max |delta|)
  (scipy.stats.ttest_rel would give an infinite or undefined t there). `terms`: see student_t_p_value.
  Returns the group columns, t_statistic, p_value_t.
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

    select
        {% for column in group_columns %}pt_stats.{{ column }}, {% endfor %}
        pt_stats.t_statistic,
        pt_p_values.p_value as p_value_t
    from pt_stats
    left join pt_p_values
        on {% for column in group_columns %}pt_p_values.{{ column }} = pt_stats.{{ column }}{% if not loop.last %}
        and {% endif %}{% endfor %}
{%- endmacro %}
