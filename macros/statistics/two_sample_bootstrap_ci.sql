{#-
  Deterministic percentile-bootstrap confidence interval of mean_c - mean_b per group (two independent
  samples). `relation` has the group columns, arm ('baseline' or 'candidate'), unit_index (1 .. n_arm within the
  group and arm) and a non-null value. Replicate r = 1 .. n_bootstrap resamples each arm with replacement: slot
  j = 1 .. n_arm of the baseline arm takes the baseline unit with index hash_draw(hash_replicate_key(3, r), j)
  mod n_b + 1, the candidate arm likewise with stream 4 and n_c; the replicate's value is the candidate mean
  minus the baseline mean. ci_low and ci_high are the percentile_interval of the replicate values at `level`;
  only groups with both arms are returned.
-#}
{% macro two_sample_bootstrap_ci(relation, group_columns, n_bootstrap, level) %}
    {{- return(adapter.dispatch('two_sample_bootstrap_ci', 'search_metrics')(relation, group_columns, n_bootstrap, level)) -}}
{% endmacro %}

{% macro default__two_sample_bootstrap_ci(relation, group_columns, n_bootstrap, level) -%}
    with tb_units as (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            arm,
            unit_index,
            value,
            count(*) over (partition by {% for column in group_columns %}{{ column }}, {% endfor %}arm) as n_arm
        from {{ relation }}
    ),

    tb_sizes as (
        select distinct arm, n_arm from tb_units
    ),

    tb_replicate_numbers as (
        {{ search_metrics.integers_relation(n_bootstrap) | indent(8) }}
    ),

    tb_replicates as (
        select
            cast('baseline' as {{ dbt.type_string() }}) as arm,
            n as replicate,
            {{ search_metrics.hash_replicate_key(3, 'n') }} as replicate_key
        from tb_replicate_numbers
        union all
        select
            cast('candidate' as {{ dbt.type_string() }}) as arm,
            n as replicate,
            {{ search_metrics.hash_replicate_key(4, 'n') }} as replicate_key
        from tb_replicate_numbers
    ),

    tb_slots as (
        select distinct unit_index as slot from {{ relation }}
    ),

    tb_picks as (
        select
            tb_sizes.arm,
            tb_sizes.n_arm,
            tb_replicates.replicate,
            {{ search_metrics.modulo(search_metrics.hash_draw('tb_replicates.replicate_key', 'tb_slots.slot'), 'tb_sizes.n_arm') }} + 1 as picked_index
        from tb_sizes
        inner join tb_replicates on tb_replicates.arm = tb_sizes.arm
        inner join tb_slots on tb_slots.slot <= tb_sizes.n_arm
    ),

    tb_arm_means as (
        select
            {% for column in group_columns %}tb_units.{{ column }}, {% endfor %}
            tb_units.arm,
            tb_picks.replicate,
            avg(tb_units.value) as arm_mean
        from tb_picks
        inner join tb_units
            on tb_units.arm = tb_picks.arm
            and tb_units.n_arm = tb_picks.n_arm
            and tb_units.unit_index = tb_picks.picked_index
        group by {% for column in group_columns %}tb_units.{{ column }}, {% endfor %}tb_units.arm, tb_picks.replicate
    ),

    tb_differences as (
        {#- one grouped pass rather than a self-join of the arm means (which PostgreSQL, on a low row estimate, ran
            as a nested loop over every pair of rows); a group with one arm only has no row, as with the join #}
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            replicate,
            max(case when arm = 'candidate' then arm_mean end) - max(case when arm = 'baseline' then arm_mean end)
                as replicate_difference
        from tb_arm_means
        group by {% for column in group_columns %}{{ column }}, {% endfor %}replicate
        having count(case when arm = 'candidate' then 1 end) > 0
            and count(case when arm = 'baseline' then 1 end) > 0
    )

    {{ search_metrics.percentile_interval('tb_differences', group_columns, 'replicate_difference', 'replicate', n_bootstrap, level) }}
{%- endmacro %}
