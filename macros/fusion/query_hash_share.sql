{#-
  A query's place in [0, 1) for the weight sweep's hold-out (search_fusion_sweep; docs/fusion.md): the portable row
  hash (default__row_hash: the first 7 hex digits of the MD5 of the text `<query_id>|`, as a whole number) divided
  by 16^7. A pure function of the query id, the same on every engine and warehouse (the engines' own hashes, which
  row_hash uses for fingerprints, differ), so adding a query moves no other query between the tuning and held-out
  sets. `query_id`: a text SQL expression. Returns a double expression.
-#}
{% macro query_hash_share(query_id) %}
    {{- return(adapter.dispatch('query_hash_share', 'search_metrics')(query_id)) -}}
{% endmacro %}

{% macro default__query_hash_share(query_id) -%}
    {{ search_metrics.as_double(search_metrics.default__row_hash([query_id])) }} / 268435456
{%- endmacro %}
