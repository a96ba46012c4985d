{#-
  One row per search that every model reads (search_metrics_int_searches), with its experiment, bucket and unit
  and the per-search counts the experiment metrics sum per unit (experiment_search_columns; docs/experiments.md).
  Every search, with or without a bucket: the experiment models keep the bucketed ones, and CUPED's pre-period
  reads any search of a unit. The click counts are those of search_metrics_int_click_searches (distinct clicked
  positions), PaulScore's ν is paulscore_search_score over them, and the sessions family's counts come from
  search_metrics_int_session_searches: each definition is written once, where the daily models read it too.
  A view: its one reader, search_metrics_int_experiment_unit_days, sums it in one pass for the experiment's days and
  CUPED's pre-period together (the assignments read the searches' keys from search_metrics_int_click_searches).
-#}
{%- set model_enabled = search_metrics.family_enabled('experiments') -%}
{{ config(enabled=model_enabled, materialized='view') }}
{%- if model_enabled %}
{%- set factors = search_metrics.get_paulscore_factors() -%}
{%- set has_sessions = search_metrics.family_enabled('sessions') -%}
{%- set has_query = search_metrics.get_query_id_column() is not none %}

with clicked_search_scores as (
    select
        search_id
        {%- for factor in factors %},
        {{ search_metrics.paulscore_search_score('cast(' ~ factor ~ ' as ' ~ search_metrics.type_double() ~ ')', 'position') }} as paulscore_{{ loop.index }}
        {%- endfor %}
    from {{ ref('search_metrics_int_click_positions') }}
    group by search_id
)

select
    searches.search_id,
    searches.experiment,
    searches.bucket,
    searches.unit_id,
    searches.search_date,
    searches.search_type,
    1 as n_searches,
    case when searches.n_results is not null then 1 else 0 end as n_known_results,
    case when searches.n_results = 0 then 1 else 0 end as n_zero_result,
    case when searches.n_results > 0 then 1 else 0 end as n_with_results,
    case when searches.n_results > 0 and searches.n_clicked_positions > 0 then 1 else 0 end as n_clicked_with_results,
    case when searches.n_clicked_positions > 0 then 1 else 0 end as n_clicked,
    coalesce(searches.first_click_position, 0) as first_click_position,
    searches.n_clicked_positions,
    coalesce({{ search_metrics.as_double(search_metrics.epoch_microseconds('searches.first_clicked_at') ~ ' - '
        ~ search_metrics.epoch_microseconds('searches.searched_at')) }} / 1000000, 0) as seconds_to_first_click
    {%- for factor in factors %},
    coalesce(clicked_search_scores.paulscore_{{ loop.index }}, 0) as paulscore_{{ loop.index }}
    {%- endfor %}
    {%- if has_sessions %},
    session_searches.n_clicks as n_click_rows,
    session_searches.n_satisfied_clicks,
    session_searches.is_returning as n_returning
    {%- if has_query %},
    session_searches.has_query as n_with_query,
    session_searches.is_reformulated as n_reformulated
    {%- endif %}
    {%- endif %}
from {{ ref('search_metrics_int_click_searches') }} as searches
left join clicked_search_scores on clicked_search_scores.search_id = searches.search_id
{%- if has_sessions %}
inner join {{ ref('search_metrics_int_session_searches') }} as session_searches
    on session_searches.search_id = searches.search_id
{%- endif %}
{%- endif %}
