{#-
  The interleaving verdict of each experiment per day: wins, ties, the preference delta, the sign test's p-value and
  the bootstrap interval (docs/online_evaluation.md). Incremental like the click metrics.
-#}
{%- set build_settings = ['search_metrics_online_evaluation.interleaving_unit', 'search_metrics_team_column',
    'search_metrics_experiment_column', 'search_metrics_bootstrap_samples', 'search_metrics_confidence_level',
    'search_metrics_future_tolerance_seconds', 'search_metrics_max_event_delay_seconds'] -%}
{%- set model_enabled = search_metrics.family_enabled('interleaving') -%}
{{ config(
    enabled=model_enabled,
    **search_metrics.click_incremental_config(['experiment', 'search_date'], build_settings)
) }}
{%- if model_enabled %}

with units_to_build as (
    select *
    from {{ ref('search_metrics_int_interleaving_units') }}
    where {{ search_metrics.click_recompute_filter('search_date') }}
),

daily_verdicts as (
    {{ search_metrics.interleaving_verdicts('units_to_build', ['experiment', 'search_date']) | indent(4) }}
)

select
    experiment,
    search_date,
    team_a,
    team_b,
    n_units,
    wins_a,
    wins_b,
    ties,
    n_units_no_click,
    preference_delta,
    p_value,
    ci_low,
    ci_high,
    {{ search_metrics.build_settings_column(build_settings) }}
from daily_verdicts
{%- endif %}
