{#-
  Deterministic percentile-bootstrap confidence interval of the mean delta per group. `relation` has the group
  columns, unit_index (1 .. n within the group) and a non-null delta. Replicate r = 1 .. n_bootstrap draws n units
  with replacement: slot j = 1 .. n takes the unit with index hash_draw(hash_replicate_key(2, r), j) mod n + 1;
  the replicate's value is the mean of the n drawn deltas. ci_low and ci_high are the percentile_interval of the
  replicate means at `level`. Returns the group columns, ci_low and ci_high.
-#}
{% macro paired_bootstrap_ci(relation, group_columns, n_bootstrap, level) %}
    {{- return(adapter.dispatch('paired_bootstrap_ci', 'search_metrics')(relation, group_columns, n_bootstrap, level)) -}}
{% endmacro %}

{% macro default__paired_bootstrap_ci(relation, group_columns, n_bootstrap, level) -%}
    with bs_units as (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            unit_index,
            delta,
            count(*) over (partition by {{ group_columns | join(', ') }}) as n_units
        from {{ relation }}
    ),

    bs_sizes as (
        select distinct n_units from bs_units
    ),

    bs_replicates as (
        select
            n as replicate,
            {{ search_metrics.hash_replicate_key(2, 'n') }} as replicate_key
        from ({{ search_metrics.integers_relation(n_bootstrap) }}) as bs_replicate_numbers
    ),

    bs_slots as (
        select distinct unit_index as slot from {{ relation }}
    ),

    bs_picks as (
        {#- the draws depend on (replicate, slot) only, so they are computed once per group size #}
        select
            bs_sizes.n_units,
            bs_replicates.replicate,
            {{ search_metrics.modulo(search_metrics.hash_draw('bs_replicates.replicate_key', 'bs_slots.slot'), 'bs_sizes.n_units') }} + 1 as picked_index
        from bs_sizes
        cross join bs_replicates
        inner join bs_slots on bs_slots.slot <= bs_sizes.n_units
    ),

    bs_means as (
        select
            {% for column in group_columns %}bs_units.{{ column }}, {% endfor %}
            bs_picks.replicate,
            avg(bs_units.delta) as replicate_mean
        from bs_picks
        inner join bs_units
            on bs_units.n_units = bs_picks.n_units
            and bs_units.unit_index = bs_picks.picked_index
        group by {% for column in group_columns %}bs_units.{{ column }}, {% endfor %}bs_picks.replicate
    )

    {{ search_metrics.percentile_interval('bs_means', group_columns, 'replicate_mean', 'replicate', n_bootstrap, level) }}
{%- endmacro %}
