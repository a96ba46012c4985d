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
-#}
{{ config(enabled=search_metrics.family_enabled('judgment_metrics')) }}
{%- set cutoffs = search_metrics.get_cutoffs() -%}
{%- set metrics = search_metrics.get_metrics() -%}
{%- set reads_every_rank = search_metrics.reads_every_rank(metrics) -%}
{%- set reads_unjudged_results = search_metrics.reads_unjudged_results(metrics) -%}
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
{% if reads_unjudged_results %}left{% else %}inner{% endif %} join {{ ref('search_metrics_int_pool') }} as labels
    on labels.query_id = results.query_id
    and labels.doc_id = results.doc_id
{%- if not reads_every_rank %}
where results.rank <= {{ cutoffs | max }}
{%- elif reads_unjudged_results %}
where labels.query_id is not null
    or results.rank <= {{ cutoffs | max }}
{%- endif %}
