{#-
  The position-based model fitted by EM (docs/click_models.md): one row per (query_id, doc_id, position) with
  shown results, its counts, and the fitted attractiveness alpha of the pair and examination gamma of the position
  after var search_metrics_click_models.pbm_iterations iterations, over every shown result (also the pairs below
  min_impressions: they inform gamma).

  The iterations are a chain of CTEs generated here, em_0 (alpha = gamma = 0.5) to em_N, each reading only the one
  before it, so the SQL grows linearly with N on every engine. The shown results are first grouped by
  (query_id, doc_id, position): the updates depend on a shown result only through its pair, position and click, so
  a group of n shown results with c clicks contributes c + (n - c) x the no-click posterior. Each iteration computes
  both updates from the previous values, as window sums over the pair and over the position: whole-partition
  aggregates, which read no row order, so they need no ORDER BY. A group whose every shown result was clicked
  has no no-click term (its gamma x alpha may be 1); a group with a no-click never has gamma x alpha = 1 (see the
  docs), so the division is safe. A table: search_click_relevance and search_click_position_bias both read the fit.
-#}
{{ config(enabled=search_metrics.family_enabled('click_models')
                  and 'pbm' in search_metrics.get_click_model_settings().models,
          materialized='table') }}
{%- set iterations = search_metrics.get_click_model_settings().pbm_iterations -%}
{%- set double = search_metrics.type_double() -%}

with em_0 as (
    select
        query_id,
        doc_id,
        position,
        count(*) as n_shown,
        sum(clicked) as n_clicked,
        cast(0.5 as {{ double }}) as alpha,
        cast(0.5 as {{ double }}) as gamma
    from {{ ref('search_metrics_int_shown_results') }}
    group by query_id, doc_id, position
),
{%- for i in range(1, iterations + 1) %}

em_{{ i }} as (
    select
        query_id,
        doc_id,
        position,
        n_shown,
        n_clicked,
        {{ search_metrics.pbm_em_update('alpha') }} as alpha,
        {{ search_metrics.pbm_em_update('gamma') }} as gamma
    from em_{{ i - 1 }}
){{ ',' if not loop.last }}
{%- endfor %}

select
    query_id,
    doc_id,
    position,
    n_shown,
    n_clicked,
    alpha,
    gamma
from em_{{ iterations }}
