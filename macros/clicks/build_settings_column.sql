{#-
  The select item `<settings text> as build_settings` of an incremental model: the text incremental_settings gives
  for `setting_names` (the settings that shape the model's rows), the same on every row a run writes. Every model
  configured by click_incremental_config selects it, with the same names; check_incremental_settings reads it.
-#}
{% macro build_settings_column(setting_names) %}
    {{- return(adapter.dispatch('build_settings_column', 'search_metrics')(setting_names)) -}}
{% endmacro %}

{% macro default__build_settings_column(setting_names) -%}
    cast({{ search_metrics.string_literal(search_metrics.incremental_settings(setting_names)) }} as {{ dbt.type_string() }}) as build_settings
{%- endmacro %}
