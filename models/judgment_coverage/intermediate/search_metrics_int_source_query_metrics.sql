{#-
  Every configured metric at every cutoff under every judgment source of search_metrics_int_source_spine, one row per
  (source_kind, source, run_id, query_id, metric, k): the metrics of search_query_metrics (metric_queries: the shared
  pass for the types on it, one query each for the others), run once over search_metrics_int_source_results /
  _source_pool / _source_spine, whose query_id column holds the source's query_key, then read back to the query by
  that key. No metric is written a second time. No row (and no
  metric query) when every configured metric is a diversity metric.
  Incremental by (source_kind, source, run_id, query_id), the spine's key (judged_incremental_config,
  docs/judgments.md "Incremental builds"): each row carries its key's input_fingerprint (the spine's: a reading, its
  pair's results and its query's human pool; a judge, its pair's results and the judge's rows of the query) and the
  build settings (judged_build_settings and the pool depth: readings_build_settings); an
  incremental build deletes the rows whose key's fingerprint moved or that are gone (a family switched off drops
  its sources' keys) and computes the keys the table lacks, reading only their spine, result and pool rows.
-#}
{%- set readings_on = search_metrics.family_enabled('judgment_coverage') -%}
{#- the pool depth shapes the readings only, but is a setting with them off too: switching the family then changes no
    setting, and its keys leave the spine (their rows are deleted) or enter it (built) -#}
{%- set build_settings = search_metrics.readings_build_settings() -%}
{%- set keys = ['source_kind', 'source', 'run_id', 'query_id'] -%}
{%- set model_enabled = readings_on or search_metrics.family_enabled('judge_validation') -%}
{{ config(
    enabled=model_enabled,
    **search_metrics.judged_incremental_config('search_metrics_int_source_spine', keys, 'input_fingerprint',
                                               build_settings)
) }}
{%- if model_enabled %}
{#- the diversity metrics read the subtopic judgments, not the judgment sources: left out here -#}
{%- set metrics = search_metrics.get_metrics() | rejectattr('type', 'in', search_metrics.diversity_types()) | list -%}
{%- set cutoffs = search_metrics.get_cutoffs() -%}
{%- set settings_column = search_metrics.build_settings_column(build_settings) -%}
{%- set keys_to_build -%}
{{ search_metrics.judged_keys_to_build(ref('search_metrics_int_source_spine'), keys) }}
{%- endset -%}
{%- set ctes = [['keys_to_build', keys_to_build]] -%}
{%- if is_incremental() -%}
    {#- only the keys to build: their result rows and their keys' pool rows -#}
    {%- do ctes.append(['results_to_build', 'select results.* from ' ~ ref('search_metrics_int_source_results')
        ~ ' as results inner join keys_to_build on keys_to_build.run_id = results.run_id'
        ~ ' and keys_to_build.query_key = results.query_id']) -%}
    {%- do ctes.append(['pool_to_build', 'select pool.* from ' ~ ref('search_metrics_int_source_pool')
        ~ ' as pool where pool.query_id in (select query_key from keys_to_build)']) -%}
    {%- set results, pool = 'results_to_build', 'pool_to_build' -%}
{%- else -%}
    {%- set results = ref('search_metrics_int_source_results') -%}
    {%- set pool = ref('search_metrics_int_source_pool') -%}
{%- endif -%}
{#- the metric macros read the spine's query_id: the key stands in for it -#}
{%- set spine = '(select run_id, query_key as query_id, n_results from keys_to_build) as keyed_spine' -%}

{%- if metrics | length == 0 %}
{#- every configured metric is a diversity metric: no row, with the columns and types of the table -#}
select
    source_kind,
    source,
    run_id,
    query_id,
    cast(null as {{ dbt.type_string() }}) as metric,
    cast(null as {{ dbt.type_int() }}) as k,
    {{ search_metrics.as_double('null') }} as value,
    input_fingerprint,
    {{ settings_column }},
    {{ search_metrics.built_at_column() }}
from {{ ref('search_metrics_int_source_spine') }}
where 1 = 0
{%- else %}
{{ search_metrics.metric_queries(metrics, results, pool, spine, cutoffs,
    read_back={'relation': 'keys_to_build', 'key': 'query_key',
               'columns': ['source_kind', 'source', 'run_id', 'query_id'], 'trailing_columns': ['input_fingerprint'],
               'constants': [settings_column,
                             search_metrics.built_at_column()]},
    ctes=ctes) }}
{%- endif %}
{%- endif %}
