{#-
  A select of a TREC run file in the results contract: one line per result, `query_id Q0 doc_id rank score tag`,
  fields separated by any run of spaces or tabs (a line with another number of fields is an error). tag -> run_id (a
  file may hold several runs), the Q0 column is ignored, rank is the field's text (the staging model reads it and the
  rank rule judges it: '2.5' or 'x' fails search_metrics_results__rank_must_be_a_whole_number_from_1_to_2147483647),
  score a double; both are kept (trec_eval orders by score and ignores rank: set var
  search_metrics_rank_from: score to do the same). Reads the file on the warehouse's machine: DuckDB only
  (read_csv); on another adapter load the file with its own loader into a table of the contract.
-#}
{% macro read_trec_run(path) %}
    {{- return(adapter.dispatch('read_trec_run', 'search_metrics')(path)) -}}
{% endmacro %}

{% macro default__read_trec_run(path) %}
    {{- exceptions.raise_compiler_error("search_metrics: read_trec_run reads files with DuckDB's read_csv; on " ~ adapter.type() ~ " load the run file with your warehouse's loader into a table with run_id, query_id, doc_id, rank, score") -}}
{% endmacro %}

{% macro duckdb__read_trec_run(path) -%}
    select
        fields[6] as run_id,
        fields[1] as query_id,
        fields[3] as doc_id,
        fields[4] as rank,
        cast(fields[5] as double) as score
    from (
        {{ search_metrics.trec_file_fields(path, 6) }}
    ) as run_lines
{%- endmacro %}
