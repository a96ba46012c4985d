{#-
  The key of one resampling replicate: key(stream, r) = mix(mix(stream * 2^20 + r)), with mix = hash_mix,
  stream a small whole number naming what the draws are for (1 paired sign flips, 2 the interleaving bootstrap's
  picks, 6 the randomized Tukey HSD, 7 the comparisons' Poisson bootstrap; 3 to 5 were the retired two-sample
  tests' and are unused) and
  r = 1 .. 1,000,000 the replicate. Returns a bigint expression in 0 .. 2^31 - 2.
-#}
{% macro hash_replicate_key(stream, replicate) %}
    {{- return(adapter.dispatch('hash_replicate_key', 'search_metrics')(stream, replicate)) -}}
{% endmacro %}

{% macro default__hash_replicate_key(stream, replicate) -%}
    {%- set seed = 'cast(' ~ stream ~ ' as ' ~ dbt.type_bigint() ~ ') * 1048576 + cast(' ~ replicate ~ ' as ' ~ dbt.type_bigint() ~ ')' -%}
    {%- set first = search_metrics.hash_mix(seed) -%}
    {{ search_metrics.hash_mix(first) }}
{%- endmacro %}
