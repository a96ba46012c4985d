{#-
  Whether the tables of the tests across all systems are built: the comparisons family is on (family_enabled) and
  var search_metrics_all_systems_tests is set (not null; get_all_systems_tests_settings checks it). Returns a bool.
-#}
{% macro all_systems_tests_enabled() %}
    {{- return(adapter.dispatch('all_systems_tests_enabled', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__all_systems_tests_enabled() %}
    {%- set settings = search_metrics.get_all_systems_tests_settings() -%}
    {{- return(search_metrics.family_enabled('comparisons') and settings is not none) -}}
{% endmacro %}
