{#-
  Quadrature nodes for an expectation over S = sqrt(X / df), X ~ chi-square(df) (the scale of a studentized
  statistic: s / sigma of a variance estimate with df degrees of freedom), per row of `relation`:
      E[g(S)] ~ sum(node_mass * g(node_s)) / sum(node_mass)       (sums over the row's nodes)
  In t = ln s the density of S is proportional to exp(h(t)), h(t) = df t - df (e^(2t) - 1) / 2 <= 0 (log-concave,
  maximal at t = 0); the composite Gauss-Legendre rule of gauss_legendre_nodes(panels) (16 * panels nodes,
  256 by default) on
  [t_lo, t_hi], where h < -27 outside (what is left out is below e^-27 of the mass): with c = 27 / df,
  t_hi = sqrt(c) (h(t) <= -df t^2 for t >= 0) and t_lo = -(c + sqrt(c^2 + 4c)) / 2 (h(-y) <= -df y^2 / (1 + y)).
  node_mass = the node's weight * exp(h(t)) (exp(max(h, -300)): no product of it underflows): unnormalised, so the constant
  2 (df/2)^(df/2) / Gamma(df/2) never needs computing and the rule's error in the total mass cancels.
  `group_columns` are carried (they identify a row). Returns the group columns, node_index, node_s (= e^t) and
  node_mass, 16 * panels rows per row whose df is > 0; a row whose df is null or <= 0 has one row with null
  node_index, node_s and node_mass. Read by studentized_range_p_value and search_run_anova (the F test). Dispatched.
-#}
{% macro scaled_chi_nodes(relation, group_columns, df_column, panels=16) %}
    {%- if group_columns | length == 0 -%}
        {{- exceptions.raise_compiler_error("search_metrics: scaled_chi_nodes needs at least one group column") -}}
    {%- endif -%}
    {{- return(adapter.dispatch('scaled_chi_nodes', 'search_metrics')(relation, group_columns, df_column, panels)) -}}
{% endmacro %}

{% macro default__scaled_chi_nodes(relation, group_columns, df_column, panels=16) -%}
    {%- set groups -%}{% for column in group_columns %}sc_rows.{{ column }}, {% endfor %}{%- endset -%}
    {%- set t = '(sc_rows.sc_t_lo + (sc_rows.sc_t_hi - sc_rows.sc_t_lo) * sc_nodes.node_position)' -%}
    select
        {{ groups }}
        sc_nodes.node_index,
        exp({{ t }}) as node_s,
        sc_nodes.node_weight * exp(greatest(sc_rows.sc_df * {{ t }} - sc_rows.sc_df * (exp(2 * {{ t }}) - 1) / 2, -300)) as node_mass
    from (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            sc_df,
            -(27 / sc_df + sqrt(27 / sc_df * 27 / sc_df + 4 * 27 / sc_df)) / 2 as sc_t_lo,
            sqrt(27 / sc_df) as sc_t_hi
        from (
            select
                {% for column in group_columns %}{{ column }}, {% endfor %}
                case when {{ df_column }} > 0 then {{ search_metrics.as_double(df_column) }} end as sc_df
            from {{ relation }}
            {{ search_metrics.subquery_fence() }}
        ) as sc_input
        {{ search_metrics.subquery_fence() }}
    ) as sc_rows
    left join ({{ search_metrics.gauss_legendre_nodes(panels) | indent(4) }}
    ) as sc_nodes
        on sc_rows.sc_df is not null
{%- endmacro %}
