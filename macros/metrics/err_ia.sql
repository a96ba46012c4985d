{#-
  ERR-IA@k as ndeval computes it (its column ERR-IA: Chapelle et al., CIKM 2009, intent-aware, with ndeval's
  "collection-independent" normalization), one row per (run_id, query_id, k): sum over the ranks i <= k of g_i / i,
  g_i the novelty gain of subtopic_gains, divided by sum over i = 1..k of S (1 - alpha)^(i - 1) / i (the gain of a
  list that covers every subtopic at every rank), S = the query's subtopics with a relevant doc. At k = 1 ndeval
  divides by 1 (its normalization loop starts at the second rank), so the value is g_1, up to S; we follow it.
  Null for a query without subtopic judgments, when S = 0 (ndeval writes 0: 0 with no_subtopic 'zero') and for
  k > `depth` (ndeval stops at 20). `max_rank` (ndeval -M): only the run's ranks up to it are read.
  results, pool, spine: as alpha_ndcg.
-#}
{% macro err_ia(results, cutoffs=none, pool=none, spine=none, alpha=0.5, threshold=1, depth=20, max_rank=none, no_subtopic='null') %}
    {{- return(adapter.dispatch('err_ia', 'search_metrics')(results, cutoffs, pool, spine, alpha, threshold, depth, max_rank, no_subtopic)) -}}
{% endmacro %}

{% macro default__err_ia(results, cutoffs, pool, spine, alpha, threshold, depth, max_rank, no_subtopic) -%}
    {{- search_metrics.require_pool(pool, 'err_ia') -}}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    {%- set depth_read = [cutoffs | max, depth | int] | min -%}
    {%- set run_read = ([depth_read] + ([max_rank | int] if max_rank is not none else [])) | min -%}
    {#- the normalizer's sum over i = 1..k of (1 - alpha)^(i - 1) / i, a compile-time double per cutoff k <= depth -#}
    {%- set normalizers = {} -%}
    {%- set running = namespace(total=0.0, decay=1.0) -%}
    {%- for i in range(1, depth_read + 1) -%}
        {%- set running.total = running.total + running.decay / i -%}
        {%- set running.decay = running.decay * (1 - alpha) -%}
        {%- if i in cutoffs -%}{%- do normalizers.update({i: running.total}) -%}{%- endif -%}
    {%- endfor %}
    with gains as (
        {{ search_metrics.subtopic_gains(results, alpha, threshold, run_read) | indent(8) }}
    ),

    run_err as (
        {{ search_metrics.aggregate_at_cutoffs('gains', [
            ['err', 'sum', search_metrics.as_double('gain') ~ ' / rank']
        ], cutoffs, search_metrics.spine_relation(results, spine)) | indent(8) }}
    ),

    subtopics as (
        {{ search_metrics.subtopic_counts(pool, threshold) | indent(8) }}
    )

    select
        run_err.run_id,
        run_err.query_id,
        run_err.k,
        case
            when run_err.k > {{ depth | int }} then null
            {{ search_metrics.no_subtopic_cases('subtopics.n_subtopics', no_subtopic) }}
            {%- for k, normalizer in normalizers.items() %}
            {%- if k == 1 %}
            when run_err.k = 1 then coalesce(run_err.err, 0)
            {%- else %}
            when run_err.k = {{ k }} then coalesce(run_err.err, 0) / ({{ search_metrics.as_double('subtopics.n_subtopics') }} * {{ search_metrics.as_double(normalizer | string) }})
            {%- endif %}
            {%- endfor %}
        end as value
    from run_err
    left join subtopics on subtopics.query_id = run_err.query_id
{%- endmacro %}
