{#-
  Checks the columns of the input that var `var_name` names against its contract, before any SQL runs, and tells
  which optional columns it has. `required`: columns the input must have (a missing one is a compile error that
  names the var, the missing columns and the contract); `optional`: nullable columns that may be absent (the
  staging view then reads null). Returns {column: true/false} for the optional columns.
  The columns are read from the warehouse (adapter.get_columns_in_relation) when dbt executes and the relation
  exists; at parse time, or when the relation does not exist yet, every optional column counts as present.
-#}
{% macro input_columns(var_name, required, optional=[]) %}
    {{- return(adapter.dispatch('input_columns', 'search_metrics')(var_name, required, optional)) -}}
{% endmacro %}

{% macro default__input_columns(var_name, required, optional) %}
    {%- set present = {} -%}
    {%- for column in optional -%}{%- do present.update({column: true}) -%}{%- endfor -%}
    {%- if not execute -%}
        {{- return(present) -}}
    {%- endif -%}
    {%- set name = search_metrics.input_relation(var_name) -%}
    {%- set relation = search_metrics.existing_relation(name) -%}
    {%- if relation is none -%}
        {{- return(present) -}}
    {%- endif -%}
    {%- set found = adapter.get_columns_in_relation(relation) | map(attribute='name') | map('lower') | list -%}
    {%- if not found -%}
        {{- return(present) -}}
    {%- endif -%}
    {%- set missing = required | reject('in', found) | list -%}
    {%- if missing -%}
        {{- exceptions.raise_compiler_error("search_metrics: the input " ~ var_name ~ " (" ~ name ~ ") has no column "
            ~ (missing | join(', ')) ~ ". Its contract: " ~ (required | join(', '))
            ~ ((", and optionally " ~ (optional | join(', '))) if optional else '') ~ " (see the README's input contract).") -}}
    {%- endif -%}
    {%- for column in optional -%}{%- do present.update({column: column in found}) -%}{%- endfor -%}
    {{- return(present) -}}
{% endmacro %}
