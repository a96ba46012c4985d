{#-
  Session satisfaction per (search_date, search_type): satisfied-click, threshold-pass, return and reformulation
  rates and the median time to the first click, with the counts behind them (docs/online_evaluation.md).
  Incremental like the click metrics: every day is computed from its own day-sessions. The per-search outcomes come
  from search_metrics_int_session_searches (their one definition), summed per day-session and then per day.
-#}
{%- set build_settings = ['search_metrics_online_evaluation.dwell_threshold_seconds',
    'search_metrics_online_evaluation.return_window_seconds', 'search_metrics_online_evaluation.reformulation_gap_seconds',
    'search_metrics_query_id_column', 'search_metrics_page_visits', 'search_metrics_future_tolerance_seconds', 'search_metrics_max_event_delay_seconds'] -%}
{%- set model_enabled = search_metrics.family_enabled('sessions') -%}
{{ config(
    enabled=model_enabled,
    **search_metrics.click_incremental_config(['search_date', 'search_type'], build_settings)
) }}
{%- if model_enabled %}
{%- set has_query = search_metrics.get_query_id_column() is not none %}

with searches_to_build as (
    select *
    from {{ ref('search_metrics_int_session_searches') }}
    where {{ search_metrics.click_recompute_filter('search_date') }}
),

-- one row per day-session
day_sessions as (
    select
        search_date,
        search_type,
        session_id,
        count(*) as n_searches,
        sum(n_clicks) as n_clicks,
        sum(n_satisfied_clicks) as n_satisfied_clicks,
        sum(n_censored_clicks) as n_censored_clicks,
        count(case when n_clicks > 0 then 1 end) as n_clicked_searches,
        count(case when is_returning = 1 then 1 end) as n_returning_searches,
        count(case when has_query = 1 then 1 end) as n_searches_with_query,
        count(case when is_reformulated = 1 then 1 end) as n_reformulated_searches
    from searches_to_build
    group by search_date, search_type, session_id
),

day_counts as (
    select
        search_date,
        search_type,
        sum(n_searches) as n_searches,
        count(session_id) as n_sessions,
        sum(n_clicks) as n_clicks,
        sum(n_satisfied_clicks) as n_satisfied_clicks,
        sum(n_censored_clicks) as n_censored_clicks,
        count(case when n_clicks > 0 then 1 end) as n_clicked_sessions,
        count(case when n_satisfied_clicks > 0 then 1 end) as n_passing_sessions,
        sum(n_clicked_searches) as n_clicked_searches,
        sum(n_returning_searches) as n_returning_searches,
        sum(n_searches_with_query) as n_searches_with_query,
        sum(n_reformulated_searches) as n_reformulated_searches
    from day_sessions
    group by search_date, search_type
),

-- the median over the clicked searches (seconds_to_first_click is null without a click)
first_click_medians as (
    select
        search_date,
        search_type,
        {{ search_metrics.median('seconds_to_first_click') }} as median_seconds_to_first_click
    from searches_to_build
    group by search_date, search_type
),

daily_counts as (
    select
        day_counts.search_date,
        day_counts.search_type,
        day_counts.n_searches,
        day_counts.n_sessions,
        day_counts.n_clicks,
        day_counts.n_satisfied_clicks,
        day_counts.n_censored_clicks,
        day_counts.n_clicked_sessions,
        day_counts.n_passing_sessions,
        day_counts.n_clicked_searches,
        day_counts.n_returning_searches,
        first_click_medians.median_seconds_to_first_click,
        day_counts.n_searches_with_query,
        day_counts.n_reformulated_searches
    from day_counts
    left join first_click_medians
        on first_click_medians.search_date = day_counts.search_date
        and first_click_medians.search_type = day_counts.search_type
)

select
    search_date,
    search_type,
    case when n_clicks = 0 then null
        else {{ search_metrics.as_double('n_satisfied_clicks') }} / n_clicks end as satisfied_click_rate,
    case when n_clicked_sessions = 0 then null
        else {{ search_metrics.as_double('n_passing_sessions') }} / n_clicked_sessions end as threshold_pass_rate,
    case when n_clicked_searches = 0 then null
        else {{ search_metrics.as_double('n_returning_searches') }} / n_clicked_searches end as return_rate,
    {%- if has_query %}
    case when n_searches_with_query = 0 then null
        else {{ search_metrics.as_double('n_reformulated_searches') }} / n_searches_with_query end as reformulation_rate,
    {%- else %}
    cast(null as {{ search_metrics.type_double() }}) as reformulation_rate,
    {%- endif %}
    median_seconds_to_first_click,
    cast(n_searches as {{ dbt.type_bigint() }}) as n_searches,
    cast(n_sessions as {{ dbt.type_bigint() }}) as n_sessions,
    cast(n_clicks as {{ dbt.type_bigint() }}) as n_clicks,
    cast(n_satisfied_clicks as {{ dbt.type_bigint() }}) as n_satisfied_clicks,
    cast(n_censored_clicks as {{ dbt.type_bigint() }}) as n_censored_clicks,
    cast(n_clicked_sessions as {{ dbt.type_bigint() }}) as n_clicked_sessions,
    cast(n_passing_sessions as {{ dbt.type_bigint() }}) as n_passing_sessions,
    cast(n_clicked_searches as {{ dbt.type_bigint() }}) as n_clicked_searches,
    cast(n_returning_searches as {{ dbt.type_bigint() }}) as n_returning_searches,
    {%- if has_query %}
    cast(n_searches_with_query as {{ dbt.type_bigint() }}) as n_searches_with_query,
    cast(n_reformulated_searches as {{ dbt.type_bigint() }}) as n_reformulated_searches
    {%- else %}
    cast(null as {{ dbt.type_bigint() }}) as n_searches_with_query,
    cast(null as {{ dbt.type_bigint() }}) as n_reformulated_searches
    {%- endif %},
    {{ search_metrics.build_settings_column(build_settings) }}
from daily_counts
{%- endif %}
