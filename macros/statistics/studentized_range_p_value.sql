{#-
  Upper tail of the studentized range distribution, P(Q >= q) for k means and df degrees of freedom (Tukey's HSD
  p-value; = scipy.stats.studentized_range.sf(q, k, df)), per row of `relation`:
      P(Q <= q) = integral over s of f_df(s) W(q s) ds,   W(w) = k integral phi(z) (Phi(z) - Phi(z - w))^(k-1) dz,
  f_df the density of S = sqrt(chi2_df / df) and W the CDF of the range of k standard normals. The outer integral
  by scaled_chi_nodes (16 panels, 256 nodes, in ln s), the inner one by the composite Gauss-Legendre rule
  (gauss_legendre_nodes(6), 96 nodes) on z in [-8.3, 8.3] (phi(z) (...)^(k-1) <= phi(z): what is left out is below
  1e-16), Phi by normal_cdf; a power (Phi(z) - Phi(z - w))^(k-1) of a difference below 1e-12 is read as 0, and one below e^-300 as
  e^-300 (so that no product underflows on PostgreSQL).
  Agrees with scipy to |delta| <= 1e-9 (measured ~3e-13) for k = 2 .. 20, df = 2 .. 1e4 and q = 0 .. 8, and with
  the exact k = 2 case to 1e-12 for df 2 .. 1e6 (2e-8 off at df = 1, where the chi density's left tail is long)
  (tests/python/test_statistics_functions.py). Cost: 256 x 96 rows, each a normal_cdf, per row of `relation`.
  `relation` has the group columns (they identify a row), a q column, a k column (whole, >= 2) and a df column
  (> 0). Returns the group columns and p_value (double, in [0, 1]; 1 at q = 0), one row per row of `relation`;
  p_value is null when q is null or negative, k is null, below 2 or not whole, or df is null or <= 0.
  Only subqueries (no WITH), so that it nests. Dispatched.
-#}
{% macro studentized_range_p_value(relation, group_columns, q_column, k_column, df_column) %}
    {%- if group_columns | length == 0 -%}
        {{- exceptions.raise_compiler_error("search_metrics: studentized_range_p_value needs at least one group column") -}}
    {%- endif -%}
    {{- return(adapter.dispatch('studentized_range_p_value', 'search_metrics')(relation, group_columns, q_column, k_column, df_column)) -}}
{% endmacro %}

{% macro default__studentized_range_p_value(relation, group_columns, q_column, k_column, df_column) -%}
    {%- set fence = search_metrics.subquery_fence() -%}
    {%- set groups -%}{% for column in group_columns %}{{ column }}, {% endfor %}{%- endset -%}
    select
        {{ groups }}
        case
            when sr_p is null then null
            when sr_p > 1 then {{ search_metrics.as_double(1) }}
            when sr_p < 0 then {{ search_metrics.as_double(0) }}
            else sr_p
        end as p_value
    from (
        -- P(Q >= q) = 1 - sum(mass * W) / sum(mass) over the outer nodes
        select
            {{ groups }}
            1 - sum(node_mass * sr_k * sr_inner) / sum(node_mass) as sr_p
        from (
            -- W(q s) / k at one outer node: the inner rule's sum
            select
                {{ groups }}
                sr_k,
                node_index,
                node_mass,
                sum(
                    case
                        when sr_difference > 1e-12
                            then sr_z_weight * exp(greatest((sr_k - 1) * ln(case when sr_difference > 1e-12 then sr_difference end), -300))
                        else 0
                    end
                ) as sr_inner
            from (
                -- Phi(z) - Phi(z - q s) at one (outer node, inner node): normal_cdf (95 terms) once per cell, not once
                -- per use above (the fence keeps PostgreSQL from writing it into each use)
                select
                    {{ groups }}
                    sr_k,
                    node_index,
                    node_mass,
                    sr_z_weight,
                    sr_phi_z - {{ search_metrics.normal_cdf('sr_shifted') }} as sr_difference
                from (
                    select
                        sr_outer.*,
                        sr_z_nodes.sr_z_weight,
                        sr_z_nodes.sr_phi_z,
                        sr_z_nodes.sr_z - sr_outer.sr_q * sr_outer.node_s as sr_shifted
                    from (
                        {{ search_metrics.scaled_chi_nodes('(select ' ~ groups ~ 'sr_q, sr_k, sr_df from (select ' ~ groups
                            ~ 'case when ' ~ q_column ~ ' >= 0 and ' ~ k_column ~ ' >= 2 and ' ~ k_column ~ ' = floor(' ~ k_column
                            ~ ') and ' ~ df_column ~ ' > 0 then ' ~ search_metrics.as_double(q_column) ~ ' end as sr_q, '
                            ~ search_metrics.as_double(k_column) ~ ' as sr_k, '
                            ~ 'case when ' ~ q_column ~ ' >= 0 and ' ~ k_column ~ ' >= 2 and ' ~ k_column ~ ' = floor(' ~ k_column
                            ~ ') then ' ~ df_column ~ ' end as sr_df from ' ~ relation ~ ' ' ~ fence ~ ') as sr_checked ' ~ fence ~ ') as sr_input',
                            group_columns + ['sr_q', 'sr_k'], 'sr_df') | indent(24) }}
                        {{ fence }}
                    ) as sr_outer
                    left join (
                        -- the inner nodes z in [-8.3, 8.3], with the rule's weight * 16.6 * phi(z), and Phi(z)
                        select
                            sr_z,
                            sr_z_weight,
                            {{ search_metrics.normal_cdf('sr_z') }} as sr_phi_z
                        from (
                            select
                                -8.3 + 16.6 * node_position as sr_z,
                                node_weight * 16.6 * exp(-(-8.3 + 16.6 * node_position) * (-8.3 + 16.6 * node_position) / 2)
                                    * {{ (2 * 3.141592653589793) ** -0.5 }} as sr_z_weight
                            from ({{ search_metrics.gauss_legendre_nodes(6) | indent(32) }}
                            ) as sr_gl
                        ) as sr_z_rule
                    ) as sr_z_nodes
                        on sr_outer.node_index is not null
                    {{ fence }}
                ) as sr_cells
                {{ fence }}
            ) as sr_differences
            group by {{ groups }}sr_k, node_index, node_mass
            {{ fence }}
        ) as sr_outer_sums
        group by {{ groups }}sr_k
        {{ fence }}
    ) as sr_sums
{%- endmacro %}
