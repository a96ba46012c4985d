{#-
  The query for one resolved metric entry (see get_metrics): calls the macro of its type with its parameters.
  Returns a select of run_id, query_id, k, value.
    condensed=true (average_precision, ndcg): the rows not graded on the metric's scale are dropped first and
      the rest renumbered 1, 2, .. in rank order (Sakai's condensed lists; ir_measures' judged_only).
    whole_list=true (average_precision, ndcg): one value over the whole list, k null (trec_eval map, ndcg):
      the metric's macro runs with the single cutoff whole_list_cutoff(), which no rank reaches.
    subtopics (the diversity types, diversity_types): {'results': <subtopic-labeled results>, 'pool': <subtopic
      pool>} (search_metrics_int_subtopic_results / _pool), read in place of results and pool; a diversity type
      without it is a compile error. The other types ignore it.
-#}
{% macro metric_query(metric, results, pool, spine, cutoffs, subtopics=none) %}
    {{- return(adapter.dispatch('metric_query', 'search_metrics')(metric, results, pool, spine, cutoffs, subtopics)) -}}
{% endmacro %}

{% macro default__metric_query(metric, results, pool, spine, cutoffs, subtopics=none) -%}
    {%- if metric.type in search_metrics.diversity_types() and subtopics is none -%}
        {{- exceptions.raise_compiler_error("search_metrics: metric '" ~ metric.name ~ "' of type " ~ metric.type ~ " reads the subtopic judgments: metric_query needs subtopics={'results': ..., 'pool': ...}") -}}
    {%- endif -%}
    {%- set diversity = {'results': subtopics.results, 'pool': subtopics.pool, 'spine': spine, 'cutoffs': cutoffs} if subtopics is not none else {} -%}
    {%- if metric.get('condensed') -%}
        {%- set results -%}
        (
            select
                run_id,
                query_id,
                doc_id,
                row_number() over (partition by run_id, query_id order by rank, doc_id) as rank,
                score,
                binary_value,
                graded_value,
                detail_value,
                binary_tie
            from {{ results }}
            where {{ metric.scale }}_value is not null
        ) as condensed_results
        {%- endset -%}
    {%- endif -%}
    {%- set whole_list = metric.get('whole_list') -%}
    {%- set common = {'results': results, 'cutoffs': [search_metrics.whole_list_cutoff()] if whole_list else cutoffs,
                      'pool': pool, 'spine': spine} -%}
    {%- if whole_list %}
    select run_id, query_id, cast(null as {{ dbt.type_int() }}) as k, value
    from (
    {%- endif %}
    {%- if metric.type == 'precision' -%}
        {{ search_metrics.precision(scale=metric.scale, threshold=metric.threshold, denominator=metric.denominator, **common) }}
    {%- elif metric.type == 'recall' -%}
        {{ search_metrics.recall(scale=metric.scale, threshold=metric.threshold, **common) }}
    {%- elif metric.type == 'average_precision' -%}
        {{ search_metrics.average_precision(scale=metric.scale, threshold=metric.threshold, denominator=metric.denominator, **common) }}
    {%- elif metric.type == 'reciprocal_rank' -%}
        {{ search_metrics.reciprocal_rank(scale=metric.scale, threshold=metric.threshold, **common) }}
    {%- elif metric.type == 'cg' -%}
        {{ search_metrics.cg(scale=metric.scale, gain=metric.gain, **common) }}
    {%- elif metric.type == 'dcg' -%}
        {{ search_metrics.dcg(scale=metric.scale, gain=metric.gain, **common) }}
    {%- elif metric.type == 'ndcg' -%}
        {{ search_metrics.ndcg(scale=metric.scale, gain=metric.gain, ideal=metric.ideal, **common) }}
    {%- elif metric.type == 'err' -%}
        {{ search_metrics.err(scale=metric.scale, g_max=metric.g_max, **common) }}
    {%- elif metric.type == 'coverage' -%}
        {{ search_metrics.coverage(scale=metric.scale, **common) }}
    {%- elif metric.type == 'binary_ties' -%}
        {{ search_metrics.binary_ties(**common) }}
    {%- elif metric.type == 'auc' -%}
        {{ search_metrics.auc(scale=metric.scale, threshold=metric.threshold, **common) }}
    {%- elif metric.type == 'success' -%}
        {{ search_metrics.success(scale=metric.scale, threshold=metric.threshold, **common) }}
    {%- elif metric.type == 'r_precision' -%}
        {{ search_metrics.r_precision(scale=metric.scale, threshold=metric.threshold, **common) }}
    {%- elif metric.type == 'bpref' -%}
        {{ search_metrics.bpref(scale=metric.scale, threshold=metric.threshold, **common) }}
    {%- elif metric.type == 'rbp' -%}
        {{ search_metrics.rbp(scale=metric.scale, persistence=metric.persistence, **common) }}
    {%- elif metric.type == 'rbp_residual' -%}
        {{ search_metrics.rbp_residual(scale=metric.scale, persistence=metric.persistence, **common) }}
    {%- elif metric.type == 'count' -%}
        {{ search_metrics.count(scale=metric.scale, threshold=metric.threshold, count=metric.count, **common) }}
    {%- elif metric.type == 'average_precision_11pt' -%}
        {{ search_metrics.average_precision_11pt(scale=metric.scale, threshold=metric.threshold, **common) }}
    {%- elif metric.type == 'infap' -%}
        {{ search_metrics.infap(scale=metric.scale, threshold=metric.threshold, **common) }}
    {%- elif metric.type == 'set_precision' -%}
        {{ search_metrics.set_precision(scale=metric.scale, threshold=metric.threshold, **common) }}
    {%- elif metric.type == 'set_recall' -%}
        {{ search_metrics.set_recall(scale=metric.scale, threshold=metric.threshold, **common) }}
    {%- elif metric.type == 'set_average_precision' -%}
        {{ search_metrics.set_average_precision(scale=metric.scale, threshold=metric.threshold, **common) }}
    {%- elif metric.type == 'set_relative_precision' -%}
        {{ search_metrics.set_relative_precision(scale=metric.scale, threshold=metric.threshold, **common) }}
    {%- elif metric.type == 'relative_precision' -%}
        {{ search_metrics.relative_precision(scale=metric.scale, threshold=metric.threshold, **common) }}
    {%- elif metric.type == 'bin_g' -%}
        {{ search_metrics.bin_g(scale=metric.scale, threshold=metric.threshold, **common) }}
    {%- elif metric.type == 'set_f' -%}
        {{ search_metrics.set_f(scale=metric.scale, threshold=metric.threshold, beta=metric.beta, **common) }}
    {%- elif metric.type == 'r_precision_multiple' -%}
        {{ search_metrics.r_precision_multiple(scale=metric.scale, threshold=metric.threshold, multiple=metric.multiple, **common) }}
    {%- elif metric.type == 'utility' -%}
        {{ search_metrics.utility(scale=metric.scale, threshold=metric.threshold, a=metric.a, b=metric.b, c=metric.c,
                                  d=metric.d, collection_size=metric.collection_size, **common) }}
    {%- elif metric.type == 'ndcg_rel' -%}
        {{ search_metrics.ndcg_rel(scale=metric.scale, gain=metric.gain, **common) }}
    {%- elif metric.type == 'rndcg' -%}
        {{ search_metrics.rndcg(scale=metric.scale, gain=metric.gain, **common) }}
    {%- elif metric.type == 'g' -%}
        {{ search_metrics.g(scale=metric.scale, gain=metric.gain, **common) }}
    {%- elif metric.type == 'unjudged' -%}
        {{ search_metrics.unjudged(scale=metric.scale, **common) }}
    {%- elif metric.type == 'alpha_ndcg' -%}
        {{ search_metrics.alpha_ndcg(alpha=metric.alpha, threshold=metric.threshold, depth=metric.depth, **diversity) }}
    {%- elif metric.type == 'err_ia' -%}
        {{ search_metrics.err_ia(alpha=metric.alpha, threshold=metric.threshold, depth=metric.depth, **diversity) }}
    {%- elif metric.type == 'nrbp' -%}
        {{ search_metrics.nrbp(alpha=metric.alpha, beta=metric.beta, threshold=metric.threshold, **diversity) }}
    {%- elif metric.type == 'precision_ia' -%}
        {{ search_metrics.precision_ia(threshold=metric.threshold, **diversity) }}
    {%- elif metric.type == 'subtopic_recall' -%}
        {{ search_metrics.subtopic_recall(threshold=metric.threshold, **diversity) }}
    {%- else -%}
        {{ exceptions.raise_compiler_error("search_metrics: no macro for metric type '" ~ metric.type ~ "'") }}
    {%- endif -%}
    {%- if whole_list %}
    ) as whole_list_values
    {%- endif %}
{%- endmacro %}
