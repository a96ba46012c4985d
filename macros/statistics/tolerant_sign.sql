{#-
  The sign of left - right with a tolerance for floating-point summation order: 1 when left exceeds right by more
  than 1e-12 * max(1, |left|, |right|), -1 when right exceeds left by that much, else 0 (a tie). Two means that are
  equal mathematically but summed in another order (another engine, another plan) differ by a few units in the last
  place and tie here on every engine; a rounded key (relevance_key) can put them on two sides of a rounding
  boundary. Null when either side is null. `left` and `right` are double expressions, each repeated: pass columns.
-#}
{% macro tolerant_sign(left, right) %}
    {{- return(adapter.dispatch('tolerant_sign', 'search_metrics')(left, right)) -}}
{% endmacro %}

{% macro default__tolerant_sign(left, right) -%}
    {%- set tolerance -%}
        {{ search_metrics.as_double('1e-12') }} * greatest({{ search_metrics.as_double('1') }}, abs({{ left }}), abs({{ right }}))
    {%- endset -%}
    case
        when {{ left }} - {{ right }} > {{ tolerance }} then 1
        when {{ right }} - {{ left }} > {{ tolerance }} then -1
        when {{ left }} is not null and {{ right }} is not null then 0
    end
{%- endmacro %}
