{#-
  One row per (experiment, bucket, unit, search_type) of the units with one bucket: the unit's sums over the
  experiment (experiment_search_columns), per search_type and for '(all)'. With CUPED on (var
  search_metrics_experiments.cuped_days = L), also pre_<column>: the same sums over the unit's searches of the L
  days before the experiment's first day, with or without a bucket, in any experiment (search_type as the row's;
  0 when the unit has none there, as GrowthBook does). docs/experiments.md. A table: the moments read it.
-#}
{{ config(enabled=search_metrics.family_enabled('experiments')) }}
{%- set columns = search_metrics.experiment_search_columns() -%}
{%- set typed_columns = search_metrics.experiment_search_columns(types=true) -%}
{%- set cuped_days = search_metrics.get_experiment_settings().cuped_days %}

with unit_totals as (
    select
        experiment,
        bucket,
        unit_id,
        search_type
        {%- for column, type in typed_columns %},
        cast(sum({{ column }}) as {{ type }}) as {{ column }}
        {%- endfor %}
    from {{ ref('search_metrics_int_experiment_unit_days') }}
    group by experiment, bucket, unit_id, search_type
)
{%- if cuped_days is not none %},

pre_period_searches as (
    select
        assignments.experiment,
        assignments.unit_id,
        searches.search_type
        {%- for column in columns %},
        searches.{{ column }}
        {%- endfor %}
    from {{ ref('search_metrics_int_experiment_assignments') }} as assignments
    inner join {{ ref('search_metrics_int_experiment_searches') }} as searches
        on searches.unit_id = assignments.unit_id
        and searches.search_date >= {{ search_metrics.add_days('assignments.experiment_first_date', 0 - cuped_days) }}
        and searches.search_date < assignments.experiment_first_date
    where assignments.bucket is not null
),

pre_period_totals as (
    select
        experiment,
        unit_id,
        case when grouping(search_type) = 1 then '(all)' else search_type end as search_type
        {%- for column, type in typed_columns %},
        cast(sum({{ column }}) as {{ type }}) as pre_{{ column }}
        {%- endfor %}
    from pre_period_searches
    group by grouping sets ((experiment, unit_id, search_type), (experiment, unit_id))
)
{%- endif %}

select
    unit_totals.experiment,
    unit_totals.bucket,
    unit_totals.unit_id,
    unit_totals.search_type
    {%- for column in columns %},
    unit_totals.{{ column }}
    {%- endfor %}
    {%- if cuped_days is not none %}
    {%- for column, type in typed_columns %},
    cast(coalesce(pre_period_totals.pre_{{ column }}, 0) as {{ type }}) as pre_{{ column }}
    {%- endfor %}
    {%- endif %}
from unit_totals
{%- if cuped_days is not none %}
left join pre_period_totals
    on pre_period_totals.experiment = unit_totals.experiment
    and pre_period_totals.unit_id = unit_totals.unit_id
    and pre_period_totals.search_type = unit_totals.search_type
{%- endif %}
