{#-
  One pseudo-random draw in 0 .. 2^31 - 2 for (replicate key, unit), identical on every engine:
      draw(key, i) = mix((mix((key + i) mod p) + key) mod p),   p = 2^31 - 1,
  with mix = hash_mix and key = hash_replicate_key(stream, replicate); i is the unit: its 1-based index, or its
  hash_unit_key (the comparisons' draws, keyed by the query). Used as: sign = +1 when draw < 2^30 else -1;
  Poisson count = poisson_count(draw); bootstrap pick = draw mod n + 1; permutation order = by draw, i.
-#}
{% macro hash_draw(key, unit) %}
    {{- return(adapter.dispatch('hash_draw', 'search_metrics')(key, unit)) -}}
{% endmacro %}

{% macro default__hash_draw(key, unit) -%}
    {%- set inner = search_metrics.hash_mix(search_metrics.modulo('(' ~ key ~ ') + (' ~ unit ~ ')', 2147483647)) -%}
    {{ search_metrics.hash_mix(search_metrics.modulo('(' ~ inner ~ ') + (' ~ key ~ ')', 2147483647)) }}
{%- endmacro %}
