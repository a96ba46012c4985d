{#-
  One row per (experiment, bucket, unit, search_type, search_date) with a search of a unit with one bucket in the
  experiment (search_metrics_int_experiment_assignments): the sums of the unit's per-search counts that day
  (experiment_search_columns), per search_type and for all search types together (search_type = '(all)').
  With CUPED on (var search_metrics_experiments.cuped_days = L), also one row per (experiment, bucket, unit,
  search_type) with search_date null: the same sums over the unit's searches of the L days before the experiment's
  first day, with or without a bucket, in any experiment (the pre-period, docs/experiments.md); a unit without
  such a search has no such row. A contaminated unit's searches are excluded and counted in search_input_quality.
  One pass over the searches: each meets its unit's assignments (one per experiment), as a day of that experiment
  (its own experiment and bucket) or as a pre-period search of it (its day in the window; never both, as the
  experiment's searches of a unit with one bucket fall on or after the experiment's first day).
  A table: the unit totals and the sequential results read it.
-#}
{%- set model_enabled = search_metrics.family_enabled('experiments') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set columns = search_metrics.experiment_search_columns() -%}
{%- set typed_columns = search_metrics.experiment_search_columns(types=true) -%}
{%- set cuped_days = search_metrics.get_experiment_settings().cuped_days %}

with assigned_searches as (
    select
        assignments.experiment,
        assignments.bucket,
        assignments.unit_id,
        searches.search_type,
        {%- if cuped_days is not none %}
        case when searches.experiment = assignments.experiment and searches.bucket = assignments.bucket
            then searches.search_date end as search_date
        {%- else %}
        searches.search_date
        {%- endif %}
        {%- for column in columns %},
        searches.{{ column }}
        {%- endfor %}
    from {{ ref('search_metrics_int_experiment_searches') }} as searches
    inner join {{ ref('search_metrics_int_experiment_assignments') }} as assignments
        on assignments.unit_id = searches.unit_id
        {%- if cuped_days is none %}
        and assignments.experiment = searches.experiment
        and assignments.bucket = searches.bucket
        {%- else %}
        and assignments.bucket is not null
        and (
            (assignments.experiment = searches.experiment and assignments.bucket = searches.bucket)
            or (searches.search_date >= {{ search_metrics.add_days('assignments.experiment_first_date', 0 - cuped_days) }}
                and searches.search_date < assignments.experiment_first_date)
        )
        {%- endif %}
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
{%- endif %}
