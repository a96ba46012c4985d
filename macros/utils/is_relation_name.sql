{#-
  True when an input name has the shape existing_relation looks up in the warehouse: no expression (is_expression),
  and 'schema.table' or 'database.schema.table' (quotes allowed), every part non-empty. Then existing_relation's
  none means the relation does not exist; for another shape it means it was not looked up.
  Dispatched: Spark (also Databricks) looks up 'schema.table' only, as spark__existing_relation does.
-#}
{% macro is_relation_name(name) %}
    {{- return(adapter.dispatch('is_relation_name', 'search_metrics')(name)) -}}
{% endmacro %}

{% macro default__is_relation_name(name) %}
    {%- set parts = search_metrics.relation_name_parts(name) -%}
    {{- return(not search_metrics.is_expression(name) and (parts | length) in [2, 3] and '' not in parts) -}}
{% endmacro %}

{% macro spark__is_relation_name(name) %}
    {%- set parts = search_metrics.relation_name_parts(name) -%}
    {{- return(not search_metrics.is_expression(name) and (parts | length) == 2 and '' not in parts) -}}
{% endmacro %}
