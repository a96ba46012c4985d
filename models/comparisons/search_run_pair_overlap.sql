{#-
  Per compared pair of runs, measure and k: the mean of search_run_overlap's values over the queries both runs
  returned whose value is not null (n_queries of them). A row for every measure and k of every pair whose
  baseline or candidate returned a query, also when no query is shared: n_queries = 0 and value null then
  (search_run_comparison and search_query_deltas have no row for a pair naming a run without results).
-#}
{{ config(enabled=search_metrics.family_enabled('comparisons')) }}
{%- set pairs = search_metrics.get_comparison_pairs('search_metrics_comparisons') -%}
{%- set cutoffs = search_metrics.get_cutoffs() -%}

with run_ids as (
    select distinct run_id
    from {{ ref('search_metrics_int_query_spine') }}
),

comparison_pairs as (
    {{ search_metrics.comparison_pairs_relation(pairs, '(select run_id as value from run_ids) as run_values') | indent(4) }}
),

present_pairs as (
    select
        comparison_pairs.baseline,
        comparison_pairs.candidate
    from comparison_pairs
    where comparison_pairs.baseline in (select run_id from run_ids)
        or comparison_pairs.candidate in (select run_id from run_ids)
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
        baseline,
        candidate,
        measure,
        coalesce(k, 0) as k_key,
        count(value) as n_queries,
        sum(value) as value_sum
    from {{ ref('search_run_overlap') }}
    group by baseline, candidate, measure, coalesce(k, 0)
)

select
    cast(present_pairs.baseline as {{ dbt.type_string() }}) as baseline,
    cast(present_pairs.candidate as {{ dbt.type_string() }}) as candidate,
    measures.measure,
    measures.k,
    case
        when coalesce(query_overlap.n_queries, 0) = 0 then cast(null as {{ search_metrics.type_double() }})
        else {{ search_metrics.as_double('query_overlap.value_sum') }} / query_overlap.n_queries
    end as value,
    cast(coalesce(query_overlap.n_queries, 0) as {{ dbt.type_bigint() }}) as n_queries
from present_pairs
cross join measures
left join query_overlap
    on query_overlap.baseline = present_pairs.baseline
    and query_overlap.candidate = present_pairs.candidate
    and query_overlap.measure = measures.measure
    and query_overlap.k_key = coalesce(measures.k, 0)
