{#-
  Upper tail P(X >= x) of the chi-square distribution with a whole df >= 1 per row of `relation`, as
  scipy.stats.chi2.sf(x, df): the regularized upper incomplete gamma function Q(df/2, y), y = x / 2, from its finite
  sums (Q(s + 1, y) = Q(s, y) + y^s e^-y / Gamma(s + 1)):
      df = 2m (even):     Q = sum_{i=0..m-1} y^i e^-y / i!
      df = 2m + 1 (odd):  Q = P(|Z| >= sqrt(x)) + sum_{i=0..m-1} y^(i+1/2) e^-y / Gamma(i + 3/2)
  Each term is a row (joined with the numbers 0 .. max_df/2 - 1), computed as exp(L), L = s ln y - y - ln Gamma(s + 1)
  with s = i or i + 1/2: below s = 16 with the exact ln Gamma (ln s! or ln((2i+1)!! / 2^(i+1)) + ln(pi) / 2), from
  s = 16 in the form s ln(y / s) - (y - s) - ln(2 pi s) / 2 - (1/(12s) - 1/(360s^3) + 1/(1260s^5) - 1/(1680s^7)),
  whose parts stay small where the term counts (y near s), so L keeps ~1e-14 (s ln y - ln Gamma(s + 1) would lose
  ~3e-13 at df = 1000). The normal tail is 1 - sqrt(2/pi) * integral of exp(-u^2/2) from 0 to min(sqrt(x), 11) by
  the 64-node Gauss-Legendre rule of gauss_legendre_nodes (what is left beyond 11 is below 1e-27).
  Agrees with scipy to |delta| <= 1e-12 (measured ~1e-14) for df <= 1000 (tests/python/test_statistics_functions.py).
  `relation` has the group columns (they identify a row), a statistic column and a df column. Returns the group
  columns and p_value (double, in [0, 1]), one row per row of `relation`; p_value is null when the statistic is
  null or negative, or df is null, not a whole number, below 1 or above max_df. The SRM check (df = buckets - 1)
  and the log-rank test (df = 1) are far inside. Dispatched.
-#}
{% macro chi_square_p_value(relation, group_columns, statistic_column, df_column, max_df=1000) %}
    {%- if group_columns | length == 0 -%}
        {{- exceptions.raise_compiler_error("search_metrics: chi_square_p_value needs at least one group column") -}}
    {%- endif -%}
    {%- if not search_metrics.is_number(max_df) or max_df < 1 or max_df != (max_df | int) -%}
        {{- exceptions.raise_compiler_error("search_metrics: chi_square_p_value needs a whole max_df >= 1, got " ~ max_df) -}}
    {%- endif -%}
    {{- return(adapter.dispatch('chi_square_p_value', 'search_metrics')(relation, group_columns, statistic_column,
        df_column, max_df | int)) -}}
{% endmacro %}

{% macro default__chi_square_p_value(relation, group_columns, statistic_column, df_column, max_df) -%}
    {%- set double = search_metrics.type_double() -%}
    {%- set fence = search_metrics.subquery_fence() -%}
    {%- set groups -%}{% for column in group_columns %}{{ column }}, {% endfor %}{%- endset -%}
    {%- set n_rows = [64, max_df // 2] | max -%}
    {%- set s = '(' ~ search_metrics.as_double('cs_index.term_index') ~ ' + ' ~ search_metrics.as_double('cs_rows.cs_odd') ~ ' / 2)' -%}
    {#- exact ln Gamma(s + 1) for s = twice_s / 2 < 16 #}
    {%- set ns = namespace(odd_factorial=1) -%}
    {%- set exact = [] -%}
    {%- for twice_s in range(32) -%}
        {%- if twice_s % 2 == 0 -%}
            {%- set factorial = namespace(value=1) -%}
            {%- for k in range(2, twice_s // 2 + 1) -%}{%- set factorial.value = factorial.value * k -%}{%- endfor -%}
            {%- do exact.append('ln(' ~ search_metrics.as_double(factorial.value) ~ ')') -%}
        {%- else -%}
            {#- s = i + 1/2: Gamma(i + 3/2) = (2i + 1)!! / 2^(i + 1) sqrt(pi) #}
            {%- set ns.odd_factorial = ns.odd_factorial * twice_s -%}
            {%- do exact.append('ln(' ~ search_metrics.as_double(ns.odd_factorial / 2 ** ((twice_s + 1) // 2)) ~ ') + ln(' ~ search_metrics.pi() ~ ') / 2') -%}
        {%- endif -%}
    {%- endfor -%}
    select
        {{ groups }}
        case
            when cs_x is null or cs_df is null then null
            when cs_x = 0 then {{ search_metrics.as_double(1) }}
            when cs_p > 1 then {{ search_metrics.as_double(1) }}
            when cs_p < 0 then {{ search_metrics.as_double(0) }}
            else cs_p
        end as p_value
    from (
        select
            {{ groups }}
            cs_x,
            cs_df,
            case when cs_odd = 1 then 1 - {{ (2 / 3.141592653589793) ** 0.5 }} * cs_normal_end * sum(cs_node) else 0 end
                + coalesce(sum(cs_term), 0) as cs_p
        from (
            select
                {{ groups }}
                cs_x,
                cs_df,
                cs_odd,
                cs_normal_end,
                case when cs_log_term < -700 then 0 else exp(greatest(cs_log_term, -700)) end as cs_term,
                cs_node
            from (
                select
                    cs_rows.*,
                    -- term i of the sum, s = i + odd / 2 (twice_s = 2i + odd)
                    case
                        when cs_index.term_index < cs_rows.cs_half_df and cs_rows.cs_y > 0 then
                            case
                                when 2 * cs_index.term_index + cs_rows.cs_odd >= 32
                                    then {{ s }} * ln(cs_rows.cs_y / {{ s }}) - (cs_rows.cs_y - {{ s }}) - ln(2 * {{ search_metrics.pi() }} * {{ s }}) / 2
                                        - (1 / (12 * {{ s }}) - 1 / (360 * power({{ s }}, 3)) + 1 / (1260 * power({{ s }}, 5))
                                            - 1 / (1680 * power({{ s }}, 7)))
                                else {{ s }} * ln(cs_rows.cs_y) - cs_rows.cs_y - case 2 * cs_index.term_index + cs_rows.cs_odd
                                    {%- for twice_s in range(32) %}
                                    when {{ twice_s }} then {{ exact[twice_s] }}
                                    {%- endfor %}
                                end
                            end
                    end as cs_log_term,
                    -- node j of the normal tail's integral (odd df)
                    case
                        when cs_rows.cs_odd = 1 and cs_index.node_weight is not null
                            then cs_index.node_weight
                                * exp(-power(cs_rows.cs_normal_end * cs_index.node_position, 2) / 2)
                    end as cs_node
                from (
                    select
                        {{ groups }}
                        cs_x,
                        cs_df,
                        cs_x / 2 as cs_y,
                        {{ search_metrics.modulo('cs_df', 2) }} as cs_odd,
                        (cs_df - {{ search_metrics.modulo('cs_df', 2) }}) / 2 as cs_half_df,
                        -- the normal integral's upper end, min(sqrt(x), 11); 0 below 1e-100
                        case
                            when sqrt(cs_x) > 11 then {{ search_metrics.as_double(11) }}
                            when sqrt(cs_x) < 1e-100 then {{ search_metrics.as_double(0) }}
                            else sqrt(cs_x)
                        end as cs_normal_end
                    from (
                        select
                            {{ groups }}
                            case
                                when {{ statistic_column }} >= 0 and ({{ df_column }}) >= 1 and ({{ df_column }}) <= {{ max_df }}
                                    and ({{ df_column }}) = floor({{ df_column }})
                                    then case
                                        when cast({{ statistic_column }} as {{ double }}) < 1e-200 then {{ search_metrics.as_double(0) }}
                                        else cast({{ statistic_column }} as {{ double }})
                                    end
                            end as cs_x,
                            case
                                when {{ statistic_column }} >= 0 and ({{ df_column }}) >= 1 and ({{ df_column }}) <= {{ max_df }}
                                    and ({{ df_column }}) = floor({{ df_column }})
                                    then cast({{ df_column }} as {{ dbt.type_bigint() }})
                            end as cs_df
                        from {{ relation }}
                        {{ fence }}
                    ) as cs_input
                    {{ fence }}
                ) as cs_rows
                inner join (
                    select
                        cs_numbers.n - 1 as term_index,
                        cs_nodes.node_position,
                        cs_nodes.node_weight
                    from ({{ search_metrics.integers_relation(n_rows) | indent(20) }}
                    ) as cs_numbers
                    left join ({{ search_metrics.gauss_legendre_nodes() | indent(20) }}
                    ) as cs_nodes
                        on cs_nodes.node_index = cs_numbers.n - 1
                ) as cs_index
                    on cs_index.term_index < cs_rows.cs_half_df
                    or (cs_rows.cs_odd = 1 and cs_index.node_weight is not null)
                    or (cs_rows.cs_df is null and cs_index.term_index = 0)
                {{ fence }}
            ) as cs_terms
            {{ fence }}
        ) as cs_values
        group by {{ groups }}cs_x, cs_df, cs_odd, cs_normal_end
        {{ fence }}
    ) as cs_sums
{%- endmacro %}
