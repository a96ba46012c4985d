{#-
  Two-sample Student t-test (pooled variance, scipy.stats.ttest_ind(candidate, baseline) with equal_var=True)
  per group. `relation` has the group columns, arm ('baseline' or 'candidate') and a non-null value.
  df = n_b + n_c - 2, pooled sd = sqrt((SS_b + SS_c) / df) with SS the sum of squared deviations from the arm's
  mean (two passes), t_statistic = (mean_c - mean_b) / (sd * sqrt(1/n_b + 1/n_c)), p_value_t two-sided
  (student_t_p_value; an integer df is what its exact series needs, which is why this is Student's and not
  Welch's test). Null when an arm is empty, df < 1, or sd <= 1e-12 * max(1, max |value|).
  Returns the group columns, t_statistic, p_value_t.
-#}
{% macro two_sample_t_test(relation, group_columns, terms=none) %}
    {{- return(adapter.dispatch('two_sample_t_test', 'search_metrics')(relation, group_columns, terms)) -}}
{% endmacro %}

{% macro default__two_sample_t_test(relation, group_columns, terms) -%}
    {%- set double = search_metrics.type_double() -%}
    with ts_arms as (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            sum(case when arm = 'baseline' then 1 else 0 end) as n_baseline,
            sum(case when arm = 'candidate' then 1 else 0 end) as n_candidate,
            avg(case when arm = 'baseline' then value end) as baseline_mean,
            avg(case when arm = 'candidate' then value end) as candidate_mean,
            max(abs(value)) as max_abs_value
        from {{ relation }}
        group by {{ group_columns | join(', ') }}
    ),

    ts_spread as (
        select
            {% for column in group_columns %}ts_arms.{{ column }}, {% endfor %}
            ts_arms.n_baseline,
            ts_arms.n_candidate,
            ts_arms.baseline_mean,
            ts_arms.candidate_mean,
            ts_arms.max_abs_value,
            sum(
                case
                    when ts_units.arm = 'baseline' then (ts_units.value - ts_arms.baseline_mean) * (ts_units.value - ts_arms.baseline_mean)
                    else (ts_units.value - ts_arms.candidate_mean) * (ts_units.value - ts_arms.candidate_mean)
                end
            ) as sum_squares
        from {{ relation }} as ts_units
        inner join ts_arms
            on {% for column in group_columns %}ts_arms.{{ column }} = ts_units.{{ column }}{% if not loop.last %}
            and {% endif %}{% endfor %}
        group by {% for column in group_columns %}ts_arms.{{ column }}, {% endfor %}ts_arms.n_baseline, ts_arms.n_candidate,
            ts_arms.baseline_mean, ts_arms.candidate_mean, ts_arms.max_abs_value
    ),

    ts_pooled as (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            n_baseline,
            n_candidate,
            baseline_mean,
            candidate_mean,
            max_abs_value,
            n_baseline + n_candidate - 2 as df,
            sqrt(sum_squares / nullif(cast(n_baseline + n_candidate - 2 as {{ double }}), 0)) as pooled_sd
        from ts_spread
    ),

    ts_stats as (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            df,
            case
                when n_baseline >= 1 and n_candidate >= 1
                    and pooled_sd > cast(1e-12 as {{ double }}) * greatest(cast(1 as {{ double }}), max_abs_value)
                    then (candidate_mean - baseline_mean) / (pooled_sd * sqrt(
                        1 / nullif(cast(n_baseline as {{ double }}), 0) + 1 / nullif(cast(n_candidate as {{ double }}), 0)))
            end as t_statistic
        from ts_pooled
    ),

    ts_p_values as {{ search_metrics.materialized_cte() }} (
        {{ search_metrics.student_t_p_value('ts_stats', group_columns, 't_statistic', 'df', terms) | indent(8) }}
    )

    select
        {% for column in group_columns %}ts_stats.{{ column }}, {% endfor %}
        ts_stats.t_statistic,
        ts_p_values.p_value as p_value_t
    from ts_stats
    left join ts_p_values
        on {% for column in group_columns %}ts_p_values.{{ column }} = ts_stats.{{ column }}{% if not loop.last %}
        and {% endif %}{% endfor %}
{%- endmacro %}
