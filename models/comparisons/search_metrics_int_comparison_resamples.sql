{#-
  What search_run_comparison's resampling tests read, per compared pair: its paired units (row_kind 'unit': the
  query's delta per (metric, k_key) group, metric_group, its unit_index and the group's n_units; comparison_units)
  and the tests' replicate sums per group (row_kind 'sign_flip': S_r of sign_flip_sums, position the permutation;
  'bootstrap': the replicate sum of bootstrap_sums, position the replicate). search_run_comparison computes the
  p-values and intervals from these rows.
  Incremental by pair (judged_incremental_config, the pair fingerprints of search_metrics_int_comparison_fingerprints)
  whatever the family of the p-value adjustments. A stale pair's sums are drawn again over all its units
  (resampled_by 'all_units'), unless search_metrics_int_comparison_resample_updates updated them by the units whose
  delta changed (resampled_by 'changed_units': the same sums, up to summation order; docs/comparisons.md).
-#}
{%- set build_settings = search_metrics.comparison_build_settings() -%}
{%- set model_enabled = search_metrics.family_enabled('comparisons') -%}
{{ config(
    enabled=model_enabled,
    **search_metrics.judged_incremental_config('search_metrics_int_comparison_fingerprints', ['baseline', 'candidate'],
                                               'comparison_fingerprint', build_settings)
) }}
{%- if model_enabled %}
{%- set metric_groups = search_metrics.comparison_metric_groups() -%}
{%- set spread = {'column': 'metric_group', 'count': metric_groups | length} -%}
{%- set bigint = dbt.type_bigint() -%}
{%- set string = dbt.type_string() %}

with metric_groups as (
    {{- search_metrics.literal_relation(['metric', 'k_key', 'metric_group'], metric_groups) | indent(4) }}
),

pairs_to_build as (
    {{ search_metrics.judged_keys_to_build(ref('search_metrics_int_comparison_fingerprints'), ['baseline', 'candidate']) | indent(4) }}
),

paired_units as {{ search_metrics.materialized_cte() }} (
    {{ search_metrics.comparison_units(ref('search_query_deltas'), 'pairs_to_build', 'metric_groups') | indent(4) }}
),

updated_sums as (
    select
        updates.baseline,
        updates.candidate,
        updates.row_kind,
        updates.metric_group,
        updates.position,
        updates.n_units,
        updates.value
    from {{ ref('search_metrics_int_comparison_resample_updates') }} as updates
    inner join pairs_to_build
        on pairs_to_build.baseline = updates.baseline
        and pairs_to_build.candidate = updates.candidate
),

updated_pairs as (
    select distinct baseline, candidate from updated_sums
),

-- the units of the pairs whose sums are drawn again over all their units
units_to_resample as (
    select paired_units.*
    from paired_units
    where not exists (
        select 1
        from updated_pairs
        where updated_pairs.baseline = paired_units.baseline
            and updated_pairs.candidate = paired_units.candidate
    )
),

sign_flip_sums as (
    {{ search_metrics.sign_flip_sums('units_to_resample', ['baseline', 'candidate'],
        search_metrics.get_replicate_count('search_metrics_permutations', 1000), spread) | indent(4) }}
),

bootstrap_sums as (
    {{ search_metrics.bootstrap_sums('units_to_resample', ['baseline', 'candidate'],
        search_metrics.get_replicate_count('search_metrics_bootstrap_samples', 1000), spread) | indent(4) }}
),

resample_rows as (
    select
        baseline,
        candidate,
        'unit' as row_kind,
        metric_group,
        query_id,
        cast(unit_index as {{ bigint }}) as position,
        cast(n_units as {{ bigint }}) as n_units,
        {{ search_metrics.as_double('delta') }} as value
    from paired_units

    union all

    select
        baseline,
        candidate,
        'sign_flip' as row_kind,
        metric_group,
        cast(null as {{ string }}) as query_id,
        cast(replicate as {{ bigint }}) as position,
        cast(null as {{ bigint }}) as n_units,
        {{ search_metrics.as_double('permuted_sum') }} as value
    from sign_flip_sums

    union all

    select
        baseline,
        candidate,
        'bootstrap' as row_kind,
        metric_group,
        cast(null as {{ string }}) as query_id,
        cast(replicate as {{ bigint }}) as position,
        cast(n_units as {{ bigint }}) as n_units,
        {{ search_metrics.as_double('replicate_sum') }} as value
    from bootstrap_sums

    union all

    select
        baseline,
        candidate,
        row_kind,
        metric_group,
        cast(null as {{ string }}) as query_id,
        position,
        n_units,
        value
    from updated_sums
)

select
    resample_rows.baseline,
    resample_rows.candidate,
    cast(resample_rows.row_kind as {{ string }}) as row_kind,
    cast(resample_rows.metric_group as {{ dbt.type_int() }}) as metric_group,
    resample_rows.query_id,
    resample_rows.position,
    resample_rows.n_units,
    resample_rows.value,
    cast(case when updated_pairs.baseline is null then 'all_units' else 'changed_units' end as {{ string }}) as resampled_by,
    pairs_to_build.comparison_fingerprint,
    {{ search_metrics.build_settings_column(build_settings) }},
    {{ search_metrics.built_at_column() }}
from resample_rows
inner join pairs_to_build
    on pairs_to_build.baseline = resample_rows.baseline
    and pairs_to_build.candidate = resample_rows.candidate
left join updated_pairs
    on updated_pairs.baseline = resample_rows.baseline
    and updated_pairs.candidate = resample_rows.candidate
{%- endif %}
