{#-
  One row per (experiment, bucket, unit, search_type, search_date) with a search: the sums of the unit's per-search
  counts that day (experiment_search_columns), per search_type and for all search types together
  (search_type = '(all)'). Only units with one bucket in the experiment (search_metrics_int_experiment_assignments);
  a contaminated unit's searches are excluded and counted in search_input_quality. A table: the unit totals and the
  sequential results read it.
-#}
{{ config(enabled=search_metrics.family_enabled('experiments')) }}
{%- set columns = search_metrics.experiment_search_columns() -%}
{%- set typed_columns = search_metrics.experiment_search_columns(types=true) %}

with assigned_searches as (
    select searches.*
    from {{ ref('search_metrics_int_experiment_searches') }} as searches
    inner join {{ ref('search_metrics_int_experiment_assignments') }} as assignments
        on assignments.experiment = searches.experiment
        and assignments.unit_id = searches.unit_id
        and assignments.bucket = searches.bucket
)

select
    experiment,
    bucket,
    unit_id,
    case when grouping(search_type) = 1 then '(all)' else search_type end as search_type,
    search_date
    {%- for column, type in typed_columns %},
    cast(sum({{ column }}) as {{ type }}) as {{ column }}
    {%- endfor %}
from assigned_searches
group by grouping sets ((experiment, bucket, unit_id, search_date, search_type), (experiment, bucket, unit_id, search_date))
