{#-
  The mixing step of the comparison draws: x^5 mod 2147483647 (the prime 2^31 - 1), a permutation of
  0 .. 2^31 - 2 because gcd(5, 2^31 - 2) = 1. `x` is a bigint expression in 0 .. 2^31 - 2; each product stays
  below 2^62, so 64-bit integer arithmetic gives the same value on every engine:
      a = x * x mod p;  b = a * a mod p;  mix(x) = b * x mod p.
  (The expression repeats `x` five times: pass a column or a short expression.)
-#}
{% macro hash_mix(x) %}
    {{- return(adapter.dispatch('hash_mix', 'search_metrics')(x)) -}}
{% endmacro %}

{% macro default__hash_mix(x) -%}
    {%- set square = search_metrics.modulo('(' ~ x ~ ') * (' ~ x ~ ')', 2147483647) -%}
    {%- set fourth = search_metrics.modulo('(' ~ square ~ ') * (' ~ square ~ ')', 2147483647) -%}
    {{ search_metrics.modulo('(' ~ fourth ~ ') * (' ~ x ~ ')', 2147483647) }}
{%- endmacro %}
