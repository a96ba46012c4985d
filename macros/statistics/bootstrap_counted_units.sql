{#-
  The rows of bootstrap_sums' pass: every row of `wide_units` (the group columns, unit_key and delta_1 .. delta_G,
  wide_units) under every replicate of `replicates` (replicate, replicate_key), with its Poisson count
  n_picked = poisson_count(hash_draw(replicate_key, unit_key)). Returns the group columns, replicate, n_picked and
  the `carried_columns` of `wide_units` (the delta columns, a weight). The default draws the count as the rows
  stream (units cross join replicates).
-#}
{% macro bootstrap_counted_units(wide_units, replicates, group_columns, carried_columns) %}
    {{- return(adapter.dispatch('bootstrap_counted_units', 'search_metrics')(wide_units, replicates, group_columns, carried_columns)) -}}
{% endmacro %}

{% macro default__bootstrap_counted_units(wide_units, replicates, group_columns, carried_columns) -%}
    select
        {% for column in group_columns %}{{ column }}, {% endfor %}
        replicate,
        {{ search_metrics.poisson_count('unit_draw') | indent(8) }} as n_picked
        {%- for column in carried_columns %},
        {{ column }}
        {%- endfor %}
    from (
        select
            {% for column in group_columns %}{{ wide_units }}.{{ column }}, {% endfor %}
            {{ replicates }}.replicate,
            {{ search_metrics.hash_draw(replicates ~ '.replicate_key', wide_units ~ '.unit_key') }} as unit_draw
            {%- for column in carried_columns %},
            {{ wide_units }}.{{ column }}
            {%- endfor %}
        from {{ wide_units }}
        cross join {{ replicates }}
    ) as drawn_units
{%- endmacro %}

{#- PostgreSQL pulls the streamed subquery up into the sums that read n_picked (two per delta column), computing the
    draw again in each: the counts are drawn once into a narrow materialized relation per (group columns, unit_key,
    replicate) and joined back to the wide units. The parity test's search_run_comparison (postgres-defaults, one
    process, 2026-12-01): 11.9 s streamed, 3.7 s so (5.4 s with the draws by position before). -#}
{% macro postgres__bootstrap_counted_units(wide_units, replicates, group_columns, carried_columns) -%}
    with bs_unit_counts as materialized (
        select
            {% for column in group_columns %}unit_keys.{{ column }}, {% endfor %}
            unit_keys.unit_key,
            {{ replicates }}.replicate,
            {{ search_metrics.poisson_count(search_metrics.hash_draw(replicates ~ '.replicate_key', 'unit_keys.unit_key')) | indent(12) }} as n_picked
        from (select distinct {% for column in group_columns %}{{ column }}, {% endfor %}unit_key from {{ wide_units }}) as unit_keys
        cross join {{ replicates }}
    )

    select
        {% for column in group_columns %}{{ wide_units }}.{{ column }}, {% endfor %}
        bs_unit_counts.replicate,
        bs_unit_counts.n_picked
        {%- for column in carried_columns %},
        {{ wide_units }}.{{ column }}
        {%- endfor %}
    from {{ wide_units }}
    inner join bs_unit_counts
        on {% for column in group_columns %}bs_unit_counts.{{ column }} = {{ wide_units }}.{{ column }}
        and {% endfor %}bs_unit_counts.unit_key = {{ wide_units }}.unit_key
{%- endmacro %}
