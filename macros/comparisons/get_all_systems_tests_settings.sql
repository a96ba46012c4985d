{#-
  The settings of the tests across all systems (search_run_anova, search_run_tukey_hsd, search_run_hsd_groups):
  var search_metrics_all_systems_tests, null (the default: the tables are not built) or a dict whose keys replace
  these defaults
    runs: null           the runs compared: null = every run of search_query_metrics; or a list of at least two
                         different non-empty run_ids
    permutations: 1000   B, the permutations of the randomized Tukey HSD: a whole number from 1 to 1,000,000
    metrics: null        the metrics tested: null = every configured metric; or a list of configured metric names
                         (each Tukey pair costs a quadrature of 24,576 rows: test the metrics you report)
  An unknown key or a bad value is a compile error that names the var and the key. Returns none when the var is
  null, else {'runs': none or [text], 'permutations': int, 'metrics': none or [text]}.
-#}
{% macro get_all_systems_tests_settings() %}
    {{- return(adapter.dispatch('get_all_systems_tests_settings', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_all_systems_tests_settings() %}
    {%- if var('search_metrics_all_systems_tests', none) is none -%}
        {{- return(none) -}}
    {%- endif -%}
    {%- set settings = search_metrics.settings_with_defaults('search_metrics_all_systems_tests', {'runs': none, 'permutations': 1000, 'metrics': none}) -%}
    {%- set prefix = "search_metrics: search_metrics_all_systems_tests" -%}
    {%- set runs = settings.runs -%}
    {%- if runs is not none -%}
        {%- set run_rule = prefix ~ ".runs must be null or a list of at least two different non-empty run_ids" -%}
        {%- if runs is string or runs is mapping or runs is not iterable or (runs | length) < 2 -%}
            {{- exceptions.raise_compiler_error(run_rule ~ ", got " ~ runs) -}}
        {%- endif -%}
        {%- set checked = [] -%}
        {%- for run in runs -%}
            {%- if run is not string or (run | trim) == '' -%}
                {{- exceptions.raise_compiler_error(run_rule ~ ", got " ~ run ~ " in " ~ runs) -}}
            {%- endif -%}
            {%- if run in checked -%}
                {{- exceptions.raise_compiler_error(run_rule ~ ", got " ~ run ~ " twice in " ~ runs) -}}
            {%- endif -%}
            {%- do checked.append(run) -%}
        {%- endfor -%}
        {%- set runs = checked -%}
    {%- endif -%}
    {%- set permutations = settings.permutations -%}
    {%- if not search_metrics.is_number(permutations, whole=true) or permutations < 1 or permutations > 1000000 -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".permutations must be a whole number from 1 to 1000000, got " ~ permutations ~ search_metrics.number_text_hint(permutations)) -}}
    {%- endif -%}
    {%- set metrics = settings.metrics -%}
    {%- if metrics is not none -%}
        {%- set configured = search_metrics.get_metrics() | map(attribute='name') | list -%}
        {%- set metric_rule = prefix ~ ".metrics must be null or a non-empty list of configured metric names (var search_metrics_metrics)" -%}
        {%- if metrics is string or metrics is mapping or metrics is not iterable or (metrics | length) == 0 -%}
            {{- exceptions.raise_compiler_error(metric_rule ~ ", got " ~ metrics) -}}
        {%- endif -%}
        {%- for metric in metrics -%}
            {%- if metric is not string or metric not in configured -%}
                {{- exceptions.raise_compiler_error(metric_rule ~ ", got " ~ metric ~ " in " ~ metrics) -}}
            {%- endif -%}
        {%- endfor -%}
        {%- set metrics = metrics | unique | list -%}
    {%- endif -%}
    {{- return({'runs': runs, 'permutations': permutations | int, 'metrics': metrics}) -}}
{% endmacro %}
