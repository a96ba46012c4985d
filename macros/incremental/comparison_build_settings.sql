{#-
  The names of the settings that shape the comparison tables' rows (incremental_settings): the judged models'
  (judged_build_settings: the values compared) and the tests' (permutations, bootstrap samples, confidence level,
  the family of the p-value adjustments, alpha and power) and the rule the resampling tests draw by
  (search_metrics_resampling.draws: 'by_query', each query's draws keyed by the query, hash_unit_key; a table built
  before it, when the draws followed the query's position in its group, has none). A build whose settings differ
  from those a table was built with fails, naming each (check_incremental_settings).
-#}
{% macro comparison_build_settings() %}
    {{- return(search_metrics.judged_build_settings() + [
        'search_metrics_permutations', 'search_metrics_bootstrap_samples', 'search_metrics_confidence_level',
        'search_metrics_p_value_family', 'search_metrics_alpha', 'search_metrics_power',
        'search_metrics_resampling.draws']) -}}
{% endmacro %}
