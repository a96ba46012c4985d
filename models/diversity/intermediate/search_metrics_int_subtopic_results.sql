{#-
  The results the diversity metrics read: one row per (result, subtopic judgment of its doc), i.e. each result of
  search_metrics_stg_results joined to the subtopic pool on (query_id, doc_id), with the subtopic and its grade. A
  result with no subtopic judgment has no row (its gain is 0 for every diversity metric; the spine keeps its
  query). Only ranks up to the largest cutoff are kept, unless a configured diversity metric has no cutoff (nrbp, nnrbp, map_ia),
  which reads every rank.
-#}
{%- set model_enabled = search_metrics.family_enabled('diversity') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set diversity_metrics = search_metrics.get_metrics() | selectattr('type', 'in', search_metrics.diversity_types()) | list -%}
select
    results.run_id,
    results.query_id,
    results.doc_id,
    cast(results.rank as {{ dbt.type_int() }}) as rank,
    pool.subtopic_id,
    pool.grade
from {{ ref('search_metrics_stg_results') }} as results
inner join {{ ref('search_metrics_int_subtopic_pool') }} as pool
    on pool.query_id = results.query_id
    and pool.doc_id = results.doc_id
{%- if not search_metrics.reads_every_rank(diversity_metrics) %}
where results.rank <= {{ search_metrics.get_cutoffs() | max }}
{%- endif %}
{%- endif %}
