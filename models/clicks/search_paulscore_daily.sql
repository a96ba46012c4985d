{#-
  PaulScore per (search_date, search_type, factor) (seed 000): a search's score ν = Σ F^(p − 1) over its distinct
  clicked positions p; a session's score = Σ ν ÷ its searches; PaulScore = mean of session scores. Sessions are
  split by day and search_type. Also the A/B-report variant: mean ν over the searches with a click.
  Incremental: the trailing days (var search_metrics_click_lookback_days) are rebuilt on every run.
-#}
{{ config(
    enabled=search_metrics.inputs_configured(['search_metrics_searches', 'search_metrics_clicks']),
    **search_metrics.click_incremental_config(['search_date', 'search_type', 'factor'])
) }}
{%- set factors = search_metrics.get_paulscore_factors() -%}

with searches_to_build as (
    select search_id, session_id, search_date, search_type
    from {{ ref('search_metrics_click_searches') }}
    where {{ search_metrics.click_recompute_filter('search_date') }}
),

factors as (
    {{ search_metrics.factors_relation(factors) }}
),

clicked_positions as (
    select search_id, position
    from {{ ref('search_metrics_click_positions') }}
    where search_id in (select search_id from searches_to_build)
),

search_scores as (
    select
        searches_to_build.search_date,
        searches_to_build.search_type,
        searches_to_build.session_id,
        searches_to_build.search_id,
        factors.factor,
        count(clicked_positions.position) as n_clicked_positions,
        {{ search_metrics.paulscore_search_score('factors.factor', 'clicked_positions.position') }} as search_score
    from searches_to_build
    cross join factors
    left join clicked_positions on clicked_positions.search_id = searches_to_build.search_id
    group by
        searches_to_build.search_date,
        searches_to_build.search_type,
        searches_to_build.session_id,
        searches_to_build.search_id,
        factors.factor
),

session_scores as (
    select
        search_date,
        search_type,
        session_id,
        factor,
        count(*) as n_searches,
        sum(case when n_clicked_positions > 0 then 1 else 0 end) as n_clicked_searches,
        sum(case when n_clicked_positions > 0 then search_score else 0 end) as clicked_search_score_sum,
        sum(search_score) / {{ search_metrics.as_double('count(*)') }} as session_score
    from search_scores
    group by search_date, search_type, session_id, factor
)

select
    search_date,
    search_type,
    factor,
    avg(session_score) as paulscore,
    avg(session_score) * (1 - factor) as relative_paulscore,
    case
        when sum(n_clicked_searches) = 0 then null
        else sum(clicked_search_score_sum) / {{ search_metrics.as_double('sum(n_clicked_searches)') }}
    end as paulscore_clicked_searches,
    cast(count(*) as {{ dbt.type_bigint() }}) as n_sessions,
    cast(sum(n_searches) as {{ dbt.type_bigint() }}) as n_searches,
    cast(sum(n_clicked_searches) as {{ dbt.type_bigint() }}) as n_clicked_searches
from session_scores
group by search_date, search_type, factor
