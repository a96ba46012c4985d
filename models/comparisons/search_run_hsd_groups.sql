{#-
  The compact letter display of the tests across all systems, per metric, k, test ('tukey', 'randomized') and
  compared run (docs/comparisons.md, "Tests across all systems"): letters such that two runs share a letter when
  search_run_tukey_hsd does not call the pair significantly different, as papers print them.
  The runs are ordered by their mean over the topics, descending, compared at 12 decimals (relevance_key: equal means
  tie whatever the order they were summed in), ties by run_id in binary order (position 1 .. m).
  Both tests' verdicts depend on a pair only through |mean_a - mean_b| (for every pair the same df and standard
  error; the randomized HSD's one null distribution of the range), and less significant for a smaller difference,
  so the runs not significantly different from each other form intervals of positions, and the letters are the
  maximal such intervals (Piepho 2004's insert-and-absorb gives the same sets on such data):
    reach(i)  = (the first position j > i significantly different from i) - 1, or m
    extent(i) = min over i' >= i of reach(i')   (every pair within [i, extent(i)] is not significant)
    a group starts at i = 1 and at each i whose extent(i) > extent(i - 1); the g-th group from the top gets the g-th
    letter of a .. z, A .. Z, and a run gets the letters of the groups [i, extent(i)] it lies in (consecutive).
  A null verdict (no Tukey p-value: search_run_anova's f_systems is null) counts as not significant, so with a nil
  residual every run has the letter a. letters is null beyond 52 groups (first_group and last_group remain).
  One row per (metric, k, test, run) of the (metric, k) with at least one topic. A plain table.
-#}
{%- set model_enabled = search_metrics.all_systems_tests_enabled() -%}
{{ config(enabled=model_enabled, materialized='table') }}
{%- if model_enabled %}
{%- set alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ' -%}

with run_means as (
    select metric, k, k_key, run_id, avg(value) as run_mean
    from {{ ref('search_metrics_int_all_systems_values') }}
    where topic_index is not null
    group by metric, k, k_key, run_id
),

positions as (
    select
        metric,
        k,
        k_key,
        run_id,
        run_mean,
        row_number() over (partition by metric, k_key order by {{ search_metrics.relevance_key('run_mean') }} desc, {{ search_metrics.binary_order('run_id') }}) as run_position,
        count(*) over (partition by metric, k_key) as n_runs
    from run_means
),

tests as (
    {{ search_metrics.literal_relation(['test'], [["cast('tukey' as " ~ dbt.type_string() ~ ")"], ["cast('randomized' as " ~ dbt.type_string() ~ ")"]]) | indent(4) }}
),

pair_verdicts as (
    select metric, coalesce(k, 0) as k_key, cast('tukey' as {{ dbt.type_string() }}) as test, run_a, run_b, significant_tukey as significant
    from {{ ref('search_run_tukey_hsd') }}
    union all
    select metric, coalesce(k, 0) as k_key, cast('randomized' as {{ dbt.type_string() }}) as test, run_a, run_b, significant_randomized as significant
    from {{ ref('search_run_tukey_hsd') }}
),

significant_pairs as (
    select
        pair_verdicts.metric,
        pair_verdicts.k_key,
        pair_verdicts.test,
        least(positions_a.run_position, positions_b.run_position) as low_position,
        greatest(positions_a.run_position, positions_b.run_position) as high_position
    from pair_verdicts
    inner join positions as positions_a
        on positions_a.metric = pair_verdicts.metric
        and positions_a.k_key = pair_verdicts.k_key
        and positions_a.run_id = pair_verdicts.run_a
    inner join positions as positions_b
        on positions_b.metric = pair_verdicts.metric
        and positions_b.k_key = pair_verdicts.k_key
        and positions_b.run_id = pair_verdicts.run_b
    where pair_verdicts.significant
),

reaches as (
    select
        positions.metric,
        positions.k_key,
        tests.test,
        positions.run_position,
        coalesce(min(significant_pairs.high_position) - 1, max(positions.n_runs)) as reach
    from positions
    cross join tests
    left join significant_pairs
        on significant_pairs.metric = positions.metric
        and significant_pairs.k_key = positions.k_key
        and significant_pairs.test = tests.test
        and significant_pairs.low_position = positions.run_position
    group by positions.metric, positions.k_key, tests.test, positions.run_position
),

extents as (
    select
        metric,
        k_key,
        test,
        run_position,
        min(reach) over (
            partition by metric, k_key, test order by run_position desc rows between unbounded preceding and current row
        ) as extent
    from reaches
),

group_starts as (
    select
        metric,
        k_key,
        test,
        run_position,
        extent,
        lag(extent) over (partition by metric, k_key, test order by run_position) as previous_extent
    from extents
),

letter_groups as (
    select
        metric,
        k_key,
        test,
        run_position as group_start,
        extent as group_end,
        row_number() over (partition by metric, k_key, test order by run_position) as group_index
    from group_starts
    where previous_extent is null or extent > previous_extent
),

run_groups as (
    select
        positions.metric,
        positions.k_key,
        letter_groups.test,
        positions.run_id,
        min(letter_groups.group_index) as first_group,
        max(letter_groups.group_index) as last_group
    from positions
    inner join letter_groups
        on letter_groups.metric = positions.metric
        and letter_groups.k_key = positions.k_key
        and letter_groups.group_start <= positions.run_position
        and letter_groups.group_end >= positions.run_position
    group by positions.metric, positions.k_key, letter_groups.test, positions.run_id
)

select
    positions.metric,
    cast(positions.k as {{ dbt.type_int() }}) as k,
    run_groups.test,
    cast(positions.run_id as {{ dbt.type_string() }}) as run_id,
    {{ search_metrics.as_double('positions.run_mean') }} as run_mean,
    cast(positions.run_position as {{ dbt.type_bigint() }}) as run_position,
    cast(run_groups.first_group as {{ dbt.type_bigint() }}) as first_group,
    cast(run_groups.last_group as {{ dbt.type_bigint() }}) as last_group,
    case
        when run_groups.last_group <= {{ alphabet | length }}
            then substring('{{ alphabet }}', cast(run_groups.first_group as {{ dbt.type_int() }}),
                cast(run_groups.last_group - run_groups.first_group + 1 as {{ dbt.type_int() }}))
    end as letters
from positions
inner join run_groups
    on run_groups.metric = positions.metric
    and run_groups.k_key = positions.k_key
    and run_groups.run_id = positions.run_id
{%- endif %}
