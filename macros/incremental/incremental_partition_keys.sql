{#-
  The partition columns of a judged incremental table on an engine that removes stale rows by dropping partitions
  (Spark: judged_incremental_config, delete_stale_rows): its `keys` without query_id, so a partition is one run
  (the tables by run and by run and query) or one compared pair (baseline, candidate). A list of column names.
-#}
{% macro incremental_partition_keys(keys) %}
    {{- return(adapter.dispatch('incremental_partition_keys', 'search_metrics')(keys)) -}}
{% endmacro %}

{% macro default__incremental_partition_keys(keys) %}
    {{- return(keys | reject('equalto', 'query_id') | list) -}}
{% endmacro %}
