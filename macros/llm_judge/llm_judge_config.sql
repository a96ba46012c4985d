{#-
  The config of search_llm_judgments, an append-only incremental table: every run inserts the judgments of the pairs
  it sent and never rewrites a row (the model sends only pairs without a judgment of its rater, so rows never clash).
  Strategy append (DuckDB, PostgreSQL, Spark, Databricks, Snowflake); BigQuery, which has no append strategy, merges
  on (query_id, doc_id, rater_id), the same as append here. A changed set of columns fails the run
  (on_schema_change: fail).
-#}
{% macro llm_judge_config() %}
    {{- return(adapter.dispatch('llm_judge_config', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__llm_judge_config() %}
    {{- return({'materialized': 'incremental', 'incremental_strategy': 'append', 'on_schema_change': 'fail'}) -}}
{% endmacro %}

{% macro bigquery__llm_judge_config() %}
    {{- return({'materialized': 'incremental', 'incremental_strategy': 'merge',
                'unique_key': ['query_id', 'doc_id', 'rater_id'], 'on_schema_change': 'fail'}) -}}
{% endmacro %}
