{#-
  The fingerprint of a set of rows, an aggregate over them: '<rows>:<sum of row_hash(columns)>' as text, the same
  for the same rows in any order and for no two sets that differ except by chance (a changed, added or removed row
  moves the sum unless its hash cancels another's: about 1 in 2^31). `columns`: the column expressions that make a
  row what it is.
-#}
{% macro set_fingerprint(columns) %}
    {{- return(adapter.dispatch('set_fingerprint', 'search_metrics')(columns)) -}}
{% endmacro %}

{% macro default__set_fingerprint(columns) -%}
    {{ dbt.concat([search_metrics.as_text('count(*)'), "':'", search_metrics.as_text('coalesce(sum(' ~ search_metrics.row_hash(columns) ~ '), 0)')]) }}
{%- endmacro %}
