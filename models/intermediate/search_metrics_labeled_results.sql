{#-
  The results the metrics read: rank <= the largest cutoff, each with its doc's aggregated judgment (null values
  when the doc has no graded judgment). When a configured metric has type auc, which ranks all of a query's
  graded results by score, also the rows beyond the largest cutoff that auc reads (a binary value and a score);
  the other rows beyond it are read by no metric and are not copied.
-#}
{{ config(enabled=search_metrics.inputs_configured(['search_metrics_results', 'search_metrics_judgments'])) }}
{%- set cutoffs = search_metrics.get_cutoffs() -%}
{%- set reads_every_rank = search_metrics.get_metrics() | selectattr('type', 'equalto', 'auc') | list | length > 0 -%}
select
    results.run_id,
    results.query_id,
    results.doc_id,
    cast(results.rank as {{ dbt.type_int() }}) as rank,
    {{ search_metrics.as_double('results.score') }} as score,
    labels.binary_value,
    labels.graded_value,
    labels.detail_value,
    coalesce(labels.binary_tie, 0) as binary_tie
from {{ ref('search_metrics_stg_results') }} as results
left join {{ ref('search_metrics_judgment_labels') }} as labels
    on labels.query_id = results.query_id
    and labels.doc_id = results.doc_id
where results.rank <= {{ cutoffs | max }}
{%- if reads_every_rank %}
    or (labels.binary_value is not null and results.score is not null)
{%- endif %}
