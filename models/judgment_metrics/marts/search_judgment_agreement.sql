{#-
  How far the human raters of the judgments input agree (search_metrics_int_human_judgments: the automated judges
  of var search_metrics_automated_raters are held to the humans by the judge_validation family instead), per scale (every grade read on the binary, graded and detail
  scales through the transformers, as the metrics read it) over all queries (query_id null) and per query.
  An item is a (query_id, doc_id); a rating is a judgment row with a grade (a null slot is no rating); every row
  is one vote (a null rater_id too). An item with one rating pairs with nothing: it is left out of kappa and alpha.
  - krippendorff_alpha: 1 - (n - 1) * sum_u [m_u^2 var_u / (m_u - 1)] / (n^2 var) over the items u with m_u >= 2
    ratings, n = their ratings, var_u and var the population variances of an item's and of all those ratings:
    interval alpha (delta = (c - k)^2), which on the binary scale's 0/1 values is nominal alpha. Null when those
    ratings are all equal (no expected disagreement) or no item has two ratings (macro interval_alpha).
  - fleiss_kappa (binary only): (P - Pe) / (1 - Pe) over the items with m_i >= 2 ratings, P the mean over items
    of (n1 (n1 - 1) + n0 (n0 - 1)) / (m_i (m_i - 1)), p1 = sum n1 / sum m_i, Pe = p1^2 + (1 - p1)^2 (Fleiss 1971;
    with m_i equal, statsmodels' fleiss_kappa). Null when Pe = 1 (every rating the same) or no item has two.
  - cohen_kappa per pair of raters (rater_a < rater_b in binary order) sharing at least
    var search_metrics_agreement_min_shared_items items: 1 - mean (a - b)^2 / (var_a + var_b + (mean_a - mean_b)^2)
    over the shared items (quadratic weights in grade units; on 0/1 values, unweighted kappa). An item a rater
    graded more than once is left out of that rater's pairs; rows with a null rater_id are in no pair. Null when
    both raters gave one and the same grade throughout (macro quadratic_kappa).
  - binary_tie_share (binary only): the share of items with a rating whose majority vote ties (as many 1s as 0s),
    the items every binary metric then reads as ungraded.
-#}
{%- set model_enabled = search_metrics.family_enabled('judgment_metrics') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set min_shared = search_metrics.get_agreement_min_shared_items() -%}
{#- Fleiss' chance agreement p1^2 + (1 - p1)^2, p1 the share of 1s among a scope's pairable ratings #}
{%- set p1 = search_metrics.as_double('pairable_sums.n_ones') ~ ' / pairable_sums.n_ratings' -%}
{%- set chance = '(' ~ p1 ~ ') * (' ~ p1 ~ ') + (1 - ' ~ p1 ~ ') * (1 - ' ~ p1 ~ ')' -%}
{%- set judgment_rows -%}
(select query_id, doc_id, rater_id, grade, scale from {{ ref('search_metrics_int_human_judgments') }})
{%- endset -%}

with votes as (
    {{ search_metrics.transformed_votes(judgment_rows, ['query_id', 'doc_id', 'rater_id']) | indent(4) }}
),

-- every rating on every scale
ratings as (
    {%- for scale in ['binary', 'graded', 'detail'] %}
    select
        '{{ scale }}' as scale,
        query_id,
        doc_id,
        rater_id,
        {{ search_metrics.as_double(scale ~ '_grade') }} as value
    from votes
    where is_graded = 1
    {%- if not loop.last %}
    union all
    {%- endif %}
    {%- endfor %}
),

-- each rating twice: in its scale's all-queries scope (scope_level 0, query_scope '') and in its query's
-- (scope_level 1, query_scope = query_id), so that (scope_level, query_scope, scale) names a scope without nulls
scoped_ratings as (
    select 0 as scope_level, '' as query_scope, scale, query_id, doc_id, rater_id, value
    from ratings
    union all
    select 1 as scope_level, query_id as query_scope, scale, query_id, doc_id, rater_id, value
    from ratings
),

-- one row per scope and item: its ratings' count and its binary votes
items as (
    select
        scope_level,
        query_scope,
        scale,
        query_id,
        doc_id,
        count(*) as n_ratings,
        sum(case when value = 1 then 1 else 0 end) as n_ones,
        sum(case when value = 0 then 1 else 0 end) as n_zeros
    from scoped_ratings
    group by scope_level, query_scope, scale, query_id, doc_id
),

scopes as (
    select
        scope_level,
        query_scope,
        scale,
        count(*) as n_items,
        sum(n_ratings) as n_ratings,
        -- read on the binary scale only, where every item has a 0 or a 1: as many of each is a tie
        sum(case when n_ones = n_zeros then 1 else 0 end) as n_tied_items
    from items
    group by scope_level, query_scope, scale
),

-- Fleiss' sums over the items with two ratings or more (pairable), per scope
pairable_sums as (
    select
        scope_level,
        query_scope,
        scale,
        count(*) as n_items,
        sum(n_ratings) as n_ratings,
        avg({{ search_metrics.as_double('n_ones * (n_ones - 1) + n_zeros * (n_zeros - 1)') }}
            / (n_ratings * (n_ratings - 1))) as fleiss_observed,
        sum(n_ones) as n_ones
    from items
    where n_ratings >= 2
    group by scope_level, query_scope, scale
),

-- Krippendorff's alpha of each scope's pairable items (a scope without one has no row)
scope_alpha as (
    {{ search_metrics.interval_alpha('scoped_ratings', ['scope_level', 'query_scope', 'scale'], ['query_id', 'doc_id']) | indent(4) }}
),

-- every scope with Krippendorff's alpha and Fleiss' kappa of its pairable items (null when it has none)
scope_statistics as (
    select
        scopes.scope_level,
        scopes.query_scope,
        scopes.scale,
        scope_alpha.alpha,
        case
            when pairable_sums.n_ones > 0 and pairable_sums.n_ones < pairable_sums.n_ratings then
                (pairable_sums.fleiss_observed - ({{ chance }})) / (1 - ({{ chance }}))
        end as fleiss,
        coalesce(pairable_sums.n_items, 0) as n_pairable_items,
        coalesce(pairable_sums.n_ratings, 0) as n_pairable_ratings
    from scopes
    left join pairable_sums
        on pairable_sums.scope_level = scopes.scope_level
        and pairable_sums.scale = scopes.scale
        and pairable_sums.query_scope = scopes.query_scope
    left join scope_alpha
        on scope_alpha.scope_level = scopes.scope_level
        and scope_alpha.scale = scopes.scale
        and scope_alpha.query_scope = scopes.query_scope
),

krippendorff_alpha as (
    select scope_level, query_scope, scale, 'krippendorff_alpha' as measure, alpha as value,
        n_pairable_items as n_items, n_pairable_ratings as n_ratings
    from scope_statistics
),

fleiss_kappa as (
    select scope_level, query_scope, scale, 'fleiss_kappa' as measure, fleiss as value,
        n_pairable_items as n_items, n_pairable_ratings as n_ratings
    from scope_statistics
    where scale = 'binary'
),

binary_tie_share as (
    select
        scope_level,
        query_scope,
        scale,
        'binary_tie_share' as measure,
        {{ search_metrics.as_double('n_tied_items') }} / n_items as value,
        n_items,
        n_ratings
    from scopes
    where scale = 'binary'
),

-- Cohen's kappa: each rater's one rating of an item (an item the rater graded twice is left out)
rater_items as (
    select
        scope_level,
        query_scope,
        scale,
        query_id,
        doc_id,
        rater_id,
        max(value) as value
    from scoped_ratings
    where rater_id is not null
    group by scope_level, query_scope, scale, query_id, doc_id, rater_id
    having count(*) = 1
),

-- the two raters' ratings of each item they share
shared_ratings as (
    select
        rater_a_items.scope_level,
        rater_a_items.query_scope,
        rater_a_items.scale,
        rater_a_items.rater_id as rater_a,
        rater_b_items.rater_id as rater_b,
        rater_a_items.value as value_a,
        rater_b_items.value as value_b
    from rater_items as rater_a_items
    inner join rater_items as rater_b_items
        on rater_b_items.scope_level = rater_a_items.scope_level
        and rater_b_items.scale = rater_a_items.scale
        and rater_b_items.query_id = rater_a_items.query_id
        and rater_b_items.doc_id = rater_a_items.doc_id
        and {{ search_metrics.binary_order('rater_a_items.rater_id') }} < {{ search_metrics.binary_order('rater_b_items.rater_id') }}
),

rater_pairs as (
    {{ search_metrics.quadratic_kappa('shared_ratings', ['scope_level', 'query_scope', 'scale', 'rater_a', 'rater_b']) | indent(4) }}
),

cohen_kappa as (
    select
        scope_level,
        query_scope,
        scale,
        'cohen_kappa' as measure,
        rater_a,
        rater_b,
        kappa as value,
        n_items,
        2 * n_items as n_ratings
    from rater_pairs
    where n_items >= {{ min_shared }}
),

agreement as (
    {%- for measure in ['krippendorff_alpha', 'fleiss_kappa', 'binary_tie_share'] %}
    select
        scope_level, query_scope, scale, measure,
        cast(null as {{ dbt.type_string() }}) as rater_a,
        cast(null as {{ dbt.type_string() }}) as rater_b,
        value, n_items, n_ratings
    from {{ measure }}
    union all
    {%- endfor %}
    select scope_level, query_scope, scale, measure, rater_a, rater_b, value, n_items, n_ratings
    from cohen_kappa
)

select
    cast(scale as {{ dbt.type_string() }}) as scale,
    cast(case when scope_level = 1 then query_scope end as {{ dbt.type_string() }}) as query_id,
    cast(measure as {{ dbt.type_string() }}) as measure,
    cast(rater_a as {{ dbt.type_string() }}) as rater_a,
    cast(rater_b as {{ dbt.type_string() }}) as rater_b,
    {{ search_metrics.as_double('value') }} as value,
    cast(n_items as {{ dbt.type_bigint() }}) as n_items,
    cast(n_ratings as {{ dbt.type_bigint() }}) as n_ratings
from agreement
{%- endif %}
