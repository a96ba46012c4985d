{#-
  Per compared pair of runs, measure and k: the mean of search_run_overlap's values over the queries both runs
  returned whose value is not null (n_queries of them). A row for every measure and k of every pair whose
  baseline or candidate returned a query (search_metrics_int_overlap_fingerprints holds those pairs), also when no
  query is shared: n_queries = 0 and value null then (search_run_comparison and search_query_deltas have no row
  for a pair naming a run without results).
  Incremental by pair as search_run_overlap is: each row carries its pair's overlap_fingerprint; an incremental
  build deletes the rows of the pairs whose fingerprint moved or that are no longer compared, and computes the pairs
  the table lacks from their rows of search_run_overlap (built before it in the same build).
-#}
{%- set build_settings = search_metrics.overlap_build_settings() -%}
{%- set model_enabled = search_metrics.family_enabled('comparisons') -%}
{{ config(
    enabled=model_enabled,
    **search_metrics.judged_incremental_config('search_metrics_int_overlap_fingerprints', ['baseline', 'candidate'],
                                               'overlap_fingerprint', build_settings)
) }}
{%- if model_enabled %}
{%- set cutoffs = search_metrics.get_cutoffs() -%}

with pairs_to_build as (
    {{ search_metrics.judged_keys_to_build(ref('search_metrics_int_overlap_fingerprints'), ['baseline', 'candidate']) | indent(4) }}
),

measures as (
    {%- for k in cutoffs %}
    select cast('jaccard' as {{ dbt.type_string() }}) as measure, cast({{ k }} as {{ dbt.type_int() }}) as k
    union all
    {%- endfor %}
    select cast('rbo' as {{ dbt.type_string() }}) as measure, cast(null as {{ dbt.type_int() }}) as k
),

query_overlap as (
    select
        query_overlap.baseline,
        query_overlap.candidate,
        query_overlap.measure,
        coalesce(query_overlap.k, 0) as k_key,
        count(query_overlap.value) as n_queries,
        sum(query_overlap.value) as value_sum
    from {{ ref('search_run_overlap') }} as query_overlap
    inner join pairs_to_build
        on pairs_to_build.baseline = query_overlap.baseline
        and pairs_to_build.candidate = query_overlap.candidate
    group by query_overlap.baseline, query_overlap.candidate, query_overlap.measure, coalesce(query_overlap.k, 0)
)

select
    cast(pairs_to_build.baseline as {{ dbt.type_string() }}) as baseline,
    cast(pairs_to_build.candidate as {{ dbt.type_string() }}) as candidate,
    measures.measure,
    measures.k,
    case
        when coalesce(query_overlap.n_queries, 0) = 0 then cast(null as {{ search_metrics.type_double() }})
        else {{ search_metrics.as_double('query_overlap.value_sum') }} / query_overlap.n_queries
    end as value,
    cast(coalesce(query_overlap.n_queries, 0) as {{ dbt.type_bigint() }}) as n_queries,
    pairs_to_build.overlap_fingerprint,
    {{ search_metrics.build_settings_column(build_settings) }},
    {{ search_metrics.built_at_column() }}
from pairs_to_build
cross join measures
left join query_overlap
    on query_overlap.baseline = pairs_to_build.baseline
    and query_overlap.candidate = pairs_to_build.candidate
    and query_overlap.measure = measures.measure
    and query_overlap.k_key = coalesce(measures.k, 0)
{%- endif %}
