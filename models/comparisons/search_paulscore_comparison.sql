{#-
  PaulScore A/B comparison per pair of buckets, search_type and factor, when the searches input carries a bucket
  column (var search_metrics_bucket_column). Units are day-sessions (sessions split by day and search_type, as in
  search_paulscore_daily, and by bucket), each with its session score (sum of its searches' scores / its
  searches); the two buckets are independent samples: Student's two-sample t-test, a permutation test and a
  bootstrap interval of the difference in PaulScore, with deterministic hash-based draws (docs/comparisons.md).
  Holm and Benjamini-Hochberg adjustments of both p-values within the family of var search_metrics_p_value_family
  ('pair': one bucket pair's search_type x factor rows; 'metric': every pair of one search_type and factor;
  'report': every row), macro adjust_p_values.
-#}
{{ config(enabled=search_metrics.family_enabled('bucket_comparisons')) }}
{%- set bucket_column = search_metrics.get_bucket_column() -%}
{%- set factors = search_metrics.get_paulscore_factors() -%}
{%- set pairs = search_metrics.get_comparison_pairs('search_metrics_bucket_comparisons') -%}
{%- set groups = ['baseline', 'candidate', 'search_type', 'factor'] -%}
{%- set family = search_metrics.get_p_value_family() -%}
{%- set family_columns = {'pair': ['baseline', 'candidate'], 'report': [], 'metric': ['search_type', 'factor']}[family] -%}

with search_buckets as (
    select
        search_id,
        cast({{ bucket_column }} as {{ dbt.type_string() }}) as bucket
    from {{ search_metrics.input_relation('search_metrics_searches') }}
    where {{ bucket_column }} is not null
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
),

session_units as (
    {#- unit_index: the day-session's 1-based position in its arm, by (search_date, session_id in binary order) #}
    select
        baseline,
        candidate,
        search_type,
        factor,
        arm,
        value,
        row_number() over (
            partition by baseline, candidate, search_type, factor, arm
            order by search_date, {{ search_metrics.binary_order('session_id') }}
        ) as unit_index
    from armed_sessions
),

summaries as (
    select
        baseline,
        candidate,
        search_type,
        factor,
        sum(case when arm = 'baseline' then 1 else 0 end) as n_baseline_sessions,
        sum(case when arm = 'candidate' then 1 else 0 end) as n_candidate_sessions,
        avg(case when arm = 'baseline' then value end) as baseline_paulscore,
        avg(case when arm = 'candidate' then value end) as candidate_paulscore
    from session_units
    group by baseline, candidate, search_type, factor
),

comparison_statistics as (
    {{ search_metrics.comparison_tests('session_units', groups, 'two_sample') | indent(4) }}
),

compared as (
select
    summaries.baseline,
    summaries.candidate,
    summaries.search_type,
    summaries.factor,
    cast(summaries.n_baseline_sessions as {{ dbt.type_bigint() }}) as n_baseline_sessions,
    cast(summaries.n_candidate_sessions as {{ dbt.type_bigint() }}) as n_candidate_sessions,
    {{ search_metrics.as_double('summaries.baseline_paulscore') }} as baseline_paulscore,
    {{ search_metrics.as_double('summaries.candidate_paulscore') }} as candidate_paulscore,
    {{ search_metrics.as_double('summaries.candidate_paulscore - summaries.baseline_paulscore') }} as mean_delta,
    (summaries.candidate_paulscore - summaries.baseline_paulscore)
        / nullif({{ search_metrics.as_double('summaries.baseline_paulscore') }}, 0) as relative_delta,
    {{ search_metrics.as_double('comparison_statistics.t_statistic') }} as t_statistic,
    {{ search_metrics.as_double('comparison_statistics.p_value_t') }} as p_value_t,
    {{ search_metrics.as_double('comparison_statistics.p_value_randomization') }} as p_value_randomization,
    {{ search_metrics.as_double('comparison_statistics.ci_low') }} as ci_low,
    {{ search_metrics.as_double('comparison_statistics.ci_high') }} as ci_high
from summaries
left join comparison_statistics
    on {% for column in groups %}comparison_statistics.{{ column }} = summaries.{{ column }}{% if not loop.last %}
    and {% endif %}{% endfor %}
),

adjusted as (
    {{ search_metrics.adjust_p_values('compared', groups, family_columns, ['p_value_t', 'p_value_randomization']) | indent(4) }}
)

select
    adjusted.baseline,
    adjusted.candidate,
    adjusted.search_type,
    adjusted.factor,
    adjusted.n_baseline_sessions,
    adjusted.n_candidate_sessions,
    adjusted.baseline_paulscore,
    adjusted.candidate_paulscore,
    adjusted.mean_delta,
    adjusted.relative_delta,
    adjusted.t_statistic,
    adjusted.p_value_t,
    adjusted.p_value_randomization,
    adjusted.ci_low,
    adjusted.ci_high,
    {%- for column in ['p_value_t', 'p_value_randomization'] %}
    {{ search_metrics.as_double('adjusted.' ~ column ~ '_holm') }} as {{ column }}_holm,
    {{ search_metrics.as_double('adjusted.' ~ column ~ '_bh') }} as {{ column }}_bh{% if not loop.last %},{% endif %}
    {%- endfor %}
from adjusted
