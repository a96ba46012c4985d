{#-
  The replicates of a resampling pass: replicate r = 1 .. n_replicates with its draw key
  hash_replicate_key(stream, r) (hash_draw reads it). A select with columns replicate and replicate_key; the callers
  keep it as a materialized CTE (materialized_cte) and cross join it with their units.
-#}
{% macro replicate_keys(stream, n_replicates) %}
    {{- return(adapter.dispatch('replicate_keys', 'search_metrics')(stream, n_replicates)) -}}
{% endmacro %}

{% macro default__replicate_keys(stream, n_replicates) -%}
    select
        n as replicate,
        {{ search_metrics.hash_replicate_key(stream, 'n') }} as replicate_key
    from ({{ search_metrics.integers_relation(n_replicates) }}) as replicate_numbers
{%- endmacro %}
