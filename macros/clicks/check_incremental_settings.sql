{#-
  The guard of an incremental run (a pre-hook that click_incremental_config adds): on an incremental run, the
  settings the model's rows were built with (the build_settings of one row of {{ this }}: every row holds the same,
  since a build with other settings fails here before it writes, and a full refresh rewrites every row; reading one
  row spares a scan of the column, 91M rows in search_query_metrics at 100M result rows) must equal this run's
  (incremental_settings of `setting_names`), else the older days would keep numbers of other settings beside new
  ones. A difference is an error naming each changed setting with its old and new value and asking for
  --full-refresh of the model and the models that read it (--select <model>+); so is a table without the build_settings column (built before the package recorded
  its settings). An empty table has nothing to compare. Renders nothing; on a first or full-refresh run it reads
  nothing.
-#}
{% macro check_incremental_settings(setting_names) %}
    {{- return(adapter.dispatch('check_incremental_settings', 'search_metrics')(setting_names)) -}}
{% endmacro %}

{% macro default__check_incremental_settings(setting_names) %}
    {%- if not execute or not is_incremental() -%}
        {{- return('') -}}
    {%- endif -%}
    {#- the model and what reads it: the tables downstream were built from the old settings' rows, and on PostgreSQL
        dbt drops a replaced table's views with it (search_trec_eval over the trec_eval values) -#}
    {%- set rebuild = "dbt build --full-refresh --select " ~ this.identifier ~ "+" -%}
    {%- set column_names = adapter.get_columns_in_relation(this) | map(attribute='name') | map('lower') | list -%}
    {%- if 'build_settings' not in column_names -%}
        {{- exceptions.raise_compiler_error("search_metrics: " ~ this.identifier ~ " has no build_settings column: it"
            ~ " was built before the package recorded the settings its rows are built with. Rebuild it once with"
            ~ " --full-refresh (" ~ rebuild ~ ").") -}}
    {%- endif -%}
    {%- set current_text = search_metrics.incremental_settings(setting_names) -%}
    {%- set current = fromjson(current_text) -%}
    {%- set stored_texts = run_query('select build_settings from ' ~ this ~ ' limit 1').columns[0].values() -%}
    {%- set changes = [] -%}
    {%- for stored_text in stored_texts if stored_text != current_text -%}
        {%- set stored = fromjson(stored_text or '{}') or {} -%}
        {%- for name in ((stored.keys() | list) + (current.keys() | list)) | unique | sort -%}
            {%- set old = tojson(stored[name]) if name in stored else '(not recorded)' -%}
            {%- set new = tojson(current[name]) if name in current else '(not a setting of this model)' -%}
            {%- set change = name ~ " was " ~ old ~ ", now " ~ new -%}
            {%- if old != new and change not in changes -%}
                {%- do changes.append(change) -%}
            {%- endif -%}
        {%- endfor -%}
    {%- endfor -%}
    {%- if changes -%}
        {{- exceptions.raise_compiler_error("search_metrics: " ~ this.identifier ~ " was built with other settings"
            ~ " than this run's: " ~ changes | join('; ') ~ ". An incremental run rebuilds only the latest days, so"
            ~ " the older days would keep the old settings' numbers: rebuild the model and the models that read it with --full-refresh ("
            ~ rebuild ~ "), or run it with the settings it was built with.") -}}
    {%- endif -%}
    {{- return('') -}}
{% endmacro %}
