{#-
  11-point interpolated average precision per (run_id, query_id), k null (trec_eval 11pt_avg): the mean of the
  interpolated precision at the recall levels 0.0, 0.1, .., 1.0 (interpolated_precision, whose level rounding
  follows search_metrics_trec_eval's version, or the argument). Null when the pool has no relevant doc (trec_eval
  reports 0). Reads every rank.
-#}
{% macro average_precision_11pt(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1, version=none) %}
    {{- return(adapter.dispatch('average_precision_11pt', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold, version)) -}}
{% endmacro %}

{% macro default__average_precision_11pt(results, cutoffs, pool, spine, scale, threshold, version) -%}
    with curve as (
        {{ search_metrics.interpolated_precision(results, pool, spine, scale, threshold, version) | indent(8) }}
    )

    select
        run_id,
        query_id,
        cast(null as {{ dbt.type_int() }}) as k,
        avg(precision) as value
    from curve
    group by run_id, query_id
{%- endmacro %}
