{#-
  The rows of `model` a data test of this package reads (docs/metrics.md, "Incremental builds"): where the model
  keeps a build record (build_record_relation: a judged incremental table on DuckDB or PostgreSQL), every row of
  the keys the model's latest build wrote, old rows of those keys included (a row a build failed to delete still
  shows); elsewhere, every row. The latest build is this invocation's when the model is selected in it (`dbt
  build`: a build that wrote nothing leaves nothing to test, the rows being those tested when they were written),
  else the record's latest (`dbt test` after `dbt run`). Every row when that build wrote every key (a first or full
  build). Read at execution time; `model` as it is at parse time, or when it is not a relation (a test's `where`).
  Returns what a FROM clause takes: the relation, or a subquery with an alias.
-#}
{% macro rows_to_test(model) %}
    {{- return(adapter.dispatch('rows_to_test', 'search_metrics')(model)) -}}
{% endmacro %}

{% macro default__rows_to_test(model) %}
    {%- if not execute or model is string or model.identifier is not defined or model.identifier is none -%}
        {{- return(model) -}}
    {%- endif -%}
    {%- set record = search_metrics.build_record_relation(model) -%}
    {%- if adapter.get_relation(database=record.database, schema=record.schema, identifier=record.identifier) is none -%}
        {{- return(model) -}}
    {%- endif -%}
    {%- set built_here = [] -%}
    {%- for node in graph.nodes.values() if node.resource_type == 'model' and node.unique_id in selected_resources
            and node.alias == model.identifier and node.schema == model.schema -%}
        {%- do built_here.append(node.unique_id) -%}
    {%- endfor -%}
    {%- set latest_build -%}
        {%- if built_here -%}
            select cast({{ search_metrics.string_literal(invocation_id) }} as {{ dbt.type_string() }}) as build_invocation_id
        {%- else -%}
            select max(build_invocation_id) as build_invocation_id
            from {{ record }}
            where build_started_at = (select max(build_started_at) from {{ record }})
        {%- endif -%}
    {%- endset -%}
    {%- set counts = run_query('select count(*), sum(case when recorded.build_invocation_id = latest_build.build_invocation_id'
        ~ ' then 1 else 0 end) from ' ~ record ~ ' as recorded cross join (' ~ latest_build ~ ') as latest_build').rows[0] -%}
    {#- every row: an empty record, a build that wrote every key, or no build known (a record made from the rows) -#}
    {%- if counts[0] == 0 or (counts[1] or 0) == counts[0] or ((counts[1] or 0) == 0 and not built_here) -%}
        {{- return(model) -}}
    {%- endif -%}
    {%- set keys = [] -%}
    {%- for column in adapter.get_columns_in_relation(record)
            if column.name | lower not in ('recorded_fingerprint', 'build_invocation_id', 'build_started_at') -%}
        {%- do keys.append(column.name) -%}
    {%- endfor -%}
    {%- set rows -%}
    (
        select tested_rows.*
        from {{ model }} as tested_rows
        {%- if (counts[1] or 0) == 0 %}
        where 1 = 0
        {%- else %}
        where exists (
            select 1
            from {{ record }} as recorded
            inner join ({{ latest_build }}) as latest_build
                on latest_build.build_invocation_id = recorded.build_invocation_id
            where {{ search_metrics.keys_equal(keys, 'recorded', 'tested_rows') }}
        )
        {%- endif %}
    ) as rows_to_test
    {%- endset -%}
    {{- return(rows) -}}
{% endmacro %}

{#- Spark keeps no build record (record_built_keys): every row -#}
{% macro spark__rows_to_test(model) %}
    {{- return(model) -}}
{% endmacro %}
