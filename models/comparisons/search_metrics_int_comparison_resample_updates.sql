{#-
  The new replicate sums of each compared pair whose sums search_metrics_int_comparison_resamples may update rather
  than draw again (docs/comparisons.md, "Incremental builds"): a pair that table's previous build holds
  (previous_build_relation: this model runs before it, so no cycle), built with this build's settings, whose
  fingerprint changed, whose paired queries are the same in every (metric, k) group (so every unit keeps its
  unit_index and every group its size), and of whose (query, metric, k) units at most half changed their delta.
  Both tests' sums are linear in the deltas: a pair's new sums are its previous sums plus the sums of the changes
  d' - d at the changed units' indices (sign_flip_sums, bootstrap_sums with the groups' sizes), up to summation
  order. Rows as search_metrics_int_comparison_resamples' sums (row_kind 'sign_flip' or 'bootstrap'); none on a
  first or full-refresh build, or with var search_metrics_incremental_runs false.
-#}
{%- set model_enabled = search_metrics.family_enabled('comparisons') -%}
{{ config(enabled=model_enabled, materialized='table') }}
{%- if model_enabled %}
-- depends_on: {{ ref('search_query_deltas') }}
-- depends_on: {{ ref('search_metrics_int_comparison_fingerprints') }}
{%- set previous = search_metrics.previous_build_relation('search_metrics_int_comparison_resamples')
    if search_metrics.get_incremental_runs() and not flags.FULL_REFRESH else none -%}
{%- set bigint = dbt.type_bigint() -%}
{%- set string = dbt.type_string() -%}
{%- if previous is none %}

{#- nothing to update: the rows' columns, no row #}
select
    cast(null as {{ string }}) as baseline,
    cast(null as {{ string }}) as candidate,
    cast(null as {{ string }}) as row_kind,
    cast(null as {{ dbt.type_int() }}) as metric_group,
    cast(null as {{ bigint }}) as position,
    cast(null as {{ bigint }}) as n_units,
    cast(null as {{ search_metrics.type_double() }}) as value
from (select 1 as one) as no_previous_build
where 1 = 0
{%- else %}
{%- set metric_groups = search_metrics.comparison_metric_groups() -%}
{%- set spread = {'column': 'metric_group', 'count': metric_groups | length} -%}
{%- set settings = search_metrics.string_literal(search_metrics.incremental_settings(search_metrics.comparison_build_settings())) %}

with metric_groups as (
    {{- search_metrics.literal_relation(['metric', 'k_key', 'metric_group'], metric_groups) | indent(4) }}
),

-- each pair the previous build holds, with the fingerprint and the settings it was built with
previous_pairs as (
    select distinct
        baseline,
        candidate,
        comparison_fingerprint,
        build_settings
    from {{ previous }}
    where row_kind = 'sign_flip'
        and position = 1
),

-- the pairs whose fingerprint changed since, under the same settings
changed_pairs as {{ search_metrics.materialized_cte() }} (
    select
        current_pairs.baseline,
        current_pairs.candidate
    from {{ ref('search_metrics_int_comparison_fingerprints') }} as current_pairs
    inner join previous_pairs
        on previous_pairs.baseline = current_pairs.baseline
        and previous_pairs.candidate = current_pairs.candidate
    where previous_pairs.comparison_fingerprint <> current_pairs.comparison_fingerprint
        and previous_pairs.build_settings = {{ settings }}
),

current_units as {{ search_metrics.materialized_cte() }} (
    {{ search_metrics.comparison_units(ref('search_query_deltas'), 'changed_pairs', 'metric_groups') | indent(4) }}
),

previous_units as (
    select
        previous_rows.baseline,
        previous_rows.candidate,
        previous_rows.metric_group,
        previous_rows.query_id,
        previous_rows.value as delta
    from {{ previous }} as previous_rows
    inner join changed_pairs
        on changed_pairs.baseline = previous_rows.baseline
        and changed_pairs.candidate = previous_rows.candidate
    where previous_rows.row_kind = 'unit'
),

-- every unit of the changed pairs, now and before: a unit on one side only changes the group's indices
matched_units as {{ search_metrics.materialized_cte() }} (
    select
        coalesce(current_units.baseline, previous_units.baseline) as baseline,
        coalesce(current_units.candidate, previous_units.candidate) as candidate,
        coalesce(current_units.metric_group, previous_units.metric_group) as metric_group,
        current_units.unit_index,
        current_units.n_units,
        current_units.delta - previous_units.delta as delta_change,
        case when current_units.query_id is null or previous_units.query_id is null then 1 else 0 end as unmatched,
        case when current_units.delta <> previous_units.delta then 1 else 0 end as changed
    from current_units
    full outer join previous_units
        on previous_units.baseline = current_units.baseline
        and previous_units.candidate = current_units.candidate
        and previous_units.metric_group = current_units.metric_group
        and previous_units.query_id = current_units.query_id
),

-- the pairs whose groups kept their queries and of whose units at most half changed
updatable_pairs as {{ search_metrics.materialized_cte() }} (
    select
        baseline,
        candidate
    from matched_units
    group by baseline, candidate
    having sum(unmatched) = 0
        and 2 * sum(changed) <= count(*)
),

-- the changes d' - d of the updatable pairs' changed units, at their indices, with their groups' sizes
unit_changes as {{ search_metrics.materialized_cte() }} (
    select
        matched_units.baseline,
        matched_units.candidate,
        matched_units.metric_group,
        matched_units.unit_index,
        matched_units.n_units,
        matched_units.delta_change as delta
    from matched_units
    inner join updatable_pairs
        on updatable_pairs.baseline = matched_units.baseline
        and updatable_pairs.candidate = matched_units.candidate
    where matched_units.changed = 1
),

-- every index 1 .. n of the largest group: the slots each bootstrap replicate draws for
bootstrap_slots as (
    select distinct unit_index as slot from current_units
),

sign_flip_changes as {{ search_metrics.materialized_cte() }} (
    {{ search_metrics.sign_flip_sums('unit_changes', ['baseline', 'candidate'],
        search_metrics.get_replicate_count('search_metrics_permutations', 1000), spread) | indent(4) }}
),

bootstrap_changes as {{ search_metrics.materialized_cte() }} (
    {{ search_metrics.bootstrap_sums('unit_changes', ['baseline', 'candidate'],
        search_metrics.get_replicate_count('search_metrics_bootstrap_samples', 1000), spread, 'n_units',
        'bootstrap_slots') | indent(4) }}
),

changes as {{ search_metrics.materialized_cte() }} (
    select baseline, candidate, 'sign_flip' as row_kind, metric_group, replicate, permuted_sum as value_change
    from sign_flip_changes
    union all
    select baseline, candidate, 'bootstrap' as row_kind, metric_group, replicate, replicate_sum as value_change
    from bootstrap_changes
),

previous_sums as {{ search_metrics.materialized_cte() }} (
    select
        previous_rows.baseline,
        previous_rows.candidate,
        previous_rows.row_kind,
        previous_rows.metric_group,
        previous_rows.position,
        previous_rows.n_units,
        previous_rows.value
    from {{ previous }} as previous_rows
    inner join updatable_pairs
        on updatable_pairs.baseline = previous_rows.baseline
        and updatable_pairs.candidate = previous_rows.candidate
    where previous_rows.row_kind in ('sign_flip', 'bootstrap')
)

{#- a replicate sum whose group had no changed unit (or that picked none of them) keeps its value #}
select
    cast(previous_sums.baseline as {{ string }}) as baseline,
    cast(previous_sums.candidate as {{ string }}) as candidate,
    cast(previous_sums.row_kind as {{ string }}) as row_kind,
    cast(previous_sums.metric_group as {{ dbt.type_int() }}) as metric_group,
    cast(previous_sums.position as {{ bigint }}) as position,
    cast(previous_sums.n_units as {{ bigint }}) as n_units,
    previous_sums.value + coalesce(changes.value_change, cast(0 as {{ search_metrics.type_double() }})) as value
from previous_sums
left join changes
    on changes.baseline = previous_sums.baseline
    and changes.candidate = previous_sums.candidate
    and changes.row_kind = previous_sums.row_kind
    and changes.metric_group = previous_sums.metric_group
    and changes.replicate = previous_sums.position
{%- endif %}
{%- endif %}
