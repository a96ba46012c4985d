{#-
  The digest an incremental model's rows carry for the settings they are built with: the first 12 hexadecimal
  characters of the MD5 of incremental_settings(`setting_names`). 12 characters, because DuckDB keeps a string of up
  to 12 bytes inside its row instead of pointing to it (what the JSON on every row cost: docs/clicks.md, "Settings
  of an incremental table"). The JSON itself is kept once per table
  (record_build_settings), so that a changed setting is still named with its old value. A digest never starts with
  `{`, as the JSON the rows held before it did (check_incremental_settings reads both).
-#}
{% macro build_settings_digest(setting_names) %}
    {{- return(adapter.dispatch('build_settings_digest', 'search_metrics')(setting_names)) -}}
{% endmacro %}

{% macro default__build_settings_digest(setting_names) %}
    {{- return(local_md5(search_metrics.incremental_settings(setting_names))[:12]) -}}
{% endmacro %}
