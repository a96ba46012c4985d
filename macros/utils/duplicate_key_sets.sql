{#-
  The duplicated keys of several keys of one relation in one statement: for each key set (a dict: name, columns)
  the combinations of its columns that occur in more than one row of `relation`, each with its row count. Returns
  key_set (the set's name), every column of the sets (in order of first appearance; null where the row's set does
  not have it) and n_rows. Empty when every key is unique. As in a `group by`, null key values are equal: two rows
  whose key is null in the same columns are a duplicate. search_metrics_stg_results_rule_violations reads it for
  the results' two uniqueness rules.
  `default__`: one grouped pass, `group by grouping sets`, the set told by grouping(). `duckdb__`: each key set
  through duplicate_keys (a sort of 64-bit key hashes, then a semi join on the repeated ones): at 10M rows, two
  such sorts took less than one pass of grouping sets over the text keys, or over their hashes (bench/README.md).
-#}
{% macro duplicate_key_sets(relation, key_sets) %}
    {%- for key_set in key_sets if not (key_set.name and key_set.columns) -%}
        {{- exceptions.raise_compiler_error("search_metrics: duplicate_key_sets needs a name and columns for each key set, got " ~ key_set) -}}
    {%- endfor -%}
    {{- return(adapter.dispatch('duplicate_key_sets', 'search_metrics')(relation, key_sets)) -}}
{% endmacro %}

{% macro default__duplicate_key_sets(relation, key_sets) -%}
    {%- set all_columns = [] -%}
    {%- for key_set in key_sets -%}
        {%- for column in key_set.columns if column not in all_columns -%}
            {%- do all_columns.append(column) -%}
        {%- endfor -%}
    {%- endfor -%}
    select
        case
            {%- for key_set in key_sets %}
            when {% for column in all_columns -%}
                grouping({{ column }}) = {{ 0 if column in key_set.columns else 1 }}{{ ' and ' if not loop.last }}
            {%- endfor %} then '{{ key_set.name }}'
            {%- endfor %}
        end as key_set,
        {{ all_columns | join(', ') }},
        count(*) as n_rows
    from {{ relation }}
    group by grouping sets (
        {%- for key_set in key_sets %}({{ key_set.columns | join(', ') }}){{ ', ' if not loop.last }}{% endfor -%}
    )
    having count(*) > 1
{%- endmacro %}

{% macro duckdb__duplicate_key_sets(relation, key_sets) -%}
    {%- set all_columns = [] -%}
    {%- for key_set in key_sets -%}
        {%- for column in key_set.columns if column not in all_columns -%}
            {%- do all_columns.append(column) -%}
        {%- endfor -%}
    {%- endfor -%}
    {%- for key_set in key_sets %}
    select
        '{{ key_set.name }}' as key_set,
        {%- for column in all_columns %}
        {{ column if column in key_set.columns else 'null' }} as {{ column }},
        {%- endfor %}
        n_rows
    from (
        {{ search_metrics.duplicate_keys(relation, key_set.columns) }}
    ) as duplicated_keys
    {%- if not loop.last %}
    union all
    {%- endif %}
    {%- endfor %}
{%- endmacro %}
