{#-
  The units of search_paulscore_comparison: per compared pair of buckets, search_type and factor, one row per
  day-session of either bucket (its arm), with its session score (the mean PaulScore of its searches) and its
  unit_index, the day-session's 1-based position in its arm by (search_date, session_id in binary order). A table:
  the comparison's three tests read the units about ten times, and Spark, which inlines a CTE at each of its uses,
  scored every session again for each (bench/README.md, "Spark").
-#}
{{ config(enabled=search_metrics.family_enabled('bucket_comparisons')) }}
{%- set bucket_column = search_metrics.get_bucket_column() -%}
{%- set factors = search_metrics.get_paulscore_factors() -%}
{%- set pairs = search_metrics.get_comparison_pairs('search_metrics_bucket_comparisons') %}

with search_buckets as (
    {#- the bucket of each search not dated in the future (as search_metrics_int_searches): the default pairs come
        from these buckets, so a bucket seen only on excluded searches makes no pair #}
    select
        {{ search_metrics.as_text('search_id') }} as search_id,
        {{ search_metrics.as_text(bucket_column) }} as bucket
    from {{ search_metrics.input_relation('search_metrics_searches') }}
    where {{ bucket_column }} is not null
        and cast(searched_at as {{ dbt.type_timestamp() }}) <= {{ search_metrics.future_limit() }}
),

bucketed_searches as (
    select
        searches.search_id,
        searches.session_id,
        searches.search_date,
        searches.search_type,
        search_buckets.bucket
    from {{ ref('search_metrics_int_click_searches') }} as searches
    inner join search_buckets on search_buckets.search_id = searches.search_id
),

factors as (
    {{ search_metrics.factors_relation(factors) | indent(4) }}
),

search_scores as (
    select
        bucketed_searches.bucket,
        bucketed_searches.search_type,
        bucketed_searches.search_date,
        bucketed_searches.session_id,
        bucketed_searches.search_id,
        factors.factor,
        {{ search_metrics.paulscore_search_score('factors.factor', 'clicked_positions.position') }} as search_score
    from bucketed_searches
    cross join factors
    left join {{ ref('search_metrics_int_click_positions') }} as clicked_positions
        on clicked_positions.search_id = bucketed_searches.search_id
    group by
        bucketed_searches.bucket,
        bucketed_searches.search_type,
        bucketed_searches.search_date,
        bucketed_searches.session_id,
        bucketed_searches.search_id,
        factors.factor
),

session_scores as (
    select
        bucket,
        search_type,
        search_date,
        session_id,
        factor,
        sum(search_score) / {{ search_metrics.as_double('count(*)') }} as session_score
    from search_scores
    group by bucket, search_type, search_date, session_id, factor
),

comparison_pairs as (
    {{ search_metrics.comparison_pairs_relation(pairs, '(select bucket as value from search_buckets) as bucket_values') | indent(4) }}
),

armed_sessions as (
    select
        comparison_pairs.baseline,
        comparison_pairs.candidate,
        cast('baseline' as {{ dbt.type_string() }}) as arm,
        session_scores.search_type,
        session_scores.factor,
        session_scores.search_date,
        session_scores.session_id,
        session_scores.session_score as value
    from comparison_pairs
    inner join session_scores on session_scores.bucket = comparison_pairs.baseline

    union all

    select
        comparison_pairs.baseline,
        comparison_pairs.candidate,
        cast('candidate' as {{ dbt.type_string() }}) as arm,
        session_scores.search_type,
        session_scores.factor,
        session_scores.search_date,
        session_scores.session_id,
        session_scores.session_score as value
    from comparison_pairs
    inner join session_scores on session_scores.bucket = comparison_pairs.candidate
)

{#- unit_index: the day-session's 1-based position in its arm, by (search_date, session_id in binary order) #}
select
    baseline,
    candidate,
    search_type,
    factor,
    arm,
    search_date,
    session_id,
    value,
    row_number() over (
        partition by baseline, candidate, search_type, factor, arm
        order by search_date, {{ search_metrics.binary_order('session_id') }}
    ) as unit_index
from armed_sessions
