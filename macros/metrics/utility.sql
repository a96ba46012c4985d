{#-
  Utility per (run_id, query_id), k null (trec_eval utility): a * rr + b * (n - rr) + c * (R - rr)
  + d * (collection_size + rr - n - R), rr = relevant rows of the whole list, n = rows the run returned (the
  spine's n_results, judged or not), R = relevant docs of the pool: the contingency table's cells weighted (trec_eval's
  defaults a = 1, b = -1, c = 0, d = 0). collection_size (trec_eval -N) is read only when d != 0. Never null.
  Needs `pool` and a spine with n_results.
-#}
{% macro utility(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1, a=1, b=-1, c=0, d=0, collection_size=none) %}
    {{- return(adapter.dispatch('utility', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold, a, b, c, d, collection_size)) -}}
{% endmacro %}

{% macro default__utility(results, cutoffs, pool, spine, scale, threshold, a, b, c, d, collection_size) -%}
    {%- if d != 0 and collection_size is none -%}
        {{- exceptions.raise_compiler_error("search_metrics: utility with d != 0 needs collection_size (trec_eval -N)") -}}
    {%- endif %}
    select
        run_id,
        query_id,
        cast(null as {{ dbt.type_int() }}) as k,
        {{ search_metrics.as_double(a) }} * n_relevant_retrieved
            + {{ search_metrics.as_double(b) }} * (n_retrieved - n_relevant_retrieved)
            + {{ search_metrics.as_double(c) }} * (n_relevant_in_pool - n_relevant_retrieved)
            {%- if d != 0 %}
            + {{ search_metrics.as_double(d) }} * ({{ search_metrics.as_double(collection_size) }} + n_relevant_retrieved - n_retrieved - n_relevant_in_pool)
            {%- endif %} as value
    from (
        {{ search_metrics.set_counts(results, pool, spine, scale, threshold) | indent(8) }}
    ) as set_counts
{%- endmacro %}
