{#-
  A select of an ndeval qrels file (the TREC Web track's diversity qrels) in the subtopic judgments contract: one
  line per judgment, `query_id subtopic_id doc_id grade`, fields separated by any run of spaces or tabs, empty
  lines skipped (a line with another number of fields is an error). Returns query_id, subtopic_id, doc_id and grade,
  each the field's text (the staging model reads the grade and its rule judges it: 'high' fails
  search_metrics_subtopic_judgments__grade_must_be_a_whole_number; ndeval reads any grade above 1 as 1, which the
  diversity metrics' default threshold 1 does too). DuckDB only, like read_trec_qrels.
-#}
{% macro read_ndeval_qrels(path) %}
    {{- return(adapter.dispatch('read_ndeval_qrels', 'search_metrics')(path)) -}}
{% endmacro %}

{% macro default__read_ndeval_qrels(path) %}
    {{- exceptions.raise_compiler_error("search_metrics: read_ndeval_qrels reads files with DuckDB's read_csv; on " ~ adapter.type() ~ " load the qrels file with your warehouse's loader into a table with query_id, subtopic_id, doc_id, grade") -}}
{% endmacro %}

{% macro duckdb__read_ndeval_qrels(path) -%}
    select
        fields[1] as query_id,
        fields[2] as subtopic_id,
        fields[3] as doc_id,
        fields[4] as grade
    from (
        {{ search_metrics.trec_file_fields(path, 4) }}
    ) as qrels_lines
{%- endmacro %}
