{#-
  The relation a model of this package was written to by an earlier build, looked up in the warehouse without a
  ref (so a model may read the state a model downstream of it left, with no cycle in the DAG): none when the model
  is not in the project's graph or its relation does not exist yet. Read at execution time only (none at parse).
  `name`: the model's name.
-#}
{% macro previous_build_relation(name) %}
    {{- return(adapter.dispatch('previous_build_relation', 'search_metrics')(name)) -}}
{% endmacro %}

{% macro default__previous_build_relation(name) %}
    {%- if not execute -%}
        {{- return(none) -}}
    {%- endif -%}
    {%- for node in graph.nodes.values() -%}
        {%- if node.resource_type == 'model' and node.package_name == 'search_metrics' and node.name == name -%}
            {{- return(adapter.get_relation(database=node.database, schema=node.schema, identifier=node.alias)) -}}
        {%- endif -%}
    {%- endfor -%}
    {{- return(none) -}}
{% endmacro %}
