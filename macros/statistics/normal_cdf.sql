{#-
  The standard normal CDF Phi(x) as a SQL expression (no erf on DuckDB or Spark), to an absolute 1e-15:
      Phi(x) = 1/2 + phi(x) * x * (1 + x^2/3 (1 + x^2/5 (1 + x^2/7 (...))))     (|x| < 8.3)
  the series sum_n x^(2n+1) / (1 * 3 * ... * (2n + 1)) (Abramowitz & Stegun 26.2.10) of positive terms, so no
  digit is lost to cancellation, in Horner form with 95 terms (enough for |x| < 8.3: measured 9e-16 against
  scipy.special.ndtr); 0 for x <= -8.3 and 1 for x >= 8.3 (Phi(-8.3) = 5e-17). Null when x is null.
  An absolute, not a relative, accuracy: far in the lower tail Phi is 1/2 minus nearly 1/2. `x` is repeated (about
  a hundred times): pass a column. Read by studentized_range_p_value.
-#}
{% macro normal_cdf(x) %}
    {{- return(adapter.dispatch('normal_cdf', 'search_metrics')(x)) -}}
{% endmacro %}

{% macro default__normal_cdf(x) -%}
    {%- set ns = namespace(horner='1') -%}
    {%- for n in range(95, 0, -1) -%}
        {%- set ns.horner = '1 + ' ~ x ~ ' * ' ~ x ~ ' / ' ~ (2 * n + 1) ~ ' * (' ~ ns.horner ~ ')' -%}
    {%- endfor -%}
    case
        when {{ x }} <= -8.3 then {{ search_metrics.as_double(0) }}
        when {{ x }} >= 8.3 then {{ search_metrics.as_double(1) }}
        else 0.5 + exp(-({{ x }}) * ({{ x }}) / 2) * {{ (2 * 3.141592653589793) ** -0.5 }} * ({{ x }}) * ({{ ns.horner }})
    end
{%- endmacro %}
