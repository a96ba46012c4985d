{#-
  The non-empty lines of a whitespace-separated text file (TREC run and qrels files) as an array column `fields`
  (1-based), split on any run of spaces or tabs. DuckDB only: each line is read whole by read_csv with a
  delimiter that never occurs, then split with a regular expression.
-#}
{% macro trec_file_fields(path) %}
    {{- return(adapter.dispatch('trec_file_fields', 'search_metrics')(path)) -}}
{% endmacro %}

{% macro default__trec_file_fields(path) %}
    {{- exceptions.raise_compiler_error("search_metrics: trec_file_fields reads files with DuckDB's read_csv only") -}}
{% endmacro %}

{% macro duckdb__trec_file_fields(path) -%}
    select regexp_split_to_array(trim(line), '\s+') as fields
    from read_csv({{ search_metrics.string_literal(path) }}, columns = {'line': 'varchar'}, header = false, delim = chr(1), quote = '', escape = '')
    where trim(line) <> ''
{%- endmacro %}
