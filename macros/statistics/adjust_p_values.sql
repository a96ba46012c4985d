{#-
  Multiple-testing adjustment of p-value columns within families of rows: Holm's step-down and
  Benjamini-Hochberg's step-up adjusted p-values (docs/comparisons.md).
    relation: a relation or CTE name with the key columns, the family columns and the p-value columns.
    key_columns: columns that identify a row (not null, unique); they also break ties of p in the window order.
    family_columns: the columns whose values form one family ([] = every row of the relation is one family).
    p_value_columns: the p-value columns to adjust.
  Per family and p-value column, m = the number of non-null p-values; with p(1) <= ... <= p(m) in the order
  (p, key columns): holm(i) = min(1, max_{j <= i} (m - j + 1) p(j)) (a running max) and
  bh(i) = min(1, min_{j >= i} m p(j) / j) (a reverse running min). Equal p-values get equal adjusted values
  whatever the tie order (for a tie p(j) = p(j+1), (m - j + 1) p(j) > (m - j) p(j+1) and m p(j) / j > m p(j+1) / (j + 1)),
  as in statsmodels' multipletests.
  Returns every column of the relation (one row per row) and, per p-value column c, c_holm and c_bh (doubles),
  null where c is null (such rows are not in the family); its working columns are named ap_* (callers select the
  columns they need). The relation is read once: the windows partition each family by whether c is null, so the
  null p-values form a partition of their own. A caller that reads the result instead of joining it back to the
  relation plans the relation once (Spark inlines a CTE at every use).
-#}
{% macro adjust_p_values(relation, key_columns, family_columns, p_value_columns) %}
    {{- return(adapter.dispatch('adjust_p_values', 'search_metrics')(relation, key_columns, family_columns, p_value_columns)) -}}
{% endmacro %}

{% macro default__adjust_p_values(relation, key_columns, family_columns, p_value_columns) -%}
    {%- set double = search_metrics.type_double() -%}
    {%- set keys = key_columns | join(', ') -%}
    with ap_ranked as (
        select
            {{ relation }}.*
            {%- for p_column in p_value_columns %}
            {%- set partition = 'partition by ' ~ ((family_columns + ['case when ' ~ p_column ~ ' is null then 1 else 0 end']) | join(', ')) %},
            count(*) over ({{ partition }}) as ap_family_size_{{ loop.index }},
            row_number() over ({{ partition }} order by {{ p_column }}, {{ keys }}) as ap_rank_{{ loop.index }}
            {%- endfor %}
        from {{ relation }}
    )

    select
        ap_ranked.*
        {%- for p_column in p_value_columns %}
        {%- set i = loop.index %}
        {%- set partition = 'partition by ' ~ ((family_columns + ['case when ' ~ p_column ~ ' is null then 1 else 0 end']) | join(', ')) %},
        case when {{ p_column }} is not null then
            least(
                cast(1 as {{ double }}),
                max(cast(ap_family_size_{{ i }} - ap_rank_{{ i }} + 1 as {{ double }}) * cast({{ p_column }} as {{ double }})) over (
                    {{ partition }} order by {{ p_column }}, {{ keys }}
                    rows between unbounded preceding and current row
                )
            )
        end as {{ p_column }}_holm,
        case when {{ p_column }} is not null then
            least(
                cast(1 as {{ double }}),
                min(cast(ap_family_size_{{ i }} as {{ double }}) * cast({{ p_column }} as {{ double }}) / cast(ap_rank_{{ i }} as {{ double }})) over (
                    {{ partition }} order by {{ p_column }}, {{ keys }}
                    rows between current row and unbounded following
                )
            )
        end as {{ p_column }}_bh
        {%- endfor %}
    from ap_ranked
{%- endmacro %}
