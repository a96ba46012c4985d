{#-
  alpha-DCG@k as ndeval prints it (its column alpha-DCG: Clarke et al., SIGIR 2008, with ndeval's
  "collection-independent" normalization), one row per (run_id, query_id, k): sum over the ranks i <= k of
  g_i / log2(i + 1), g_i the novelty gain of subtopic_gains, divided by sum over i = 1..k of
  S (1 - alpha)^(i - 1) / log2(i + 1) (the gain of a list that covers every subtopic at every rank, ndeval's
  "ideal ideal"), S = the query's subtopics with a relevant doc. At k = 1 ndeval divides by 1 (its normalization
  loop starts at the second rank), so the value is g_1, up to S; we follow it. No greedy ideal (alpha_ndcg divides
  by that one). Null for a query without subtopic judgments, when S = 0 (ndeval writes 0: 0 with no_subtopic
  'zero') and for k > `depth` (ndeval stops at 20). `max_rank` (ndeval -M): only the run's ranks up to it are read.
  results, pool, spine: as alpha_ndcg.
-#}
{% macro alpha_dcg(results, cutoffs=none, pool=none, spine=none, alpha=0.5, threshold=1, depth=20, max_rank=none, no_subtopic='null') %}
    {{- return(adapter.dispatch('alpha_dcg', 'search_metrics')(results, cutoffs, pool, spine, alpha, threshold, depth, max_rank, no_subtopic)) -}}
{% endmacro %}

{% macro default__alpha_dcg(results, cutoffs, pool, spine, alpha, threshold, depth, max_rank, no_subtopic) -%}
    {{- search_metrics.require_pool(pool, 'alpha_dcg') -}}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    {%- set depth_read = [cutoffs | max, depth | int] | min -%}
    {%- set run_read = ([depth_read] + ([max_rank | int] if max_rank is not none else [])) | min -%}
    {#- the normalizer's sum over i = 1..k of (1 - alpha)^(i - 1) / log2(i + 1), as SQL per cutoff k <= depth: the
        decays are compile-time doubles, the logarithms the engine's -#}
    {%- set normalizers = {} -%}
    {%- set terms = [] -%}
    {%- set running = namespace(decay=1.0) -%}
    {%- for i in range(1, depth_read + 1) -%}
        {%- do terms.append(search_metrics.as_double(running.decay | string) ~ ' / ' ~ search_metrics.log2(i + 1)) -%}
        {%- set running.decay = running.decay * (1 - alpha) -%}
        {%- if i in cutoffs -%}{%- do normalizers.update({i: terms | join(' + ')}) -%}{%- endif -%}
    {%- endfor %}
    with gains as (
        {{ search_metrics.subtopic_gains(results, alpha, threshold, run_read) | indent(8) }}
    ),

    run_dcg as (
        {{ search_metrics.aggregate_at_cutoffs('gains', [
            ['dcg', 'sum', search_metrics.as_double('gain') ~ ' / ' ~ search_metrics.log2('rank + 1')]
        ], cutoffs, search_metrics.spine_relation(results, spine)) | indent(8) }}
    ),

    subtopics as (
        {{ search_metrics.subtopic_counts(pool, threshold) | indent(8) }}
    )

    select
        run_dcg.run_id,
        run_dcg.query_id,
        run_dcg.k,
        case
            when run_dcg.k > {{ depth | int }} then null
            {{ search_metrics.no_subtopic_cases('subtopics.n_subtopics', no_subtopic) }}
            {%- for k, normalizer in normalizers.items() %}
            {%- if k == 1 %}
            when run_dcg.k = 1 then coalesce(run_dcg.dcg, 0)
            {%- else %}
            when run_dcg.k = {{ k }} then coalesce(run_dcg.dcg, 0) / ({{ search_metrics.as_double('subtopics.n_subtopics') }} * ({{ normalizer }}))
            {%- endif %}
            {%- endfor %}
        end as value
    from run_dcg
    left join subtopics on subtopics.query_id = run_dcg.query_id
{%- endmacro %}
