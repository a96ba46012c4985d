{#-
  Whether this dbt invocation builds `relation`: a model selected in it (selected_resources) has the relation's
  alias and schema. rows_to_test reads the rows this build wrote when it does; unchanged_checked_runs trusts a
  fingerprints table only when it does (else it may be older than the input). False at parse time.
-#}
{% macro built_in_this_invocation(relation) %}
    {{- return(adapter.dispatch('built_in_this_invocation', 'search_metrics')(relation)) -}}
{% endmacro %}

{% macro default__built_in_this_invocation(relation) %}
    {%- if not execute -%}
        {{- return(false) -}}
    {%- endif -%}
    {%- for node in graph.nodes.values() if node.resource_type == 'model' and node.unique_id in selected_resources
            and node.alias == relation.identifier and node.schema == relation.schema -%}
        {{- return(true) -}}
    {%- endfor -%}
    {{- return(false) -}}
{% endmacro %}
