{#-
  The relation an input var names ('schema.table' or a rendered ref/source). Models that read it are enabled
  only when it is set (see inputs_configured); reading an unset input is a clear compile error.
-#}
{% macro input_relation(var_name) %}
    {{- return(adapter.dispatch('input_relation', 'search_metrics')(var_name)) -}}
{% endmacro %}

{% macro default__input_relation(var_name) %}
    {%- if not search_metrics.inputs_configured([var_name]) -%}
        {%- if execute -%}
            {{- exceptions.raise_compiler_error(
                "search_metrics: var '" ~ var_name ~ "' is not set. Point it at your table "
                ~ "(vars: {" ~ var_name ~ ": 'my_schema.my_table'} or \"{{ ref('my_model') }}\"), "
                ~ "or pass --vars '{search_metrics_examples: true}' to build the example seeds.") -}}
        {%- endif -%}
        {{- return('') -}}
    {%- endif -%}
    {{- return(var(var_name) | string | trim) -}}
{% endmacro %}
