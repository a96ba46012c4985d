{#-
  Per compared pair of runs, query, metric and k: the baseline's and the candidate's value and the delta
  (candidate - baseline). Pairs: var search_metrics_comparisons, default every run against the first run in
  binary order. A pair naming a run without results (a configured pair only; the warning data test
  search_metrics_comparisons__runs_must_have_results names the run) has no rows. Every query either run of a
  pair returned has a row; the delta is null unless both values are.
  Incremental by (pair, query) (judged_incremental_config, docs/comparisons.md "Incremental builds"): each row
  carries its query's delta_fingerprint (search_metrics_int_comparison_query_fingerprints: the two runs'
  fingerprints of the query, its results and its judgments); an incremental build deletes the rows of the
  (pair, query) keys whose fingerprint moved or that are gone, and computes the keys the table lacks, so a regraded
  query is computed again for each pair, not the pairs' other queries. On Spark a partition is a pair
  (incremental_partition_keys), dropped and computed again whole when any of its queries moved.
-#}
{%- set build_settings = search_metrics.judged_build_settings() -%}
{%- set model_enabled = search_metrics.family_enabled('comparisons') -%}
{{ config(
    enabled=model_enabled,
    **search_metrics.judged_incremental_config('search_metrics_int_comparison_query_fingerprints',
                                               ['baseline', 'candidate', 'query_id'], 'delta_fingerprint',
                                               build_settings)
) }}
{%- if model_enabled %}

with query_keys as (
    {#- the (pair, query) keys to build, of the pairs whose two runs have results (a run_id without results, a typo,
        gives its pairs no rows) #}
    {{ search_metrics.judged_keys_to_build(ref('search_metrics_int_comparison_query_fingerprints'), ['baseline', 'candidate', 'query_id']) | indent(4) }}
),

{#- the runs of the keys to build: a join (runs_of_pairs) on run_id alone, before the join on (run_id, query_id), so
    that the engine probes the keys with the compared runs' rows only, and reads no row of search_query_metrics when
    there is no key to build (DuckDB skips the probe side of a join whose build side is empty); in an incremental
    build, the keys' queries too (queries_of_keys): a regrade moves a few queries of every run, and the scan then
    reads their rows instead of probing every run's every row #}
runs_to_read as (
    {{ search_metrics.runs_of_pairs('query_keys') | indent(4) }}
),

query_metrics as (
    select
        query_metrics.run_id,
        query_metrics.query_id,
        query_metrics.metric,
        query_metrics.k,
        coalesce(query_metrics.k, 0) as k_key,
        query_metrics.value
    from {{ ref('search_query_metrics') }} as query_metrics
    inner join runs_to_read on runs_to_read.run_id = query_metrics.run_id
    {%- if is_incremental() %}
    where {{ search_metrics.queries_of_keys('query_metrics.query_id', 'query_keys') }}
    {%- endif %}
),

baseline_rows as (
    select
        query_keys.baseline,
        query_keys.candidate,
        query_keys.delta_fingerprint,
        query_metrics.query_id,
        query_metrics.metric,
        query_metrics.k,
        query_metrics.k_key,
        query_metrics.value
    from query_keys
    inner join query_metrics
        on query_metrics.run_id = query_keys.baseline
        and query_metrics.query_id = query_keys.query_id
),

candidate_rows as (
    select
        query_keys.baseline,
        query_keys.candidate,
        query_keys.delta_fingerprint,
        query_metrics.query_id,
        query_metrics.metric,
        query_metrics.k,
        query_metrics.k_key,
        query_metrics.value
    from query_keys
    inner join query_metrics
        on query_metrics.run_id = query_keys.candidate
        and query_metrics.query_id = query_keys.query_id
)

select
    cast(coalesce(baseline_rows.baseline, candidate_rows.baseline) as {{ dbt.type_string() }}) as baseline,
    cast(coalesce(baseline_rows.candidate, candidate_rows.candidate) as {{ dbt.type_string() }}) as candidate,
    coalesce(baseline_rows.query_id, candidate_rows.query_id) as query_id,
    coalesce(baseline_rows.metric, candidate_rows.metric) as metric,
    cast(coalesce(baseline_rows.k, candidate_rows.k) as {{ dbt.type_int() }}) as k,
    {{ search_metrics.as_double('baseline_rows.value') }} as baseline_value,
    {{ search_metrics.as_double('candidate_rows.value') }} as candidate_value,
    {{ search_metrics.as_double('candidate_rows.value - baseline_rows.value') }} as delta,
    coalesce(baseline_rows.delta_fingerprint, candidate_rows.delta_fingerprint) as delta_fingerprint,
    {{ search_metrics.build_settings_column(build_settings) }},
    {{ search_metrics.built_at_column() }}
from baseline_rows
full outer join candidate_rows
    on candidate_rows.baseline = baseline_rows.baseline
    and candidate_rows.candidate = baseline_rows.candidate
    and candidate_rows.query_id = baseline_rows.query_id
    and candidate_rows.metric = baseline_rows.metric
    and candidate_rows.k_key = baseline_rows.k_key
{%- endif %}
