{#-
  AUC per (run_id, query_id), one row with k null: the probability that a relevant result of the query scores
  above a non-relevant one (results.score), ties counting ½, over the query's graded results at every rank
  (rows whose <scale>_value or score is null are left out). Null when the graded results are all relevant or
  all not relevant (or none is graded). Computed from ranks by auc_from_ranks (Mann–Whitney, one window per
  (run, query) over the graded rows, no pairs), the same macro as the click AUC.
-#}
{% macro auc(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1) %}
    {{- return(adapter.dispatch('auc', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__auc(results, cutoffs, pool, spine, scale, threshold) -%}
    with graded_scores as (
        select
            run_id,
            query_id,
            score,
            {{ search_metrics.relevance_expression(scale, threshold) }} as relevant
        from {{ results }}
        where {{ scale }}_value is not null
            and score is not null
    ),

    query_aucs as (
        {{ search_metrics.auc_from_ranks('graded_scores', ['run_id', 'query_id'], 'score', 'relevant') | indent(8) }}
    )

    select
        spine.run_id,
        spine.query_id,
        cast(null as {{ dbt.type_int() }}) as k,
        query_aucs.auc as value
    from ({{ search_metrics.spine_relation(results, spine) }}) as spine
    left join query_aucs
        on query_aucs.run_id = spine.run_id
        and query_aucs.query_id = spine.query_id
{%- endmacro %}
