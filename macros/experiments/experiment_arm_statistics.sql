{#-
  Per row of `relation` (one arm: the columns n_units and sum_m, sum_m2, sum_d, sum_d2, sum_md of
  search_metrics_int_experiment_moments, and with cuped=true the pre-period sums), every key column and:
    mean       sum_m / sum_d (null when sum_d = 0)
    variance   the per-unit delta-method variance of the ratio (Deng, Knoblich & Lu 2018; gbstats' RatioStatistic):
               var_m / d̄² − 2 cov_md m̄ / d̄³ + m̄² var_d / d̄⁴, sample (co)variances with n − 1; for a metric whose
               denominator is 1 per unit it is var_m. Null when n < 2 or d̄ = 0. A (co)variance or V that is
               rounding error of its subtraction (below 1e-12 of its terms' magnitudes) is 0 (zero_below_rounding).
  with cuped=true also pre_mean = sum_x / sum_y, pre_variance W (the same form over x, y) and pre_covariance C (both null when n < 2 or ȳ or d̄ is 0, where gbstats' gradient is 0), the
  delta-method covariance of the pre-period ratio with the experiment's (g_preᵀ Cov(pre, post) g_post with
  g = (1/ȳ, −x̄/ȳ²), (1/d̄, −m̄/d̄²)). docs/experiments.md.
-#}
{% macro experiment_arm_statistics(relation, key_columns, cuped=false) %}
    {{- return(adapter.dispatch('experiment_arm_statistics', 'search_metrics')(relation, key_columns, cuped)) -}}
{% endmacro %}

{% macro default__experiment_arm_statistics(relation, key_columns, cuped) -%}
    {%- set double = search_metrics.type_double() -%}
    {%- set pairs = [('m', 'm'), ('d', 'd'), ('m', 'd')] + ([('x', 'x'), ('y', 'y'), ('x', 'y'), ('x', 'm'), ('x', 'd'), ('y', 'm'), ('y', 'd')] if cuped else []) -%}
    {%- set sum_name = {('m', 'm'): 'sum_m2', ('d', 'd'): 'sum_d2', ('m', 'd'): 'sum_md', ('x', 'x'): 'sum_x2',
        ('y', 'y'): 'sum_y2', ('x', 'y'): 'sum_xy', ('x', 'm'): 'sum_mx', ('x', 'd'): 'sum_dx', ('y', 'm'): 'sum_my',
        ('y', 'd'): 'sum_dy'} -%}
    with arm_moments as (
        select
            {% for column in key_columns %}{{ column }}, {% endfor %}
            cast(n_units as {{ double }}) as n,
            sum_m,
            sum_d,
            sum_x,
            sum_y
            {%- for a, b in pairs %},
            {%- set centered = sum_name[(a, b)] ~ ' - sum_' ~ a ~ ' * sum_' ~ b ~ ' / cast(n_units as ' ~ double ~ ')' %}
            case when n_units >= 2
                then {{ search_metrics.zero_below_rounding(centered, 'abs(' ~ sum_name[(a, b)] ~ ') + abs(sum_' ~ a ~ ' * sum_' ~ b ~ ' / cast(n_units as ' ~ double ~ '))') }}
                    / cast(n_units - 1 as {{ double }})
            end as cov_{{ a }}{{ b }}
            {%- endfor %}
        from {{ relation }}
    ),

    arm_means as (
        select
            arm_moments.*,
            sum_m / n as m_bar,
            sum_d / n as d_bar,
            sum_x / n as x_bar,
            sum_y / n as y_bar
        from arm_moments
    ),

    arm_terms as (
        select
            arm_means.*,
            {#- the delta-method variances' terms: V = v1 − v2 + v3 (and W likewise over the pre-period) #}
            case when d_bar <> 0 then cov_mm / (d_bar * d_bar) end as v1,
            case when d_bar <> 0 then 2 * cov_md * m_bar / (d_bar * d_bar * d_bar) end as v2,
            case when d_bar <> 0 then m_bar * m_bar * cov_dd / (d_bar * d_bar * d_bar * d_bar) end as v3
            {%- if cuped %},
            case when y_bar <> 0 and d_bar <> 0 then cov_xx / (y_bar * y_bar) end as w1,
            case when y_bar <> 0 and d_bar <> 0 then 2 * cov_xy * x_bar / (y_bar * y_bar * y_bar) end as w2,
            case when y_bar <> 0 and d_bar <> 0 then x_bar * x_bar * cov_yy / (y_bar * y_bar * y_bar * y_bar) end as w3,
            {#- C = c1 − c2 − c3 + c4 #}
            case when y_bar <> 0 and d_bar <> 0 then cov_xm / (d_bar * y_bar) end as c1,
            case when y_bar <> 0 and d_bar <> 0 then cov_xd * m_bar / (d_bar * d_bar * y_bar) end as c2,
            case when y_bar <> 0 and d_bar <> 0 then x_bar * cov_ym / (y_bar * y_bar * d_bar) end as c3,
            case when y_bar <> 0 and d_bar <> 0 then x_bar * cov_yd * m_bar / (y_bar * y_bar * d_bar * d_bar) end as c4
            {%- endif %}
        from arm_means
    )

    select
        {% for column in key_columns %}{{ column }}, {% endfor %}
        case when sum_d <> 0 then sum_m / sum_d end as mean,
        {{ search_metrics.zero_below_rounding('v1 - v2 + v3', 'abs(v1) + abs(v2) + abs(v3)') }} as variance
        {%- if cuped %},
        case when sum_y <> 0 then sum_x / sum_y end as pre_mean,
        {{ search_metrics.zero_below_rounding('w1 - w2 + w3', 'abs(w1) + abs(w2) + abs(w3)') }} as pre_variance,
        {{ search_metrics.zero_below_rounding('c1 - c2 - c3 + c4', 'abs(c1) + abs(c2) + abs(c3) + abs(c4)') }} as pre_covariance
        {%- endif %}
    from arm_terms
{%- endmacro %}
