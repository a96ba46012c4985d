{#-
  The Poisson(1) count of one draw (hash_draw, uniform on 0 .. p - 1, p = 2^31 - 1), identical on every engine:
  #{k = 1 .. 12 : draw >= t_k} with t_k = floor(p * F(k - 1)), F the Poisson(1) distribution function, so the
  count is the Poisson(1) quantile of draw / p capped at 12 (P(X > 12) < 1e-10). The thresholds are written out
  (computed in double precision from exp(-1); tests/python/reference/comparisons.py computes them again).
  `draw` is read up to 12 times: pass a column.
-#}
{% macro poisson_count(draw) %}
    {{- return(adapter.dispatch('poisson_count', 'search_metrics')(draw)) -}}
{% endmacro %}

{% macro default__poisson_count(draw) -%}
    {%- set thresholds = [790015083, 1580030167, 1975037709, 2106706890, 2139624185, 2146207644, 2147304887,
                          2147461637, 2147481230, 2147483407, 2147483625, 2147483645] -%}
    case
        {%- for threshold in thresholds %}
        when {{ draw }} < {{ threshold }} then {{ loop.index0 }}
        {%- endfor %}
        else {{ thresholds | length }}
    end
{%- endmacro %}
