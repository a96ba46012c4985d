{#-
  A hash of one row's `columns` (a list of column expressions), as a whole number in [0, 2^31 - 1): summed over a set
  of rows it gives an order-independent fingerprint of the set (set_fingerprint) that no 64-bit sum can overflow
  (2^31 rows of 2^31). Two rows that differ in any column hash apart except by chance (about 1 in 2^28 per changed
  row on the portable default, 1 in 2^31 on the engines' own hashes); null is a value of its own. The hash is each
  engine's own: a fingerprint is compared only with one written by the same engine.
-#}
{% macro row_hash(columns) %}
    {{- return(adapter.dispatch('row_hash', 'search_metrics')(columns)) -}}
{% endmacro %}

{#- Portable (BigQuery, Snowflake, Trino, Redshift): the first 7 hex digits of the MD5 (dbt.hash) of the values as
    text, each closed by '|', a null as '<null>|' (no backslash: BigQuery's literals read it as an escape) -#}
{% macro default__row_hash(columns) -%}
    {%- set parts = [] -%}
    {%- for column in columns -%}
        {%- do parts.append("coalesce(" ~ dbt.concat([search_metrics.as_text(column), "'|'"]) ~ ", '<null>|')") -%}
    {%- endfor -%}
    {%- set digest = dbt.hash(dbt.concat(parts) if parts | length > 1 else parts[0]) -%}
    {{ search_metrics.hex_prefix_value(digest, 7) }}
{%- endmacro %}

{#- DuckDB: hash() over the typed values (64 bits, nulls hashed) -#}
{% macro duckdb__row_hash(columns) -%}
    cast(hash({{ columns | join(', ') }}) % 2147483647 as bigint)
{%- endmacro %}

{#- PostgreSQL: hashtextextended (64 bits) over the values as text, each closed by '|', a null as '<null>|' -#}
{% macro postgres__row_hash(columns) -%}
    (hashtextextended(
        {%- for column in columns %}coalesce(cast({{ column }} as text) || '|', '<null>|'){{ ' || ' if not loop.last }}{% endfor -%}
    , 0) & 2147483647)
{%- endmacro %}

{#- Redshift has no hashtextextended: the portable default -#}
{% macro redshift__row_hash(columns) -%}
    {{ search_metrics.default__row_hash(columns) }}
{%- endmacro %}

{#- Spark, Databricks: xxhash64 over the typed values (nulls hashed) -#}
{% macro spark__row_hash(columns) -%}
    pmod(xxhash64({{ columns | join(', ') }}), 2147483647)
{%- endmacro %}
