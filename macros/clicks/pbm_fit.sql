{#-
  The position-based model fitted by EM (docs/click_models.md), as a select with its own CTEs: one row per
  (scope columns…, query_id, doc_id, position) of `shown_results` (a relation or subquery with the scope columns,
  query_id, doc_id, position and clicked 0/1, one row per shown result) with n_shown, n_clicked and the fitted alpha
  (attractiveness of the pair) and gamma (examination of the position) after `iterations` EM updates
  (pbm_em_update), fitted separately within each value of the scope columns (none: one fit over every row).

  The iterations are a chain of CTEs, em_0 (alpha = gamma = 0.5) to em_N, each reading only the one before it, so
  the SQL grows linearly with N on every engine. The shown results are first grouped by (scope, query_id, doc_id,
  position): the updates depend on a shown result only through its pair, position and click, so a group of n shown
  results with c clicks contributes c + (n - c) x the no-click posterior.
-#}
{% macro pbm_fit(shown_results, iterations, scope_columns=[]) %}
    {{- return(adapter.dispatch('pbm_fit', 'search_metrics')(shown_results, iterations, scope_columns)) -}}
{% endmacro %}

{% macro default__pbm_fit(shown_results, iterations, scope_columns=[]) -%}
{%- set double = search_metrics.type_double() -%}
{%- set keys = scope_columns + ['query_id', 'doc_id', 'position'] -%}
with em_0 as (
    select
        {{ keys | join(',\n        ') }},
        count(*) as n_shown,
        sum(clicked) as n_clicked,
        cast(0.5 as {{ double }}) as alpha,
        cast(0.5 as {{ double }}) as gamma
    from {{ shown_results }}
    group by {{ keys | join(', ') }}
),
{%- for i in range(1, iterations + 1) %}

em_{{ i }} as (
    select
        {{ keys | join(',\n        ') }},
        n_shown,
        n_clicked,
        {{ search_metrics.pbm_em_update('alpha', scope_columns) }} as alpha,
        {{ search_metrics.pbm_em_update('gamma', scope_columns) }} as gamma
    from em_{{ i - 1 }}
){{ ',' if not loop.last }}
{%- endfor %}

select
    {{ keys | join(',\n    ') }},
    n_shown,
    n_clicked,
    alpha,
    gamma
from em_{{ iterations }}
{%- endmacro %}
