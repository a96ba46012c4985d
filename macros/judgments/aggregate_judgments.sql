{#-
  One row per (query_id, doc_id) of `judgments` (a relation or a parenthesised subquery with query_id, doc_id,
  grade, scale): every rater's grade
  transformed to each scale, then aggregated over the raters with a non-null grade (SearchTweak):
    binary_value = majority vote (more 1s -> 1, more 0s -> 0, a tie -> null), binary_tie = 1 on a tie;
    graded_value, detail_value = arithmetic mean.
  A doc whose grades are all null is in the result (it is in the pool) with null values. A negative grade on the
  graded scale is read first as var search_metrics_negative_grades says (transformed_votes).
-#}
{% macro aggregate_judgments(judgments) %}
    {{- return(adapter.dispatch('aggregate_judgments', 'search_metrics')(judgments)) -}}
{% endmacro %}

{% macro default__aggregate_judgments(judgments) -%}
    {%- set double = search_metrics.type_double() -%}
    with transformed_grades as (
        {{ search_metrics.transformed_votes(judgments) | indent(8) }}
    ),

    votes as (
        select
            query_id,
            doc_id,
            count(*) as n_rater_rows,
            sum(is_graded) as n_graded_rows,
            sum(case when binary_grade = 1 then 1 else 0 end) as n_relevant_votes,
            sum(case when binary_grade = 0 then 1 else 0 end) as n_irrelevant_votes,
            avg(graded_grade) as graded_value,
            avg(detail_grade) as detail_value
        from transformed_grades
        group by query_id, doc_id
    )

    select
        query_id,
        doc_id,
        n_rater_rows,
        n_graded_rows,
        cast(case
            when n_relevant_votes > n_irrelevant_votes then 1
            when n_irrelevant_votes > n_relevant_votes then 0
        end as {{ double }}) as binary_value,
        graded_value,
        detail_value,
        case when n_relevant_votes = n_irrelevant_votes and n_relevant_votes > 0 then 1 else 0 end as binary_tie
    from votes
{%- endmacro %}
