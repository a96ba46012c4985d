{#-
  One row per `keys` (default (query_id, doc_id); the judge_validation family adds rater_id) of `judgments` (a relation or a
  parenthesised subquery with the keys, grade, scale): every rater's grade transformed to each scale, then
  aggregated over the raters with a non-null grade (SearchTweak):
    binary_value = majority vote (more 1s -> 1, more 0s -> 0, a tie -> null), binary_tie = 1 on a tie;
    graded_value, detail_value = arithmetic mean.
  A doc whose grades are all null is in the result (it is in the pool) with null values. A negative grade on the
  graded scale is read first as var search_metrics_negative_grades says (transformed_votes). With other `keys` than
  the default, the inner CTE names end in them (as transformed_votes' do): calls with other keys in one model
  define no CTE name twice when a generator hoists nested CTEs (tests/python/test_portability.py).
-#}
{% macro aggregate_judgments(judgments, keys=['query_id', 'doc_id']) %}
    {{- return(adapter.dispatch('aggregate_judgments', 'search_metrics')(judgments, keys)) -}}
{% endmacro %}

{% macro default__aggregate_judgments(judgments, keys) -%}
    {%- set double = search_metrics.type_double() -%}
    {%- set by = '' if keys == ['query_id', 'doc_id'] else '_by_' ~ (keys | join('_')) -%}
    with transformed_grades{{ by }} as (
        {{ search_metrics.transformed_votes(judgments, keys) | indent(8) }}
    ),

    votes{{ by }} as (
        select
            {%- for key in keys %}
            {{ key }},
            {%- endfor %}
            count(*) as n_rater_rows,
            sum(is_graded) as n_graded_rows,
            sum(case when binary_grade = 1 then 1 else 0 end) as n_relevant_votes,
            sum(case when binary_grade = 0 then 1 else 0 end) as n_irrelevant_votes,
            avg(graded_grade) as graded_value,
            avg(detail_grade) as detail_value
        from transformed_grades{{ by }}
        group by {{ keys | join(', ') }}
    )

    select
        {%- for key in keys %}
        {{ key }},
        {%- endfor %}
        n_rater_rows,
        n_graded_rows,
        cast(case
            when n_relevant_votes > n_irrelevant_votes then 1
            when n_irrelevant_votes > n_relevant_votes then 0
        end as {{ double }}) as binary_value,
        graded_value,
        detail_value,
        case when n_relevant_votes = n_irrelevant_votes and n_relevant_votes > 0 then 1 else 0 end as binary_tie
    from votes{{ by }}
{%- endmacro %}
