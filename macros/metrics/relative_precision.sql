{#-
  Relative precision at each cutoff k (trec_eval relative_P_k): relevant rows with rank <= k / min(k, R), R = relevant
  docs of the query's pool: precision at k up to k = R, recall beyond. Null when R = 0 (trec_eval 0).
  Computed from relevant_at_cutoffs (one grouped pass over the relevant rows with rank <= the largest cutoff).
-#}
{% macro relative_precision(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1) %}
    {{- return(adapter.dispatch('relative_precision', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold)) -}}
{% endmacro %}

{% macro default__relative_precision(results, cutoffs, pool, spine, scale, threshold) -%}
    {%- set cutoffs = search_metrics.get_cutoffs(cutoffs) -%}
    {{- search_metrics.require_pool(pool, 'relative_precision') -}}
    select
        run_id,
        query_id,
        k,
        case
            when n_relevant_in_pool = 0 then null
            else {{ search_metrics.as_double('n_relevant') }} / least(k, n_relevant_in_pool)
        end as value
    from (
        {{ search_metrics.relevant_at_cutoffs(results, cutoffs, pool, spine, scale, threshold) | indent(8) }}
    ) as relevant_counts
{%- endmacro %}
