{#-
  A text value as a SQL string expression that reads back as the same text on every engine and warehouse: every
  literal made from a var's value (the comparison pairs' run ids and buckets, metric names) or a macro argument (a
  file path) is written by it. A value without ' or backslash is a plain '...' literal. The engines read those two
  differently inside a literal (DuckDB, PostgreSQL and Trino double a quote and take a backslash as text; Spark,
  BigQuery, Snowflake and Redshift read a backslash as an escape, BigQuery no doubled quote), so a value with either
  is a constant concatenation in which they are chr(39) and chr(92): ('it' || chr(39) || 's'); on BigQuery, which has
  no chr, code_points_to_string([39]) and code_points_to_string([92]). Null-free: the value is taken as its text.
-#}
{% macro string_literal(value) %}
    {{- return(adapter.dispatch('string_literal', 'search_metrics')(value | string)) -}}
{% endmacro %}

{% macro default__string_literal(value, quote_sql='chr(39)', backslash_sql='chr(92)') %}
    {%- if "'" not in value and '\\' not in value -%}
        {{- return("'" ~ value ~ "'") -}}
    {%- endif -%}
    {%- set parts = [] -%}
    {%- set pending = namespace(text='') -%}
    {%- for char in value -%}
        {%- if char in ["'", '\\'] -%}
            {%- if pending.text -%}
                {%- do parts.append("'" ~ pending.text ~ "'") -%}
                {%- set pending.text = '' -%}
            {%- endif -%}
            {%- do parts.append(quote_sql if char == "'" else backslash_sql) -%}
        {%- else -%}
            {%- set pending.text = pending.text ~ char -%}
        {%- endif -%}
    {%- endfor -%}
    {%- if pending.text -%}
        {%- do parts.append("'" ~ pending.text ~ "'") -%}
    {%- endif -%}
    {{- return('(' ~ (parts | join(' || ')) ~ ')') -}}
{% endmacro %}

{% macro bigquery__string_literal(value) %}
    {{- return(search_metrics.default__string_literal(value, 'code_points_to_string([39])', 'code_points_to_string([92])')) -}}
{% endmacro %}
