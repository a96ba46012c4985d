{#-
  The automated judges held to the humans, item by item: one row per (rater_id, scale, measure) for every automated
  judge (var search_metrics_automated_raters; search_metrics_int_judge_judgments) with at least one graded row,
  on each scale (binary, graded, detail; every grade read through the transformers as the metrics read it).
  The items of a judge on a scale (judge_items): the (query_id, doc_id) on which both the human consensus (every
  human row aggregated as the metrics aggregate them: majority vote on binary, null on a tie; mean on graded and
  detail) and the judge's own rows aggregated the same way are non-null. A human tie on binary leaves the item out
  of the binary rows only. No minimum of shared items: n_items says how far to trust a value.
  - cohen_kappa: quadratic_kappa of (judge, consensus) over the items, 1 - mean (j - h)^2 / (var_j + var_h +
    (mean_j - mean_h)^2), population variances (sklearn's quadratic-weighted kappa on whole grades); null when both
    sides hold one and the same value throughout, or without items. n_ratings = 2 n_items.
  - krippendorff_alpha: interval_alpha over the items, each with its human ratings (one per human row with a grade,
    read on the scale) and the judge's value as one more rating; null when all those ratings are equal, or without
    items. n_ratings = the human ratings of the items + n_items.
  - mean_signed_difference: mean over the items of judge_value - human_value (> 0: the judge is more lenient than
    the humans); null without items. n_ratings = 2 n_items.
  A judge without an item on a scale has that scale's rows with a null value and n_items = n_ratings = 0.
-#}
{%- set model_enabled = search_metrics.family_enabled('judge_validation') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set scales = ['binary', 'graded', 'detail'] -%}
{%- set human_judgments -%}
(select query_id, doc_id, grade, scale from {{ ref('search_metrics_int_human_judgments') }})
{%- endset -%}
{%- set judge_judgments -%}
(select rater_id, query_id, doc_id, grade, scale from {{ ref('search_metrics_int_judge_judgments') }})
{%- endset -%}

with judge_rows as (
    {{ search_metrics.judge_items(human_judgments, judge_judgments) | indent(4) }}
),

-- the judges with a graded row, each on every scale
judge_scales as (
    select distinct rater_id, scale
    from judge_rows
    where n_graded_rows > 0
),

items as (
    select rater_id, scale, query_id, doc_id, human_value, judge_value
    from judge_rows
    where human_value is not null
        and judge_value is not null
),

human_votes as (
    {{ search_metrics.transformed_votes(human_judgments) | indent(4) }}
),

-- every human rating on every scale
human_ratings as (
    {%- for scale in scales %}
    select
        cast('{{ scale }}' as {{ dbt.type_string() }}) as scale,
        query_id,
        doc_id,
        {{ search_metrics.as_double(scale ~ '_grade') }} as value
    from human_votes
    where is_graded = 1
        and {{ scale }}_grade is not null
    {%- if not loop.last %}
    union all
    {%- endif %}
    {%- endfor %}
),

-- the ratings of each judge's items: the humans' and the judge's value
alpha_ratings as (
    select items.rater_id, items.scale, items.query_id, items.doc_id, human_ratings.value
    from items
    inner join human_ratings
        on human_ratings.scale = items.scale
        and human_ratings.query_id = items.query_id
        and human_ratings.doc_id = items.doc_id
    union all
    select rater_id, scale, query_id, doc_id, judge_value as value
    from items
),

krippendorff_alpha as (
    {{ search_metrics.interval_alpha('alpha_ratings', ['rater_id', 'scale'], ['query_id', 'doc_id']) | indent(4) }}
),

kappa_pairs as (
    select rater_id, scale, judge_value as value_a, human_value as value_b
    from items
),

cohen_kappa as (
    {{ search_metrics.quadratic_kappa('kappa_pairs', ['rater_id', 'scale']) | indent(4) }}
),

signed_differences as (
    select rater_id, scale, count(*) as n_items, avg(judge_value - human_value) as mean_difference
    from items
    group by rater_id, scale
),

measure_list as (
    {{ search_metrics.literal_relation(['measure'], [["cast('cohen_kappa' as " ~ dbt.type_string() ~ ")"],
        ["cast('krippendorff_alpha' as " ~ dbt.type_string() ~ ")"], ["cast('mean_signed_difference' as " ~ dbt.type_string() ~ ")"]]) | indent(4) }}
),

-- every judge and scale with each measure (judge_scales is read once: Spark inlines a CTE at each of its uses)
measures as (
    select
        judge_scales.rater_id,
        judge_scales.scale,
        measure_list.measure,
        case measure_list.measure
            when 'cohen_kappa' then cohen_kappa.kappa
            when 'krippendorff_alpha' then krippendorff_alpha.alpha
            else signed_differences.mean_difference
        end as value,
        case measure_list.measure
            when 'cohen_kappa' then coalesce(cohen_kappa.n_items, 0)
            when 'krippendorff_alpha' then coalesce(krippendorff_alpha.n_items, 0)
            else coalesce(signed_differences.n_items, 0)
        end as n_items,
        case measure_list.measure
            when 'cohen_kappa' then 2 * coalesce(cohen_kappa.n_items, 0)
            when 'krippendorff_alpha' then coalesce(krippendorff_alpha.n_ratings, 0)
            else 2 * coalesce(signed_differences.n_items, 0)
        end as n_ratings
    from judge_scales
    cross join measure_list
    left join cohen_kappa
        on cohen_kappa.rater_id = judge_scales.rater_id
        and cohen_kappa.scale = judge_scales.scale
    left join krippendorff_alpha
        on krippendorff_alpha.rater_id = judge_scales.rater_id
        and krippendorff_alpha.scale = judge_scales.scale
    left join signed_differences
        on signed_differences.rater_id = judge_scales.rater_id
        and signed_differences.scale = judge_scales.scale
)

select
    cast(rater_id as {{ dbt.type_string() }}) as rater_id,
    cast(scale as {{ dbt.type_string() }}) as scale,
    cast(measure as {{ dbt.type_string() }}) as measure,
    {{ search_metrics.as_double('value') }} as value,
    cast(n_items as {{ dbt.type_bigint() }}) as n_items,
    cast(n_ratings as {{ dbt.type_bigint() }}) as n_ratings
from measures
{%- endif %}
