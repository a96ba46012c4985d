{#-
  The rows of `model` a data test of this package reads (docs/metrics.md, "What the data tests read"): where the
  model keeps a build record (build_record_relation: a judged incremental table on DuckDB or PostgreSQL), the rows
  its latest build wrote (their built_at is that build's start: built_at_column); elsewhere, every row. The latest
  build is this invocation's when the model is selected in it (`dbt build`: a build that wrote nothing leaves
  nothing to test, the rows being those tested when they were written), else the record's latest (`dbt test` after
  `dbt run`). Every row when that build wrote every key (a first or full build) or when no build is known (a record
  made from the rows). Read at execution time; `model` as it is at parse time, or when it is not a relation (a
  test's `where`). Returns what a FROM clause takes: the relation, or a subquery with an alias.
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
    {%- set built_here = search_metrics.built_in_this_invocation(model) -%}
    {%- set latest_build -%}
        {%- if built_here -%}
            select cast({{ search_metrics.string_literal(invocation_id) }} as {{ dbt.type_string() }}) as build_invocation_id,
                cast({{ search_metrics.string_literal(run_started_at.isoformat()) }} as {{ dbt.type_string() }}) as build_started_at
        {%- else -%}
            select max(build_invocation_id) as build_invocation_id, max(build_started_at) as build_started_at
            from {{ record }}
            where build_started_at = (select max(build_started_at) from {{ record }})
        {%- endif -%}
    {%- endset -%}
    {%- set counts = run_query('select count(*), sum(case when recorded.build_invocation_id = latest_build.build_invocation_id'
        ~ ' then 1 else 0 end), max(latest_build.build_started_at) from ' ~ record ~ ' as recorded cross join ('
        ~ latest_build ~ ') as latest_build').rows[0] -%}
    {#- every row: an empty record, a build that wrote every key, or no build known (a record made from the rows) -#}
    {%- if counts[0] == 0 or (counts[1] or 0) == counts[0] or ((counts[1] or 0) == 0 and not built_here) -%}
        {{- return(model) -}}
    {%- endif -%}
    {#- the rows the latest build wrote carry its start (built_at_column); none when it wrote no key -#}
    {%- set rows -%}
    (
        select tested_rows.*
        from {{ model }} as tested_rows
        {%- if (counts[1] or 0) == 0 %}
        where 1 = 0
        {%- else %}
        where tested_rows.built_at = {{ search_metrics.build_timestamp(modules.datetime.datetime.fromisoformat(counts[2])) }}
        {%- endif %}
    ) as rows_to_test
    {%- endset -%}
    {{- return(rows) -}}
{% endmacro %}

{#- Spark keeps no build record (record_built_keys): every row -#}
{% macro spark__rows_to_test(model) %}
    {{- return(model) -}}
{% endmacro %}
