{#-
  Fails the compile when a retired or renamed var is set (any value but null), naming the var that replaced it, so
  that a project upgrading does not silently lose a setting. Called by family_enabled, which every model and data
  test renders in its config at parse time: every dbt command that parses the project (parse, compile, run, build,
  test, docs) hits it, whatever it selects and whichever families are on. Returns nothing.
    search_metrics_enable_bucket_comparisons  ->  search_metrics_enable_experiments (retired with
                                                  search_paulscore_comparison)
    search_metrics_bucket_comparisons          ->  search_metrics_experiments (key baseline)
    search_metrics_enable_judged               ->  search_metrics_enable_judgment_metrics   (the families renamed
    search_metrics_enable_judging              ->  search_metrics_enable_judgment_coverage   so that each name says
    search_metrics_enable_judges               ->  search_metrics_enable_judge_validation    what its tables hold)
    search_metrics_enable_llm_judgments        ->  search_metrics_enable_llm_judge
    search_metrics_judging                     ->  search_metrics_judgment_coverage
    search_metrics_llm_judging                 ->  search_metrics_llm_judge
-#}
{% macro check_retired_vars() %}
    {{- return(adapter.dispatch('check_retired_vars', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__check_retired_vars() %}
    {%- set paulscore_comparison = 'was retired with search_paulscore_comparison' -%}
    {%- set family_renamed = 'was renamed with its family, so that each family name says what its tables hold' -%}
    {%- set retired = [
        ('search_metrics_enable_bucket_comparisons', paulscore_comparison, 'search_metrics_enable_experiments (the experiments family, search_experiment_results, on by default when the clicks family is on and search_metrics_bucket_column is set)'),
        ('search_metrics_bucket_comparisons', paulscore_comparison, "search_metrics_experiments: {baseline: <bucket>} (search_experiment_results compares every bucket with the baseline; null = the first bucket in binary order)"),
        ('search_metrics_enable_judged', family_renamed, 'search_metrics_enable_judgment_metrics (the metrics from judgments: search_query_metrics, search_run_metrics, ...)'),
        ('search_metrics_enable_judging', family_renamed, 'search_metrics_enable_judgment_coverage (what to judge next and the bounds for what is not judged)'),
        ('search_metrics_enable_judges', family_renamed, 'search_metrics_enable_judge_validation (the automated judges held to the humans)'),
        ('search_metrics_enable_llm_judgments', family_renamed, "search_metrics_enable_llm_judge (judging with the warehouse's LLM)"),
        ('search_metrics_judging', family_renamed, 'search_metrics_judgment_coverage (the same keys: pool_depth, persistence, budget_per_query)'),
        ('search_metrics_llm_judging', family_renamed, 'search_metrics_llm_judge (the same keys)')
    ] -%}
    {%- for name, why, replacement in retired -%}
        {%- if var(name, none) is not none -%}
            {{- exceptions.raise_compiler_error("search_metrics: var " ~ name ~ " " ~ why ~ "; use "
                ~ replacement ~ " instead, and remove " ~ name ~ " (got " ~ var(name) ~ ")") -}}
        {%- endif -%}
    {%- endfor -%}
{% endmacro %}
