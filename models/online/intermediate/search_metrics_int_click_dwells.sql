{#-
  One row per click (a distinct clicked (search_id, position) of a known search, at its first clicked_at) with its
  day-session and its dwell in microseconds: the time to the day-session's next event strictly after the click (a
  search or a click), or to the end of the click's page visit when the page visits input has one. A click with
  neither is right-censored at 0 (is_censored = 1, dwell_us = 0). docs/online_evaluation.md.
  A page visit is read only when it is not dated in the future (future_limit) and ends at most var
  search_metrics_max_event_delay_seconds after the search (docs/clicks.md); else the click's dwell comes from the
  events, and search_input_quality counts the visit as excluded.
  A table, rebuilt whole on every build: four models read it (search_metrics_int_session_searches,
  search_dwell_survival, search_metrics_int_experiment_dwells, search_input_quality), so its window over each
  day-session's events is computed once; the incremental marts' lookback filters what they read from it.
-#}
{%- set model_enabled = search_metrics.family_enabled('sessions') -%}
{{ config(materialized='table', enabled=model_enabled) }}
{%- if model_enabled %}
{%- set has_visits = search_metrics.inputs_configured(['search_metrics_page_visits']) %}

with session_searches as (
    select
        search_id,
        session_id,
        cast(searched_at as date) as search_date,
        search_type,
        {{ search_metrics.epoch_microseconds('searched_at') }} as searched_us
    from {{ ref('search_metrics_int_searches') }}
),

session_clicks as (
    select
        session_searches.search_id,
        clicked_positions.position,
        session_searches.session_id,
        session_searches.search_date,
        session_searches.search_type,
        session_searches.searched_us,
        {{ search_metrics.epoch_microseconds('clicked_positions.first_clicked_at') }} as clicked_us
    from {{ ref('search_metrics_int_click_positions') }} as clicked_positions
    inner join session_searches on session_searches.search_id = clicked_positions.search_id
),

-- the distinct times at which the day-session had an event (a search or a click)
session_event_times as (
    select session_id, search_date, search_type, searched_us as event_us from session_searches
    union distinct
    select session_id, search_date, search_type, clicked_us as event_us from session_clicks
),

next_event_times as (
    select
        session_id,
        search_date,
        search_type,
        event_us,
        lead(event_us) over (
            partition by session_id, search_date, search_type
            order by event_us
        ) as next_event_us
    from session_event_times
)
{%- if has_visits %},

page_visits as (
    select
        search_id,
        position,
        {{ search_metrics.epoch_microseconds('visit_end_at') }} as visit_end_us
    from {{ ref('search_metrics_stg_page_visits') }}
    where visit_end_at <= {{ search_metrics.future_limit() }}
)
{%- endif %}

select
    session_clicks.search_id,
    session_clicks.position,
    session_clicks.session_id,
    session_clicks.search_date,
    session_clicks.search_type,
    session_clicks.searched_us,
    session_clicks.clicked_us,
    case
        {%- if has_visits %}
        when page_visits.visit_end_us is not null then page_visits.visit_end_us - session_clicks.clicked_us
        {%- endif %}
        when next_event_times.next_event_us is not null then next_event_times.next_event_us - session_clicks.clicked_us
        else cast(0 as {{ dbt.type_bigint() }})
    end as dwell_us,
    case
        when {% if has_visits %}page_visits.visit_end_us is null and {% endif %}next_event_times.next_event_us is null then 1
        else 0
    end as is_censored
from session_clicks
inner join next_event_times
    on next_event_times.session_id = session_clicks.session_id
    and next_event_times.search_date = session_clicks.search_date
    and next_event_times.search_type = session_clicks.search_type
    and next_event_times.event_us = session_clicks.clicked_us
{%- if has_visits %}
left join page_visits
    on page_visits.search_id = session_clicks.search_id
    and page_visits.position = session_clicks.position
    and not ({{ search_metrics.max_event_delay_exceeded('page_visits.visit_end_us', 'session_clicks.searched_us') }})
{%- endif %}
{%- endif %}
