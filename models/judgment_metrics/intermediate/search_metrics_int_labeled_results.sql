{#-
  The results the metrics read, each with its doc's aggregated judgment (null values when the doc has no graded
  judgment): the rows with rank <= the largest cutoff. Only a coverage or unjudged metric counts the results no
  judgment row names (reads_unjudged_results: coverage's denominator is every result in the top k, unjudged's
  numerator the ungraded ones); without one configured, only the results with a judgment
  row are kept, because no other metric reads the rest (an ungraded result adds nothing to a count, a sum or ERR's
  product, and every position is the result's rank). When a configured metric reads beyond the largest cutoff
  (reads_every_rank: auc, r_precision, bpref, rbp, the counts, 11-point AP, infap, whole_list and condensed entries),
  the judged rows of every rank are kept too; an unjudged row beyond the largest cutoff is read by no metric
  (coverage stops at its cutoff, n_retrieved counts the spine, rbp_residual sums the graded rows), so it is not
  copied. The other rows are read by no metric and are not copied. infap tells the docs outside the pool from the
  unjudged docs of the pool by joining the pool itself, so the rows coverage adds do not change it.
  Incremental by (run_id, query_id) (judged_incremental_config, docs/metrics.md "Incremental builds"): each row
  carries its pair's input_fingerprint (search_metrics_int_pair_fingerprints: the pair's result rows and its
  query's pool rows, everything a row reads) and build_settings (labeled_results_build_settings); an incremental
  build deletes the rows of the pairs whose fingerprint moved or that are gone and copies the pairs the table lacks,
  reading only their result rows and their queries' pool rows. Without a coverage or unjudged metric, the pairs of
  a query without pool rows are not built (they keep no row); a pair of a judged query none of whose rows is kept
  has no row either, so every build copies it again: reading its result rows, writing none.
-#}
{%- set build_settings = search_metrics.labeled_results_build_settings() -%}
{%- set model_enabled = search_metrics.family_enabled('judgment_metrics') -%}
{{ config(
    enabled=model_enabled,
    **search_metrics.judged_incremental_config('search_metrics_int_pair_fingerprints', ['run_id', 'query_id'],
                                               'input_fingerprint', build_settings)
) }}
{%- if model_enabled %}
{%- set cutoffs = search_metrics.get_cutoffs() -%}
{%- set metrics = search_metrics.get_metrics() -%}
{%- set reads_every_rank = search_metrics.reads_every_rank(metrics) -%}
{%- set reads_unjudged_results = search_metrics.reads_unjudged_results(metrics) -%}
{%- set labels = ref('search_metrics_int_pool') -%}
{%- if is_incremental() -%}
    {#- only the pool rows of the queries to build -#}
    {%- set labels = '(select pool.* from ' ~ labels ~ ' as pool'
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
    {%- if not reads_unjudged_results %}
    {#- a query without pool rows has no row to keep: its pairs are not copied every build #}
    where pairs.query_id in (select query_id from {{ ref('search_metrics_int_pool') }})
    {%- endif %}
)

select
    results.run_id,
    results.query_id,
    results.doc_id,
    cast(results.rank as {{ dbt.type_int() }}) as rank,
    {{ search_metrics.as_double('results.score') }} as score,
    labels.binary_value,
    labels.graded_value,
    labels.detail_value,
    coalesce(labels.binary_tie, 0) as binary_tie,
    pairs_to_build.input_fingerprint,
    {{ search_metrics.build_settings_column(build_settings) }},
    {{ search_metrics.built_at_column() }}
from {{ ref('search_metrics_stg_results') }} as results
inner join pairs_to_build
    on pairs_to_build.run_id = results.run_id
    and pairs_to_build.query_id = results.query_id
{% if reads_unjudged_results %}left{% else %}inner{% endif %} join {{ labels }} as labels
    on labels.query_id = results.query_id
    and labels.doc_id = results.doc_id
{%- set filters = [] -%}
{%- if not reads_every_rank -%}
    {%- do filters.append('results.rank <= ' ~ (cutoffs | max)) -%}
{%- elif reads_unjudged_results -%}
    {%- do filters.append('(labels.query_id is not null or results.rank <= ' ~ (cutoffs | max) ~ ')') -%}
{%- endif -%}
{%- if is_incremental() -%}
    {#- the rows of the queries to build: a scan filter where a few queries of every run are rebuilt, as literals
        (pending_queries): with the LEFT JOIN to the pool DuckDB places a semi-join after it, over every input row -#}
    {%- set pending = search_metrics.pending_queries(ref('search_metrics_int_pair_fingerprints'), ['run_id', 'query_id'],
                                                     'input_fingerprint') -%}
    {%- do filters.append(search_metrics.queries_of_keys('results.query_id', 'pairs_to_build', pending)) -%}
{%- endif %}
{%- if filters %}
where {{ filters | join('\n    and ') }}
{%- endif %}
{%- endif %}
