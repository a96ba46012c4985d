{#-
  MAP-IA as ndeval computes it (intent-aware average precision, its column MAP-IA), one row per (run_id,
  query_id), k null: the mean over the S subtopics with a relevant doc of the subtopic's average precision,
  (1 / R_j) * sum over the rows i relevant to subtopic j of (the rows with rank <= i relevant to j) / i, R_j = the
  docs of the subtopic pool relevant to j; over the whole list (ndeval has no cutoff for it). A subtopic the run
  never reaches adds 0. Null for a query without subtopic judgments and when S = 0 (ndeval writes 0: 0 with
  no_subtopic 'zero'). Reads every rank, or the ranks up to `max_rank` (ndeval -M).
  results, pool, spine: as alpha_ndcg.
-#}
{% macro map_ia(results, cutoffs=none, pool=none, spine=none, threshold=1, max_rank=none, no_subtopic='null') %}
    {{- return(adapter.dispatch('map_ia', 'search_metrics')(results, cutoffs, pool, spine, threshold, max_rank, no_subtopic)) -}}
{% endmacro %}

{% macro default__map_ia(results, cutoffs, pool, spine, threshold, max_rank, no_subtopic) -%}
    {{- search_metrics.require_pool(pool, 'map_ia') -}}
    with relevant_rows as (
        select
            run_id,
            query_id,
            subtopic_id,
            rank,
            row_number() over (partition by run_id, query_id, subtopic_id order by rank, doc_id) as n_found
        from {{ results }}
        where grade >= {{ threshold }}
            {%- if max_rank is not none %}
            and rank <= {{ max_rank | int }}
            {%- endif %}
    ),

    subtopic_precision as (
        select
            run_id,
            query_id,
            subtopic_id,
            sum({{ search_metrics.as_double('n_found') }} / rank) as precision_sum
        from relevant_rows
        group by run_id, query_id, subtopic_id
    ),

    subtopic_docs as (
        select query_id, subtopic_id, count(*) as n_relevant
        from {{ pool }}
        where grade >= {{ threshold }}
        group by query_id, subtopic_id
    ),

    run_sums as (
        select
            subtopic_precision.run_id,
            subtopic_precision.query_id,
            sum(subtopic_precision.precision_sum / subtopic_docs.n_relevant) as ap_sum
        from subtopic_precision
        inner join subtopic_docs
            on subtopic_docs.query_id = subtopic_precision.query_id
            and subtopic_docs.subtopic_id = subtopic_precision.subtopic_id
        group by subtopic_precision.run_id, subtopic_precision.query_id
    ),

    subtopics as (
        {{ search_metrics.subtopic_counts(pool, threshold) | indent(8) }}
    )

    select
        spine.run_id,
        spine.query_id,
        cast(null as {{ dbt.type_int() }}) as k,
        case
            {{ search_metrics.no_subtopic_cases('subtopics.n_subtopics', no_subtopic) }}
            else coalesce(run_sums.ap_sum, 0) / subtopics.n_subtopics
        end as value
    from ({{ search_metrics.spine_relation(results, spine) }}) as spine
    left join run_sums
        on run_sums.run_id = spine.run_id
        and run_sums.query_id = spine.query_id
    left join subtopics on subtopics.query_id = spine.query_id
{%- endmacro %}
