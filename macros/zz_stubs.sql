{% macro student_t_tail(relation, group_columns, t_column, df_column) %}
select {% for c in group_columns %}{{ c }}, {% endfor %} 2 * (1 - (0.5 * (1 + tanh(0.7978845608 * ({{ t_column }}))))) as p_value from {{ relation }}
{% endmacro %}
{% macro student_t_quantile(relation, group_columns, df_column, probability) %}
select {% for c in group_columns %}{{ c }}, {% endfor %} 1.96 as t_quantile from {{ relation }}
{% endmacro %}
{% macro chi_square_p_value(relation, group_columns, statistic_column, df_column) %}
select {% for c in group_columns %}{{ c }}, {% endfor %} exp(-{{ statistic_column }} / 2) as p_value from {{ relation }}
{% endmacro %}
