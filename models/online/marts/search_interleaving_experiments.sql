{#-
  The interleaving verdict of each experiment over all its days (docs/online_evaluation.md). A table rebuilt in full:
  the whole experiment's verdict needs every unit.
-#}
{%- set model_enabled = search_metrics.family_enabled('interleaving') -%}
{{ config(enabled=model_enabled, materialized='table') }}
{%- if model_enabled %}

with experiment_units as (
    select * from {{ ref('search_metrics_int_interleaving_units') }}
),

experiment_days as (
    select
        experiment,
        min(search_date) as first_date,
        max(search_date) as last_date,
        count(distinct search_date) as n_days
    from experiment_units
    group by experiment
),

experiment_verdicts as (
    {{ search_metrics.interleaving_verdicts('experiment_units', ['experiment']) | indent(4) }}
)

select
    experiment_verdicts.experiment,
    experiment_days.first_date,
    experiment_days.last_date,
    cast(experiment_days.n_days as {{ dbt.type_bigint() }}) as n_days,
    experiment_verdicts.team_a,
    experiment_verdicts.team_b,
    experiment_verdicts.n_units,
    experiment_verdicts.wins_a,
    experiment_verdicts.wins_b,
    experiment_verdicts.ties,
    experiment_verdicts.n_units_no_click,
    experiment_verdicts.preference_delta,
    experiment_verdicts.p_value,
    experiment_verdicts.ci_low,
    experiment_verdicts.ci_high
from experiment_verdicts
inner join experiment_days on experiment_days.experiment = experiment_verdicts.experiment
{%- endif %}
