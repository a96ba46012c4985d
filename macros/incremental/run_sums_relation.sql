{#-
  The run sums of search_query_metrics (docs/metrics.md, "Incremental builds"): a table beside it, named after it
  with the suffix `__run_sums`, whose rows summed per (run_id, metric, k) are the sums search_run_metrics forms its
  means from (run_sums_select). Kept by the table's own hooks, in the transactions that write its rows: its
  pre-hook adds the negated sums of the rows it deletes (delete_stale_rows), its post-hook the sums of the rows it
  wrote and folds them into one row per (run_id, metric, k) (record_run_sums). DuckDB and PostgreSQL; Spark keeps
  none. `relation`: the table (a Relation: `this` in a model, the ref in search_run_metrics), whether or not it
  exists.
-#}
{% macro run_sums_relation(relation) %}
    {{- return(adapter.dispatch('run_sums_relation', 'search_metrics')(relation)) -}}
{% endmacro %}

{% macro default__run_sums_relation(relation) %}
    {{- return(api.Relation.create(database=relation.database, schema=relation.schema,
                                   identifier=relation.identifier ~ '__run_sums', type='table')) -}}
{% endmacro %}
