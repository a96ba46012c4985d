{#-
  One row per (experiment, bucket, unit, search_type) of the units with one bucket and a search of that type in the
  experiment: the unit's sums over the experiment (experiment_search_columns), per search_type and for '(all)'. With
  CUPED on (var search_metrics_experiments.cuped_days = L), also pre_<column>: the same sums over the unit's
  searches of the L days before the experiment's first day, with or without a bucket, in any experiment
  (search_type as the row's; 0 when the unit has none there, as GrowthBook does). docs/experiments.md. One grouped
  pass over search_metrics_int_experiment_unit_days, whose rows with a search_date are the experiment's days and
  whose rows without one the pre-period's. A table: the moments read it.
-#}
{{ config(enabled=search_metrics.family_enabled('experiments')) }}
{%- set typed_columns = search_metrics.experiment_search_columns(types=true) -%}
{%- set cuped = search_metrics.get_experiment_settings().cuped_days is not none %}

select
    experiment,
    bucket,
    unit_id,
    search_type
    {%- for column, type in typed_columns %},
    {%- if cuped %}
    cast(sum(case when search_date is not null then {{ column }} end) as {{ type }}) as {{ column }}
    {%- else %}
    cast(sum({{ column }}) as {{ type }}) as {{ column }}
    {%- endif %}
    {%- endfor %}
    {%- if cuped %}
    {%- for column, type in typed_columns %},
    cast(coalesce(sum(case when search_date is null then {{ column }} end), 0) as {{ type }}) as pre_{{ column }}
    {%- endfor %}
    {%- endif %}
from {{ ref('search_metrics_int_experiment_unit_days') }}
group by experiment, bucket, unit_id, search_type
{%- if cuped %}
{#- a unit with pre-period searches of a type but none of it in the experiment has no row of that type #}
having count(search_date) > 0
{%- endif %}
