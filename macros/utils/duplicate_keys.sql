{#-
  The combinations of `columns` that occur in more than one row of `relation`, each with its row count (n_rows).
  Empty when the combination is unique. The uniqueness data tests (search_metrics_unique_within) call it.
  find_repeated_hashes ('sorted' or 'grouped') is a hint for engines that first look for repeated key hashes
  (DuckDB); the default implementation ignores it.
-#}
{% macro duplicate_keys(relation, columns, find_repeated_hashes='sorted') %}
    {%- if find_repeated_hashes not in ('sorted', 'grouped') -%}
        {{- exceptions.raise_compiler_error("search_metrics: duplicate_keys' find_repeated_hashes must be sorted or grouped, got " ~ find_repeated_hashes) -}}
    {%- endif -%}
    {{- return(adapter.dispatch('duplicate_keys', 'search_metrics')(relation, columns, find_repeated_hashes)) -}}
{% endmacro %}

{% macro default__duplicate_keys(relation, columns, find_repeated_hashes) -%}
    {%- set key = columns | join(', ') -%}
    select
        {{ key }},
        count(*) as n_rows
    from {{ relation }}
    group by {{ key }}
    having count(*) > 1
{%- endmacro %}

{#-
  DuckDB: one 64-bit hash of the key per row (an integer instead of the key's strings). The hashes that repeat are
  found by sorting them ('sorted': a hash equal to the one before it; ties are equal hashes, so their order does
  not matter) or by grouping them ('grouped'). Only rows whose hash repeats are then grouped by the key itself, so
  a hash collision between different keys is never reported. When no hash repeats (valid input), the semi join of
  that second scan has an empty build side and DuckDB stops the scan after its first chunk. (The uncorrelated
  `exists` in front of it that it had before skipped nothing more, and made the rule on
  `search_metrics_int_click_searches` slower: bench/README.md, "The click build and the uniqueness rules".)
  Sorting is the faster on a relation that reads a table or a file (10M rows: about 0.6 of the time); grouping
  is the faster on a view whose left join DuckDB can drop only under a `group by` (bench/README.md, "The click
  build and the uniqueness rules").
-#}
{% macro duckdb__duplicate_keys(relation, columns, find_repeated_hashes) -%}
    {%- set key = columns | join(', ') -%}
    with key_hashes as (
        select hash({{ key }}) as key_hash
        from {{ relation }}
    ),

    {% if find_repeated_hashes == 'sorted' -%}
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
    {%- else -%}
    repeated_key_hashes as (
        select key_hash
        from key_hashes
        group by key_hash
        having count(*) > 1
    )
    {%- endif %}

    select
        {{ key }},
        count(*) as n_rows
    from {{ relation }}
    where hash({{ key }}) in (select key_hash from repeated_key_hashes)
    group by {{ key }}
    having count(*) > 1
{%- endmacro %}
