{#-
  ndeval's per-rank novelty gain of a run, one row per (run_id, query_id, rank) whose doc is relevant to at least
  one subtopic (grade >= `threshold`): gain = sum over the doc's relevant subtopics j of (1 - alpha)^c_j, c_j = the
  rows ranked above it relevant to j (ordered by rank, then doc_id); n_subtopics = how many subtopics the doc is
  relevant to; n_new_subtopics = how many of them no row above covered (c_j = 0). A doc relevant to no subtopic, or
  judged for none, has no row (gain 0). `results`: run_id, query_id, doc_id, rank, subtopic_id, grade (one row per
  result and subtopic judgment); `max_rank`: only ranks up to it are read (none = every rank).
-#}
{% macro subtopic_gains(results, alpha, threshold, max_rank=none) %}
    {{- return(adapter.dispatch('subtopic_gains', 'search_metrics')(results, alpha, threshold, max_rank)) -}}
{% endmacro %}

{% macro default__subtopic_gains(results, alpha, threshold, max_rank) -%}
    select
        run_id,
        query_id,
        rank,
        sum({{ search_metrics.decay_power(1 - alpha, 'n_above') }}) as gain,
        count(*) as n_subtopics,
        sum(case when n_above = 0 then 1 else 0 end) as n_new_subtopics
    from (
        select
            run_id,
            query_id,
            rank,
            row_number() over (partition by run_id, query_id, subtopic_id order by rank, doc_id) - 1 as n_above
        from {{ results }}
        where grade >= {{ threshold }}
            {%- if max_rank is not none %}
            and rank <= {{ max_rank }}
            {%- endif %}
    ) as relevant_rows
    group by run_id, query_id, rank
{%- endmacro %}
