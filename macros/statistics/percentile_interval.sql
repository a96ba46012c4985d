{#-
  The central `level` interval of replicate values per group (percentile bootstrap), with the linear
  interpolation of numpy's default percentile ("type 7"): the group's B replicate values sorted ascending
  (ties by replicate number) are x_0 .. x_{B-1}; for q = (1 - level) / 2 (ci_low) and 1 - q (ci_high),
  h = (B - 1) * q, lo = floor(h), value = x_lo + (h - lo) * (x_{lo+1} - x_lo) (just x_lo when h - lo = 0 or
  lo = B - 1). q, h and h - lo are computed at compile time in double precision. Every group must have
  exactly `n_replicates` rows. Returns the group columns, ci_low and ci_high.
-#}
{% macro percentile_interval(relation, group_columns, value_column, replicate_column, n_replicates, level) %}
    {{- return(adapter.dispatch('percentile_interval', 'search_metrics')(relation, group_columns, value_column, replicate_column, n_replicates, level)) -}}
{% endmacro %}

{% macro default__percentile_interval(relation, group_columns, value_column, replicate_column, n_replicates, level) -%}
    {%- set q_low = (1 - level) / 2 -%}
    select
        {% for column in group_columns %}{{ column }},
        {% endfor -%}
        {%- for name, q in [('ci_low', q_low), ('ci_high', 1 - q_low)] %}
        {%- set h = (n_replicates - 1) * q -%}
        {%- set lo = h | int -%}
        {%- set fraction = h - lo -%}
        {%- set x_lo = 'max(case when replicate_position = ' ~ (lo + 1) ~ ' then replicate_value end)' -%}
        {%- if fraction > 0 and lo + 1 < n_replicates %}
        {{ x_lo }} + cast({{ fraction }} as {{ search_metrics.type_double() }})
            * (max(case when replicate_position = {{ lo + 2 }} then replicate_value end) - {{ x_lo }}) as {{ name }}
        {%- else %}
        {{ x_lo }} as {{ name }}
        {%- endif %}{{ ',' if not loop.last }}
        {%- endfor %}
    from (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            {{ value_column }} as replicate_value,
            row_number() over (
                partition by {{ group_columns | join(', ') }}
                order by {{ value_column }}, {{ replicate_column }}
            ) as replicate_position
        from {{ relation }}
    ) as sorted_replicates
    group by {{ group_columns | join(', ') }}
{%- endmacro %}
