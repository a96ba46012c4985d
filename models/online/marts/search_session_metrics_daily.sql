{#-
  Session satisfaction per (search_date, search_type): satisfied-click, threshold-pass, return and reformulation
  rates and the median time to the first click, with the counts behind them (docs/online_evaluation.md).
  Incremental like the click metrics: every day is computed from its own day-sessions.
-#}
{%- set build_settings = ['search_metrics_online_evaluation.dwell_threshold_seconds',
    'search_metrics_online_evaluation.return_window_seconds', 'search_metrics_online_evaluation.reformulation_gap_seconds',
    'search_metrics_query_id_column', 'search_metrics_page_visits', 'search_metrics_future_tolerance_seconds', 'search_metrics_max_event_delay_seconds'] -%}
{{ config(
    enabled=search_metrics.family_enabled('sessions'),
    **search_metrics.click_incremental_config(['search_date', 'search_type'], build_settings)
) }}
{%- set settings = search_metrics.get_online_evaluation_settings() -%}
{%- set has_query = search_metrics.get_query_id_column() is not none -%}
{%- set next_search -%}
    (partition by session_id, search_date, search_type
        order by searched_us, {{ search_metrics.binary_order('cast(search_id as ' ~ dbt.type_string() ~ ')') }})
{%- endset %}

with searches_to_build as (
    select *
    from (
        select
            search_id,
            session_id,
            cast(searched_at as date) as search_date,
            search_type,
            {{ search_metrics.epoch_microseconds('searched_at') }} as searched_us,
            {{ 'query_id' if has_query else 'cast(null as ' ~ dbt.type_string() ~ ')' }} as query_id
        from {{ ref('search_metrics_int_searches') }}
    ) as dated_searches
    where {{ search_metrics.click_recompute_filter('search_date') }}
),

clicks_to_build as (
    select
        search_id,
        session_id,
        search_date,
        search_type,
        searched_us,
        clicked_us,
        case when is_censored = 0 and dwell_us >= {{ settings.dwell_threshold_us }} then 1 else 0 end as is_satisfied,
        is_censored
    from {{ ref('search_metrics_int_click_dwells') }}
    where {{ search_metrics.click_recompute_filter('search_date') }}
),

search_counts as (
    select
        search_date,
        search_type,
        count(*) as n_searches,
        count(distinct session_id) as n_sessions,
        count(query_id) as n_searches_with_query
    from searches_to_build
    group by search_date, search_type
),

click_counts as (
    select
        search_date,
        search_type,
        count(*) as n_clicks,
        sum(is_satisfied) as n_satisfied_clicks,
        sum(is_censored) as n_censored_clicks
    from clicks_to_build
    group by search_date, search_type
),

clicked_sessions as (
    select
        search_date,
        search_type,
        session_id,
        max(is_satisfied) as passes
    from clicks_to_build
    group by search_date, search_type, session_id
),

session_counts as (
    select
        search_date,
        search_type,
        count(*) as n_clicked_sessions,
        sum(passes) as n_passing_sessions
    from clicked_sessions
    group by search_date, search_type
),

clicked_searches as (
    select
        search_id,
        session_id,
        search_date,
        search_type,
        min(searched_us) as searched_us,
        min(clicked_us) as first_click_us
    from clicks_to_build
    group by search_id, session_id, search_date, search_type
),

-- another click on the same search, strictly later than its first click and at most the window after it
returns_by_click as (
    select distinct clicked_searches.search_id
    from clicked_searches
    inner join clicks_to_build as later_clicks
        on later_clicks.search_id = clicked_searches.search_id
    where later_clicks.clicked_us > clicked_searches.first_click_us
        and later_clicks.clicked_us <= clicked_searches.first_click_us + {{ settings.return_window_us }}
),

-- another search of the day-session, strictly later than the first click and at most the window after it
returns_by_search as (
    select distinct clicked_searches.search_id
    from clicked_searches
    inner join searches_to_build as later_searches
        on later_searches.session_id = clicked_searches.session_id
        and later_searches.search_date = clicked_searches.search_date
        and later_searches.search_type = clicked_searches.search_type
    where later_searches.search_id <> clicked_searches.search_id
        and later_searches.searched_us > clicked_searches.first_click_us
        and later_searches.searched_us <= clicked_searches.first_click_us + {{ settings.return_window_us }}
),

clicked_search_counts as (
    select
        clicked_searches.search_date,
        clicked_searches.search_type,
        count(*) as n_clicked_searches,
        sum(case when returns_by_click.search_id is not null or returns_by_search.search_id is not null then 1 else 0 end)
            as n_returning_searches,
        {{ search_metrics.median(search_metrics.as_double('clicked_searches.first_click_us - clicked_searches.searched_us') ~ ' / 1000000') }}
            as median_seconds_to_first_click
    from clicked_searches
    left join returns_by_click on returns_by_click.search_id = clicked_searches.search_id
    left join returns_by_search on returns_by_search.search_id = clicked_searches.search_id
    group by clicked_searches.search_date, clicked_searches.search_type
),

-- each search with the next search of its day-session (by searched_at, then search_id in binary order)
searches_with_next as (
    select
        search_id,
        session_id,
        search_date,
        search_type,
        searched_us,
        query_id,
        lead(searched_us) over {{ next_search }} as next_searched_us,
        lead(query_id) over {{ next_search }} as next_query_id
    from searches_to_build
),

reformulation_candidates as (
    select *
    from searches_with_next
    where query_id is not null
        and next_query_id is not null
        and next_query_id <> query_id
        and next_searched_us - searched_us <= {{ settings.reformulation_gap_us }}
),

-- a candidate with a click of the day-session at or after it and before the next search is not a reformulation
clicked_between as (
    select distinct reformulation_candidates.search_id
    from reformulation_candidates
    inner join clicks_to_build
        on clicks_to_build.session_id = reformulation_candidates.session_id
        and clicks_to_build.search_date = reformulation_candidates.search_date
        and clicks_to_build.search_type = reformulation_candidates.search_type
    where clicks_to_build.clicked_us >= reformulation_candidates.searched_us
        and clicks_to_build.clicked_us < reformulation_candidates.next_searched_us
),

reformulation_counts as (
    select
        reformulation_candidates.search_date,
        reformulation_candidates.search_type,
        count(*) as n_reformulated_searches
    from reformulation_candidates
    left join clicked_between on clicked_between.search_id = reformulation_candidates.search_id
    where clicked_between.search_id is null
    group by reformulation_candidates.search_date, reformulation_candidates.search_type
),

daily_counts as (
    select
        search_counts.search_date,
        search_counts.search_type,
        search_counts.n_searches,
        search_counts.n_sessions,
        coalesce(click_counts.n_clicks, 0) as n_clicks,
        coalesce(click_counts.n_satisfied_clicks, 0) as n_satisfied_clicks,
        coalesce(click_counts.n_censored_clicks, 0) as n_censored_clicks,
        coalesce(session_counts.n_clicked_sessions, 0) as n_clicked_sessions,
        coalesce(session_counts.n_passing_sessions, 0) as n_passing_sessions,
        coalesce(clicked_search_counts.n_clicked_searches, 0) as n_clicked_searches,
        coalesce(clicked_search_counts.n_returning_searches, 0) as n_returning_searches,
        clicked_search_counts.median_seconds_to_first_click,
        search_counts.n_searches_with_query,
        coalesce(reformulation_counts.n_reformulated_searches, 0) as n_reformulated_searches
    from search_counts
    left join click_counts
        on click_counts.search_date = search_counts.search_date and click_counts.search_type = search_counts.search_type
    left join session_counts
        on session_counts.search_date = search_counts.search_date and session_counts.search_type = search_counts.search_type
    left join clicked_search_counts
        on clicked_search_counts.search_date = search_counts.search_date
        and clicked_search_counts.search_type = search_counts.search_type
    left join reformulation_counts
        on reformulation_counts.search_date = search_counts.search_date
        and reformulation_counts.search_type = search_counts.search_type
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
