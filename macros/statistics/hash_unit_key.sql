{#-
  The draw key of a unit (a query of a paired comparison), identical on every engine: the first 8 hex digits of
  the MD5 (dbt.hash) of the value as text, read as a number in 0 .. 2^32 - 1, mod p = 2^31 - 1. MD5 reads the
  text's UTF-8 bytes on every engine, so a non-ASCII query id keys the same draws everywhere. The draws of unit u
  are hash_draw(key, u): they depend on the query only, not on which other queries a group holds.
  Two queries whose keys collide (about n^2 / 2^33 pairs of n queries) share their draws; nothing else depends on it.
-#}
{% macro hash_unit_key(expression) %}
    {{- return(adapter.dispatch('hash_unit_key', 'search_metrics')(expression)) -}}
{% endmacro %}

{% macro default__hash_unit_key(expression) -%}
    {{ search_metrics.modulo(search_metrics.hex_prefix_value(dbt.hash(search_metrics.as_text(expression)), 8), 2147483647) }}
{%- endmacro %}
