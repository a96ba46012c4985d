{#-
  The (baseline, candidate) pairs to compare, as a relation with text columns baseline and candidate.
  `pairs`: a list from get_comparison_pairs (each value a text literal, string_literal), or none for the default: every value of `values` (a relation or
  subquery with one text column named `value`: run ids) against the first value in binary order
  (binary_order), so nothing depends on the engine's collation.
-#}
{% macro comparison_pairs_relation(pairs, values) %}
    {{- return(adapter.dispatch('comparison_pairs_relation', 'search_metrics')(pairs, values)) -}}
{% endmacro %}

{% macro default__comparison_pairs_relation(pairs, values) -%}
    {%- if pairs is none -%}
    select
        first_value.value as baseline,
        other_value.value as candidate
    from (
        select value, row_number() over (order by {{ search_metrics.binary_order('value') }}) as value_position
        from (select distinct value from {{ values }} where value is not null) as distinct_values
    ) as first_value
    inner join (
        select value, row_number() over (order by {{ search_metrics.binary_order('value') }}) as value_position
        from (select distinct value from {{ values }} where value is not null) as distinct_values
    ) as other_value
        on first_value.value_position = 1
        and other_value.value_position > 1
    {%- else -%}
    {%- set rows = [] -%}
    {%- for baseline, candidate in pairs -%}
        {%- do rows.append(["cast(" ~ search_metrics.string_literal(baseline) ~ " as " ~ dbt.type_string() ~ ")",
                            "cast(" ~ search_metrics.string_literal(candidate) ~ " as " ~ dbt.type_string() ~ ")"]) -%}
    {%- endfor -%}
    {{ search_metrics.literal_relation(['baseline', 'candidate'], rows) }}
    {%- endif -%}
{%- endmacro %}
