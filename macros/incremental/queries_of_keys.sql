{#-
  A predicate: `column` (a query_id column) is a query of `keys` (a relation or CTE with a query_id column, such as
  the (run_id, query_id) pairs an incremental build computes). Beside a join on (run_id, query_id) it removes no
  row the join keeps; it is there for the scan: DuckDB turns a semi-join over a few distinct values into a filter
  of the scan, so a build that recomputes a few queries in every run (a regrade of their judgments) no longer
  probes each of the table's rows with both keys. Used only in the incremental branches (a full build's keys are
  every query). With `queries`, the list pending_queries read when the model was compiled (a superset of the keys'
  queries), the predicate is `column` in those values as literals, or false when there is none: DuckDB then filters
  the scan whatever the join order (a semi-join can be placed above a LEFT JOIN, after every row was probed).
  Measured in bench/README.md, "Incremental builds".
-#}
{% macro queries_of_keys(column, keys, queries=none) %}
    {{- return(adapter.dispatch('queries_of_keys', 'search_metrics')(column, keys, queries)) -}}
{% endmacro %}

{% macro default__queries_of_keys(column, keys, queries=none) -%}
    {%- if queries is none -%}
        {{ column }} in (select query_id from {{ keys }})
    {%- elif queries | length == 0 -%}
        1 = 0
    {%- else -%}
        {%- set literals = [] -%}
        {%- for query_id in queries -%}
            {%- do literals.append(search_metrics.string_literal(query_id)) -%}
        {%- endfor -%}
        {{ column }} in ({{ literals | join(', ') }})
    {%- endif -%}
{%- endmacro %}
