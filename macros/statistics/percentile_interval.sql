{#-
  The central `level` interval of replicate values per group (percentile bootstrap), with the linear
  interpolation of numpy's default percentile ("type 7"): the group's B replicate values sorted ascending
  (ties by replicate number) are x_0 .. x_{B-1}; for q = (1 - level) / 2 (ci_low) and 1 - q (ci_high),
  h = (B - 1) * q, lo = floor(h), value = x_lo + (h - lo) * (x_{lo+1} - x_lo) (just x_lo when h - lo = 0 or
  lo = B - 1). With `n_replicates` a number, every group must have exactly that many rows and q, h and h - lo are
  computed at compile time in double precision; with `n_replicates` none, B is each group's own count of rows and
  h = (B - 1) * q is computed in the query, in double precision, as the compile-time arithmetic would (q is
  still a compile-time double). Returns the group columns, ci_low and ci_high.
-#}
{% macro percentile_interval(relation, group_columns, value_column, replicate_column, n_replicates, level) %}
    {{- return(adapter.dispatch('percentile_interval', 'search_metrics')(relation, group_columns, value_column, replicate_column, n_replicates, level)) -}}
{% endmacro %}

{% macro default__percentile_interval(relation, group_columns, value_column, replicate_column, n_replicates, level) -%}
    {%- set q_low = (1 - level) / 2 -%}
    {%- set double = search_metrics.type_double() -%}
    {%- set value_at = 'max(case when replicate_position = {} then replicate_value end)' -%}
    select
        {% for column in group_columns %}{{ column }},
        {% endfor -%}
        {%- for name, q in [('ci_low', q_low), ('ci_high', 1 - q_low)] %}
        {%- if n_replicates is none %}
        {#- h = (B - 1) * q per group; lo + 1 and lo + 2 are the 1-based positions of x_lo and x_(lo + 1) #}
        {%- set h = 'cast(replicate_count - 1 as ' ~ double ~ ') * cast(' ~ q ~ ' as ' ~ double ~ ')' -%}
        {%- set lo = 'floor(' ~ h ~ ')' -%}
        {%- set x_lo = value_at.format('cast(' ~ lo ~ ' as ' ~ dbt.type_bigint() ~ ') + 1') -%}
        case
            when {{ h }} - {{ lo }} > 0 and {{ lo }} + 1 < replicate_count
                then {{ x_lo }} + ({{ h }} - {{ lo }})
                    * ({{ value_at.format('cast(' ~ lo ~ ' as ' ~ dbt.type_bigint() ~ ') + 2') }} - {{ x_lo }})
            else {{ x_lo }}
        end as {{ name }}{{ ',' if not loop.last }}
        {%- else %}
        {%- set h = (n_replicates - 1) * q -%}
        {%- set lo = h | int -%}
        {%- set fraction = h - lo -%}
        {%- set x_lo = value_at.format(lo + 1) -%}
        {%- if fraction > 0 and lo + 1 < n_replicates %}
        {{ x_lo }} + cast({{ fraction }} as {{ double }})
            * ({{ value_at.format(lo + 2) }} - {{ x_lo }}) as {{ name }}
        {%- else %}
        {{ x_lo }} as {{ name }}
        {%- endif %}{{ ',' if not loop.last }}
        {%- endif %}
        {%- endfor %}
    from (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            {{ value_column }} as replicate_value,
            {%- if n_replicates is none %}
            count(*) over (partition by {{ group_columns | join(', ') }}) as replicate_count,
            {%- endif %}
            row_number() over (
                partition by {{ group_columns | join(', ') }}
                order by {{ value_column }}, {{ replicate_column }}
            ) as replicate_position
        from {{ relation }}
    ) as sorted_replicates
    group by {{ group_columns | join(', ') }}{{ ', replicate_count' if n_replicates is none }}
{%- endmacro %}
