{#-
  The state of the compared pairs' resampling tests, so that a build pays for the queries that moved, not for the
  pairs' every query. Per compared pair (search_metrics_int_comparison_fingerprints), rows of three kinds:
  - 'sign', row_id r = 1 .. n_permutations: value_g = sum_u s(r, u) * delta_g(u) over the pair's units
    (sign_flip_sums), one column per (metric, k) group g (comparison_metric_groups);
  - 'count', row_id r = 1 .. n_bootstrap: value_g = sum_u c(r, u) * delta_g(u) and weight_g = sum_u c(r, u)
    (bootstrap_sums);
  - 'unit', row_id the query_id: the (pair, query)'s draw key, its deltas value_1 .. value_G as
    search_query_deltas holds them and its delta_fingerprint.
  The draws depend on (r, unit key) only and the sums are sums, so an incremental build corrects them: for each
  (pair, query) key whose fingerprint moved (search_metrics_int_comparison_query_fingerprints) it adds the new
  unit's terms and takes the kept unit's away (one row per key, its new deltas less its kept ones), and writes the
  pair's sums rows with the pair's new fingerprint; a key gone is taken away and its unit row deleted
  (delete_retired_resamples). A first or full build, or a pair on Spark whose fingerprint moved
  (comparison_sums_corrected false: its partition is dropped and written whole, every row with the pair's
  comparison_fingerprint), sums every unit. Within floating-point summation order, the sums equal a full build's
  (docs/comparisons.md, "Incremental builds"). A correcting build in which every pair's sums carry its current
  fingerprint selects no row (comparison_resamples_pending).
  search_run_comparison reads the sums rows (comparison_tests' replicate_sums) for the pairs it builds.
-#}
{%- set build_settings = search_metrics.comparison_build_settings() -%}
{%- set model_enabled = search_metrics.family_enabled('comparisons') -%}
{{ config(enabled=model_enabled, **search_metrics.comparison_resamples_config(build_settings)) }}
{%- if model_enabled %}
{%- set metric_groups = search_metrics.comparison_metric_groups() -%}
{%- set n_groups = metric_groups | length -%}
{%- set n_permutations = search_metrics.get_replicate_count('search_metrics_permutations', 1000) -%}
{%- set n_bootstrap = search_metrics.get_replicate_count('search_metrics_bootstrap_samples', 1000) -%}
{%- set corrected = search_metrics.comparison_sums_corrected() -%}
{#- an incremental build that corrects the kept sums (else every pair to build is summed whole) #}
{%- set corrects = corrected and is_incremental() -%}
{%- set pair_keys = ['baseline', 'candidate'] -%}
{%- set query_keys = ['baseline', 'candidate', 'query_id'] -%}
{%- set double = search_metrics.type_double() -%}
{%- if corrects and not search_metrics.comparison_resamples_pending(ref('search_metrics_int_comparison_fingerprints')) %}
-- every compared pair's sums carry its current fingerprint (comparison_resamples_pending): no row to write
select * from {{ this }} where 1 = 0
{%- else %}

with metric_groups as (
    {{- search_metrics.literal_relation(['metric', 'k_key', 'metric_group'], metric_groups) | indent(4) }}
),

{%- if corrects %}

compared_pairs as (
    select baseline, candidate, comparison_fingerprint
    from {{ ref('search_metrics_int_comparison_fingerprints') }}
),

current_keys as (
    select baseline, candidate, query_id, delta_fingerprint
    from {{ ref('search_metrics_int_comparison_query_fingerprints') }}
),

kept_units as (
    select
        baseline,
        candidate,
        row_id as query_id,
        unit_key,
        delta_fingerprint
        {%- for g in range(1, n_groups + 1) %},
        value_{{ g }} as delta_{{ g }}
        {%- endfor %}
    from {{ this }}
    where row_kind = 'unit'
),

-- the keys whose unit is new or moved: their current unit's terms are added
moved_keys as (
    select
        current_keys.baseline,
        current_keys.candidate,
        current_keys.query_id,
        current_keys.delta_fingerprint,
        {{ search_metrics.hash_unit_key('current_keys.query_id') }} as unit_key,
        {#- a unit row carries no pair fingerprint where units are replaced one by one #}
        cast(null as {{ dbt.type_string() }}) as comparison_fingerprint
    from current_keys
    inner join compared_pairs
        on {{ search_metrics.keys_equal(pair_keys, 'compared_pairs', 'current_keys') }}
    where not exists (
        select 1
        from kept_units
        where {{ search_metrics.keys_equal(query_keys, 'kept_units', 'current_keys') }}
            and kept_units.delta_fingerprint = current_keys.delta_fingerprint
    )
),

-- the kept units that moved or are gone: their terms are taken away
retired_units as (
    select kept_units.*
    from kept_units
    inner join compared_pairs
        on {{ search_metrics.keys_equal(pair_keys, 'compared_pairs', 'kept_units') }}
    where not exists (
        select 1
        from current_keys
        where {{ search_metrics.keys_equal(query_keys, 'current_keys', 'kept_units') }}
            and current_keys.delta_fingerprint = kept_units.delta_fingerprint
    )
),

kept_sums as (
    select *
    from {{ this }}
    where row_kind in ('sign', 'count')
),

-- the pairs whose sums rows are written: a unit moved, or the pair's fingerprint is not the one its sums carry
pairs_to_build as (
    select compared_pairs.baseline, compared_pairs.candidate, compared_pairs.comparison_fingerprint
    from compared_pairs
    where exists (select 1 from moved_keys where {{ search_metrics.keys_equal(pair_keys, 'moved_keys', 'compared_pairs') }})
        or exists (select 1 from retired_units where {{ search_metrics.keys_equal(pair_keys, 'retired_units', 'compared_pairs') }})
        or not exists (
            select 1
            from kept_sums
            where {{ search_metrics.keys_equal(pair_keys, 'kept_sums', 'compared_pairs') }}
                and kept_sums.comparison_fingerprint = compared_pairs.comparison_fingerprint
        )
),

{%- else %}

-- a first or full build: every compared pair; Spark's incremental build: the pairs its pre-hook dropped or new
pairs_to_build as (
    {{ search_metrics.judged_keys_to_build(ref('search_metrics_int_comparison_fingerprints'), pair_keys) | indent(4) }}
),

moved_keys as (
    select
        query_states.baseline,
        query_states.candidate,
        query_states.query_id,
        query_states.delta_fingerprint,
        {{ search_metrics.hash_unit_key('query_states.query_id') }} as unit_key,
        {#- a unit row carries the pair's fingerprint only where a pair's rows are written whole (Spark) #}
        {{ 'cast(null as ' ~ dbt.type_string() ~ ')' if corrected else 'pairs_to_build.comparison_fingerprint' }} as comparison_fingerprint
    from {{ ref('search_metrics_int_comparison_query_fingerprints') }} as query_states
    inner join pairs_to_build
        on {{ search_metrics.keys_equal(pair_keys, 'pairs_to_build', 'query_states') }}
),

{%- endif %}

-- each moved key's deltas (every row search_query_deltas has for it, the null deltas too, so that a key whose
-- metrics are never paired keeps a unit row), numbered by group
moved_deltas as (
    select
        moved_keys.baseline,
        moved_keys.candidate,
        moved_keys.delta_fingerprint,
        moved_keys.comparison_fingerprint,
        metric_groups.metric_group as spread_index,
        moved_keys.query_id as unit_id,
        moved_keys.unit_key,
        query_deltas.delta
    from {{ ref('search_query_deltas') }} as query_deltas
    inner join moved_keys
        on {{ search_metrics.keys_equal(query_keys, 'moved_keys', 'query_deltas') }}
    inner join metric_groups
        on metric_groups.metric = query_deltas.metric
        and metric_groups.k_key = coalesce(query_deltas.k, 0)
),

-- one row per moved key: its draw key and the deltas of the G groups side by side
moved_units as {{ search_metrics.materialized_cte() }} (
    {{ search_metrics.wide_units('moved_deltas', ['baseline', 'candidate', 'delta_fingerprint', 'comparison_fingerprint'], n_groups) | indent(4) }}
),

{%- if corrects %}

-- the units whose terms change the kept sums, one row per moved key (drawn once, as its draws are the query's): its
-- new deltas less its kept unit's (a key new or gone has one side only) and, per group, its change of presence
-- (+1, -1 or 0), which the bootstrap's weights follow
changed_units as {{ search_metrics.materialized_cte() }} (
    select
        coalesce(moved_units.baseline, retired_units.baseline) as baseline,
        coalesce(moved_units.candidate, retired_units.candidate) as candidate,
        coalesce(moved_units.unit_key, retired_units.unit_key) as unit_key
        {%- for g in range(1, n_groups + 1) %},
        case
            when moved_units.delta_{{ g }} is not null or retired_units.delta_{{ g }} is not null
                then coalesce(moved_units.delta_{{ g }}, cast(0 as {{ double }}))
                    - coalesce(retired_units.delta_{{ g }}, cast(0 as {{ double }}))
        end as delta_{{ g }}
        {%- endfor %}
        {%- for g in range(1, n_groups + 1) %},
        (case when moved_units.delta_{{ g }} is not null then 1 else 0 end)
            - (case when retired_units.delta_{{ g }} is not null then 1 else 0 end) as presence_{{ g }}
        {%- endfor %}
    from moved_units
    full outer join retired_units
        on {{ search_metrics.keys_equal(pair_keys, 'retired_units', 'moved_units') }}
        and retired_units.query_id = moved_units.unit_id
),
{%- endif %}
{#- the units summed: the changed ones when correcting the kept sums, else every moved key's unit #}
{%- set summed_units = 'changed_units' if corrects else 'moved_units' %}

sign_changes as (
    {{ search_metrics.sign_flip_sums(summed_units, pair_keys, n_groups, n_permutations) | indent(4) }}
),

count_changes as (
    {{ search_metrics.bootstrap_sums(summed_units, pair_keys, n_groups, n_bootstrap, 'presence_' if corrects else none) | indent(4) }}
),

sum_changes as (
    select
        baseline,
        candidate,
        'sign' as row_kind,
        cast(replicate as {{ dbt.type_string() }}) as row_id
        {%- for g in range(1, n_groups + 1) %},
        value_{{ g }}
        {%- endfor %}
        {%- for g in range(1, n_groups + 1) %},
        cast(null as {{ dbt.type_bigint() }}) as weight_{{ g }}
        {%- endfor %}
    from sign_changes
    union all
    select
        baseline,
        candidate,
        'count' as row_kind,
        cast(replicate as {{ dbt.type_string() }}) as row_id
        {%- for g in range(1, n_groups + 1) %},
        value_{{ g }}
        {%- endfor %}
        {%- for g in range(1, n_groups + 1) %},
        weight_{{ g }}
        {%- endfor %}
    from count_changes
),

-- the pairs' sums: the kept ones plus the changes (a pair without kept sums: the changes alone)
pair_sums as (
    {%- if corrects %}
    select
        pairs_to_build.baseline,
        pairs_to_build.candidate,
        pairs_to_build.comparison_fingerprint,
        coalesce(kept.row_kind, changes.row_kind) as row_kind,
        coalesce(kept.row_id, changes.row_id) as row_id
        {%- for g in range(1, n_groups + 1) %},
        coalesce(kept.value_{{ g }}, cast(0 as {{ double }})) + coalesce(changes.value_{{ g }}, cast(0 as {{ double }})) as value_{{ g }}
        {%- endfor %}
        {%- for g in range(1, n_groups + 1) %},
        case
            when coalesce(kept.row_kind, changes.row_kind) = 'count'
                then coalesce(kept.weight_{{ g }}, 0) + coalesce(changes.weight_{{ g }}, 0)
        end as weight_{{ g }}
        {%- endfor %}
    from (
        select kept_sums.*
        from kept_sums
        inner join pairs_to_build
            on {{ search_metrics.keys_equal(pair_keys, 'pairs_to_build', 'kept_sums') }}
    ) as kept
    full outer join sum_changes as changes
        on {{ search_metrics.keys_equal(pair_keys + ['row_kind', 'row_id'], 'changes', 'kept') }}
    inner join pairs_to_build
        on pairs_to_build.baseline = coalesce(kept.baseline, changes.baseline)
        and pairs_to_build.candidate = coalesce(kept.candidate, changes.candidate)
    {%- else %}
    select
        pairs_to_build.baseline,
        pairs_to_build.candidate,
        pairs_to_build.comparison_fingerprint,
        changes.row_kind,
        changes.row_id
        {%- for g in range(1, n_groups + 1) %},
        changes.value_{{ g }}
        {%- endfor %}
        {%- for g in range(1, n_groups + 1) %},
        changes.weight_{{ g }}
        {%- endfor %}
    from sum_changes as changes
    inner join pairs_to_build
        on {{ search_metrics.keys_equal(pair_keys, 'pairs_to_build', 'changes') }}
    {%- endif %}
),

state_rows as (
    select
        baseline,
        candidate,
        row_kind,
        row_id,
        cast(null as {{ dbt.type_bigint() }}) as unit_key
        {%- for g in range(1, n_groups + 1) %},
        value_{{ g }}
        {%- endfor %}
        {%- for g in range(1, n_groups + 1) %},
        weight_{{ g }}
        {%- endfor %},
        cast(null as {{ dbt.type_string() }}) as delta_fingerprint,
        comparison_fingerprint
    from pair_sums
    union all
    select
        baseline,
        candidate,
        'unit' as row_kind,
        unit_id as row_id,
        unit_key
        {%- for g in range(1, n_groups + 1) %},
        delta_{{ g }} as value_{{ g }}
        {%- endfor %}
        {%- for g in range(1, n_groups + 1) %},
        cast(null as {{ dbt.type_bigint() }}) as weight_{{ g }}
        {%- endfor %},
        delta_fingerprint,
        comparison_fingerprint
    from moved_units
)

select
    cast(baseline as {{ dbt.type_string() }}) as baseline,
    cast(candidate as {{ dbt.type_string() }}) as candidate,
    cast(row_kind as {{ dbt.type_string() }}) as row_kind,
    cast(row_id as {{ dbt.type_string() }}) as row_id,
    cast(unit_key as {{ dbt.type_bigint() }}) as unit_key
    {%- for g in range(1, n_groups + 1) %},
    {{ search_metrics.as_double('value_' ~ g) }} as value_{{ g }}
    {%- endfor %}
    {%- for g in range(1, n_groups + 1) %},
    cast(weight_{{ g }} as {{ dbt.type_bigint() }}) as weight_{{ g }}
    {%- endfor %},
    cast(delta_fingerprint as {{ dbt.type_string() }}) as delta_fingerprint,
    cast(comparison_fingerprint as {{ dbt.type_string() }}) as comparison_fingerprint,
    {{ search_metrics.build_settings_column(build_settings) }},
    {{ search_metrics.built_at_column() }}
from state_rows
{%- endif %}
{%- endif %}
