{#-
  The post-hook of search_query_metrics (judged_incremental_config with run_sums) that keeps its run sums
  (run_sums_relation) in step with its rows, in the transaction that writes them: a first or full-refresh build
  writes them anew from every row; an incremental build adds the sums of the rows it wrote (their built_at is its
  start: built_at_column) to the negated sums of those its pre-hook deleted (delete_stale_rows) and the sums kept,
  and folds them into one row per (run_id, metric, k), leaving out the runs that no longer have a row; a plain table
  (var search_metrics_incremental_runs false) drops them. Runs its statements itself; renders nothing.
  Spark: renders nothing and keeps no sums (search_run_metrics aggregates the table's rows there).
-#}
{% macro record_run_sums() %}
    {{- return(adapter.dispatch('record_run_sums', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__record_run_sums() -%}
    {%- if execute -%}
        {%- set sums = search_metrics.run_sums_relation(this) -%}
        {%- if config.get('materialized') != 'incremental' -%}
            {%- do run_query('drop table if exists ' ~ sums) -%}
            {%- do adapter.cache_dropped(sums) -%}
        {%- elif is_incremental() -%}
            {%- set folded = sums.identifier ~ '__folded' -%}
            {%- set entries -%}
                select run_id, metric, k, sum_value, n_queries, n_queries_total, sum_log_value from {{ sums }}
                union all
                {{ search_metrics.run_sums_select(this, where='summed_rows.built_at = '
                                                   ~ search_metrics.build_timestamp(run_started_at)) }}
            {%- endset -%}
            {%- set bigint = dbt.type_bigint() -%}
            {%- set double = search_metrics.type_double() -%}
            {%- do run_query('drop table if exists ' ~ folded) -%}
            {%- do run_query('create temporary table ' ~ folded ~ ' as select run_id, metric, k,'
                ~ ' cast(sum(sum_value) as ' ~ double ~ ') as sum_value,'
                ~ ' cast(sum(n_queries) as ' ~ bigint ~ ') as n_queries,'
                ~ ' cast(sum(n_queries_total) as ' ~ bigint ~ ') as n_queries_total,'
                ~ ' cast(sum(sum_log_value) as ' ~ double ~ ') as sum_log_value'
                ~ ' from (' ~ entries ~ ') as entries group by run_id, metric, k having sum(n_queries_total) <> 0') -%}
            {%- do run_query('delete from ' ~ sums) -%}
            {%- do run_query('insert into ' ~ sums ~ ' select run_id, metric, k, sum_value, n_queries, n_queries_total,'
                ~ ' sum_log_value from ' ~ folded) -%}
            {%- do run_query('drop table ' ~ folded) -%}
        {%- else -%}
            {%- do run_query('drop table if exists ' ~ sums) -%}
            {%- do run_query('create table ' ~ sums ~ ' as ' ~ search_metrics.run_sums_select(this)) -%}
            {%- do adapter.cache_added(sums) -%}
        {%- endif -%}
    {%- endif -%}
{%- endmacro %}

{% macro spark__record_run_sums() -%}
{%- endmacro %}
