{#-
  Deterministic percentile-bootstrap confidence interval of the mean delta per group, with picks by the units'
  index (the multinomial bootstrap; the interleaving verdicts', interleaving_verdicts; the paired comparisons draw
  by query instead, paired_bootstrap_ci). `relation` has the group columns, unit_index (1 .. n within the group)
  and a non-null delta. Replicate r = 1 .. n_bootstrap draws n units
  with replacement: slot j = 1 .. n takes the unit with index hash_draw(hash_replicate_key(2, r), j) mod n + 1;
  the replicate's value is the mean of the n drawn deltas. ci_low and ci_high are the percentile_interval of the
  replicate means at `level`. Returns the group columns, ci_low and ci_high.
  The draws depend on (n, r, j) only: they are counted once per group size n (how often replicate r picks index
  i), and a replicate's mean is sum_i count(r, i) * delta_i / n.
-#}
{% macro indexed_bootstrap_ci(relation, group_columns, n_bootstrap, level) %}
    {{- return(adapter.dispatch('indexed_bootstrap_ci', 'search_metrics')(relation, group_columns, n_bootstrap, level)) -}}
{% endmacro %}

{% macro default__indexed_bootstrap_ci(relation, group_columns, n_bootstrap, level) -%}
    {%- set rows = group_columns | join(', ') -%}
    {#- The count of picks is keyed by (group size, replicate, index) as 32-bit integers (the group sizes are cast
        where they are counted), and the unit rows it joins by (group size, index) too: at 100k units the count
        holds some 230M groups, and the narrower keys made it about a fifth cheaper there (bench/README.md, "The
        comparisons"). They count units and replicates; the draw itself stays 64-bit. #}
    {%- set int = dbt.type_int() -%}
    with bs_group_sizes as (
        select
            {{ rows }},
            cast(count(*) as {{ int }}) as n_units
        from {{ relation }}
        group by {{ rows }}
    ),

    -- one row per unit, with its group's size
    bs_sized_units as (
        select
            {% for column in group_columns %}units.{{ column }}, {% endfor %}
            bs_group_sizes.n_units,
            cast(units.unit_index as {{ int }}) as unit_index,
            units.delta
        from {{ relation }} as units
        inner join bs_group_sizes
            on {% for column in group_columns %}bs_group_sizes.{{ column }} = units.{{ column }}{% if not loop.last %}
            and {% endif %}{% endfor %}
    ),

    bs_sizes as (
        select distinct n_units from bs_group_sizes
    ),

    bs_replicates as (
        {{ search_metrics.replicate_keys(2, n_bootstrap) | indent(8) }}
    ),

    bs_slots as (
        select distinct unit_index as slot from bs_sized_units
    ),

    bs_picks as (
        select
            bs_sizes.n_units,
            cast(bs_replicates.replicate as {{ int }}) as replicate,
            cast({{ search_metrics.modulo(search_metrics.hash_draw('bs_replicates.replicate_key', 'bs_slots.slot'), 'bs_sizes.n_units') }} + 1 as {{ int }}) as picked_index
        from bs_sizes
        cross join bs_replicates
        inner join bs_slots on bs_slots.slot <= bs_sizes.n_units
    ),

    bs_pick_counts as (
        select
            n_units,
            replicate,
            picked_index,
            count(*) as n_picked
        from bs_picks
        group by n_units, replicate, picked_index
    ),

    bs_means as {{ search_metrics.materialized_cte() }} (
        select
            {% for column in group_columns %}bs_sized_units.{{ column }}, {% endfor %}
            bs_pick_counts.replicate,
            sum(bs_pick_counts.n_picked * bs_sized_units.delta) / bs_sized_units.n_units as replicate_mean
        from bs_pick_counts
        inner join bs_sized_units
            on bs_sized_units.n_units = bs_pick_counts.n_units
            and bs_sized_units.unit_index = bs_pick_counts.picked_index
        group by {% for column in group_columns %}bs_sized_units.{{ column }}, {% endfor %}bs_sized_units.n_units, bs_pick_counts.replicate
    )

    {{ search_metrics.percentile_interval('bs_means', group_columns, 'replicate_mean', 'replicate', n_bootstrap, level) }}
{%- endmacro %}
