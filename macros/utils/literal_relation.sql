{#-
  A relation of rows known at compile time. `columns`: the column names; `rows`: a non-empty list of rows, each a
  list of as many SQL expressions as there are columns, every one a constant (a literal or a cast of one). A
  column's type is its expressions' common type, as a UNION ALL gives it. Arguments that break these rules are a
  compile error (checked here, before dispatch, for every adapter).
    default: one single-row select per row, joined by UNION ALL, which every engine and warehouse parses.
    spark: one inline VALUES table. Spark inlines a CTE at each of its uses, and a UNION ALL of N selects is N
      nodes of the plan at each of them; search_run_comparison's 91 metric groups, inlined about ten times, made
      Spark spend most of its planning there (bench/README.md, "Spark").
-#}
{% macro literal_relation(columns, rows) %}
    {%- if columns | length == 0 or rows | length == 0 -%}
        {{- exceptions.raise_compiler_error("search_metrics: literal_relation needs at least one column and one row, got "
            ~ (columns | length) ~ " columns and " ~ (rows | length) ~ " rows") -}}
    {%- endif -%}
    {%- for row in rows -%}
        {%- if row | length != columns | length -%}
            {{- exceptions.raise_compiler_error("search_metrics: literal_relation row " ~ loop.index ~ " has "
                ~ (row | length) ~ " values for " ~ (columns | length) ~ " columns") -}}
        {%- endif -%}
    {%- endfor -%}
    {{- return(adapter.dispatch('literal_relation', 'search_metrics')(columns, rows)) -}}
{% endmacro %}

{% macro default__literal_relation(columns, rows) -%}
    {%- for row in rows %}
    select {% for value in row %}{{ value }} as {{ columns[loop.index0] }}{% if not loop.last %}, {% endif %}{% endfor %}
    {%- if not loop.last %} union all{% endif %}
    {%- endfor %}
{%- endmacro %}

{% macro spark__literal_relation(columns, rows) -%}
    select {% for column in columns %}literal_rows.{{ column }}{% if not loop.last %}, {% endif %}{% endfor %}
    from values
    {%- for row in rows %}
        ({{ row | join(', ') }}){% if not loop.last %},{% endif %}
    {%- endfor %}
        as literal_rows({{ columns | join(', ') }})
{%- endmacro %}
