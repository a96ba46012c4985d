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
  DuckDB: find the 64-bit hashes of the key that occur more than once by sorting them (one integer per row instead
  of the key's strings, and a sort instead of a hash table with a group per row: at 10M result rows about two thirds
  of the time of grouping the hashes, which was a third of grouping the key itself). A hash equal to the one before
  it in that order repeats. The order has no tie-breaker, and needs none: tied rows hold the same hash, so any order
  among them finds the same set. Only rows whose hash repeats are then grouped by the key itself, so a hash
  collision between different keys is never reported; the uncorrelated `exists` lets DuckDB skip that second scan
  when no hash repeats (the usual case of valid input).
-#}
{% macro duckdb__duplicate_keys(relation, columns) -%}
    {%- set key = columns | join(', ') -%}
    with key_hashes as (
        select hash({{ key }}) as key_hash
        from {{ relation }}
    ),

    repeated_key_hashes as (
        select key_hash
        from (
            select
                key_hash,
                lag(key_hash) over (order by key_hash) as previous_key_hash
            from key_hashes
        ) as sorted_key_hashes
        where key_hash = previous_key_hash
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
