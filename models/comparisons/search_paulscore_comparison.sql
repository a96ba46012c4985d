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
{%- set groups = ['baseline', 'candidate', 'search_type', 'factor'] -%}
{%- set family = search_metrics.get_p_value_family() -%}
{%- set family_columns = {'pair': ['baseline', 'candidate'], 'report': [], 'metric': ['search_type', 'factor']}[family] -%}

with session_units as (
    select
        baseline,
        candidate,
        search_type,
        factor,
        arm,
        value,
        unit_index
    from {{ ref('search_metrics_int_paulscore_units') }}
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
