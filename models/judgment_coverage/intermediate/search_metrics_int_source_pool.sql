{#-
  The pool of each judgment source (search_metrics_int_source_spine), keyed by query_key in the query_id column, with
  the columns of search_metrics_int_pool:
    reading keys: the human pool of the query (search_metrics_int_pool) with the run's results within the pool
      depth added: on each scale where such a result has no value (no human grade; on the binary scale also a
      tied vote) the value of one graded judgment at the lowest grade, 0 ('pessimistic'), or at the top grade,
      max_grade ('optimistic'), read on each scale through the transformers as a real judgment is. The other docs
      of the pool keep their values. Filled values have binary_tie 0.
    judge keys: the rater's own judgments of the query, aggregated as the human ones are (aggregate_judgments).
-#}
{%- set readings_on = search_metrics.family_enabled('judgment_coverage') -%}
{%- set judges_on = search_metrics.family_enabled('judge_validation') -%}
{%- set model_enabled = readings_on or judges_on -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set depth = search_metrics.get_judgment_coverage_settings().pool_depth if readings_on else none -%}
{%- set max_grade = search_metrics.get_grading().max_grade -%}
{%- set spine = ref('search_metrics_int_source_spine') -%}

with
{%- if readings_on %}
reading_keys as (
    select source, run_id, query_id, query_key
    from {{ spine }}
    where source_kind = 'reading'
),

keyed_pool as (
    select reading_keys.source, reading_keys.query_key, pool.*
    from {{ ref('search_metrics_int_pool') }} as pool
    inner join reading_keys on reading_keys.query_id = pool.query_id
),

keyed_top_results as (
    select reading_keys.source, reading_keys.query_key, results.doc_id
    from {{ ref('search_metrics_stg_results') }} as results
    inner join reading_keys
        on reading_keys.run_id = results.run_id
        and reading_keys.query_id = results.query_id
    where results.rank <= {{ depth }}
),

reading_pool as (
    select
        coalesce(keyed_pool.query_key, keyed_top_results.query_key) as query_id,
        coalesce(keyed_pool.doc_id, keyed_top_results.doc_id) as doc_id,
        coalesce(keyed_pool.n_rater_rows, 0) as n_rater_rows,
        coalesce(keyed_pool.n_graded_rows, 0) as n_graded_rows,
        {%- for scale in ['binary', 'graded', 'detail'] %}
        case
            when keyed_top_results.doc_id is not null and keyed_pool.{{ scale }}_value is null then
                case coalesce(keyed_pool.source, keyed_top_results.source)
                    when 'pessimistic' then {{ search_metrics.as_double(search_metrics.transform_grade('0', "'graded'", scale)) }}
                    else {{ search_metrics.as_double(search_metrics.transform_grade(max_grade | string, "'graded'", scale)) }}
                end
            else keyed_pool.{{ scale }}_value
        end as {{ scale }}_value,
        {%- endfor %}
        case
            when keyed_top_results.doc_id is not null and keyed_pool.binary_value is null then 0
            else coalesce(keyed_pool.binary_tie, 0)
        end as binary_tie
    from keyed_pool
    full outer join keyed_top_results
        on keyed_top_results.query_key = keyed_pool.query_key
        and keyed_top_results.doc_id = keyed_pool.doc_id
){{ ',' if judges_on }}
{%- endif %}
{%- if judges_on %}
judge_rows as (
    select judge_keys.query_key as query_id, judgments.doc_id, judgments.grade, judgments.scale
    from {{ ref('search_metrics_int_judge_judgments') }} as judgments
    inner join (
        select distinct source, query_id, query_key from {{ spine }} where source_kind = 'judge'
    ) as judge_keys
        on judge_keys.source = judgments.rater_id
        and judge_keys.query_id = judgments.query_id
),

judge_pool as (
    select * from (
        {{ search_metrics.aggregate_judgments('judge_rows') | indent(8) }}
    ) as judge_labels
)
{%- endif %}

{% if readings_on -%}
select query_id, doc_id, n_rater_rows, n_graded_rows, binary_value, graded_value, detail_value, binary_tie
from reading_pool
{%- endif %}
{%- if readings_on and judges_on %}
union all
{% endif %}
{%- if judges_on -%}
select query_id, doc_id, n_rater_rows, n_graded_rows, binary_value, graded_value, detail_value, binary_tie
from judge_pool
{%- endif %}
{%- endif %}
