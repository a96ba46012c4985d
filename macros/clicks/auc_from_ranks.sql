{#-
  ROC AUC per group from ranks (Mann–Whitney), linear-ish: no pairwise join.
  Rows are grouped into score levels (one row per group and distinct score); one running window over the
  levels gives n_below, the rows of the group with a lower score. A row's midrank (ascending, ties share the
  mean of their ranks) is n_below + (n_at_score + 1) / 2, so with n1 positives and n0 negatives
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
    with auc_score_levels{{ by }} as (
        select
            {{ groups }},
            {{ score_column }} as score_level,
            count(*) as n_at_score,
            sum({{ label_column }}) as n_positive_at_score
        from {{ relation }}
        group by {{ groups }}, {{ score_column }}
    ),

    auc_ranked_levels{{ by }} as (
        {#- score_level is unique within the partition, so the order is total without a tie-breaker. #}
        select
            {{ groups }},
            n_at_score,
            n_positive_at_score,
            coalesce(sum(n_at_score) over (
                partition by {{ groups }}
                order by score_level
                rows between unbounded preceding and 1 preceding
            ), 0) as n_below
        from auc_score_levels{{ by }}
    ),

    auc_rank_sums{{ by }} as (
        select
            {{ groups }},
            sum(n_at_score) as n_rows,
            sum(n_positive_at_score) as n_positive,
            sum(n_positive_at_score * (2 * n_below + n_at_score + 1)) as twice_positive_rank_sum
        from auc_ranked_levels{{ by }}
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
