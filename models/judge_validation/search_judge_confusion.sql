{#-
  How each automated judge's values meet the human consensus: one row per (rater_id, scale, human_value,
  judge_value) with n_items, the items of the judge on that scale (judge_items: both the consensus and the judge's
  own aggregated value non-null; a human tie on binary leaves the item out of the binary rows) with those two
  values. human_value is the consensus (binary: the majority vote, 0 or 1; graded and detail: the mean of the
  human grades, which can be fractional, e.g. 1.5); judge_value likewise the judge's own aggregate (fractional
  only when the judge graded an item more than once). Only cells with items have a row; a judge without an item
  on a scale has no row there. The cells of a (rater_id, scale) sum to its n_items in search_judge_agreement.
-#}
{%- set model_enabled = search_metrics.family_enabled('judge_validation') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set human_judgments -%}
(select query_id, doc_id, grade, scale from {{ ref('search_metrics_int_human_judgments') }})
{%- endset -%}
{%- set judge_judgments -%}
(select rater_id, query_id, doc_id, grade, scale from {{ ref('search_metrics_int_judge_judgments') }})
{%- endset -%}

with judge_rows as (
    {{ search_metrics.judge_items(human_judgments, judge_judgments) | indent(4) }}
)

select
    cast(rater_id as {{ dbt.type_string() }}) as rater_id,
    cast(scale as {{ dbt.type_string() }}) as scale,
    human_value,
    judge_value,
    cast(count(*) as {{ dbt.type_bigint() }}) as n_items
from judge_rows
where human_value is not null
    and judge_value is not null
group by rater_id, scale, human_value, judge_value
{%- endif %}
