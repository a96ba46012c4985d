{#-
  A select of a TREC run file in the results contract: one line per result, `query_id Q0 doc_id rank score tag`,
  fields separated by any run of spaces or tabs. tag -> run_id (a file may hold several runs), the Q0 column is
  ignored, rank and score are kept (trec_eval orders by score and ignores rank: set var
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
        cast(fields[4] as integer) as rank,
        cast(fields[5] as double) as score
    from (
        {{ search_metrics.trec_file_fields(path) }}
    ) as run_lines
{%- endmacro %}
