{#-
  One row per (candidate_run_id, search_id, position) for each search a candidate ranks
  (search_metrics_int_counterfactual_searches, is_ranked = 1) and each position 1..the largest cutoff: what the log
  showed there and what the candidate would show, with the weights and the click model's expectations every estimator
  reads (docs/counterfactual.md):
    logged_doc_id, clicked        the shown result at the position (null, 0 when nothing was shown) and its click
    clicks_before                 the search's clicked positions above this one (ctr's first click: clicks_before = 0)
    candidate_doc_id              the doc at this rank of the candidate's results for the search's query (null: none)
    matched                       1 when candidate_doc_id = logged_doc_id, or both are null
    prefix_matched                1 when every position 1..this one matched
    propensity                    p: the logged result's propensity (1 where nothing was shown); null without a
                                  propensity column
    prefix_propensity             P: the given prefix propensity (carried down over positions the log did not show),
                                  or the product of p over positions 1..this one; null without a propensity column
    item_weight                   matched / p (the independent estimator's weight)
    prefix_weight                 prefix_matched / P (the standard and cascade estimators' weight)
    previous_prefix_weight        the prefix weight of the position above (1 at position 1)
    model_click, model_click_upper    PBM's click probability of the candidate's doc here, γ_position × α(query, doc),
                                  with an unknown γ or α read as 0 (model_click) or 1 (model_click_upper); 0 where the
                                  candidate has no doc
    model_survival, model_survival_upper   Π over the positions above of (1 − model_click): the probability that none
                                  of them was clicked, for ctr
    has_candidate_doc, is_supported   1 when the candidate has a doc here; 1 when its γ and α are both known
  PBM's α is read for the pairs with an estimate in search_click_relevance (at least min_impressions shown results),
  γ from search_click_position_bias (a position the log never showed has none).
-#}
{%- set model_enabled = search_metrics.family_enabled('counterfactual') -%}
{{ config(materialized='table', enabled=model_enabled) }}
{%- if model_enabled %}
-- depends_on: {{ ref('search_metrics_stg_counterfactual_rule_violations') }}
{%- set enabled = search_metrics.family_enabled('counterfactual') -%}
{%- set settings = search_metrics.get_counterfactual_settings() if enabled else {} -%}
{%- set double = search_metrics.type_double() -%}
{#- a search's list from position 1 down to this position, or to the one above it -#}
{%- set search_list = 'partition by candidate_run_id, search_id order by position rows between unbounded preceding and ' -%}
{%- set list_so_far = '(' ~ search_list ~ 'current row)' -%}
{%- set list_above = '(' ~ search_list ~ '1 preceding)' -%}
{%- if enabled %}
{%- set with_propensities = settings.propensity_column is not none -%}
{%- set position_rows = [] -%}
{%- for k in range(1, settings.max_cutoff + 1) -%}
    {%- do position_rows.append(['cast(' ~ k ~ ' as ' ~ dbt.type_int() ~ ')']) -%}
{%- endfor %}
with ranked_searches as (
    select
        candidate_run_id,
        search_id,
        query_id,
        search_date,
        search_type
    from {{ ref('search_metrics_int_counterfactual_searches') }}
    where is_ranked = 1
),

positions as (
    {{ search_metrics.literal_relation(['position'], position_rows) | indent(4) }}
),

candidate_lists as (
    select
        staged_results.run_id as candidate_run_id,
        staged_results.query_id,
        staged_results.doc_id,
        cast(staged_results.rank as {{ dbt.type_int() }}) as position
    from (
        {{ search_metrics.staged_results() | indent(8) }}
    ) as staged_results
    where staged_results.run_id in (
        {%- for candidate in settings.candidates %}{{ search_metrics.string_literal(candidate) }}{% if not loop.last %}, {% endif %}{% endfor -%}
    )
        and staged_results.rank <= {{ settings.max_cutoff }}
),

shown_results as (
    select
        shown.search_id,
        shown.position,
        shown.doc_id,
        shown.clicked
        {%- if with_propensities %},
        propensities.propensity,
        propensities.prefix_propensity
        {%- endif %}
    from {{ ref('search_metrics_int_shown_results') }} as shown
    {%- if with_propensities %}
    left join (
        {{ search_metrics.staged_propensities(settings) | indent(8) }}
    ) as propensities
        on propensities.search_id = shown.search_id
        and propensities.position = shown.position
    {%- endif %}
    where shown.position <= {{ settings.max_cutoff }}
),

pbm_attractiveness as (
    select
        query_id,
        doc_id,
        attractiveness
    from {{ ref('search_click_relevance') }}
    where model = 'pbm'
),

pbm_examination as (
    select
        position,
        examination
    from {{ ref('search_click_position_bias') }}
    where examination is not null
),

-- each (candidate, search, position): the shown result and the candidate's doc
slots as (
    select
        ranked_searches.candidate_run_id,
        ranked_searches.search_id,
        ranked_searches.query_id,
        ranked_searches.search_date,
        ranked_searches.search_type,
        positions.position,
        shown_results.doc_id as logged_doc_id,
        coalesce(shown_results.clicked, 0) as clicked,
        candidate_lists.doc_id as candidate_doc_id,
        case
            when shown_results.doc_id is null and candidate_lists.doc_id is null then 1
            when shown_results.doc_id = candidate_lists.doc_id then 1
            else 0
        end as matched,
        {%- if with_propensities %}
        case when shown_results.doc_id is null then {{ search_metrics.as_double('1') }} else shown_results.propensity end as propensity,
        shown_results.prefix_propensity as given_prefix_propensity,
        {%- endif %}
        {{ search_metrics.counterfactual_model_clicks('candidate_lists.doc_id', 'pbm_examination.examination',
                                                      'pbm_attractiveness.attractiveness') }}
    from ranked_searches
    cross join positions
    left join shown_results
        on shown_results.search_id = ranked_searches.search_id
        and shown_results.position = positions.position
    left join candidate_lists
        on candidate_lists.candidate_run_id = ranked_searches.candidate_run_id
        and candidate_lists.query_id = ranked_searches.query_id
        and candidate_lists.position = positions.position
    left join pbm_attractiveness
        on pbm_attractiveness.query_id = ranked_searches.query_id
        and pbm_attractiveness.doc_id = candidate_lists.doc_id
    left join pbm_examination on pbm_examination.position = positions.position
),

-- what the positions above (and including) each one hold, in one window of the search
running as (
    select
        slots.*,
        coalesce(sum(clicked) over {{ list_above }}, 0) as clicks_before,
        min(matched) over {{ list_so_far }} as prefix_matched,
        {%- if with_propensities %}
        {%- if settings.prefix_propensity_column %}
        min(given_prefix_propensity) over {{ list_so_far }} as carried_prefix_propensity,
        {%- else %}
        sum(case when propensity > 0 then ln(propensity) end) over {{ list_so_far }} as log_prefix_propensity,
        {%- endif %}
        {%- endif %}
        {{ search_metrics.counterfactual_survival('model_click', list_above) }} as model_survival,
        {{ search_metrics.counterfactual_survival('model_click_upper', list_above) }} as model_survival_upper
    from slots
),

weighted as (
    select
        running.*,
        {%- if with_propensities %}
        {%- if settings.prefix_propensity_column %}
        coalesce(carried_prefix_propensity, {{ search_metrics.as_double('1') }}) as prefix_propensity
        {%- else %}
        exp(log_prefix_propensity) as prefix_propensity
        {%- endif %}
        {%- else %}
        cast(null as {{ double }}) as prefix_propensity
        {%- endif %}
    from running
)

select
    candidate_run_id,
    search_id,
    query_id,
    search_date,
    search_type,
    position,
    logged_doc_id,
    clicked,
    clicks_before,
    candidate_doc_id,
    matched,
    prefix_matched,
    {%- if with_propensities %}
    propensity,
    prefix_propensity,
    matched / propensity as item_weight,
    prefix_matched / prefix_propensity as prefix_weight,
    coalesce(lag(prefix_matched / prefix_propensity) over (
        partition by candidate_run_id, search_id order by position
    ), {{ search_metrics.as_double('1') }}) as previous_prefix_weight,
    {%- else %}
    cast(null as {{ double }}) as propensity,
    cast(null as {{ double }}) as prefix_propensity,
    cast(null as {{ double }}) as item_weight,
    cast(null as {{ double }}) as prefix_weight,
    cast(null as {{ double }}) as previous_prefix_weight,
    {%- endif %}
    model_click,
    model_click_upper,
    model_survival,
    model_survival_upper,
    has_candidate_doc,
    is_supported
from weighted
{%- else %}
select 1 as disabled
{%- endif %}
{%- endif %}
