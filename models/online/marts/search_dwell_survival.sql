{#-
  The Kaplan-Meier estimate of the click dwell per (search_date, search_type), read at the check-in times of var
  search_metrics_online_evaluation, with the median dwell (docs/online_evaluation.md): the estimator, its
  conventions (censored dwells at risk at their own time, the zero factor, the median's tolerance) and its columns
  are those of the kaplan_meier macro, per (search_date, search_type). Incremental like the click metrics.
-#}
{%- set build_settings = ['search_metrics_online_evaluation.checkin_seconds', 'search_metrics_page_visits',
    'search_metrics_future_tolerance_seconds', 'search_metrics_max_event_delay_seconds'] -%}
{%- set model_enabled = search_metrics.family_enabled('sessions') -%}
{{ config(
    enabled=model_enabled,
    **search_metrics.click_incremental_config(['search_date', 'search_type', 'checkin_seconds'], build_settings)
) }}
{%- if model_enabled %}

with dwells_to_build as (
    select search_date, search_type, dwell_us, is_censored
    from {{ ref('search_metrics_int_click_dwells') }}
    where {{ search_metrics.click_recompute_filter('search_date') }}
),

dwell_survival as (
    {{ search_metrics.kaplan_meier('dwells_to_build', ['search_date', 'search_type']) | indent(4) }}
)

select
    search_date,
    search_type,
    checkin_seconds,
    survival,
    n_at_risk,
    n_dwells,
    n_censored,
    median_dwell_seconds,
    {{ search_metrics.build_settings_column(build_settings) }}
from dwell_survival
{%- endif %}
