{#-
  The name of the warehouse's own LLM function, the one search_llm_judgments calls when var
  search_metrics_llm_judge.function is null: Snowflake's AI_COMPLETE (Cortex), Databricks' ai_query, BigQuery's
  AI.GENERATE. None on the other adapters (DuckDB, PostgreSQL, Spark, ...), which have none: there the setting
  `function` must name a SQL function the user registered (get_llm_judge_settings). The calls themselves are
  llm_complete's.
-#}
{% macro warehouse_llm_function() %}
    {{- return(adapter.dispatch('warehouse_llm_function', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__warehouse_llm_function() %}
    {{- return(none) -}}
{% endmacro %}

{% macro snowflake__warehouse_llm_function() %}
    {{- return('AI_COMPLETE') -}}
{% endmacro %}

{% macro databricks__warehouse_llm_function() %}
    {{- return('ai_query') -}}
{% endmacro %}

{% macro bigquery__warehouse_llm_function() %}
    {{- return('AI.GENERATE') -}}
{% endmacro %}
