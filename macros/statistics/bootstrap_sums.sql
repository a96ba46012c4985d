{#-
  The replicate sums of the Poisson bootstrap: per row of group columns of `wide_units` (as wide_units lays them
  out: the group columns, unit_key and delta_1 .. delta_G) and replicate r = 1 .. n_bootstrap, with the unit's count
  c(r, u) = poisson_count(hash_draw(hash_replicate_key(7, r), u)) (bootstrap_counted_units): value_g =
  sum_u c(r, u) * delta_g(u) and weight_g = sum_u c(r, u) over the units of spread group g (paired_bootstrap_ci: the
  replicate's value is value_g / weight_g). 0 for a group with no unit.
  presence_prefix: a column prefix of `wide_units`; when given, weight_g = sum_u c(r, u) * <prefix>g instead of the
  sum over the units whose delta_g is not null (search_metrics_int_comparison_resamples' correction: a unit row
  holds a query's new deltas less its kept ones, and <prefix>g its change of presence in group g, +1, -1 or 0).
  Returns the group columns, replicate, value_1 .. value_G (doubles) and weight_1 .. weight_G (whole numbers).
-#}
{% macro bootstrap_sums(wide_units, group_columns, n_spread, n_bootstrap, presence_prefix=none) %}
    {{- return(adapter.dispatch('bootstrap_sums', 'search_metrics')(wide_units, group_columns, n_spread, n_bootstrap, presence_prefix)) -}}
{% endmacro %}

{% macro default__bootstrap_sums(wide_units, group_columns, n_spread, n_bootstrap, presence_prefix) -%}
    {%- set double = search_metrics.type_double() -%}
    {%- set delta_columns = [] -%}
    {%- for g in range(1, n_spread + 1) -%}{%- do delta_columns.append('delta_' ~ g) -%}{%- endfor -%}
    {%- set presence_columns = [] -%}
    {%- if presence_prefix -%}
        {%- for g in range(1, n_spread + 1) -%}{%- do presence_columns.append(presence_prefix ~ g) -%}{%- endfor -%}
    {%- endif -%}
    with bss_replicates as {{ search_metrics.materialized_cte() }} (
        {{ search_metrics.replicate_keys(7, n_bootstrap) | indent(8) }}
    ),

    -- every unit row under every replicate with its Poisson count
    bss_counted_units as (
        {{ search_metrics.bootstrap_counted_units(wide_units, 'bss_replicates', group_columns,
                                                  delta_columns + presence_columns) | indent(8) }}
    )

    select
        {% for column in group_columns %}{{ column }}, {% endfor %}
        replicate
        {%- for g in range(1, n_spread + 1) %},
        coalesce(cast(sum(n_picked * delta_{{ g }}) as {{ double }}), cast(0 as {{ double }})) as value_{{ g }}
        {%- endfor %}
        {%- for g in range(1, n_spread + 1) %},
        {%- if presence_prefix %}
        coalesce(cast(sum(n_picked * {{ presence_prefix ~ g }}) as {{ dbt.type_bigint() }}), 0) as weight_{{ g }}
        {%- else %}
        coalesce(cast(sum(case when delta_{{ g }} is not null then n_picked end) as {{ dbt.type_bigint() }}), 0) as weight_{{ g }}
        {%- endif %}
        {%- endfor %}
    from bss_counted_units
    group by {% for column in group_columns %}{{ column }}, {% endfor %}replicate
{%- endmacro %}
