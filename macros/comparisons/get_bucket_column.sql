{#-
  The A/B bucket column of the searches input: var search_metrics_bucket_column (or the example searches'
  `bucket` with search_metrics_examples), a plain column name (letters, digits, underscores), or none when
  unset (then the bucket_comparisons family, search_paulscore_comparison, is off).
-#}
{% macro get_bucket_column() %}
    {{- return(adapter.dispatch('get_bucket_column', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_bucket_column() %}
    {%- set column = var('search_metrics_bucket_column', none) -%}
    {%- if search_metrics.is_unset(column) -%}
        {{- return(search_metrics.example_input('search_metrics_bucket_column')) -}}
    {%- endif -%}
    {%- if column is not string or not modules.re.match('^[A-Za-z_][A-Za-z0-9_]*$', column | trim) -%}
        {{- exceptions.raise_compiler_error("search_metrics: search_metrics_bucket_column must name a column of the searches input (letters, digits, underscores), got " ~ column) -}}
    {%- endif -%}
    {{- return(column | trim) -}}
{% endmacro %}
