{#-
  The shown results of the A/B experiments' buckets, for the check of the estimates against the experiments
  (search_counterfactual_experiment_checks): one row per shown result (search_metrics_int_shown_results: a known
  search with a query_id) of a search whose unit has one bucket in its experiment (search_metrics_int_experiment_assignments;
  the searches of a unit seen in two buckets are left out, as the experiments leave them out), with the search's
  experiment, bucket, type and time. Built when the counterfactual and the experiments families are both on. A table:
  the buckets' PBM fits and the check read it.
-#}
{%- set model_enabled = search_metrics.family_enabled('counterfactual') and search_metrics.family_enabled('experiments') -%}
{{ config(materialized='table',
          enabled=model_enabled) }}
{%- if model_enabled %}

select
    searches.experiment,
    assignments.bucket,
    shown.search_id,
    shown.query_id,
    searches.search_type,
    searches.searched_at,
    shown.position,
    shown.doc_id,
    shown.clicked
from {{ ref('search_metrics_int_shown_results') }} as shown
inner join {{ ref('search_metrics_int_searches') }} as searches on searches.search_id = shown.search_id
inner join {{ ref('search_metrics_int_experiment_assignments') }} as assignments
    on assignments.experiment = searches.experiment
    and assignments.unit_id = searches.unit_id
where assignments.bucket is not null
{%- endif %}
