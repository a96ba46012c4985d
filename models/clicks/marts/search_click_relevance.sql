{#-
  Relevance from clicks: one row per (query_id, doc_id, model) for the pairs with at least min_impressions shown
  results, for the models of var search_metrics_click_models (SDBN, COEC, PBM), with the counts behind each
  estimate, the model's parameters and its relevance in [0, 1]. Definitions: docs/click_models.md.
-#}
{%- set model_enabled = search_metrics.family_enabled('click_models') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set settings = search_metrics.get_click_model_settings() -%}
{%- set double = search_metrics.type_double() -%}
{%- set alpha = settings.sdbn_alpha -%}
{%- set beta = settings.sdbn_beta -%}

with shown_results as (
    select * from {{ ref('search_metrics_int_shown_results') }}
),

-- the (query_id, doc_id) pairs that get an estimate
estimated_pairs as (
    select
        query_id,
        doc_id,
        count(*) as n_impressions,
        sum(clicked) as n_clicks
    from shown_results
    group by query_id, doc_id
    having count(*) >= {{ settings.min_impressions }}
),
{%- if 'sdbn' in settings.models %}

-- SDBN: examined = positions up to the search's last click (a search without a click: every shown result, or none
-- with sdbn_unclicked = skip); a last click = a click on that position
sdbn_counts as (
    select
        shown_results.query_id,
        shown_results.doc_id,
        sum(case
            when shown_results.last_click_position is null then {{ 1 if settings.sdbn_unclicked == 'examine_all' else 0 }}
            when shown_results.position <= shown_results.last_click_position then 1
            else 0
        end) as n_examined,
        sum(case when shown_results.position = shown_results.last_click_position then 1 else 0 end) as n_last_clicks
    from shown_results
    inner join estimated_pairs
        on estimated_pairs.query_id = shown_results.query_id
        and estimated_pairs.doc_id = shown_results.doc_id
    group by shown_results.query_id, shown_results.doc_id
),

sdbn_estimates as (
    select
        estimated_pairs.query_id,
        estimated_pairs.doc_id,
        estimated_pairs.n_impressions,
        estimated_pairs.n_clicks,
        sdbn_counts.n_examined,
        sdbn_counts.n_last_clicks,
        (estimated_pairs.n_clicks + {{ search_metrics.as_double(alpha) }})
            / (sdbn_counts.n_examined + {{ search_metrics.as_double(alpha) }} + {{ search_metrics.as_double(beta) }}) as attractiveness,
        (sdbn_counts.n_last_clicks + {{ search_metrics.as_double(alpha) }})
            / (estimated_pairs.n_clicks + {{ search_metrics.as_double(alpha) }} + {{ search_metrics.as_double(beta) }}) as satisfaction
    from estimated_pairs
    inner join sdbn_counts
        on sdbn_counts.query_id = estimated_pairs.query_id
        and sdbn_counts.doc_id = estimated_pairs.doc_id
),
{%- endif %}
{%- if 'coec' in settings.models %}

-- COEC: each position's click-through rate over the whole log; expected clicks = the sum of the CTRs of the
-- positions where the pair was shown
position_ctrs as (
    select
        position,
        {{ search_metrics.as_double('sum(clicked)') }} / count(*) as ctr
    from shown_results
    group by position
),

coec_expected_clicks as (
    select
        shown_results.query_id,
        shown_results.doc_id,
        sum(position_ctrs.ctr) as expected_clicks
    from shown_results
    inner join estimated_pairs
        on estimated_pairs.query_id = shown_results.query_id
        and estimated_pairs.doc_id = shown_results.doc_id
    inner join position_ctrs on position_ctrs.position = shown_results.position
    group by shown_results.query_id, shown_results.doc_id
),

coec_estimates as (
    select
        estimated_pairs.query_id,
        estimated_pairs.doc_id,
        estimated_pairs.n_impressions,
        estimated_pairs.n_clicks,
        coec_expected_clicks.expected_clicks,
        case
            when coec_expected_clicks.expected_clicks > 0
                then estimated_pairs.n_clicks / coec_expected_clicks.expected_clicks
        end as coec
    from estimated_pairs
    inner join coec_expected_clicks
        on coec_expected_clicks.query_id = estimated_pairs.query_id
        and coec_expected_clicks.doc_id = estimated_pairs.doc_id
),
{%- endif %}
{%- if 'pbm' in settings.models %}

-- PBM: the pair's attractiveness after the EM iterations (search_metrics_int_pbm_parameters)
pbm_attractiveness as (
    select
        query_id,
        doc_id,
        min(alpha) as attractiveness
    from {{ ref('search_metrics_int_pbm_parameters') }}
    group by query_id, doc_id
),

pbm_estimates as (
    select
        estimated_pairs.query_id,
        estimated_pairs.doc_id,
        estimated_pairs.n_impressions,
        estimated_pairs.n_clicks,
        pbm_attractiveness.attractiveness
    from estimated_pairs
    inner join pbm_attractiveness
        on pbm_attractiveness.query_id = estimated_pairs.query_id
        and pbm_attractiveness.doc_id = estimated_pairs.doc_id
),
{%- endif %}

model_estimates as (
    {%- for model in settings.models %}
    {%- if model == 'sdbn' %}
    select
        query_id,
        doc_id,
        'sdbn' as model,
        n_impressions,
        n_examined,
        n_clicks,
        n_last_clicks,
        cast(null as {{ double }}) as expected_clicks,
        attractiveness,
        satisfaction,
        cast(null as {{ double }}) as coec,
        attractiveness * satisfaction as relevance
    from sdbn_estimates
    {%- elif model == 'coec' %}
    select
        query_id,
        doc_id,
        'coec' as model,
        n_impressions,
        cast(null as {{ dbt.type_bigint() }}) as n_examined,
        n_clicks,
        cast(null as {{ dbt.type_bigint() }}) as n_last_clicks,
        expected_clicks,
        cast(null as {{ double }}) as attractiveness,
        cast(null as {{ double }}) as satisfaction,
        coec,
        coec / (1 + coec) as relevance
    from coec_estimates
    {%- else %}
    select
        query_id,
        doc_id,
        'pbm' as model,
        n_impressions,
        cast(null as {{ dbt.type_bigint() }}) as n_examined,
        n_clicks,
        cast(null as {{ dbt.type_bigint() }}) as n_last_clicks,
        cast(null as {{ double }}) as expected_clicks,
        attractiveness,
        cast(null as {{ double }}) as satisfaction,
        cast(null as {{ double }}) as coec,
        attractiveness as relevance
    from pbm_estimates
    {%- endif %}
    {%- if not loop.last %}

    union all
    {%- endif %}
    {%- endfor %}
)

select
    query_id,
    doc_id,
    cast(model as {{ dbt.type_string() }}) as model,
    cast(n_impressions as {{ dbt.type_bigint() }}) as n_impressions,
    cast(n_examined as {{ dbt.type_bigint() }}) as n_examined,
    cast(n_clicks as {{ dbt.type_bigint() }}) as n_clicks,
    cast(n_last_clicks as {{ dbt.type_bigint() }}) as n_last_clicks,
    expected_clicks,
    attractiveness,
    satisfaction,
    coec,
    relevance
from model_estimates
{%- endif %}
