{#-
  Does an automated judge rank the runs as the humans do? Per automated judge, metric and cutoff, over the runs of
  search_judge_run_metrics (each run's human and judge means over the same queries):
    kendall_tau_b       Kendall's tau-b between the runs' human means and judge means (two means tie when they
                        differ by at most 1e-12 * max(1, |a|, |b|), tolerant_sign, so that equal means summed in
                        another order tie on every engine); null when either side ties every pair or fewer than
                        two runs
    tau_ap              Yilmaz, Aslam & Robertson's (2008) AP rank correlation of the judge's ordering of the runs
                        against the humans' (best first): 2 / (n - 1) * sum over judge ranks i >= 2 of
                        C(i) / (i - 1) - 1, C(i) = the runs the judge ranks above the i-th that the humans rank
                        above it too; defined for orderings without ties: null when two runs tie on either side
                        (read tau-b there) or n < 2
    max_abs_difference  the largest |judge mean - human mean| over the runs
    verdicts            per pair of runs (run_a before run_b in binary order) with a shared query: the paired t-test
                        of run_b - run_a over the judge's queries where all four values exist, once with the human
                        values and once with the judge's, read as a verdict: 1 (run_b better) or -1 (worse) when
                        p < var search_metrics_alpha, or when every delta is the same non-zero number (scipy's p
                        is 0 there), else 0 (no difference); n_same_verdict counts the pairs whose two verdicts
                        are equal, verdict_agreement = n_same_verdict / n_run_pairs
-#}
{%- set model_enabled = search_metrics.family_enabled('judge_validation') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set alpha = search_metrics.get_alpha() -%}
{%- set double = search_metrics.type_double() -%}
{%- set groups = ['rater_id', 'metric', 'k_key'] -%}

with run_means as (
    select
        rater_id,
        metric,
        k,
        coalesce(k, 0) as k_key,
        run_id,
        human_value,
        judge_value
    from {{ ref('search_judge_run_metrics') }}
),

ranked_runs as (
    select
        rater_id,
        metric,
        k_key,
        run_id,
        human_value,
        judge_value,
        {#- runs that tie (tolerant_sign) may take either order here: tau_ap, the only reader of the ranks beyond
            listing each pair once, is null where a tie exists, and elsewhere the value order is the tolerant one #}
        row_number() over (
            partition by rater_id, metric, k_key
            order by human_value desc, {{ search_metrics.binary_order('run_id') }}
        ) as human_rank,
        row_number() over (
            partition by rater_id, metric, k_key
            order by judge_value desc, {{ search_metrics.binary_order('run_id') }}
        ) as judge_rank
    from run_means
),

group_summaries as (
    select
        rater_id,
        metric,
        max(k) as k,
        k_key,
        count(*) as n_runs,
        max(abs(judge_value - human_value)) as max_abs_difference
    from run_means
    group by rater_id, metric, k_key
),

-- every pair of runs once, with the sign of its human and its judge difference (0: a tie)
run_pairs as (
    select
        first_run.rater_id,
        first_run.metric,
        first_run.k_key,
        {{ search_metrics.tolerant_sign('second_run.human_value', 'first_run.human_value') }} as human_sign,
        {{ search_metrics.tolerant_sign('second_run.judge_value', 'first_run.judge_value') }} as judge_sign
    from ranked_runs as first_run
    inner join ranked_runs as second_run
        on second_run.rater_id = first_run.rater_id
        and second_run.metric = first_run.metric
        and second_run.k_key = first_run.k_key
        and second_run.judge_rank > first_run.judge_rank
),

-- concordant, discordant, tied on each side
tau_counts as (
    select
        rater_id,
        metric,
        k_key,
        count(*) as n_pairs,
        sum(case when human_sign * judge_sign = 1 then 1 else 0 end) as n_concordant,
        sum(case when human_sign * judge_sign = -1 then 1 else 0 end) as n_discordant,
        sum(case when human_sign = 0 then 1 else 0 end) as n_human_ties,
        sum(case when judge_sign = 0 then 1 else 0 end) as n_judge_ties
    from run_pairs
    group by rater_id, metric, k_key
),

-- C(i) / (i - 1) for each run the judge ranks i >= 2
tau_ap_terms as (
    select
        run_at_i.rater_id,
        run_at_i.metric,
        run_at_i.k_key,
        {{ search_metrics.as_double('sum(case when run_above.human_rank < run_at_i.human_rank then 1 else 0 end)') }}
            / (run_at_i.judge_rank - 1) as term
    from ranked_runs as run_at_i
    inner join ranked_runs as run_above
        on run_above.rater_id = run_at_i.rater_id
        and run_above.metric = run_at_i.metric
        and run_above.k_key = run_at_i.k_key
        and run_above.judge_rank < run_at_i.judge_rank
    group by run_at_i.rater_id, run_at_i.metric, run_at_i.k_key, run_at_i.run_id, run_at_i.judge_rank
),

tau_ap_sums as (
    select rater_id, metric, k_key, sum(term) as term_sum
    from tau_ap_terms
    group by rater_id, metric, k_key
),

-- the per-query deltas run_b - run_a of every pair of runs, with the human values and with the judge's
query_deltas as (
    select
        run_a_values.rater_id,
        run_a_values.metric,
        run_a_values.k_key,
        run_a_values.run_id as run_a,
        run_b_values.run_id as run_b,
        run_a_values.query_id,
        run_b_values.human_value - run_a_values.human_value as human_delta,
        run_b_values.judge_value - run_a_values.judge_value as judge_delta
    from {{ ref('search_metrics_int_judge_query_values') }} as run_a_values
    inner join {{ ref('search_metrics_int_judge_query_values') }} as run_b_values
        on run_b_values.rater_id = run_a_values.rater_id
        and run_b_values.metric = run_a_values.metric
        and run_b_values.k_key = run_a_values.k_key
        and run_b_values.query_id = run_a_values.query_id
        and {{ search_metrics.binary_order('run_b_values.run_id') }} > {{ search_metrics.binary_order('run_a_values.run_id') }}
),

units as {{ search_metrics.materialized_cte() }} (
    {%- for source in ['human', 'judge'] %}
    select
        rater_id,
        metric,
        k_key,
        run_a,
        run_b,
        cast('{{ source }}' as {{ dbt.type_string() }}) as source,
        {{ source }}_delta as delta,
        row_number() over (
            partition by rater_id, metric, k_key, run_a, run_b
            order by {{ search_metrics.binary_order('query_id') }}
        ) as unit_index
    from query_deltas
    {%- if not loop.last %}
    union all
    {%- endif %}
    {%- endfor %}
),

t_terms as (
    select distinct unit_index - 1 as term_index from units
),

t_tests as {{ search_metrics.materialized_cte() }} (
    {{ search_metrics.paired_t_test('units', groups + ['run_a', 'run_b', 'source'], 't_terms') | indent(4) }}
),

verdicts as (
    {#- t_tests has a row per group of units, with its n_units and mean_delta #}
    select
        rater_id,
        metric,
        k_key,
        run_a,
        run_b,
        source,
        case
            when p_value_t < {{ alpha }} or (
                t_statistic is null and n_units >= 2
                and abs(mean_delta) > {{ search_metrics.as_double('1e-12') }}
            ) then
                case when mean_delta > 0 then 1 when mean_delta < 0 then -1 else 0 end
            else 0
        end as verdict
    from t_tests
),

verdict_counts as (
    {#- each pair of runs has a human and a judge verdict (units holds both sources of every delta); one grouped
        pass rather than a join of verdicts to itself (which PostgreSQL, misjudging the rows of a CTE, ran as a
        nested loop) #}
    select
        rater_id,
        metric,
        k_key,
        count(*) as n_run_pairs,
        sum(case when human_verdict = judge_verdict then 1 else 0 end) as n_same_verdict
    from (
        select
            rater_id,
            metric,
            k_key,
            run_a,
            run_b,
            max(case when source = 'human' then verdict end) as human_verdict,
            max(case when source = 'judge' then verdict end) as judge_verdict
        from verdicts
        group by rater_id, metric, k_key, run_a, run_b
    ) as pair_verdicts
    group by rater_id, metric, k_key
),

query_counts as (
    select rater_id, metric, k_key, count(distinct query_id) as n_queries
    from {{ ref('search_metrics_int_judge_query_values') }}
    group by rater_id, metric, k_key
)

select
    group_summaries.rater_id,
    group_summaries.metric,
    cast(group_summaries.k as {{ dbt.type_int() }}) as k,
    cast(group_summaries.n_runs as {{ dbt.type_bigint() }}) as n_runs,
    cast(query_counts.n_queries as {{ dbt.type_bigint() }}) as n_queries,
    case
        when tau_counts.n_pairs > tau_counts.n_human_ties and tau_counts.n_pairs > tau_counts.n_judge_ties then
            {{ search_metrics.as_double('tau_counts.n_concordant - tau_counts.n_discordant') }}
            / sqrt({{ search_metrics.as_double('tau_counts.n_pairs - tau_counts.n_human_ties') }}
                * {{ search_metrics.as_double('tau_counts.n_pairs - tau_counts.n_judge_ties') }})
    end as kendall_tau_b,
    case
        when group_summaries.n_runs >= 2 and tau_counts.n_human_ties = 0 and tau_counts.n_judge_ties = 0 then
            2 * tau_ap_sums.term_sum / (group_summaries.n_runs - 1) - 1
    end as tau_ap,
    {{ search_metrics.as_double('group_summaries.max_abs_difference') }} as max_abs_difference,
    cast(coalesce(verdict_counts.n_run_pairs, 0) as {{ dbt.type_bigint() }}) as n_run_pairs,
    cast(coalesce(verdict_counts.n_same_verdict, 0) as {{ dbt.type_bigint() }}) as n_same_verdict,
    case
        when verdict_counts.n_run_pairs > 0 then
            {{ search_metrics.as_double('verdict_counts.n_same_verdict') }} / verdict_counts.n_run_pairs
    end as verdict_agreement
from group_summaries
left join query_counts
    on query_counts.rater_id = group_summaries.rater_id
    and query_counts.metric = group_summaries.metric
    and query_counts.k_key = group_summaries.k_key
left join tau_counts
    on tau_counts.rater_id = group_summaries.rater_id
    and tau_counts.metric = group_summaries.metric
    and tau_counts.k_key = group_summaries.k_key
left join tau_ap_sums
    on tau_ap_sums.rater_id = group_summaries.rater_id
    and tau_ap_sums.metric = group_summaries.metric
    and tau_ap_sums.k_key = group_summaries.k_key
left join verdict_counts
    on verdict_counts.rater_id = group_summaries.rater_id
    and verdict_counts.metric = group_summaries.metric
    and verdict_counts.k_key = group_summaries.k_key
{%- endif %}
