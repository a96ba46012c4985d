{#-
  The one-sample t statistic per group of the values `delta` of `relation` (group columns and a non-null `delta`):
  n_units = number of deltas, mean_delta = their mean, sd = sqrt(sum((delta - mean)^2) / (n - 1)) (two passes),
  df = n - 1, t_statistic = mean / (sd / sqrt(n)); t_statistic is null when n < 2 or every delta is equal, i.e.
  sd <= 1e-12 * max(1, max |delta|) (scipy.stats.ttest_1samp would give an infinite or undefined t there). Returns
  the group columns, n_units, mean_delta, df, t_statistic and sd_or_zero (the sd; 0 when every delta is equal and
  n >= 2; null when n < 2: the effect size's and the minimum detectable effect's sd in search_run_comparison).
  Read by paired_t_test (the deltas of paired units) and search_run_risk (TRisk: the risk-adjusted deltas).
-#}
{% macro one_sample_t_statistic(relation, group_columns) %}
    {{- return(adapter.dispatch('one_sample_t_statistic', 'search_metrics')(relation, group_columns)) -}}
{% endmacro %}

{% macro default__one_sample_t_statistic(relation, group_columns) -%}
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

    pt_spread_or_zero as (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            n_units,
            mean_delta,
            case
                when sd_delta > cast(1e-12 as {{ double }}) * greatest(cast(1 as {{ double }}), max_abs_delta)
                    then sd_delta
                when n_units >= 2 then cast(0 as {{ double }})
            end as sd_or_zero
        from pt_spread
    )

    select
        {% for column in group_columns %}{{ column }}, {% endfor %}
        n_units,
        mean_delta,
        n_units - 1 as df,
        {#- sd_or_zero > 0 exactly when the deltas are not all equal (the rule above) #}
        case
            when sd_or_zero > 0 then mean_delta / (sd_or_zero / sqrt(cast(n_units as {{ double }})))
        end as t_statistic,
        sd_or_zero
    from pt_spread_or_zero
{%- endmacro %}
