{#-
  AUC and GAUC of the ranker's impression scores against clicks, per (search_date, search_type) (GAUC: Zhu et al.,
  "Optimized Cost per Click in Taobao Display Advertising", KDD 2017; docs/clicks.md).
  label = 1 where (search_id, position) was clicked. auc: pooled over every impression of the day and type;
  per session (split by day and type) an AUC, null with one class only; gauc = mean of the session AUCs,
  gauc_weighted = their mean weighted by the session's impressions. AUC from ranks (auc_from_ranks), no pairs.
  The two rank windows sort every impression: they partition by an integer key of the search type (its place in
  binary order among the types being built) rather than by the text, which sorts several times faster; the text
  comes back by a join on the (day, type) rows at the end. The session window leads with session_id.
-#}
{%- set build_settings = ['search_metrics_future_tolerance_seconds', 'search_metrics_max_event_delay_seconds'] -%}
{%- set model_enabled = search_metrics.family_enabled('click_auc') -%}
{{ config(
    enabled=model_enabled,
    **search_metrics.click_incremental_config(['search_date', 'search_type'], build_settings)
) }}
{%- if model_enabled %}

with search_types as (
    select
        search_type,
        row_number() over (order by {{ search_metrics.binary_order('search_type') }}) as search_type_key
    from (
        select distinct search_type
        from (
            select cast(searched_at as date) as search_date, search_type
            from {{ ref('search_metrics_int_searches') }}
        ) as searches
        where {{ search_metrics.click_recompute_filter('search_date') }}
    ) as distinct_types
),

impressions_to_build as (
    select
        labeled_impressions.search_date,
        search_types.search_type_key,
        labeled_impressions.session_id,
        labeled_impressions.score,
        labeled_impressions.label
    from {{ ref('search_metrics_int_labeled_impressions') }} as labeled_impressions
    inner join search_types on search_types.search_type = labeled_impressions.search_type
    where {{ search_metrics.click_recompute_filter('labeled_impressions.search_date') }}
        and labeled_impressions.score is not null
),

daily_aucs as (
    {{ search_metrics.auc_from_ranks('impressions_to_build', ['search_date', 'search_type_key']) }}
),

session_aucs as (
    {{ search_metrics.auc_from_ranks('impressions_to_build', ['session_id', 'search_date', 'search_type_key']) }}
),

session_means as (
    select
        search_date,
        search_type_key,
        avg(auc) as gauc,
        case
            when count(auc) = 0 then null
            else sum(case when auc is not null then n_rows * auc end)
                / {{ search_metrics.as_double('sum(case when auc is not null then n_rows end)') }}
        end as gauc_weighted,
        count(auc) as n_sessions_used,
        count(*) - count(auc) as n_sessions_skipped
    from session_aucs
    group by search_date, search_type_key
)

select
    daily_aucs.search_date,
    search_types.search_type,
    daily_aucs.auc,
    session_means.gauc,
    session_means.gauc_weighted,
    cast(session_means.n_sessions_used as {{ dbt.type_bigint() }}) as n_sessions_used,
    cast(session_means.n_sessions_skipped as {{ dbt.type_bigint() }}) as n_sessions_skipped,
    cast(daily_aucs.n_rows as {{ dbt.type_bigint() }}) as n_impressions,
    cast(daily_aucs.n_positive as {{ dbt.type_bigint() }}) as n_clicked_impressions,
    {{ search_metrics.build_settings_column(build_settings) }}
from daily_aucs
inner join session_means
    on session_means.search_date = daily_aucs.search_date
    and session_means.search_type_key = daily_aucs.search_type_key
inner join search_types on search_types.search_type_key = daily_aucs.search_type_key
{%- endif %}
