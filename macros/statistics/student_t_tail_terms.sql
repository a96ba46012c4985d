{#-
  The two-sided tail of Student's t distribution with a real df > 0, with its logarithm and elasticity, per row of
  `relation`: the shared core of student_t_tail (the p-value) and student_t_quantile (its Halley steps).
  With t = |t| and a = df / 2, p(t) = P(|T| >= t) = I_x(a, 1/2), x = df / (df + t^2), and the density is
  f(t) = Gamma(a + 1/2) / (Gamma(a) sqrt(df pi)) (1 + t^2/df)^-(df + 1)/2.
    Tail (t >= sqrt(df), x <= 1/2): the hypergeometric series of the incomplete beta function,
        p = x^a (1 - x)^(1/2) Gamma(a + 1/2) / (a Gamma(a) sqrt(pi)) * F,
        F = sum_k prod_{j<k} (a + 1/2 + j) / (a + 1 + j) x^k     (positive terms below 2^-k: 50 terms, Horner form),
      in logarithms (x^a underflows at large df), x = r^2 / (1 + r^2) and ln x = 2 ln r + ln(1 - x) from
      ln r = ln(df) / 2 - ln t, so no t^2 is formed (t may be 1e300).
    Centre (t < sqrt(df)): p = p(sqrt(df)) (the series at x = 1/2) + 2 * integral of f from t to sqrt(df), the
      integral by the composite Gauss-Legendre rule of gauss_legendre_nodes (64 nodes). The integral stops at
      t + min(13, 40 / lambda), lambda = (df + 1) t / (df + t^2) the decay rate of f at t: on [t, sqrt(df)],
      f(s) / f(t) <= exp(-(s - t)^2 / 4) and <= exp(-lambda (s - t)), so what is left out is below e^-36 of the
      integral (for a large df the integrand is a narrow normal peak, and the rule sees the part that counts).
      ln(1 + s^2/df) by log_one_plus (full precision for a small s^2/df, where ln(1 + y) rounds).
    Gamma(a + 1/2) / Gamma(a) = sqrt(a) exp(log_gamma_half_ratio(a)).
  p has a relative error below ~3e-13 down to p ~ 1e-250 (an integrand below e^-600 is read as e^-600, so p below
  ~1e-250 is only close in absolute terms); |delta| ~1e-15 against scipy. df above 1e15 is read as 1e15 (the t
  distribution is then the normal to 1e-15) and below 1e-100 as 1e-100, |t| below 1e-100 as 0: so no step under-
  or overflows on PostgreSQL.
  Returns the group columns and
    tt_t (|t|, double), tt_df (df as read), tt_p (p, not clamped: may exceed 1 by an ulp),
    tt_log_p (ln p; in the tail from the series' logarithm, so finite where p underflows),
    tt_elasticity (-d ln p / d ln t = 2 t f(t) / p; in the tail df / F),
  one row per row of `relation`, all null when t is null or df is null or <= 0. The group columns must identify a
  row. Only subqueries (no WITH), so that it nests (student_t_quantile) without two CTEs of one name, and only six
  levels of them (Spark's analyzer gives up on deep plans); each ends with subquery_fence (PostgreSQL). Dispatched.
-#}
{% macro student_t_tail_terms(relation, group_columns, t_column, df_column) %}
    {%- if group_columns | length == 0 -%}
        {{- exceptions.raise_compiler_error("search_metrics: student_t_tail_terms needs at least one group column") -}}
    {%- endif -%}
    {{- return(adapter.dispatch('student_t_tail_terms', 'search_metrics')(relation, group_columns, t_column, df_column)) -}}
{% endmacro %}

{% macro default__student_t_tail_terms(relation, group_columns, t_column, df_column) -%}
    {%- set double = search_metrics.type_double() -%}
    {%- set fence = search_metrics.subquery_fence() -%}
    {%- set groups -%}{% for column in group_columns %}{{ column }}, {% endfor %}{%- endset -%}
    {#- F of the series in Horner form: 1 + x c_0 (1 + x c_1 (... (1 + x c_49))), c_k = (a + k + 1/2) / (a + k + 1) #}
    {%- set ns = namespace(horner='1') -%}
    {%- for k in range(49, -1, -1) -%}
        {%- set ns.horner = '1 + tt_x * (tt_a + ' ~ (k + 0.5) ~ ') / (tt_a + ' ~ (k + 1) ~ ') * (' ~ ns.horner ~ ')' -%}
    {%- endfor -%}
    {#- the centre's decay rate lambda = (df + 1) t / (df + t^2) (t < sqrt(df): no overflow; t >= 1e-100 or 0: no
        underflow), and the integral's length min(13, 40 / lambda) #}
    {%- set decay = '(tt_df + 1) * tt_t / (tt_df + tt_t * tt_t)' -%}
    {%- set length = 'case when 13 * ' ~ decay ~ ' > 40 then 40 / (' ~ decay ~ ') else 13 end' -%}
    {%- set is_tail = 'tt_t >= sqrt(tt_df)' -%}
    {%- set log_r = 'case when ' ~ is_tail ~ ' then ln(tt_df) / 2 - ln(case when ' ~ is_tail ~ ' then tt_t end) else 0 end' -%}
    {%- set log_one_minus_x = search_metrics.log_one_plus('(0 - tt_rows.tt_x)') -%}
    select
        {{ groups }}
        tt_t,
        tt_df,
        tt_p,
        case when tt_tail = 1 then tt_log_tail else ln(case when tt_tail = 0 and tt_p > 0 then tt_p end) end as tt_log_p,
        case
            when tt_tail = 1 then tt_df / tt_series
            else 2 * tt_t * {{ (2 * 3.141592653589793) ** -0.5 }} * exp(tt_log_ratio)
                * exp(greatest(-(tt_df + 1) / 2 * {{ search_metrics.log_one_plus('tt_rho_squared') }}, -600)) / nullif(tt_p, 0)
        end as tt_elasticity
    from (
        -- p: the series alone (tail), or the series at sqrt(df) plus 2 * the integral of f from t to the upper end
        select
            {{ groups }}
            tt_t,
            tt_df,
            tt_tail,
            tt_log_ratio,
            tt_series,
            tt_log_tail,
            tt_rho_squared,
            case
                when tt_tail = 1 then case when tt_log_tail < -700 then 0 else exp(greatest(tt_log_tail, -700)) end
                when tt_tail = 0 then case when tt_log_tail < -700 then 0 else exp(greatest(tt_log_tail, -700)) end
                    + {{ (2 / 3.141592653589793) ** 0.5 }} * exp(tt_log_ratio) * (tt_upper - tt_t)
                        * sum(node_weight * exp(greatest(-(tt_df + 1) / 2 * {{ search_metrics.log_one_plus('tt_node_y') }}, -600)))
            end as tt_p
        from (
            -- one row per node of the centre's rule; the tail's rows join none
            select
                tt_rows.*,
                tt_nodes.node_weight,
                -- (s / sqrt(df))^2 at node s = t + (upper - t) * position (never below ~1e-19)
                power((tt_rows.tt_t + (tt_rows.tt_upper - tt_rows.tt_t) * tt_nodes.node_position) / sqrt(tt_rows.tt_df), 2) as tt_node_y,
                -- ln of the series' p: a ln x + ln(1 - x) / 2 + ln(Gamma(a + 1/2) / Gamma(a)) - ln a - ln(pi) / 2 + ln F,
                -- ln x = 2 ln r + ln(1 - x)
                tt_rows.tt_a * (2 * tt_rows.tt_log_r + {{ log_one_minus_x }})
                    + {{ log_one_minus_x }} / 2
                    + tt_rows.tt_log_ratio - ln(tt_rows.tt_a) / 2 - ln({{ search_metrics.pi() }}) / 2 + ln(tt_rows.tt_series) as tt_log_tail
            from (
                select
                    {{ groups }}
                    tt_t,
                    tt_df,
                    tt_a,
                    tt_tail,
                    tt_log_ratio,
                    tt_log_r,
                    tt_x,
                    tt_rho_squared,
                    tt_upper,
                    {{ ns.horner }} as tt_series
                from (
                    select
                        {{ groups }}
                        tt_t,
                        tt_df,
                        tt_df / 2 as tt_a,
                        case when {{ is_tail }} then 1 when tt_t < sqrt(tt_df) then 0 end as tt_tail,
                        {{ search_metrics.log_gamma_half_ratio('(tt_df / 2)') | indent(24) }} as tt_log_ratio,
                        -- ln r = ln(sqrt(df) / t) in the tail (no t^2: t may be 1e300); 0 in the centre (r = 1, x = 1/2)
                        {{ log_r }} as tt_log_r,
                        -- x = r^2 / (1 + r^2) (r^2 read as e^-700 below it; ln x comes from ln r)
                        exp(greatest(2 * ({{ log_r }}), -700)) / (1 + exp(greatest(2 * ({{ log_r }}), -700))) as tt_x,
                        -- the centre: (t / sqrt(df))^2 and the integral's upper end, at most sqrt(df)
                        case when tt_t < sqrt(tt_df) then tt_t * tt_t / tt_df end as tt_rho_squared,
                        case when tt_t < sqrt(tt_df) then
                            case
                                when tt_t + {{ length }} < sqrt(tt_df) then tt_t + {{ length }}
                                else sqrt(tt_df)
                            end
                        end as tt_upper
                    from (
                        select
                            {{ groups }}
                            case when {{ t_column }} is not null and ({{ df_column }}) > 0 then
                                case
                                    when abs(cast({{ t_column }} as {{ double }})) < 1e-100 then cast(0 as {{ double }})
                                    else abs(cast({{ t_column }} as {{ double }}))
                                end
                            end as tt_t,
                            case when {{ t_column }} is not null and ({{ df_column }}) > 0 then
                                case
                                    when cast({{ df_column }} as {{ double }}) > 1e15 then cast(1e15 as {{ double }})
                                    when cast({{ df_column }} as {{ double }}) < 1e-100 then cast(1e-100 as {{ double }})
                                    else cast({{ df_column }} as {{ double }})
                                end
                            end as tt_df
                        from {{ relation }}
                        {{ fence }}
                    ) as tt_input
                    {{ fence }}
                ) as tt_shape
                {{ fence }}
            ) as tt_rows
            left join ({{ search_metrics.gauss_legendre_nodes() | indent(12) }}
            ) as tt_nodes
                on tt_rows.tt_tail = 0
            {{ fence }}
        ) as tt_node_values
        group by {{ groups }}tt_t, tt_df, tt_tail, tt_log_ratio, tt_series, tt_log_tail, tt_rho_squared, tt_upper
        {{ fence }}
    ) as tt_sums
{%- endmacro %}
