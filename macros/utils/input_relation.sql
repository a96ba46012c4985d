{#-
  The relation an input var names ('schema.table' or a rendered ref/source), or, when the var is unset and the
  examples are on, a ref to the example seed (example_input). Models that read an input are enabled only when
  their family is (family_enabled); reading an unset input is a clear compile error. A set var is one relation or one
  SQL expression: check_input_expression rejects a `;`, a comment or unbalanced parentheses outside its literals.
-#}
{% macro input_relation(var_name) %}
    {{- return(adapter.dispatch('input_relation', 'search_metrics')(var_name)) -}}
{% endmacro %}

{% macro default__input_relation(var_name) %}
    {%- set value = var(var_name, none) -%}
    {%- if not search_metrics.is_unset(value) -%}
        {%- do search_metrics.check_input_expression(var_name, value) -%}
        {{- return(value | string | trim) -}}
    {%- endif -%}
    {%- set example = search_metrics.example_input(var_name) -%}
    {%- if example is not none -%}
        {{- return(ref(example) | string) -}}
    {%- endif -%}
    {%- if execute -%}
        {{- exceptions.raise_compiler_error(
            "search_metrics: var '" ~ var_name ~ "' is not set. Point it at your table "
            ~ "(vars: {" ~ var_name ~ ": 'my_schema.my_table'} or \"{{ ref('my_model') }}\"), "
            ~ "or pass --vars '{search_metrics_examples: true}' to build the example seeds.") -}}
    {%- endif -%}
    {{- return('') -}}
{% endmacro %}
