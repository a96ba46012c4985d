{#-
  The judgment_coverage family's settings: var search_metrics_judgment_coverage, a dict whose keys replace these defaults
    pool_depth: null        the depth of the pool the queue and the unjudged readings read: a result is in the pool
                            when its rank is <= pool_depth; null = the largest cutoff (get_cutoffs); a whole number
                            from 1 to largest_rank()
    persistence: 0.8        p of the queue's priority, sum over the runs of p^(rank - 1) (RBP's weight of the rank;
                            Moffat, Webber & Zobel 2007): a number with 0 < p < 1
    budget_per_query: null  at most this many pairs per query in the queue, highest priority first; null = every
                            pair; a whole number >= 1
  An unknown key or a bad value is a compile error that names the var and the key. Returns the checked dict with
  pool_depth int, persistence float and budget_per_query none | int.
-#}
{% macro get_judgment_coverage_settings() %}
    {{- return(adapter.dispatch('get_judgment_coverage_settings', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_judgment_coverage_settings() %}
    {%- set defaults = {'pool_depth': none, 'persistence': 0.8, 'budget_per_query': none} -%}
    {%- set settings = search_metrics.settings_with_defaults('search_metrics_judgment_coverage', defaults) -%}
    {%- set prefix = "search_metrics: search_metrics_judgment_coverage" -%}
    {%- set largest = search_metrics.largest_rank() -%}
    {%- set depth = settings.pool_depth -%}
    {%- if depth is none -%}
        {%- set depth = search_metrics.get_cutoffs() | max -%}
    {%- elif not search_metrics.is_number(depth, whole=true) or depth < 1 or depth > largest -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".pool_depth must be a whole number from 1 to " ~ largest ~ " or null (the largest cutoff), got " ~ depth ~ search_metrics.number_text_hint(depth)) -}}
    {%- endif -%}
    {%- set persistence = settings.persistence -%}
    {%- if not search_metrics.is_number(persistence) or persistence <= 0 or persistence >= 1 -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".persistence must be a number with 0 < p < 1, got " ~ persistence ~ search_metrics.number_text_hint(persistence)) -}}
    {%- endif -%}
    {%- set budget = settings.budget_per_query -%}
    {%- if budget is not none and (not search_metrics.is_number(budget, whole=true) or budget < 1 or budget > largest) -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".budget_per_query must be a whole number >= 1 or null (no limit), got " ~ budget ~ search_metrics.number_text_hint(budget)) -}}
    {%- endif -%}
    {{- return({'pool_depth': depth | int, 'persistence': persistence | float,
                'budget_per_query': none if budget is none else budget | int}) -}}
{% endmacro %}
