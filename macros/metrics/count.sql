{#-
  A count per (run_id, query_id), k null, over the whole list; never null (0 when there is none):
    count='relevant'           relevant docs in the query's pool (trec_eval num_rel); needs `pool`
    count='retrieved'          rows the run returned for the query (trec_eval num_ret); needs `spine` with n_results
    count='relevant_retrieved' relevant rows the run returned (trec_eval num_rel_ret)
    count='nonrelevant_retrieved' judged non-relevant rows the run returned (graded on `scale`, below `threshold`;
                               trec_eval num_nonrel_judged_ret)
  Relevant: the value on `scale` >= `threshold`.
-#}
{% macro count(results, cutoffs=none, pool=none, spine=none, scale='binary', threshold=1, count='relevant') %}
    {{- return(adapter.dispatch('count', 'search_metrics')(results, cutoffs, pool, spine, scale, threshold, count)) -}}
{% endmacro %}

{% macro default__count(results, cutoffs, pool, spine, scale, threshold, count) -%}
    {%- if count not in ('relevant', 'retrieved', 'relevant_retrieved', 'nonrelevant_retrieved') -%}
        {{- exceptions.raise_compiler_error("search_metrics: count must be relevant, retrieved, relevant_retrieved or nonrelevant_retrieved, got " ~ count) -}}
    {%- endif -%}
    {%- if count == 'retrieved' -%}
    {%- if spine is none -%}
        {{- exceptions.raise_compiler_error("search_metrics: count retrieved needs the spine: pass spine=<relation with run_id, query_id and n_results>") -}}
    {%- endif %}
    select
        run_id,
        query_id,
        cast(null as {{ dbt.type_int() }}) as k,
        {{ search_metrics.as_double('n_results') }} as value
    from {{ spine }}
    {%- else -%}
    {%- if count == 'relevant' -%}{{- search_metrics.require_pool(pool, 'count relevant') -}}{%- endif %}
    with counts as (
        {%- if count == 'relevant' %}
        select query_id, n_relevant as n
        from ({{ search_metrics.pool_counts(pool, scale, threshold) }}) as pool_judgments
        {%- else %}
        select run_id, query_id, count(*) as n
        from {{ results }}
        where {{ search_metrics.relevance_expression(scale, threshold) }} = {{ 0 if count == 'nonrelevant_retrieved' else 1 }}
        group by run_id, query_id
        {%- endif %}
    )

    select
        spine.run_id,
        spine.query_id,
        cast(null as {{ dbt.type_int() }}) as k,
        {{ search_metrics.as_double('coalesce(counts.n, 0)') }} as value
    from ({{ search_metrics.spine_relation(results, spine) }}) as spine
    left join counts
        on counts.query_id = spine.query_id
        {%- if count != 'relevant' %}
        and counts.run_id = spine.run_id
        {%- endif %}
    {%- endif -%}
{%- endmacro %}
