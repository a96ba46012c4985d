{#-
  A select of a TREC qrels file in the judgments contract: one line per judgment, `query_id iteration doc_id
  grade`, fields separated by any run of spaces or tabs (a line with another number of fields is an error). The
  iteration column (usually 0) is ignored, grade is the field's text (the staging model reads it and the input
  rules judge it: '1.5' or 'high' fails search_metrics_judgments__grade_must_be_a_whole_number), rater_id is null
  (a qrels file has one assessor per judgment), scale is 'graded': set var search_metrics_max_grade to the file's
  top grade, and search_metrics_negative_grades if it has negative grades (-1 unjudged in trec_eval's
  reading, -2 junk in the TREC Web track's). DuckDB only, like read_trec_run.
-#}
{% macro read_trec_qrels(path) %}
    {{- return(adapter.dispatch('read_trec_qrels', 'search_metrics')(path)) -}}
{% endmacro %}

{% macro default__read_trec_qrels(path) %}
    {{- exceptions.raise_compiler_error("search_metrics: read_trec_qrels reads files with DuckDB's read_csv; on " ~ adapter.type() ~ " load the qrels file with your warehouse's loader into a table with query_id, doc_id, rater_id, grade, scale") -}}
{% endmacro %}

{% macro duckdb__read_trec_qrels(path) -%}
    select
        fields[1] as query_id,
        fields[3] as doc_id,
        cast(null as varchar) as rater_id,
        fields[4] as grade,
        'graded' as scale
    from (
        {{ search_metrics.trec_file_fields(path, 4) }}
    ) as qrels_lines
{%- endmacro %}
