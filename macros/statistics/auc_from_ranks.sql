{#-
  ROC AUC per group from ranks (Mann–Whitney), linear-ish: no pairwise join.
  One window per group ordered by score gives each row twice its midrank (ascending, ties share the mean of
  their ranks): rank() is 1 + the rows of the group scoring lower, and the running count over the RANGE frame
  is the rows scoring lower or equal, so their sum is 2 · n_below + n_at_score + 1. With n1 positives and n0
  negatives
      AUC = (Σ_positives midrank − n1 (n1 + 1) / 2) / (n1 · n0),
  the probability that a random positive scores above a random negative, ties counting ½ (= scikit-learn's
  roc_auc_score). Computed as integers (twice the rank sum) and divided once as doubles.
  Returns group_columns, n_rows, n_positive, n_negative, auc (null when the group has one class only).
  `relation`: a relation or CTE name with the group columns, a non-null score and a 0/1 label.
  The inner CTE names end in the group columns, so two calls in one model (search_auc_daily) define no CTE
  name twice: sqlglot's Databricks / Spark generator hoists nested CTEs to the top (tests/python/test_portability.py).
-#}
{% macro auc_from_ranks(relation, group_columns, score_column='score', label_column='label') %}
    {{- return(adapter.dispatch('auc_from_ranks', 'search_metrics')(relation, group_columns, score_column, label_column)) -}}
{% endmacro %}

{% macro default__auc_from_ranks(relation, group_columns, score_column, label_column) -%}
    {%- set groups = group_columns | join(', ') -%}
    {%- set by = '_by_' ~ (group_columns | join('_') | replace('.', '_')) -%}
    with auc_midranks{{ by }} as (
        {#- Midranks share ties on purpose: rank() is the first position of the score's peers and the RANGE
            frame counts through the last, so their sum cannot depend on the order of tied rows, and no
            tie-breaker is wanted (the score is never null). Both windows are the same, so one sort serves both. #}
        select
            {{ groups }},
            {{ label_column }} as auc_label,
            rank() over (
                partition by {{ groups }}
                order by {{ score_column }}
            )
            + count(*) over (
                partition by {{ groups }}
                order by {{ score_column }}
                range between unbounded preceding and current row
            ) as twice_midrank
        from {{ relation }}
    ),

    auc_rank_sums{{ by }} as (
        select
            {{ groups }},
            count(*) as n_rows,
            sum(auc_label) as n_positive,
            sum(auc_label * twice_midrank) as twice_positive_rank_sum
        from auc_midranks{{ by }}
        group by {{ groups }}
    )

    select
        {{ groups }},
        n_rows,
        n_positive,
        n_rows - n_positive as n_negative,
        case
            when n_positive = 0 or n_positive = n_rows then null
            else
                ({{ search_metrics.as_double('twice_positive_rank_sum') }}
                    - {{ search_metrics.as_double('n_positive') }} * (n_positive + 1))
                / (2 * {{ search_metrics.as_double('n_positive') }} * {{ search_metrics.as_double('n_rows - n_positive') }})
        end as auc
    from auc_rank_sums{{ by }}
{%- endmacro %}
