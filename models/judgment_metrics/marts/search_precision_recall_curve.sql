{#-
  The interpolated precision-recall curve per (run_id, query_id): one row per standard recall level 0.0, 0.1, ..,
  1.0 (trec_eval iprec_at_recall_*), from the interpolated_precision macro with the scale and threshold of the
  first configured metric of type average_precision_11pt (built only when one is configured; the built-in
  average_precision_11pt is in the default set). Null precision when the query's pool has no relevant doc.
  Incremental by (run_id, query_id) as search_query_metrics is (judged_incremental_config, docs/metrics.md
  "Incremental builds"): an incremental build computes only the pairs the table lacks, from their result, spine and
  pool rows.
-#}
{%- set curve_metrics = search_metrics.get_metrics() | selectattr('type', 'equalto', 'average_precision_11pt') | list -%}
{%- set build_settings = search_metrics.judged_build_settings() -%}
{%- set model_enabled = search_metrics.family_enabled('judgment_metrics') and (curve_metrics | length) > 0 -%}
{{ config(
    enabled=model_enabled,
    **search_metrics.judged_incremental_config('search_metrics_int_pair_fingerprints', ['run_id', 'query_id'],
                                               'input_fingerprint', build_settings)
) }}
{%- if model_enabled %}
{%- set metric = curve_metrics[0] if curve_metrics else {'scale': 'binary', 'threshold': 1} -%}
{%- if is_incremental() -%}
    {#- only the pairs to build: their result rows, their spine rows and their queries' pool rows -#}
    {%- set results = '(select results.* from ' ~ ref('search_metrics_int_labeled_results') ~ ' as results'
        ~ ' inner join pairs_to_build on pairs_to_build.run_id = results.run_id'
        ~ ' and pairs_to_build.query_id = results.query_id where '
        ~ search_metrics.queries_of_keys('results.query_id', 'pairs_to_build') ~ ') as results_to_build' -%}
    {%- set spine = '(select spine.* from ' ~ ref('search_metrics_int_query_spine') ~ ' as spine'
        ~ ' inner join pairs_to_build on pairs_to_build.run_id = spine.run_id'
        ~ ' and pairs_to_build.query_id = spine.query_id where '
        ~ search_metrics.queries_of_keys('spine.query_id', 'pairs_to_build') ~ ') as spine_to_build' -%}
    {%- set pool = '(select pool.* from ' ~ ref('search_metrics_int_pool') ~ ' as pool'
        ~ ' where pool.query_id in (select query_id from pairs_to_build)) as pool_to_build' -%}
{%- else -%}
    {%- set results = ref('search_metrics_int_labeled_results') -%}
    {%- set spine = ref('search_metrics_int_query_spine') -%}
    {%- set pool = ref('search_metrics_int_pool') -%}
{%- endif %}

with pairs_to_build as (
    {{ search_metrics.judged_keys_to_build(ref('search_metrics_int_pair_fingerprints'), ['run_id', 'query_id']) | indent(4) }}
)

select
    curve.run_id,
    curve.query_id,
    curve.recall_level,
    curve.precision,
    pairs_to_build.input_fingerprint,
    {{ search_metrics.build_settings_column(build_settings) }},
    {{ search_metrics.built_at_column() }}
from (
    {{ search_metrics.interpolated_precision(results, pool, spine, metric.scale, metric.threshold) | indent(4) }}
) as curve
inner join pairs_to_build
    on pairs_to_build.run_id = curve.run_id
    and pairs_to_build.query_id = curve.query_id
{%- endif %}
