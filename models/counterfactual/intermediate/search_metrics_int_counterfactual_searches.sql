{#-
  The logged searches each candidate is estimated on: one row per (candidate_run_id, search_id) for every search of
  the click models' data (search_metrics_int_shown_results: a known search with a query_id and at least one shown
  result), with its query_id, day and type, and is_ranked = 1 when the candidate's results hold that query_id, else 0.
  An unranked search is counted (n_searches_unranked), never scored: nothing says what the candidate would show.
-#}
{%- set model_enabled = search_metrics.family_enabled('counterfactual') -%}
{{ config(materialized='table', enabled=model_enabled) }}
{%- if model_enabled %}
-- depends_on: {{ ref('search_metrics_stg_counterfactual_rule_violations') }}
{%- set enabled = search_metrics.family_enabled('counterfactual') -%}
{%- set settings = search_metrics.get_counterfactual_settings() if enabled else {} -%}
{%- if enabled %}
with candidate_runs as (
    {{ search_metrics.counterfactual_candidates_relation(settings.candidates) | indent(4) }}
),

ranked_queries as (
    select distinct
        staged_results.run_id as candidate_run_id,
        staged_results.query_id
    from (
        {{ search_metrics.staged_results() | indent(8) }}
    ) as staged_results
    inner join candidate_runs on candidate_runs.candidate_run_id = staged_results.run_id
),

logged_searches as (
    select distinct search_id
    from {{ ref('search_metrics_int_shown_results') }}
)

select
    candidate_runs.candidate_run_id,
    searches.search_id,
    searches.query_id,
    cast(searches.searched_at as date) as search_date,
    searches.search_type,
    case when ranked_queries.query_id is null then 0 else 1 end as is_ranked
from {{ ref('search_metrics_int_searches') }} as searches
inner join logged_searches on logged_searches.search_id = searches.search_id
cross join candidate_runs
left join ranked_queries
    on ranked_queries.candidate_run_id = candidate_runs.candidate_run_id
    and ranked_queries.query_id = searches.query_id
{%- else %}
select 1 as disabled
{%- endif %}
{%- endif %}
