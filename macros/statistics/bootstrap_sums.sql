{#-
  The replicate sums of the paired percentile bootstrap (paired_bootstrap_ci), per group and replicate, without the
  interval. `relation` has the group columns, unit_index and a non-null delta. A group of n units: replicate
  r = 1 .. n_bootstrap draws n units with replacement, slot j = 1 .. n taking the unit with index
  hash_draw(hash_replicate_key(2, r), j) mod n + 1; the replicate's sum is sum_i count(n, r, i) * delta_i, where
  count(n, r, i) is how often replicate r picks index i (the draws depend on (n, r, j) only, so they are counted once
  per group size). Returns the group columns, the spread column (when spread), n_units, replicate and
  replicate_sum, one row per group with a unit and replicate.
  The sum is linear in the deltas: with `size_column`, the column of `relation` holding each unit's group size n,
  the relation may hold only some units of its groups (for example the changes d' - d of the units whose delta
  moved), and the sums are what those units add to each replicate sum (search_metrics_int_comparison_resample_updates);
  then only the picks of those units are counted, and `slots` names a relation whose column `slot` holds every
  index 1 .. n of the largest group (the slots each replicate draws for). Without them, a group's size is its count
  of units and the slots its unit indices.
  spread = {'column': c, 'count': G}: as in sign_flip_sums, the groups are the group columns and column c (1 .. G,
  known at compile time); the units of the groups of one size are laid out wide, so that one pass over the counts
  gives the replicate sums of all of them. Same result.
-#}
{% macro bootstrap_sums(relation, group_columns, n_bootstrap, spread=none, size_column=none, slots=none) %}
    {{- return(adapter.dispatch('bootstrap_sums', 'search_metrics')(relation, group_columns, n_bootstrap, spread, size_column, slots)) -}}
{% endmacro %}

{% macro default__bootstrap_sums(relation, group_columns, n_bootstrap, spread, size_column, slots) -%}
    {%- set n_spread = spread.count if spread else 1 -%}
    {%- set rows = group_columns | join(', ') -%}
    {#- The count of picks is keyed by (group size, replicate, index) as 32-bit integers (the group sizes are cast
        where they are counted), and the wide unit rows it joins by (group size, index) too: at 100k units the
        count holds some 230M groups, and the narrower keys made it about a fifth cheaper there (bench/README.md,
        "The comparisons"). They count units and replicates; the draw itself stays 64-bit. #}
    {%- set int = dbt.type_int() -%}
    with bs_units as (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            {{ spread.column if spread else '1' }} as spread_index,
            unit_index,
            {%- if size_column %}
            cast({{ size_column }} as {{ int }}) as n_units,
            {%- endif %}
            delta
        from {{ relation }}
    ),

    bs_group_sizes as (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            spread_index,
            {%- if size_column %}
            max(n_units) as n_units
            {%- else %}
            cast(count(*) as {{ int }}) as n_units
            {%- endif %}
        from bs_units
        group by {{ rows }}, spread_index
    ),

    -- one row per (group columns, group size, unit_index): the deltas of the spread groups of that size side by side
    {#- read twice with size_column (the units whose picks are counted, and the sums): materialized on PostgreSQL #}
    bs_wide_units as {{ search_metrics.materialized_cte() if size_column else '' }} (
        select
            {% for column in group_columns %}bs_units.{{ column }}, {% endfor %}
            bs_group_sizes.n_units,
            cast(bs_units.unit_index as {{ int }}) as unit_index
            {%- for g in range(1, n_spread + 1) %},
            max(case when bs_units.spread_index = {{ g }} then bs_units.delta end) as delta_{{ g }}
            {%- endfor %}
        from bs_units
        inner join bs_group_sizes
            on {% for column in group_columns %}bs_group_sizes.{{ column }} = bs_units.{{ column }}
            and {% endfor %}bs_group_sizes.spread_index = bs_units.spread_index
        group by {% for column in group_columns %}bs_units.{{ column }}, {% endfor %}bs_group_sizes.n_units, bs_units.unit_index
    ),

    bs_sizes as (
        select distinct n_units from bs_group_sizes
    ),

    bs_replicates as (
        select
            n as replicate,
            {{ search_metrics.hash_replicate_key(2, 'n') }} as replicate_key
        from ({{ search_metrics.integers_relation(n_bootstrap) }}) as bs_replicate_numbers
    ),

    bs_slots as (
        {%- if slots %}
        select slot from {{ slots }}
        {%- else %}
        select distinct unit_index as slot from bs_units
        {%- endif %}
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
            bs_picks.n_units,
            bs_picks.replicate,
            bs_picks.picked_index,
            count(*) as n_picked
        from bs_picks
        {%- if size_column %}
        {#- only the picks of the units in `relation` #}
        inner join (select distinct n_units, unit_index from bs_wide_units) as bs_picked_units
            on bs_picked_units.n_units = bs_picks.n_units
            and bs_picked_units.unit_index = bs_picks.picked_index
        {%- endif %}
        group by bs_picks.n_units, bs_picks.replicate, bs_picks.picked_index
    ),

    bs_wide_sums as {{ search_metrics.materialized_cte() }} (
        select
            {% for column in group_columns %}bs_wide_units.{{ column }}, {% endfor %}
            bs_wide_units.n_units,
            bs_pick_counts.replicate
            {%- for g in range(1, n_spread + 1) %},
            sum(bs_pick_counts.n_picked * bs_wide_units.delta_{{ g }}) as replicate_sum_{{ g }}
            {%- endfor %}
        from bs_pick_counts
        inner join bs_wide_units
            on bs_wide_units.n_units = bs_pick_counts.n_units
            and bs_wide_units.unit_index = bs_pick_counts.picked_index
        group by {% for column in group_columns %}bs_wide_units.{{ column }}, {% endfor %}bs_wide_units.n_units, bs_pick_counts.replicate
    )

    {#- each group's sums from the wide rows of its size (a group without a unit in `relation` has none); a
        replicate that picks none of a group's units in `relation` (possible when it holds only some) adds 0 and has
        no row #}
    select
        {% for column in group_columns %}bs_group_sizes.{{ column }}, {% endfor %}
        {%- if spread %}
        bs_group_sizes.spread_index as {{ spread.column }},
        {%- endif %}
        bs_group_sizes.n_units,
        bs_wide_sums.replicate,
        {%- if n_spread == 1 %}
        bs_wide_sums.replicate_sum_1
        {%- else %}
        case bs_group_sizes.spread_index
            {%- for g in range(1, n_spread + 1) %}
            when {{ g }} then bs_wide_sums.replicate_sum_{{ g }}
            {%- endfor %}
        end
        {%- endif %} as replicate_sum
    from bs_group_sizes
    inner join bs_wide_sums
        on {% for column in group_columns %}bs_wide_sums.{{ column }} = bs_group_sizes.{{ column }}
        and {% endfor %}bs_wide_sums.n_units = bs_group_sizes.n_units
{%- endmacro %}
