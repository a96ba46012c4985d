{#-
  One row per interleaving unit (a search of an experiment, or with interleaving_unit: session the searches of one
  experiment with the same session_id and search_date) with its experiment's two teams, the clicks credited to
  each and the outcome (docs/online_evaluation.md). `preference` is 0.5 when team a wins, 0 on a tie, -0.5 when
  team b wins and null without a credited click: the unit's value in the bootstrap of the preference delta.
  A view: search_interleaving_daily filters it by search_date.
-#}
{%- set model_enabled = search_metrics.family_enabled('interleaving') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set settings = search_metrics.get_online_evaluation_settings() %}

with interleaved_searches as (
    select
        search_id,
        session_id,
        cast(searched_at as date) as search_date,
        experiment
    from {{ ref('search_metrics_int_searches') }}
    where experiment is not null
),

team_impressions as (
    select
        impressions.search_id,
        impressions.position,
        impressions.team,
        interleaved_searches.experiment
    from {{ ref('search_metrics_stg_impressions') }} as impressions
    inner join interleaved_searches on interleaved_searches.search_id = impressions.search_id
),

-- the experiment's two team values in binary order (a data test makes sure there are exactly two)
experiment_teams as (
    select
        experiment,
        min({{ search_metrics.binary_order('team') }}) as team_a,
        max({{ search_metrics.binary_order('team') }}) as team_b
    from team_impressions
    where team is not null
    group by experiment
),

search_credits as (
    select
        team_impressions.search_id,
        sum(case when team_impressions.team = experiment_teams.team_a then 1 else 0 end) as credits_a,
        sum(case when team_impressions.team = experiment_teams.team_b then 1 else 0 end) as credits_b
    from {{ ref('search_metrics_int_click_positions') }} as clicked_positions
    inner join team_impressions
        on team_impressions.search_id = clicked_positions.search_id
        and team_impressions.position = clicked_positions.position
    inner join experiment_teams on experiment_teams.experiment = team_impressions.experiment
    group by team_impressions.search_id
),

units as (
    select
        interleaved_searches.experiment,
        interleaved_searches.search_date,
        {%- if settings.interleaving_unit == 'search' %}
        cast(interleaved_searches.search_id as {{ dbt.type_string() }}) as unit_id,
        coalesce(search_credits.credits_a, 0) as credits_a,
        coalesce(search_credits.credits_b, 0) as credits_b
        {%- else %}
        cast(interleaved_searches.session_id as {{ dbt.type_string() }}) as unit_id,
        sum(coalesce(search_credits.credits_a, 0)) as credits_a,
        sum(coalesce(search_credits.credits_b, 0)) as credits_b
        {%- endif %}
    from interleaved_searches
    left join search_credits on search_credits.search_id = interleaved_searches.search_id
    {%- if settings.interleaving_unit == 'session' %}
    group by interleaved_searches.experiment, interleaved_searches.search_date, interleaved_searches.session_id
    {%- endif %}
)

select
    units.experiment,
    units.search_date,
    experiment_teams.team_a,
    experiment_teams.team_b,
    units.unit_id,
    cast(units.credits_a as {{ dbt.type_bigint() }}) as credits_a,
    cast(units.credits_b as {{ dbt.type_bigint() }}) as credits_b,
    case
        when units.credits_a > units.credits_b then 'a'
        when units.credits_b > units.credits_a then 'b'
        when units.credits_a > 0 then 'tie'
    end as outcome,
    case
        when units.credits_a > units.credits_b then {{ search_metrics.as_double(0.5) }}
        when units.credits_b > units.credits_a then {{ search_metrics.as_double(-0.5) }}
        when units.credits_a > 0 then {{ search_metrics.as_double(0) }}
    end as preference
from units
inner join experiment_teams on experiment_teams.experiment = units.experiment
{%- endif %}
