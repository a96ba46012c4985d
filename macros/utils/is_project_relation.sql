{#-
  True when a relation name (as an input var holds it: 'schema.table', 'database.schema.table' or a rendered ref) is
  the relation of a model, seed or snapshot of the project graph, which dbt builds: it may not exist yet when a
  model reading it compiles. Compared part by part, without quotes and case, a shorter name with the last parts of
  the node's relation name. Sources are no such node: dbt never builds them. Only when dbt executes (the graph is
  empty at parse time).
-#}
{% macro is_project_relation(name) %}
    {%- set wanted = search_metrics.relation_name_parts(name | lower) -%}
    {%- for node in graph.nodes.values() -%}
        {%- if node.resource_type in ['model', 'seed', 'snapshot'] and node.relation_name -%}
            {%- set parts = search_metrics.relation_name_parts(node.relation_name | lower) -%}
            {%- if (wanted | length) <= (parts | length) and parts[(parts | length) - (wanted | length):] == wanted -%}
                {{- return(true) -}}
            {%- endif -%}
        {%- endif -%}
    {%- endfor -%}
    {{- return(false) -}}
{% endmacro %}
