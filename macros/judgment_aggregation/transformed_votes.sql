{#-
  One row per row of `judgments` (a relation or a parenthesised subquery with the `columns`, grade and scale): the
  row's grade read on each scale, after var search_metrics_negative_grades (get_grading) has said what a negative
  graded grade is: 'unjudged' -> null (the row casts no vote), 'zero' -> 0; under 'reject' such a row fails a data
  test before anything is built. is_graded = 1 when the grade read is not null.
  Columns: the `columns`, is_graded, binary_grade, graded_grade, detail_grade (the last two double).
  With other `columns` than the default, the inner CTE's name ends in them, so that calls with other columns in one
  model (aggregate_judgments calls this macro) define no CTE name twice: sqlglot's Databricks / Spark generator
  hoists nested CTEs to the top (tests/python/test_portability.py).
-#}
{% macro transformed_votes(judgments, columns=['query_id', 'doc_id']) %}
    {{- return(adapter.dispatch('transformed_votes', 'search_metrics')(judgments, columns)) -}}
{% endmacro %}

{% macro default__transformed_votes(judgments, columns) -%}
    {%- set double = search_metrics.type_double() -%}
    {%- set negative_grades = search_metrics.get_grading().negative_grades -%}
    {%- set by = '' if columns == ['query_id', 'doc_id'] else '_by_' ~ (columns | join('_')) -%}
    with read_grades{{ by }} as (
        select
            {%- for column in columns %}
            {{ column }},
            {%- endfor %}
            {%- if negative_grades == 'reject' %}
            grade,
            {%- else %}
            case
                when scale = 'graded' and grade < 0 then {{ 'cast(null as ' ~ double ~ ')' if negative_grades == 'unjudged' else '0' }}
                else grade
            end as grade,
            {%- endif %}
            scale
        from {{ judgments }} as judgment_rows
    )

    select
        {%- for column in columns %}
        {{ column }},
        {%- endfor %}
        case when grade is not null then 1 else 0 end as is_graded,
        {{ search_metrics.transform_grade('grade', 'scale', 'binary') }} as binary_grade,
        cast({{ search_metrics.transform_grade('grade', 'scale', 'graded') }} as {{ double }}) as graded_grade,
        cast({{ search_metrics.transform_grade('grade', 'scale', 'detail') }} as {{ double }}) as detail_grade
    from read_grades{{ by }}
{%- endmacro %}
