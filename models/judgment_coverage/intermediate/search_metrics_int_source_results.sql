{#-
  The results each judgment source's metrics read, in the shape of search_metrics_int_labeled_results with the
  query_key of search_metrics_int_source_spine in the query_id column and the values of
  search_metrics_int_source_pool: a reading key holds its own run's results, a judge key every run's results of
  the query. Rows are kept by the rule of search_metrics_int_labeled_results (only rows with a pool row unless a
  coverage or unjudged metric is configured; rank <= the largest cutoff unless a configured metric reads every rank), so that
  every metric reads what it reads from the human pool.
-#}
{%- set readings_on = search_metrics.family_enabled('judgment_coverage') -%}
{%- set judges_on = search_metrics.family_enabled('judge_validation') -%}
{%- set model_enabled = readings_on or judges_on -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set cutoffs = search_metrics.get_cutoffs() -%}
{%- set metrics = search_metrics.get_metrics() -%}
{%- set reads_every_rank = search_metrics.reads_every_rank(metrics) -%}
{%- set reads_unjudged_results = search_metrics.reads_unjudged_results(metrics) -%}

with keyed_results as (
    select
        results.run_id,
        source_spine.query_key,
        results.doc_id,
        results.rank,
        results.score
    from {{ ref('search_metrics_stg_results') }} as results
    inner join {{ ref('search_metrics_int_source_spine') }} as source_spine
        on source_spine.run_id = results.run_id
        and source_spine.query_id = results.query_id
)

select
    keyed_results.run_id,
    keyed_results.query_key as query_id,
    keyed_results.doc_id,
    cast(keyed_results.rank as {{ dbt.type_int() }}) as rank,
    {{ search_metrics.as_double('keyed_results.score') }} as score,
    labels.binary_value,
    labels.graded_value,
    labels.detail_value,
    coalesce(labels.binary_tie, 0) as binary_tie
from keyed_results
{% if reads_unjudged_results %}left{% else %}inner{% endif %} join {{ ref('search_metrics_int_source_pool') }} as labels
    on labels.query_id = keyed_results.query_key
    and labels.doc_id = keyed_results.doc_id
{%- if not reads_every_rank %}
where keyed_results.rank <= {{ cutoffs | max }}
{%- elif reads_unjudged_results %}
where labels.query_id is not null
    or keyed_results.rank <= {{ cutoffs | max }}
{%- endif %}
{%- endif %}
