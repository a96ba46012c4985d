{#-
  The non-empty lines of a whitespace-separated text file (TREC run and qrels files) as an array column `fields`
  (1-based, text as written), split on any run of spaces or tabs. Every line must have `n_fields` fields: a line with
  another number stops the query with an error that names the file and the line (trec_eval: "Malformed line"), as a
  qrels line without its grade would otherwise read as an ungraded judgment. Lines may end in LF or CRLF, mixed
  within a file. DuckDB only: each line is read whole by read_csv without its sniffer (a delimiter that never occurs,
  no quote, no escape, no comment character; strict_mode off, which lets the line ends mix), then split with a
  regular expression.
-#}
{% macro trec_file_fields(path, n_fields) %}
    {{- return(adapter.dispatch('trec_file_fields', 'search_metrics')(path, n_fields)) -}}
{% endmacro %}

{% macro default__trec_file_fields(path, n_fields) %}
    {{- exceptions.raise_compiler_error("search_metrics: trec_file_fields reads files with DuckDB's read_csv only") -}}
{% endmacro %}

{% macro duckdb__trec_file_fields(path, n_fields) -%}
    {%- set message = 'search_metrics: ' ~ path ~ ': every line must have ' ~ n_fields ~ ' fields separated by spaces or tabs, this one has ' -%}
    select
        case
            when len(fields) = {{ n_fields }} then fields
            else error({{ search_metrics.string_literal(message) }} || cast(len(fields) as varchar) || ': ' || trimmed_line)
        end as fields
    from (
        select
            trimmed_line,
            regexp_split_to_array(trimmed_line, '\s+') as fields
        from (
            select trim(line, ' ' || chr(9) || chr(13)) as trimmed_line
            from read_csv({{ search_metrics.string_literal(path) }}, columns = {'line': 'varchar'}, header = false,
                          auto_detect = false, strict_mode = false, delim = chr(1), quote = '', escape = '', comment = '')
        ) as file_lines
        where trimmed_line <> ''
    ) as split_lines
{%- endmacro %}
