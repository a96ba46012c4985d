{#-
  The relation a name such as 'schema.table', 'database.schema.table' or a rendered ref ("db"."schema"."table")
  stands for, looked up in the warehouse (adapter.get_relation): none when it does not exist yet, or when the name
  has another shape (an expression such as read_parquet('data/results.parquet'), whose dots are not name parts). Spark and Databricks name relations schema.table and take no database.
-#}
{% macro existing_relation(name) %}
    {{- return(adapter.dispatch('existing_relation', 'search_metrics')(name)) -}}
{% endmacro %}

{% macro default__existing_relation(name) %}
    {%- if search_metrics.is_expression(name) -%}
        {{- return(none) -}}
    {%- endif -%}
    {%- set parts = search_metrics.relation_name_parts(name) -%}
    {%- if (parts | length) == 3 -%}
        {{- return(adapter.get_relation(database=parts[0], schema=parts[1], identifier=parts[2])) -}}
    {%- elif (parts | length) == 2 -%}
        {{- return(adapter.get_relation(database=target.database, schema=parts[0], identifier=parts[1])) -}}
    {%- endif -%}
    {{- return(none) -}}
{% endmacro %}

{% macro spark__existing_relation(name) %}
    {%- if search_metrics.is_expression(name) -%}
        {{- return(none) -}}
    {%- endif -%}
    {%- set parts = search_metrics.relation_name_parts(name) -%}
    {%- if (parts | length) == 2 -%}
        {{- return(adapter.get_relation(database=none, schema=parts[0], identifier=parts[1])) -}}
    {%- endif -%}
    {{- return(none) -}}
{% endmacro %}
