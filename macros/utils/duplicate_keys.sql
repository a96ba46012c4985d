{#-
  The combinations of `columns` that occur in more than one row of `relation`, each with its row count (n_rows).
  Empty when the combination is unique. The uniqueness data tests (search_metrics_unique_within) call it.
-#}
{% macro duplicate_keys(relation, columns) %}
    {{- return(adapter.dispatch('duplicate_keys', 'search_metrics')(relation, columns)) -}}
{% endmacro %}

{% macro default__duplicate_keys(relation, columns) -%}
    {%- set key = columns | join(', ') -%}
    select
        {{ key }},
        count(*) as n_rows
    from {{ relation }}
    group by {{ key }}
    having count(*) > 1
{%- endmacro %}

{#-
  DuckDB: group by one 64-bit hash of the key first (an integer per row instead of the key's strings: at 10M
  result rows about a third of the time and memory of grouping by the key). Only rows whose hash repeats are then
  grouped by the key itself, so a hash collision between different keys is never reported; the uncorrelated
  `exists` lets DuckDB skip that second scan when no hash repeats (the usual case of valid input).
-#}
{% macro duckdb__duplicate_keys(relation, columns) -%}
    {%- set key = columns | join(', ') -%}
    with repeated_key_hashes as (
        select hash({{ key }}) as key_hash
        from {{ relation }}
        group by hash({{ key }})
        having count(*) > 1
    )

    select
        {{ key }},
        count(*) as n_rows
    from {{ relation }}
    where exists (select 1 from repeated_key_hashes)
        and hash({{ key }}) in (select key_hash from repeated_key_hashes)
    group by {{ key }}
    having count(*) > 1
{%- endmacro %}
