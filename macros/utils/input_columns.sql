{#-
  Checks the columns of the input that var `var_name` names against its contract, before any SQL runs, and tells
  which optional columns it has. `required`: columns the input must have (a missing one is a compile error that
  names the var, the missing columns and the contract); `optional`: nullable columns that may be absent (the
  staging view then reads null). Returns {column: true/false} for the optional columns.
  The columns are read from the warehouse when dbt executes: a relation's (adapter.get_columns_in_relation) whenever
  it exists; an expression's (is_expression: read_parquet('...'), a subquery) from a query of no rows
  (get_columns_in_query) when the command runs the model (run, build; a compile does not query it). A relation
  that does not exist is a compile error naming the var when the command runs the model, unless it is the relation
  of a model, seed or snapshot of the project (is_project_relation: dbt may build it first) or the name has no
  shape existing_relation looks up (is_relation_name); otherwise, and at parse time, nothing is checked and every
  optional column counts as present.
  `relation_name`: for a relation a key of a settings dict names (search_metrics_trec_eval.zscores, resolved by
  setting_relation), its name; var_name then names that key in the messages. Default: input_relation(var_name).
-#}
{% macro input_columns(var_name, required, optional=[], relation_name=none) %}
    {{- return(adapter.dispatch('input_columns', 'search_metrics')(var_name, required, optional, relation_name)) -}}
{% endmacro %}

{% macro default__input_columns(var_name, required, optional, relation_name=none) %}
    {%- set present = {} -%}
    {%- for column in optional -%}{%- do present.update({column: true}) -%}{%- endfor -%}
    {%- if not execute -%}
        {{- return(present) -}}
    {%- endif -%}
    {%- set name = search_metrics.input_relation(var_name) if relation_name is none else relation_name -%}
    {%- set contract = "Its contract: " ~ (required | join(', '))
        ~ ((", and optionally " ~ (optional | join(', '))) if optional else '')
        ~ (" (see the README's input contract)." if relation_name is none else " (see the docs of " ~ var_name ~ ").") -%}
    {%- set runs_models = flags.WHICH in ['run', 'build'] -%}
    {%- if search_metrics.is_expression(name) -%}
        {%- if not runs_models -%}
            {{- return(present) -}}
        {%- endif -%}
        {%- set found = dbt.get_columns_in_query('select * from ' ~ name) | map('lower') | list -%}
    {%- else -%}
        {%- set relation = search_metrics.existing_relation(name) -%}
        {%- if relation is none -%}
            {%- if runs_models and search_metrics.is_relation_name(name) and not search_metrics.is_project_relation(name) -%}
                {{- exceptions.raise_compiler_error("search_metrics: the input " ~ var_name ~ " (" ~ name ~ ") does not "
                    ~ "exist: no table or view of that name in the warehouse, and no model, seed or snapshot of this "
                    ~ "project builds it. " ~ contract) -}}
            {%- endif -%}
            {{- return(present) -}}
        {%- endif -%}
        {%- set found = adapter.get_columns_in_relation(relation) | map(attribute='name') | map('lower') | list -%}
    {%- endif -%}
    {%- if not found -%}
        {{- return(present) -}}
    {%- endif -%}
    {%- set missing = required | reject('in', found) | list -%}
    {%- if missing -%}
        {{- exceptions.raise_compiler_error("search_metrics: the input " ~ var_name ~ " (" ~ name ~ ") has no column "
            ~ (missing | join(', ')) ~ ". " ~ contract) -}}
    {%- endif -%}
    {%- for column in optional -%}{%- do present.update({column: column in found}) -%}{%- endfor -%}
    {{- return(present) -}}
{% endmacro %}
