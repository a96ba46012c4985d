{#-
  One row per (experiment, bucket, unit, search_type) of the units with one bucket and a search of that type in the
  experiment: the unit's sums over the experiment (experiment_search_columns), per search_type and for '(all)'. With
  CUPED on (var search_metrics_experiments.cuped_days = L), also pre_<column>: the same sums over the unit's
  searches of the L days before the experiment's first day, with or without a bucket, in any experiment
  (search_type as the row's; 0 when the unit has none there, as GrowthBook does). docs/experiments.md. Both from
  search_metrics_int_experiment_unit_days: the experiment's sums group its rows with a search_date; the pre-period's
  are its rows without one, one per unit and type already. A table: the moments read it.
-#}
{%- set model_enabled = search_metrics.family_enabled('experiments') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set columns = search_metrics.experiment_search_columns() -%}
{%- set typed_columns = search_metrics.experiment_search_columns(types=true) -%}
{%- set cuped = search_metrics.get_experiment_settings().cuped_days is not none %}

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
    where search_date is not null
    group by experiment, bucket, unit_id, search_type
)

select
    unit_totals.experiment,
    unit_totals.bucket,
    unit_totals.unit_id,
    unit_totals.search_type
    {%- for column in columns %},
    unit_totals.{{ column }}
    {%- endfor %}
    {%- if cuped %}
    {%- for column, type in typed_columns %},
    cast(coalesce(pre_period.{{ column }}, 0) as {{ type }}) as pre_{{ column }}
    {%- endfor %}
    {%- endif %}
from unit_totals
{%- if cuped %}
left join {{ ref('search_metrics_int_experiment_unit_days') }} as pre_period
    on pre_period.search_date is null
    and pre_period.experiment = unit_totals.experiment
    and pre_period.bucket = unit_totals.bucket
    and pre_period.unit_id = unit_totals.unit_id
    and pre_period.search_type = unit_totals.search_type
{%- endif %}
{%- endif %}
