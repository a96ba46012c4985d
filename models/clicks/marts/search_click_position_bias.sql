{#-
  Position bias in the log, one row per position with shown results: shown results, clicks, the click-through rate
  (COEC's ctr_p, over every shown result) and PBM's fitted examination probability gamma_p (null when PBM is not
  among the models). Definitions: docs/click_models.md.
-#}
{%- set model_enabled = search_metrics.family_enabled('click_models') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set fits_pbm = 'pbm' in search_metrics.get_click_model_settings().models -%}

with position_counts as (
    select
        position,
        count(*) as n_impressions,
        sum(clicked) as n_clicks
    from {{ ref('search_metrics_int_shown_results') }}
    group by position
)
{%- if fits_pbm -%}
,

pbm_examination as (
    select
        position,
        min(gamma) as examination
    from {{ ref('search_metrics_int_pbm_parameters') }}
    group by position
)
{%- endif %}

select
    position_counts.position,
    cast(position_counts.n_impressions as {{ dbt.type_bigint() }}) as n_impressions,
    cast(position_counts.n_clicks as {{ dbt.type_bigint() }}) as n_clicks,
    {{ search_metrics.as_double('position_counts.n_clicks') }} / position_counts.n_impressions as ctr,
    {% if fits_pbm -%}
    pbm_examination.examination
    {%- else -%}
    cast(null as {{ search_metrics.type_double() }}) as examination
    {%- endif %}
from position_counts
{%- if fits_pbm %}
left join pbm_examination on pbm_examination.position = position_counts.position
{%- endif %}
{%- endif %}
