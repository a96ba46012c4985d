{#-
  PaulScore per (search_date, search_type, factor) (Wikimedia's "PaulScore Approximations" dashboard, docs/clicks.md):
  a search's score ν = Σ F^(p − 1) over its distinct clicked positions p; a session's score = Σ ν ÷ its searches;
  PaulScore = mean of session scores. Sessions are split by day and search_type. Also the A/B-report variant:
  mean ν over the searches with a click.
  Incremental: the trailing days (var search_metrics_click_lookback_days) are rebuilt on every run.
  The factors are known at compile time, so each factor is a column until the end: ν per factor is summed over
  the clicked positions of each clicked search (one pass over the clicks), the searches are grouped into
  day-sessions once, and the (day, type) rows are unpivoted to one row per factor by a cross join with the factors.
-#}
{%- set build_settings = ['search_metrics_paulscore_factors', 'search_metrics_future_tolerance_seconds',
    'search_metrics_max_event_delay_seconds'] -%}
{%- set model_enabled = search_metrics.family_enabled('clicks') -%}
{{ config(
    enabled=model_enabled,
    **search_metrics.click_incremental_config(['search_date', 'search_type', 'factor'], build_settings)
) }}
{%- if model_enabled %}
{%- set factors = search_metrics.get_paulscore_factors() -%}

with searches_to_build as (
    {#- The searches themselves, with the day as in search_metrics_int_click_searches: that view's click summary
        is not needed here, and its left join is not pruned by every engine. #}
    select search_id, session_id, search_date, search_type
    from (
        select search_id, session_id, cast(searched_at as date) as search_date, search_type
        from {{ ref('search_metrics_int_searches') }}
    ) as searches
    where {{ search_metrics.click_recompute_filter('search_date') }}
),

factors as (
    {{ search_metrics.factors_relation(factors, with_index=true) }}
),

clicked_positions as (
    select search_id, position
    from {{ ref('search_metrics_int_click_positions') }}
    {%- if is_incremental() %}
    {#- Only the clicks of the searches rebuilt; a full build joins every click anyway (the table
        holds only clicks of the searches every model reads). #}
    where search_id in (select search_id from searches_to_build)
    {%- endif %}
),

clicked_search_scores as (
    {#- One row per search with a click: ν for each factor over its distinct clicked positions. #}
    select
        search_id
        {%- for factor in factors %},
        {{ search_metrics.paulscore_search_score('cast(' ~ factor ~ ' as ' ~ search_metrics.type_double() ~ ')', 'position') }} as search_score_{{ loop.index }}
        {%- endfor %}
    from clicked_positions
    group by search_id
),

session_scores as (
    select
        searches_to_build.search_date,
        searches_to_build.search_type,
        searches_to_build.session_id,
        count(*) as n_searches,
        count(clicked_search_scores.search_id) as n_clicked_searches
        {%- for factor in factors %},
        {#- a search without a click scores 0, so this is also the sum over the session's clicked searches #}
        sum(coalesce(clicked_search_scores.search_score_{{ loop.index }}, 0)) as search_score_sum_{{ loop.index }}
        {%- endfor %}
    from searches_to_build
    left join clicked_search_scores on clicked_search_scores.search_id = searches_to_build.search_id
    group by searches_to_build.search_date, searches_to_build.search_type, searches_to_build.session_id
),

daily_scores as (
    select
        search_date,
        search_type,
        count(*) as n_sessions,
        sum(n_searches) as n_searches,
        sum(n_clicked_searches) as n_clicked_searches
        {%- for factor in factors %},
        avg(search_score_sum_{{ loop.index }} / {{ search_metrics.as_double('n_searches') }}) as paulscore_{{ loop.index }},
        sum(search_score_sum_{{ loop.index }}) as clicked_search_score_sum_{{ loop.index }}
        {%- endfor %}
    from session_scores
    group by search_date, search_type
),

factor_scores as (
    select
        daily_scores.search_date,
        daily_scores.search_type,
        factors.factor,
        case factors.factor_index
            {%- for factor in factors %}
            when {{ loop.index }} then daily_scores.paulscore_{{ loop.index }}
            {%- endfor %}
        end as paulscore,
        case factors.factor_index
            {%- for factor in factors %}
            when {{ loop.index }} then daily_scores.clicked_search_score_sum_{{ loop.index }}
            {%- endfor %}
        end as clicked_search_score_sum,
        daily_scores.n_sessions,
        daily_scores.n_searches,
        daily_scores.n_clicked_searches
    from daily_scores
    cross join factors
)

select
    search_date,
    search_type,
    factor,
    paulscore,
    paulscore * (1 - factor) as relative_paulscore,
    case
        when n_clicked_searches = 0 then null
        else clicked_search_score_sum / {{ search_metrics.as_double('n_clicked_searches') }}
    end as paulscore_clicked_searches,
    cast(n_sessions as {{ dbt.type_bigint() }}) as n_sessions,
    cast(n_searches as {{ dbt.type_bigint() }}) as n_searches,
    cast(n_clicked_searches as {{ dbt.type_bigint() }}) as n_clicked_searches,
    {{ search_metrics.build_settings_column(build_settings) }}
from factor_scores
{%- endif %}
