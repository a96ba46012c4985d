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
  Returns the key columns and, per p-value column c, c_holm and c_bh (doubles): one row per row of the
  relation; null where c is null (such rows are not in the family).
-#}
{% macro adjust_p_values(relation, key_columns, family_columns, p_value_columns) %}
    {{- return(adapter.dispatch('adjust_p_values', 'search_metrics')(relation, key_columns, family_columns, p_value_columns)) -}}
{% endmacro %}

{% macro default__adjust_p_values(relation, key_columns, family_columns, p_value_columns) -%}
    {%- set double = search_metrics.type_double() -%}
    {%- set partition = ('partition by ' ~ (family_columns | join(', ')) ~ ' ') if family_columns else '' -%}
    {%- set keys = key_columns | join(', ') -%}
    with
    {%- for p_column in p_value_columns %}
    {%- set i = loop.index %}
    ap_ranked_{{ i }} as (
        select
            {% for column in key_columns %}{{ column }}, {% endfor %}
            {%- for column in family_columns if column not in key_columns %}{{ column }}, {% endfor %}
            cast({{ p_column }} as {{ double }}) as p_value,
            count(*) over ({{ partition }}) as family_size,
            row_number() over ({{ partition }}order by {{ p_column }}, {{ keys }}) as p_rank
        from {{ relation }}
        where {{ p_column }} is not null
    ),

    ap_adjusted_{{ i }} as (
        select
            {% for column in key_columns %}{{ column }}, {% endfor %}
            least(
                cast(1 as {{ double }}),
                max(cast(family_size - p_rank + 1 as {{ double }}) * p_value) over (
                    {{ partition }}order by p_value, {{ keys }}
                    rows between unbounded preceding and current row
                )
            ) as p_holm,
            least(
                cast(1 as {{ double }}),
                min(cast(family_size as {{ double }}) * p_value / cast(p_rank as {{ double }})) over (
                    {{ partition }}order by p_value, {{ keys }}
                    rows between current row and unbounded following
                )
            ) as p_bh
        from ap_ranked_{{ i }}
    ),
    {%- endfor %}

    ap_rows as (
        select {{ keys }} from {{ relation }}
    )

    select
        {%- for column in key_columns %}
        ap_rows.{{ column }},
        {%- endfor %}
        {%- for p_column in p_value_columns %}
        ap_adjusted_{{ loop.index }}.p_holm as {{ p_column }}_holm,
        ap_adjusted_{{ loop.index }}.p_bh as {{ p_column }}_bh{% if not loop.last %},{% endif %}
        {%- endfor %}
    from ap_rows
    {%- for p_column in p_value_columns %}
    {%- set i = loop.index %}
    left join ap_adjusted_{{ i }}
        on {% for column in key_columns %}ap_adjusted_{{ i }}.{{ column }} = ap_rows.{{ column }}{% if not loop.last %}
        and {% endif %}{% endfor %}
    {%- endfor %}
{%- endmacro %}
