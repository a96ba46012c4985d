{#-
  One row per search of search_metrics_int_searches with what the session metrics count of it
  (docs/online_evaluation.md, "Session metrics"), the one definition of these per-search outcomes:
  search_session_metrics_daily sums it per day-session and per (search_date, search_type).
  - search_id, session_id, search_date (of searched_at), search_type, searched_us (epoch_microseconds), query_id
    (null without var search_metrics_query_id_column).
  - n_clicks: the search's rows of search_metrics_int_click_dwells; n_satisfied_clicks: those not censored with a
    dwell >= the dwell threshold; n_censored_clicks: the censored ones. 0 without a click.
  - is_returning: 1 for a clicked search with another click on it, or another search of its day-session, strictly
    later than its first click and at most the return window after it; else 0 (0 without a click).
  - has_query: 1 when query_id is not null, else 0.
  - is_reformulated: 1 when the search has a query, the next search of its day-session (by searched_us, then
    search_id in binary order) comes at most the reformulation gap later with another non-null query (compared as
    text), and no click of the day-session is at or after the search and before that next one; else 0 (always 0
    without the query column).
  - seconds_to_first_click: (first click - searched_at) in seconds (double); null without a click.
  Search ids are unique (the searches' error-level rule). A view: every window is partitioned by the day-session
  and every join carries search_date, so a filter on search_date by a constant goes below the windows, joins and
  aggregates; the incremental mart's recompute filter compares with a subquery, which DuckDB (2.0) does
  not push into the view: an incremental run computes the view over every day, then keeps the days it rebuilds.
-#}
{%- set model_enabled = search_metrics.family_enabled('sessions') -%}
{{ config(materialized='view', enabled=model_enabled) }}
{%- if model_enabled %}
{%- set settings = search_metrics.get_online_evaluation_settings() -%}
{%- set has_query = search_metrics.get_query_id_column() is not none -%}
{#- a reformulation candidate (of the relation named searches): a search with a query whose next search of the
    day-session comes at most the gap later with another non-null query -#}
{%- set is_candidate -%}
    searches.query_id is not null
        and searches.next_query_id is not null
        and searches.next_query_id <> searches.query_id
        and searches.next_searched_us - searches.searched_us <= {{ settings.reformulation_gap_us }}
{%- endset -%}
{%- set next_search -%}
    (partition by session_id, search_date, search_type
        order by searched_us, {{ search_metrics.binary_order('cast(search_id as ' ~ dbt.type_string() ~ ')') }})
{%- endset %}

with session_searches as (
    select
        search_id,
        session_id,
        cast(searched_at as date) as search_date,
        search_type,
        {{ search_metrics.epoch_microseconds('searched_at') }} as searched_us,
        {{ 'query_id' if has_query else 'cast(null as ' ~ dbt.type_string() ~ ')' }} as query_id
    from {{ ref('search_metrics_int_searches') }}
),

session_clicks as (
    select
        search_id,
        session_id,
        search_date,
        search_type,
        clicked_us,
        case when is_censored = 0 and dwell_us >= {{ settings.dwell_threshold_us }} then 1 else 0 end as is_satisfied,
        is_censored
    from {{ ref('search_metrics_int_click_dwells') }}
),

clicked_searches as (
    select
        search_id,
        session_id,
        search_date,
        search_type,
        count(*) as n_clicks,
        sum(is_satisfied) as n_satisfied_clicks,
        sum(is_censored) as n_censored_clicks,
        min(clicked_us) as first_click_us
    from session_clicks
    group by search_id, session_id, search_date, search_type
),

-- another click on the same search, strictly later than its first click and at most the window after it
returns_by_click as (
    select distinct clicked_searches.search_id, clicked_searches.search_date
    from clicked_searches
    inner join session_clicks as later_clicks
        on later_clicks.search_id = clicked_searches.search_id
        and later_clicks.search_date = clicked_searches.search_date
    where later_clicks.clicked_us > clicked_searches.first_click_us
        and later_clicks.clicked_us <= clicked_searches.first_click_us + {{ settings.return_window_us }}
),

-- another search of the day-session, strictly later than the first click and at most the window after it
returns_by_search as (
    select distinct clicked_searches.search_id, clicked_searches.search_date
    from clicked_searches
    inner join session_searches as later_searches
        on later_searches.session_id = clicked_searches.session_id
        and later_searches.search_date = clicked_searches.search_date
        and later_searches.search_type = clicked_searches.search_type
    where later_searches.search_id <> clicked_searches.search_id
        and later_searches.searched_us > clicked_searches.first_click_us
        and later_searches.searched_us <= clicked_searches.first_click_us + {{ settings.return_window_us }}
),

-- each clicked search with its click counts, its first click and whether the user returns
clicked_outcomes as (
    select
        clicked_searches.*,
        case when returns_by_click.search_id is not null or returns_by_search.search_id is not null then 1 else 0 end
            as is_returning
    from clicked_searches
    left join returns_by_click
        on returns_by_click.search_id = clicked_searches.search_id
        and returns_by_click.search_date = clicked_searches.search_date
    left join returns_by_search
        on returns_by_search.search_id = clicked_searches.search_id
        and returns_by_search.search_date = clicked_searches.search_date
)
{%- if has_query %},

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
    from session_searches
),

reformulation_candidates as (
    select searches.*
    from searches_with_next as searches
    where {{ is_candidate }}
),

-- a candidate with a click of the day-session at or after it and before the next search is not a reformulation
clicked_between as (
    select distinct reformulation_candidates.search_id, reformulation_candidates.search_date
    from reformulation_candidates
    inner join session_clicks
        on session_clicks.session_id = reformulation_candidates.session_id
        and session_clicks.search_date = reformulation_candidates.search_date
        and session_clicks.search_type = reformulation_candidates.search_type
    where session_clicks.clicked_us >= reformulation_candidates.searched_us
        and session_clicks.clicked_us < reformulation_candidates.next_searched_us
)
{%- endif %}

select
    searches.search_id,
    searches.session_id,
    searches.search_date,
    searches.search_type,
    searches.searched_us,
    searches.query_id,
    cast(coalesce(clicked_outcomes.n_clicks, 0) as {{ dbt.type_bigint() }}) as n_clicks,
    cast(coalesce(clicked_outcomes.n_satisfied_clicks, 0) as {{ dbt.type_bigint() }}) as n_satisfied_clicks,
    cast(coalesce(clicked_outcomes.n_censored_clicks, 0) as {{ dbt.type_bigint() }}) as n_censored_clicks,
    coalesce(clicked_outcomes.is_returning, 0) as is_returning,
    case when searches.query_id is not null then 1 else 0 end as has_query,
    {%- if has_query %}
    case when {{ is_candidate }}
            and clicked_between.search_id is null then 1
        else 0 end as is_reformulated,
    {%- else %}
    0 as is_reformulated,
    {%- endif %}
    {{ search_metrics.as_double('clicked_outcomes.first_click_us - searches.searched_us') }} / 1000000
        as seconds_to_first_click
from {{ 'searches_with_next' if has_query else 'session_searches' }} as searches
left join clicked_outcomes
    on clicked_outcomes.search_id = searches.search_id
    and clicked_outcomes.search_date = searches.search_date
{%- if has_query %}
left join clicked_between
    on clicked_between.search_id = searches.search_id
    and clicked_between.search_date = searches.search_date
{%- endif %}
{%- endif %}
