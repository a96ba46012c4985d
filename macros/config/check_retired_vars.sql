{#-
  Fails the compile when a retired var is set (any value but null), naming the var that replaced it, so that a
  project upgrading from the bucket comparisons does not silently lose a setting. Called by family_enabled, which
  every model and data test renders in its config at parse time: every dbt command that parses the project (parse,
  compile, run, build, test, docs) hits it, whatever it selects and whichever families are on. Returns nothing.
    search_metrics_enable_bucket_comparisons  ->  search_metrics_enable_experiments
    search_metrics_bucket_comparisons          ->  search_metrics_experiments (key baseline)
-#}
{% macro check_retired_vars() %}
    {{- return(adapter.dispatch('check_retired_vars', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__check_retired_vars() %}
    {%- set retired = [
        ('search_metrics_enable_bucket_comparisons', 'search_metrics_enable_experiments (the experiments family, search_experiment_results, on by default when the clicks family is on and search_metrics_bucket_column is set)'),
        ('search_metrics_bucket_comparisons', "search_metrics_experiments: {baseline: <bucket>} (search_experiment_results compares every bucket with the baseline; null = the first bucket in binary order)")
    ] -%}
    {%- for name, replacement in retired -%}
        {%- if var(name, none) is not none -%}
            {{- exceptions.raise_compiler_error("search_metrics: var " ~ name ~ " was retired with search_paulscore_comparison; use "
                ~ replacement ~ " instead, and remove " ~ name ~ " (got " ~ var(name) ~ ")") -}}
        {%- endif -%}
    {%- endfor -%}
{% endmacro %}
