{#-
  AUC per (run_id, query_id), one row with k null: the probability that a relevant result of the query scores
  above a non-relevant one (results.score), ties counting ½, over the query's graded results at every rank
  (rows whose <scale>_value or score is null are left out). Null when the graded results are all relevant or
  all not relevant (or none is graded). Computed from ranks (Mann–Whitney, as auc_from_ranks), not from pairs,
  with one window per (run, query) over the graded rows: rank() (1 + rows scoring lower) plus the running
  count over the default RANGE frame (rows scoring lower or equal) is twice a row's midrank, so
      AUC = (Σ_relevant twice_midrank − n1 (n1 + 1)) / (2 n1 n0).
-#}
{% macro auc(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1) %}
    {{- return(adapter.dispatch('auc', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__auc(results, cutoffs, pool, spine, scale, threshold) -%}
    with graded_scores as (
        select
            run_id,
            query_id,
            {{ search_metrics.relevance_expression(scale, threshold) }} as relevant,
            {#- Midranks on purpose share ties: rank() is the first position of the score's peers and the
                range frame counts through the last, so their sum (twice the midrank) cannot depend on the
                order of tied rows, and no tie-breaker is wanted. #}
            rank() over (partition by run_id, query_id order by score)
                + count(*) over (
                    partition by run_id, query_id
                    order by score
                    range between unbounded preceding and current row
                ) as twice_midrank
        from {{ results }}
        where {{ scale }}_value is not null
            and score is not null
    ),

    query_aucs as (
        select
            run_id,
            query_id,
            count(*) as n_rows,
            sum(relevant) as n_positive,
            sum(case when relevant = 1 then twice_midrank else 0 end) as twice_positive_rank_sum
        from graded_scores
        group by run_id, query_id
    )

    select
        spine.run_id,
        spine.query_id,
        cast(null as {{ dbt.type_int() }}) as k,
        case
            when query_aucs.n_positive = 0 or query_aucs.n_positive = query_aucs.n_rows then null
            else
                ({{ search_metrics.as_double('query_aucs.twice_positive_rank_sum') }}
                    - {{ search_metrics.as_double('query_aucs.n_positive') }} * (query_aucs.n_positive + 1))
                / (2 * {{ search_metrics.as_double('query_aucs.n_positive') }} * {{ search_metrics.as_double('query_aucs.n_rows - query_aucs.n_positive') }})
        end as value
    from ({{ search_metrics.spine_relation(results, spine) }}) as spine
    left join query_aucs
        on query_aucs.run_id = spine.run_id
        and query_aucs.query_id = spine.query_id
{%- endmacro %}
