{#-
  The query_ids an incremental build of the current model will compute, as a list, read when the model is compiled
  (before its pre-hooks): the distinct query_id of the keys of `state` (the state model, with `keys` and its
  `fingerprint` column) that the table's build record (build_record_relation) lacks with that fingerprint, which is
  every key the build computes once the pre-hook (delete_stale_rows) has removed the stale ones. queries_of_keys
  turns the list into literals, which DuckDB applies while it scans a large input, before any join; a join order can
  move a semi-join above a LEFT JOIN instead (docs/metrics.md, "Incremental builds").
  none, and the caller keeps its subquery, when there is nothing to read yet or the list would be long: while
  parsing, on a first, full-refresh or plain-table build, when the record does not exist (the pre-hook writes it from
  the table's rows), and when more than `max_queries` queries are pending (an appended run: every query). Spark keeps
  no build record: none.
-#}
{% macro pending_queries(state, keys, fingerprint, max_queries=1000) %}
    {{- return(adapter.dispatch('pending_queries', 'search_metrics')(state, keys, fingerprint, max_queries)) -}}
{% endmacro %}

{% macro default__pending_queries(state, keys, fingerprint, max_queries=1000) %}
    {%- if not execute or not is_incremental() -%}
        {{- return(none) -}}
    {%- endif -%}
    {%- set record = search_metrics.build_record_relation(this) -%}
    {%- if load_relation(record) is none -%}
        {{- return(none) -}}
    {%- endif -%}
    {%- set pending -%}
        select distinct {{ dbt.concat(["'#'", 'state.query_id']) }} as marked_query_id
        from {{ state }} as state
        where state.query_id is not null
            and not exists (
                select 1
                from {{ record }} as recorded
                where {{ search_metrics.keys_equal(keys, 'recorded', 'state') }}
                    and recorded.recorded_fingerprint = state.{{ fingerprint }}
            )
        order by marked_query_id
        limit {{ max_queries + 1 }}
    {%- endset -%}
    {#- each value read back behind a mark, so that no query_id is taken for a number, a date or a null on the way -#}
    {%- set marked = run_query(pending).columns[0].values() | list -%}
    {%- if marked | length > max_queries -%}
        {{- return(none) -}}
    {%- endif -%}
    {%- set queries = [] -%}
    {%- for value in marked -%}
        {%- do queries.append(value[1:]) -%}
    {%- endfor -%}
    {{- return(queries) -}}
{% endmacro %}

{% macro spark__pending_queries(state, keys, fingerprint, max_queries=1000) %}
    {{- return(none) -}}
{% endmacro %}
