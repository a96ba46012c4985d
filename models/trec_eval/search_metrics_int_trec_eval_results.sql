{#-
  The results the trec_eval table reads, in the shape of search_metrics_int_labeled_results: every result of a query
  of the qrels (the queries of search_metrics_int_trec_eval_pool: trec_eval evaluates no other) at every rank, cut
  to the first max_results rows of the (run, query) when var search_metrics_trec_eval's max_results is set
  (trec_eval -M: a row_number ordered by rank, doc_id), with its doc's values from search_metrics_int_trec_eval_pool
  (null values for a doc outside the pool: the rows are kept, as trec_eval keeps them).
  Incremental by (run_id, query_id) (judged_incremental_config; docs/trec.md, "Incremental builds"): each row
  carries its pair's input_fingerprint (search_metrics_int_pair_fingerprints: the pair's result rows and its query's
  rows of search_metrics_int_pool, which are its rows of the trec_eval pool too: with complete, that pool aggregates
  the same human judgments of every qrels query, so a query a run returned has the same rows in both) and
  build_settings (trec_eval_results_build_settings: max_results, not complete, zscores or the version); an
  incremental build deletes the rows of the pairs whose fingerprint moved or that are gone and copies the pairs of
  qrels queries the table lacks, reading only their result rows and their queries' pool rows.
-#}
{%- set build_settings = search_metrics.trec_eval_results_build_settings() -%}
{%- set model_enabled = search_metrics.family_enabled('trec_eval') -%}
{{ config(
    enabled=model_enabled,
    **search_metrics.judged_incremental_config('search_metrics_int_pair_fingerprints', ['run_id', 'query_id'],
                                               'input_fingerprint', build_settings)
) }}
{%- if model_enabled %}
{%- set settings = search_metrics.get_trec_eval_settings() -%}
{%- set pool = ref('search_metrics_int_trec_eval_pool') -%}
{%- set labels = pool -%}
{%- if is_incremental() -%}
    {#- only the pool rows of the queries to build -#}
    {%- set labels = '(select pool.* from ' ~ pool ~ ' as pool'
        ~ ' where pool.query_id in (select query_id from pairs_to_build))' -%}
{%- endif %}

with pairs_to_build as (
    select
        pairs.run_id,
        pairs.query_id,
        pairs.input_fingerprint
    from (
        {{ search_metrics.judged_keys_to_build(ref('search_metrics_int_pair_fingerprints'), ['run_id', 'query_id']) | indent(8) }}
    ) as pairs
    where pairs.query_id in (select query_id from {{ pool }})
),

numbered as (
    select
        results.run_id,
        results.query_id,
        results.doc_id,
        results.rank,
        results.score,
        pairs_to_build.input_fingerprint
        {%- if settings.max_results is not none %},
        row_number() over (partition by results.run_id, results.query_id order by results.rank, results.doc_id) as position
        {%- endif %}
    from {{ ref('search_metrics_stg_results') }} as results
    inner join pairs_to_build
        on pairs_to_build.run_id = results.run_id
        and pairs_to_build.query_id = results.query_id
    {%- if is_incremental() %}
    where {{ search_metrics.queries_of_keys('results.query_id', 'pairs_to_build') }}
    {%- endif %}
)

select
    numbered.run_id,
    numbered.query_id,
    numbered.doc_id,
    cast(numbered.rank as {{ dbt.type_int() }}) as rank,
    {{ search_metrics.as_double('numbered.score') }} as score,
    labels.binary_value,
    labels.graded_value,
    labels.detail_value,
    coalesce(labels.binary_tie, 0) as binary_tie,
    numbered.input_fingerprint,
    {{ search_metrics.build_settings_column(build_settings) }},
    {{ search_metrics.built_at_column() }}
from numbered
left join {{ labels }} as labels
    on labels.query_id = numbered.query_id
    and labels.doc_id = numbered.doc_id
{%- if settings.max_results is not none %}
where numbered.position <= {{ settings.max_results }}
{%- endif %}
{%- endif %}
