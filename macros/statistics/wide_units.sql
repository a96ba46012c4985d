{#-
  The units of the paired resampling tests laid out wide: one row per (group columns, unit_id) of `relation` (the
  group columns, spread_index 1 .. n_spread, unit_id, unit_key, delta), with unit_id, unit_key and a column delta_g
  per spread group g, null where group g lacks the unit. The draws depend on the unit's key only, so one pass over these rows
  and the replicates serves every spread group (paired_sign_flip_test, paired_bootstrap_ci).
-#}
{% macro wide_units(relation, group_columns, n_spread) %}
    {{- return(adapter.dispatch('wide_units', 'search_metrics')(relation, group_columns, n_spread)) -}}
{% endmacro %}

{% macro default__wide_units(relation, group_columns, n_spread) -%}
    select
        {% for column in group_columns %}{{ column }}, {% endfor %}
        unit_id,
        unit_key
        {%- for g in range(1, n_spread + 1) %},
        max(case when spread_index = {{ g }} then delta end) as delta_{{ g }}
        {%- endfor %}
    from {{ relation }}
    group by {% for column in group_columns %}{{ column }}, {% endfor %}unit_id, unit_key
{%- endmacro %}
