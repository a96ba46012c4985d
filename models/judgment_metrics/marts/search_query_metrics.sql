{#-
  One row per (run_id, query_id, metric, k): every configured metric at every cutoff, long format. The metrics on
  the shared pass (metric_plan) are computed together in one pass over the labeled results (metric_queries); the
  others (auc, the diversity types, ...) each by their own query.
  Incremental by (run_id, query_id) (judged_incremental_config, docs/metrics.md "Incremental builds"): each row
  carries its pair's input_fingerprint (search_metrics_int_pair_fingerprints); an incremental build deletes the
  rows whose pair's results or query's judgments changed, or whose run is gone, and computes the pairs the table
  lacks, reading only their results and their queries' pool rows. On DuckDB and PostgreSQL its hooks keep its run
  sums beside it (run_sums_relation), which search_run_metrics reads.
-#}
{%- set build_settings = search_metrics.judged_build_settings() -%}
{%- set model_enabled = search_metrics.family_enabled('judgment_metrics') -%}
{{ config(
    enabled=model_enabled,
    **search_metrics.judged_incremental_config('search_metrics_int_pair_fingerprints', ['run_id', 'query_id'],
                                               'input_fingerprint', build_settings, run_sums=true)
) }}
{%- if model_enabled %}
{%- set metrics = search_metrics.get_metrics() -%}
{%- set cutoffs = search_metrics.get_cutoffs() -%}
{#- the diversity metrics read the subtopic judgments (the diversity family) -#}
{%- set subtopics = {'results': ref('search_metrics_int_subtopic_results'), 'pool': ref('search_metrics_int_subtopic_pool')}
    if search_metrics.family_enabled('diversity') else none -%}
{%- set pairs_to_build -%}
select
    pairs.run_id,
    pairs.query_id,
    pairs.input_fingerprint
from (
    {{ search_metrics.judged_keys_to_build(ref('search_metrics_int_pair_fingerprints'), ['run_id', 'query_id']) | indent(4) }}
) as pairs
{%- endset -%}
{%- set ctes = [['pairs_to_build', pairs_to_build]] -%}
{%- if is_incremental() -%}
    {#- only the pairs to build: their result rows, their spine rows and their queries' pool rows -#}
    {%- do ctes.append(['results_to_build', 'select results.* from ' ~ ref('search_metrics_int_labeled_results')
        ~ ' as results inner join pairs_to_build on pairs_to_build.run_id = results.run_id'
        ~ ' and pairs_to_build.query_id = results.query_id where '
        ~ search_metrics.queries_of_keys('results.query_id', 'pairs_to_build')]) -%}
    {%- do ctes.append(['spine_to_build', 'select spine.* from ' ~ ref('search_metrics_int_query_spine')
        ~ ' as spine inner join pairs_to_build on pairs_to_build.run_id = spine.run_id'
        ~ ' and pairs_to_build.query_id = spine.query_id where '
        ~ search_metrics.queries_of_keys('spine.query_id', 'pairs_to_build')]) -%}
    {%- do ctes.append(['pool_to_build', 'select pool.* from ' ~ ref('search_metrics_int_pool')
        ~ ' as pool where pool.query_id in (select query_id from pairs_to_build)']) -%}
    {%- set results, spine, pool = 'results_to_build', 'spine_to_build', 'pool_to_build' -%}
{%- else -%}
    {%- set results = ref('search_metrics_int_labeled_results') -%}
    {%- set spine = ref('search_metrics_int_query_spine') -%}
    {%- set pool = ref('search_metrics_int_pool') -%}
{%- endif %}

{{ search_metrics.metric_queries(metrics, results, pool, spine, cutoffs, subtopics,
    read_back={'relation': 'pairs_to_build', 'key': 'query_id',
               'columns': ['run_id', 'query_id'], 'trailing_columns': ['input_fingerprint'],
               'constants': [search_metrics.build_settings_column(build_settings),
                             search_metrics.built_at_column()]},
    ctes=ctes) }}
{%- endif %}
