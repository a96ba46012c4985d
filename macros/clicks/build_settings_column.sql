{#-
  The select item `'<digest>' as build_settings` of an incremental model: build_settings_digest of `setting_names`
  (the settings that shape the model's rows), the same on every row a build writes. Every model configured by
  click_incremental_config, judged_incremental_config or comparison_resamples_config selects it, with the names its
  config's check reads; check_incremental_settings compares it, and record_build_settings keeps the settings' text
  beside the table.
-#}
{% macro build_settings_column(setting_names) %}
    {{- return(adapter.dispatch('build_settings_column', 'search_metrics')(setting_names)) -}}
{% endmacro %}

{% macro default__build_settings_column(setting_names) -%}
    cast({{ search_metrics.string_literal(search_metrics.build_settings_digest(setting_names)) }} as {{ dbt.type_string() }}) as build_settings
{%- endmacro %}
