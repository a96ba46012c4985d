{#-
  ln(x!) in double precision for a whole-number expression x >= 0 (no lgamma on PostgreSQL or Spark): exact
  values below 16 (ln of the factorial, which a double holds exactly), Stirling's series above,
      ln x! = x ln x - x + ln(2 pi x) / 2 + 1/(12x) - 1/(360x^3) + 1/(1260x^5) - 1/(1680x^7),
  whose error is below the next term 1/(1188x^9) < 2e-14 at x = 16. `x` is repeated: pass a column.
-#}
{% macro log_factorial(x) %}
    {{- return(adapter.dispatch('log_factorial', 'search_metrics')(x)) -}}
{% endmacro %}

{% macro default__log_factorial(x) -%}
    {%- set factorials = [1] -%}
    {%- for k in range(1, 16) -%}{%- do factorials.append(factorials[-1] * k) -%}{%- endfor -%}
    {%- set xd = search_metrics.as_double('greatest(' ~ x ~ ', 16)') -%}
    case
        {%- for k in range(2, 16) %}
        when {{ x }} = {{ k }} then ln({{ search_metrics.as_double(factorials[k]) }})
        {%- endfor %}
        when {{ x }} < 16 then {{ search_metrics.as_double(0) }}
        else {{ xd }} * ln({{ xd }}) - {{ xd }} + ln(2 * {{ search_metrics.pi() }} * {{ xd }}) / 2
            + 1 / (12 * {{ xd }}) - 1 / (360 * power({{ xd }}, 3)) + 1 / (1260 * power({{ xd }}, 5))
            - 1 / (1680 * power({{ xd }}, 7))
    end
{%- endmacro %}
