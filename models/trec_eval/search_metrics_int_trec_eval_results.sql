{#-
  The results the trec_eval table reads, in the shape of search_metrics_int_labeled_results: every result of a query
  of the qrels (the queries of search_metrics_int_trec_eval_pool: trec_eval evaluates no other) at every rank, cut
  to the first max_results rows of the (run, query) when var search_metrics_trec_eval's max_results is set
  (trec_eval -M: a row_number ordered by rank, doc_id), with its doc's values from search_metrics_int_trec_eval_pool
  (null values for a doc outside the pool: the rows are kept, as trec_eval keeps them). The spine
  (search_metrics_int_trec_eval_spine) counts these rows.
-#}
{{ config(enabled=search_metrics.family_enabled('trec_eval')) }}
{%- set settings = search_metrics.get_trec_eval_settings() -%}
{%- set pool = ref('search_metrics_int_trec_eval_pool') -%}

with numbered as (
    select
        run_id,
        query_id,
        doc_id,
        rank,
        score
        {%- if settings.max_results is not none %},
        row_number() over (partition by run_id, query_id order by rank, doc_id) as position
        {%- endif %}
    from {{ ref('search_metrics_stg_results') }}
    where query_id in (select distinct query_id from {{ pool }})
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
    coalesce(labels.binary_tie, 0) as binary_tie
from numbered
left join {{ pool }} as labels
    on labels.query_id = numbered.query_id
    and labels.doc_id = numbered.doc_id
{%- if settings.max_results is not none %}
where numbered.position <= {{ settings.max_results }}
{%- endif %}
