{#-
  One row per click (a row of search_metrics_int_click_dwells) of a search in an experiment whose unit has one bucket
  there (search_metrics_int_experiment_assignments; a contaminated unit's clicks are excluded with its searches),
  with the experiment, the bucket, the click's dwell_us and is_censored, once with its search_type and once with
  search_type '(all)'. The observations of the experiments' dwell curves and log-rank tests (docs/experiments.md):
  clicks, not units, as in Wikimedia's reports. Enabled with the experiments and sessions families. A view: its two
  readers group it.
-#}
{%- set model_enabled = search_metrics.family_enabled('experiments') and search_metrics.family_enabled('sessions') -%}
{{ config(enabled=model_enabled,
          materialized='view') }}
{%- if model_enabled %}

with assigned_dwells as (
    select
        searches.experiment,
        searches.bucket,
        dwells.search_type,
        dwells.dwell_us,
        dwells.is_censored
    from {{ ref('search_metrics_int_click_dwells') }} as dwells
    inner join {{ ref('search_metrics_int_searches') }} as searches
        on searches.search_id = dwells.search_id
    inner join {{ ref('search_metrics_int_experiment_assignments') }} as assignments
        on assignments.experiment = searches.experiment
        and assignments.unit_id = searches.unit_id
        and assignments.bucket = searches.bucket
)

select experiment, bucket, search_type, dwell_us, is_censored
from assigned_dwells

union all

select experiment, bucket, '(all)' as search_type, dwell_us, is_censored
from assigned_dwells
{%- endif %}
