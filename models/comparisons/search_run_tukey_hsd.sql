{#-
  Tukey's HSD and the randomized Tukey HSD per metric, k and pair of compared runs (var
  search_metrics_all_systems_tests; docs/comparisons.md, "Tests across all systems"), over the topics where every
  compared run has a value (search_metrics_int_all_systems_values), m runs and n topics:
    mean_difference = mean_a - mean_b (run_a before run_b in binary order of run_id)
    q_statistic = |mean_difference| / sqrt(ms_residual / n), ms_residual of search_run_anova (topics as blocks)
    p_value_tukey = P(Q >= q) of the studentized range with m means and df_residual (studentized_range_p_value)
    p_value_randomized = (1 + #{b : range_b >= |mean_difference| - 1e-9 max|x_ij|}) / (1 + B)
  where replicate b = 1 .. B (var search_metrics_all_systems_tests.permutations) permutes the m values of each topic
  j: run i's value (run_index i) goes to slot r, the rank of (hash_draw(hash_replicate_key(6, b), (j - 1) m + i), i)
  among the topic's m runs; range_b = the largest minus the smallest of the m slots' means over the topics
  (Carterette 2012; Sakai 2018). significant_* = p_value_* <= alpha (var search_metrics_alpha).
  Null rules: q_statistic, p_value_tukey and significant_tukey when search_run_anova's f_systems is (df_residual
  = 0 or a nil residual); p_value_randomized is never null (1 for identical runs).
  One row per (metric, k, run_a, run_b) with n >= 1. A plain table.
-#}
{%- set model_enabled = search_metrics.all_systems_tests_enabled() -%}
{{ config(enabled=model_enabled, materialized='table') }}
{%- if model_enabled %}
{%- set settings = search_metrics.get_all_systems_tests_settings() or {'runs': none, 'permutations': 1} -%}
{%- set alpha = search_metrics.get_alpha() -%}

with cells as (
    select run_id, run_index, n_systems, metric, k_key, topic_index, value
    from {{ ref('search_metrics_int_all_systems_values') }}
    where topic_index is not null
),

anova as (
    select
        metric,
        k,
        coalesce(k, 0) as k_key,
        n_systems,
        n_topics,
        df_residual,
        ms_residual,
        f_systems
    from {{ ref('search_run_anova') }}
),

system_means as (
    select metric, k_key, run_id, run_index, avg(value) as system_mean
    from cells
    group by metric, k_key, run_id, run_index
),

run_pairs as (
    select
        runs_a.metric,
        runs_a.k_key,
        runs_a.run_id as run_a,
        runs_b.run_id as run_b,
        runs_a.system_mean as mean_a,
        runs_b.system_mean as mean_b,
        runs_a.system_mean - runs_b.system_mean as mean_difference
    from system_means as runs_a
    inner join system_means as runs_b
        on runs_b.metric = runs_a.metric
        and runs_b.k_key = runs_a.k_key
        and runs_b.run_index > runs_a.run_index
),

tukey_input as (
    select
        run_pairs.metric,
        run_pairs.k_key,
        run_pairs.run_a,
        run_pairs.run_b,
        abs(run_pairs.mean_difference) / sqrt(anova.ms_residual / anova.n_topics) as q_statistic,
        anova.n_systems,
        anova.df_residual
    from run_pairs
    inner join anova
        on anova.metric = run_pairs.metric
        and anova.k_key = run_pairs.k_key
    where anova.f_systems is not null
),

tukey_p_values as (
    {{ search_metrics.studentized_range_p_value('tukey_input', ['metric', 'k_key', 'run_a', 'run_b'], 'q_statistic', 'n_systems', 'df_residual') | indent(4) }}
),

replicates as (
    select
        n as replicate,
        {{ search_metrics.hash_replicate_key(6, 'n') }} as replicate_key
    from ({{ search_metrics.integers_relation(settings.permutations) | indent(4) }}
    ) as replicate_numbers
),

metric_keys as (
    {#- a whole-number key per (metric, k) and the largest topic index, so that the permutation window below is
        partitioned by one bigint (a third of the time of partitioning by the text metric, k and two numbers) #}
    select
        metric,
        k_key,
        row_number() over (order by metric, k_key) as metric_key,
        max(max_topic) over () + 1 as topic_span
    from (
        select metric, k_key, max(topic_index) as max_topic
        from cells
        group by metric, k_key
    ) as metric_topics
),

replicate_units as (
    {#- each cell in each replicate, with its draw and the key of its (metric, k, replicate, topic) #}
    select
        metric_keys.metric_key,
        replicates.replicate,
        cells.run_index,
        cells.value,
        ((metric_keys.metric_key - 1) * {{ settings.permutations }} + replicates.replicate - 1) * metric_keys.topic_span
            + cells.topic_index as permutation_key,
        {{ search_metrics.hash_draw('replicates.replicate_key', '(cells.topic_index - 1) * cells.n_systems + cells.run_index') }} as draw
    from cells
    inner join metric_keys
        on metric_keys.metric = cells.metric
        and metric_keys.k_key = cells.k_key
    cross join replicates
),

permuted_cells as (
    {#- the value of run i goes to slot r: the rank of its draw among the topic's runs #}
    select
        metric_key,
        replicate,
        value,
        row_number() over (partition by permutation_key order by draw, run_index) as slot
    from replicate_units
),

slot_means as (
    select metric_key, replicate, slot, avg(value) as slot_mean
    from permuted_cells
    group by metric_key, replicate, slot
),

replicate_ranges as (
    select
        metric_keys.metric,
        metric_keys.k_key,
        slot_means.replicate,
        max(slot_means.slot_mean) - min(slot_means.slot_mean) as max_difference
    from slot_means
    inner join metric_keys
        on metric_keys.metric_key = slot_means.metric_key
    group by metric_keys.metric, metric_keys.k_key, slot_means.replicate
),

value_scales as (
    select metric, k_key, max(abs(value)) as max_abs_value
    from cells
    group by metric, k_key
),

randomized as (
    select
        run_pairs.metric,
        run_pairs.k_key,
        run_pairs.run_a,
        run_pairs.run_b,
        sum(
            case
                when replicate_ranges.max_difference >= abs(run_pairs.mean_difference) - 1e-9 * value_scales.max_abs_value
                    then 1 else 0
            end
        ) as n_at_least
    from run_pairs
    inner join value_scales
        on value_scales.metric = run_pairs.metric
        and value_scales.k_key = run_pairs.k_key
    inner join replicate_ranges
        on replicate_ranges.metric = run_pairs.metric
        and replicate_ranges.k_key = run_pairs.k_key
    group by run_pairs.metric, run_pairs.k_key, run_pairs.run_a, run_pairs.run_b
)

select
    run_pairs.metric,
    cast(anova.k as {{ dbt.type_int() }}) as k,
    cast(run_pairs.run_a as {{ dbt.type_string() }}) as run_a,
    cast(run_pairs.run_b as {{ dbt.type_string() }}) as run_b,
    cast(anova.n_systems as {{ dbt.type_bigint() }}) as n_systems,
    cast(anova.n_topics as {{ dbt.type_bigint() }}) as n_topics,
    cast(anova.df_residual as {{ dbt.type_bigint() }}) as df_residual,
    {{ search_metrics.as_double('run_pairs.mean_a') }} as mean_a,
    {{ search_metrics.as_double('run_pairs.mean_b') }} as mean_b,
    {{ search_metrics.as_double('run_pairs.mean_difference') }} as mean_difference,
    {{ search_metrics.as_double('tukey_input.q_statistic') }} as q_statistic,
    {{ search_metrics.as_double('tukey_p_values.p_value') }} as p_value_tukey,
    case when tukey_p_values.p_value is not null then tukey_p_values.p_value <= {{ alpha }} end as significant_tukey,
    {{ search_metrics.as_double('1 + randomized.n_at_least') }} / {{ 1 + settings.permutations }} as p_value_randomized,
    {{ search_metrics.as_double('1 + randomized.n_at_least') }} / {{ 1 + settings.permutations }} <= {{ alpha }} as significant_randomized,
    cast({{ settings.permutations }} as {{ dbt.type_bigint() }}) as permutations
from run_pairs
inner join anova
    on anova.metric = run_pairs.metric
    and anova.k_key = run_pairs.k_key
inner join randomized
    on randomized.metric = run_pairs.metric
    and randomized.k_key = run_pairs.k_key
    and randomized.run_a = run_pairs.run_a
    and randomized.run_b = run_pairs.run_b
left join tukey_input
    on tukey_input.metric = run_pairs.metric
    and tukey_input.k_key = run_pairs.k_key
    and tukey_input.run_a = run_pairs.run_a
    and tukey_input.run_b = run_pairs.run_b
left join tukey_p_values
    on tukey_p_values.metric = run_pairs.metric
    and tukey_p_values.k_key = run_pairs.k_key
    and tukey_p_values.run_a = run_pairs.run_a
    and tukey_p_values.run_b = run_pairs.run_b
{%- endif %}
