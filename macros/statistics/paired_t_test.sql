{#-
  Paired t-test per group on the deltas of `relation` (group columns and a non-null `delta`):
  n = number of deltas, mean = their mean, sd = sqrt(sum((delta - mean)^2) / (n - 1)) (two passes),
  t_statistic = mean / (sd / sqrt(n)) with n - 1 degrees of freedom, p_value_t its two-sided p-value
  (student_t_p_value). Both are null when n < 2 or every delta is equal, i.e. sd <= 1e-12 * max(1, max |delta|)
  (scipy.stats.ttest_rel would give an infinite or undefined t there). `terms`: see student_t_p_value.
  Returns the group columns, t_statistic, p_value_t.
-#}
{% macro paired_t_test(relation, group_columns, terms=none) %}
    {{- return(adapter.dispatch('paired_t_test', 'search_metrics')(relation, group_columns, terms)) -}}
{% endmacro %}

{% macro default__paired_t_test(relation, group_columns, terms) -%}
    {%- set double = search_metrics.type_double() -%}
    with pt_summary as (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            count(*) as n_units,
            avg(delta) as mean_delta,
            max(abs(delta)) as max_abs_delta
        from {{ relation }}
        group by {{ group_columns | join(', ') }}
    ),

    pt_spread as (
        select
            {% for column in group_columns %}pt_summary.{{ column }}, {% endfor %}
            pt_summary.n_units,
            pt_summary.mean_delta,
            sqrt(
                sum((pt_units.delta - pt_summary.mean_delta) * (pt_units.delta - pt_summary.mean_delta))
                / nullif(cast(pt_summary.n_units - 1 as {{ double }}), 0)
            ) as sd_delta,
            pt_summary.max_abs_delta
        from {{ relation }} as pt_units
        inner join pt_summary
            on {% for column in group_columns %}pt_summary.{{ column }} = pt_units.{{ column }}{% if not loop.last %}
            and {% endif %}{% endfor %}
        group by {% for column in group_columns %}pt_summary.{{ column }}, {% endfor %}pt_summary.n_units, pt_summary.mean_delta, pt_summary.max_abs_delta
    ),

    pt_stats as (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            n_units - 1 as df,
            case
                when sd_delta > cast(1e-12 as {{ double }}) * greatest(cast(1 as {{ double }}), max_abs_delta)
                    then mean_delta / (sd_delta / sqrt(cast(n_units as {{ double }})))
            end as t_statistic
        from pt_spread
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
