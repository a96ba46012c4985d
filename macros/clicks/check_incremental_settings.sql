{#-
  The guard of an incremental run (a pre-hook that click_incremental_config, judged_incremental_config and
  comparison_resamples_config add): on an incremental run, the settings the model's rows were built with must equal
  this run's (incremental_settings of `setting_names`), else the rows kept would hold numbers of other settings
  beside new ones. It reads the build_settings of one row of {{ this }} (every row holds the same, since a build with
  other settings fails here before it writes, and a full refresh rewrites every row; reading one row spares a scan
  of the column, 91M rows in search_query_metrics at 100M result rows):
  - the digest of this run's settings (build_settings_digest): the same settings; nothing more is read;
  - another digest: the settings' text recorded for it beside the table (build_settings_relation,
    record_build_settings) names each changed setting with its old and new value; without it (the record dropped by
    hand) the error gives the two digests;
  - a text starting with `{`: the settings' JSON itself, as the rows held it before they carried a digest;
  - no row (an empty table): nothing to compare; the record is written anew for the rows this run writes.
  Where the recorded settings equal this run's under another value (the JSON, or a digest of the same settings
  written otherwise by an older version), this run's digest is added to the record (write_build_settings) and the
  run goes on, its rows carrying it beside the older rows' value.
  A difference is an error naming each changed setting and asking for --full-refresh of the model and the models
  that read it (--select <model>+); so is a table without the build_settings column (built before the package
  recorded its settings). Renders nothing; on a first or full-refresh run it reads nothing.
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
    {%- set current_digest = search_metrics.build_settings_digest(setting_names) -%}
    {%- set stored_values = run_query('select build_settings from ' ~ this ~ ' limit 1').columns[0].values() -%}
    {%- if stored_values | length == 0 -%}
        {%- do search_metrics.write_build_settings(setting_names) -%}
        {{- return('') -}}
    {%- endif -%}
    {%- set stored = stored_values[0] or '' -%}
    {%- if stored == current_digest -%}
        {{- return('') -}}
    {%- endif -%}
    {%- set record = search_metrics.build_settings_relation(this) -%}
    {%- if stored.startswith('{') -%}
        {%- set stored_text = stored -%}
    {%- elif load_relation(record) is not none -%}
        {%- set recorded = run_query('select settings_text from ' ~ record ~ ' where build_settings = '
            ~ search_metrics.string_literal(stored)).columns[0].values() -%}
        {%- set stored_text = recorded[0] if recorded | length > 0 else none -%}
    {%- else -%}
        {%- set stored_text = none -%}
    {%- endif -%}
    {%- if stored_text is none -%}
        {{- exceptions.raise_compiler_error("search_metrics: " ~ this.identifier ~ " was built with other settings"
            ~ " than this run's (its rows' build_settings digest is " ~ stored ~ ", this run's " ~ current_digest
            ~ "; the text of its settings, kept in " ~ record.identifier ~ ", is missing, so the changed settings"
            ~ " cannot be named). An incremental run rebuilds only what moved, so the rows kept would hold the old"
            ~ " settings' numbers: rebuild the model and the models that read it with --full-refresh (" ~ rebuild
            ~ "), or run it with the settings it was built with.") -}}
    {%- endif -%}
    {%- set current = fromjson(search_metrics.incremental_settings(setting_names)) -%}
    {%- set old_settings = fromjson(stored_text) or {} -%}
    {%- set changes = [] -%}
    {%- for name in ((old_settings.keys() | list) + (current.keys() | list)) | unique | sort -%}
        {%- set old = tojson(old_settings[name]) if name in old_settings else '(not recorded)' -%}
        {%- set new = tojson(current[name]) if name in current else '(not a setting of this model)' -%}
        {%- if old != new -%}
            {%- do changes.append(name ~ " was " ~ old ~ ", now " ~ new) -%}
        {%- endif -%}
    {%- endfor -%}
    {%- if changes -%}
        {{- exceptions.raise_compiler_error("search_metrics: " ~ this.identifier ~ " was built with other settings"
            ~ " than this run's: " ~ changes | join('; ') ~ ". An incremental run rebuilds only what moved, so"
            ~ " the rows kept would hold the old settings' numbers: rebuild the model and the models that read it"
            ~ " with --full-refresh (" ~ rebuild ~ "), or run it with the settings it was built with.") -}}
    {%- endif -%}
    {#- the same settings, recorded under another digest or as the rows' text (before the digest): record this run's
        digest too, beside those of the rows kept -#}
    {%- do search_metrics.write_build_settings(setting_names, keep_recorded=true) -%}
    {{- return('') -}}
{% endmacro %}
