{#-
  The names of the settings that shape the results input's rules and the rows they read (incremental_settings):
  where the rank comes from (staged_results computes it from the score, and the score must not be null then). A
  run checked under other settings is checked again (unchanged_checked_runs).
-#}
{% macro results_rule_settings() %}
    {{- return(['search_metrics_rank_from']) -}}
{% endmacro %}
