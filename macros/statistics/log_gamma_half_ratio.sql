{#-
  ln( Gamma(a + 1/2) / (Gamma(a) sqrt(a)) ) for a > 0, as a SQL expression without lgamma (PostgreSQL and Spark
  have none). The ratio tends to 1 as a grows, so its logarithm is small and keeps its digits at a = 5e7, where
  lgamma(a + 1/2) - lgamma(a) would lose nine of them. With S(z) the asymptotic series
      ln(Gamma(z + 1/2) / Gamma(z)) - ln(z) / 2
          = -1/(8z) + 1/(192z^3) - 1/(640z^5) + 17/(14336z^7) - 31/(18432z^9) + 691/(180224z^11) - ...
  (from Stirling's series: the coefficient of z^-n is (2^-n - 2) B_(n+1) / (n (n + 1)), B the Bernoulli numbers;
  the first term left out is below 2e-16 at z >= 12):
      a >= 12:  S(a)
      a <  12:  S(a + 12) + ln(a + 12) / 2 - ln(a) / 2 + ln( prod_{i=0..11} (a + i) / (a + i + 1/2) )
  (Gamma(z + 1) = z Gamma(z) twelve times). `a` is repeated: pass a column. Null when a is null.
-#}
{% macro log_gamma_half_ratio(a) %}
    {{- return(adapter.dispatch('log_gamma_half_ratio', 'search_metrics')(a)) -}}
{% endmacro %}

{% macro default__log_gamma_half_ratio(a) -%}
    {%- set coefficients = [-1 / 8, 1 / 192, -1 / 640, 17 / 14336, -31 / 18432, 691 / 180224] -%}
    {%- set shifted = '(' ~ a ~ ' + 12)' -%}
    {#- S(z) in Horner form in 1 / z^2, for z = a and z = a + 12 #}
    {%- set series = {} -%}
    {%- for z in [a, shifted] -%}
        {%- set w = '(1 / (' ~ z ~ ' * ' ~ z ~ '))' -%}
        {%- set ns = namespace(horner=coefficients[-1] | string) -%}
        {%- for c in coefficients[:-1] | reverse -%}
            {%- set ns.horner = c ~ ' + ' ~ w ~ ' * (' ~ ns.horner ~ ')' -%}
        {%- endfor -%}
        {%- do series.update({z: '((' ~ ns.horner ~ ') / ' ~ z ~ ')'}) -%}
    {%- endfor -%}
    case
        when {{ a }} >= 12 then {{ series[a] }}
        else {{ series[shifted] }}
            + ln({{ shifted }}) / 2 - ln({{ a }}) / 2
            + ln({% for i in range(12) %}({{ a }} + {{ i }}) / ({{ a }} + {{ i + 0.5 }}){% if not loop.last %} * {% endif %}{% endfor %})
    end
{%- endmacro %}
