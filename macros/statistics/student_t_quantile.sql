{#-
  The quantile t of Student's t distribution with a real df > 0 per row of `relation`: T_df(t) = probability, for a
  probability known at compile time with 1/2 < probability < 1 (a two-sided interval at level alpha takes
  probability = 1 - alpha / 2), as scipy.stats.t.ppf(probability, df).
  Solves ln p(t) = ln p*, p* = 2 (1 - probability), p the two-sided tail of student_t_tail_terms, in u = ln t by
  Halley's method: with h = ln p - ln p*, e = -dh/du (the core's tt_elasticity) and e' = de/du =
  e (1 - (df + 1) t^2 / (df + t^2) + e),
      u <- u + (h / e) / (1 + h e' / (2 e^2))     (Newton's step h / e where that divisor is below 1/2),
  three steps, each a pass of the core (a join of every row with 64 quadrature nodes). ln p is nearly linear in
  ln t for a heavy tail (df < 1) and near the root for every df, so the steps converge fast: from the start below,
  three reach |delta| / t below 5e-13 of scipy on a random grid of df in [0.05, 1e8] and probability in
  [0.5001, 0.999999] (at probability 0.501, df = 4, scipy.stats.t.ppf itself is off by 2e-11: its own cdf says so).
  Start: the smaller of the first Cornish-Fisher terms z + (z^3 + z) / (4 df), z = normal_quantile(probability)
  (compile time), and the tail's leading term solved for t, sqrt(df) (p* a sqrt(pi) Gamma(a) / Gamma(a + 1/2))^(-1/df),
  a = df / 2. Few levels of subqueries on purpose: Spark's analyzer stops after 100 rounds of resolution, and this
  leaves room for 40 more levels of projection above it (measured; 50 fail).
  Returns the group columns and t_quantile (double), one row per row of `relation`; null when df is null or <= 0,
  and when the quantile exceeds 1e99 (only for df below ~0.1 with a probability near 1). df above 1e15 is read as
  1e15. The group columns must identify a row. A probability outside (1/2, 1) is a compile error. Dispatched.
-#}
{% macro student_t_quantile(relation, group_columns, df_column, probability) %}
    {%- if not search_metrics.is_number(probability) or probability <= 0.5 or probability >= 1 -%}
        {{- exceptions.raise_compiler_error("search_metrics: student_t_quantile needs 1/2 < probability < 1, got "
            ~ probability) -}}
    {%- endif -%}
    {%- if group_columns | length == 0 -%}
        {{- exceptions.raise_compiler_error("search_metrics: student_t_quantile needs at least one group column") -}}
    {%- endif -%}
    {{- return(adapter.dispatch('student_t_quantile', 'search_metrics')(relation, group_columns, df_column, probability)) -}}
{% endmacro %}

{% macro default__student_t_quantile(relation, group_columns, df_column, probability) -%}
    {%- set double = search_metrics.type_double() -%}
    {%- set fence = search_metrics.subquery_fence() -%}
    {%- set groups -%}{% for column in group_columns %}{{ column }}, {% endfor %}{%- endset -%}
    {%- set n_steps = 3 -%}
    {%- set z = search_metrics.normal_quantile(probability) -%}
    {%- set p_target = 2 * (1 - probability) -%}
    {%- set c_target = 2 * probability - 1 -%}
    {#- ln p*: from 1 - p* near probability 1/2, where 1 - c would round #}
    {%- if c_target < 0.5 -%}
        {%- set log_target = search_metrics.log_one_plus(search_metrics.as_double(0 - c_target)) -%}
    {%- else -%}
        {%- set log_target = 'ln(' ~ search_metrics.as_double(p_target) ~ ')' -%}
    {%- endif -%}
    {#- the tail's start sqrt(df) exp(min(E, 230)), E = -(ln p* + ln(a) / 2 + ln(pi) / 2 - ln(Gamma(a + 1/2) / (Gamma(a) sqrt(a)))) / df #}
    {%- set exponent = '(-((' ~ log_target ~ ') + ln(qt_df / 2) / 2 + ln(' ~ search_metrics.pi() ~ ') / 2 - '
        ~ search_metrics.log_gamma_half_ratio('(qt_df / 2)') ~ ') / qt_df)' -%}
    {%- set tail_start = '(sqrt(qt_df) * exp(case when ' ~ exponent ~ ' > 230 then 230 else ' ~ exponent ~ ' end))' -%}
    {%- set normal_start = '(' ~ z ~ ' + ' ~ ((z * z * z + z) / 4) ~ ' / qt_df)' -%}
    {#- Halley's step in u = ln t: h = ln p - ln p*, e = -h', e' = de/du = e (1 - (df + 1) t^2 / (df + t^2) + e),
        u <- u + (h / e) / (1 + h e' / (2 e^2)); Newton's step h / e where that divisor is below 1/2 #}
    {%- set h = '(tt_log_p - (' ~ log_target ~ '))' -%}
    {%- set divisor = '(1 + ' ~ h ~ ' * (1 - (tt_df + 1) * (tt_t * tt_t / (tt_df + tt_t * tt_t)) + tt_elasticity) / (2 * tt_elasticity))' -%}
    {%- set log_t = '(ln(tt_t) + case when ' ~ divisor ~ ' > 0.5 then ' ~ h ~ ' / tt_elasticity / ' ~ divisor
        ~ ' else ' ~ h ~ ' / tt_elasticity end)' -%}
    with qt_start as (
        select
            {{ groups }}
            qt_df,
            case when {{ normal_start }} < {{ tail_start }} then {{ normal_start }} else {{ tail_start }} end as qt_t
        from (
            select
                {{ groups }}
                case when ({{ df_column }}) > 0 then
                    case
                        when cast({{ df_column }} as {{ double }}) > 1e15 then cast(1e15 as {{ double }})
                        when cast({{ df_column }} as {{ double }}) < 1e-100 then cast(1e-100 as {{ double }})
                        else cast({{ df_column }} as {{ double }})
                    end
                end as qt_df
            from {{ relation }}
            {{ fence }}
        ) as qt_input
    ){% for step in range(1, n_steps + 1) %},

    qt_step_{{ step }} as (
        select
            {{ groups }}
            tt_df as qt_df,
            exp(case when {{ log_t }} > 230 then 230 when {{ log_t }} < -230 then -230 else {{ log_t }} end) as qt_t
        from (
            {{ search_metrics.student_t_tail_terms('qt_start' if step == 1 else 'qt_step_' ~ (step - 1),
                group_columns, 'qt_t', 'qt_df') | indent(12) }}
            {{ fence }}
        ) as qt_terms
    ){% endfor %}

    select
        {{ groups }}
        case when qt_df is not null and qt_t < 1e99 then qt_t end as t_quantile
    from qt_step_{{ n_steps }}
{%- endmacro %}
