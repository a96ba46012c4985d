{#-
  The standard normal quantile z = Φ⁻¹(p) for 0 < p < 1, computed at compile time in Jinja (a double, not SQL):
  Acklam's rational approximation (relative error below 1.2e-9) refined by one Halley step on Φ, with
  Φ(x) for x <= 0 from its Taylor series 1/2 − φ(|x|) Σ |x|^(2n+1) / (2n + 1)!! when |x| <= 3, else from the
  continued fraction φ(|x|) / (|x| + 1/(|x| + 2/(|x| + ...))) (300 terms); p > 1/2 by symmetry, −Φ⁻¹(1 − p).
  exp and ln (Jinja has neither) by range reduction to powers of two and series. Agrees with
  scipy.stats.norm.ppf to about 1e-13 for 1e-12 <= p <= 1 − 1e-12 (tests/python/test_comparisons.py).
  A compile-time helper that returns a number: not dispatched. p outside (0, 1) is a compile error.
-#}
{% macro normal_quantile(p) %}
    {%- if not search_metrics.is_number(p) or p <= 0 or p >= 1 -%}
        {{- exceptions.raise_compiler_error("search_metrics: normal_quantile needs 0 < p < 1, got " ~ p) -}}
    {%- endif -%}
    {%- if p > 0.5 -%}
        {{- return(0 - search_metrics.normal_quantile(1 - p)) -}}
    {%- endif -%}
    {%- set ln2 = 0.6931471805599453 -%}
    {%- set sqrt_two_pi = 2.5066282746310002 -%}
    {%- set ns = namespace(x=0.0, m=p, e=0, s=0.0, term=0.0, f=0.0, r=0.0, k=0, z=0.0) -%}
    {#- Acklam's initial value #}
    {%- if p < 0.02425 -%}
        {#- ln(p): p = m 2^e with 1 <= m < 2, ln(m) = 2 atanh((m - 1)/(m + 1)) #}
        {%- for _ in range(1100) -%}
            {%- if ns.m < 1 -%}{%- set ns.m = ns.m * 2 -%}{%- set ns.e = ns.e - 1 -%}{%- endif -%}
        {%- endfor -%}
        {%- set ns.z = (ns.m - 1) / (ns.m + 1) -%}
        {%- set ns.term = ns.z -%}
        {%- for j in range(40) -%}
            {%- set ns.s = ns.s + ns.term / (2 * j + 1) -%}
            {%- set ns.term = ns.term * ns.z * ns.z -%}
        {%- endfor -%}
        {%- set q = (-2 * (ns.e * ln2 + 2 * ns.s)) ** 0.5 -%}
        {%- set ns.x = (((((-7.784894002430293e-03 * q - 3.223964580411365e-01) * q - 2.400758277161838e+00) * q
            - 2.549732539343734e+00) * q + 4.374664141464968e+00) * q + 2.938163982698783e+00)
            / ((((7.784695709041462e-03 * q + 3.224671290700398e-01) * q + 2.445134137142996e+00) * q
            + 3.754408661907416e+00) * q + 1) -%}
    {%- else -%}
        {%- set q = p - 0.5 -%}
        {%- set r = q * q -%}
        {%- set ns.x = (((((-3.969683028665376e+01 * r + 2.209460984245205e+02) * r - 2.759285104469687e+02) * r
            + 1.383577518672690e+02) * r - 3.066479806614716e+01) * r + 2.506628277459239e+00) * q
            / (((((-5.447609879822406e+01 * r + 1.615858368580409e+02) * r - 1.556989798598866e+02) * r
            + 6.680131188771972e+01) * r - 1.328068155288572e+01) * r + 1) -%}
    {%- endif -%}
    {#- φ(x) = exp(−x²/2) / √(2π): exp(y) = 2^k exp(y − k ln 2), the rest by its Taylor series #}
    {%- set t = 0 - ns.x -%}
    {%- set y = 0 - t * t / 2 -%}
    {%- set ns.k = (y / ln2) | round | int -%}
    {%- set ns.r = y - ns.k * ln2 -%}
    {%- set ns.s = 1.0 -%}
    {%- set ns.term = 1.0 -%}
    {%- for j in range(1, 25) -%}
        {%- set ns.term = ns.term * ns.r / j -%}
        {%- set ns.s = ns.s + ns.term -%}
    {%- endfor -%}
    {%- set density = ns.s * (2.0 ** ns.k) / sqrt_two_pi -%}
    {#- Φ(x), x <= 0 #}
    {%- if t <= 3 -%}
        {%- set ns.s = t -%}
        {%- set ns.term = t -%}
        {%- for j in range(1, 200) -%}
            {%- set ns.term = ns.term * t * t / (2 * j + 1) -%}
            {%- set ns.s = ns.s + ns.term -%}
        {%- endfor -%}
        {%- set cdf = 0.5 - density * ns.s -%}
    {%- else -%}
        {%- set ns.f = t -%}
        {%- for j in range(300, 0, -1) -%}
            {%- set ns.f = t + j / ns.f -%}
        {%- endfor -%}
        {%- set cdf = density / ns.f -%}
    {%- endif -%}
    {#- one Halley step #}
    {%- set u = (cdf - p) / density -%}
    {{- return(ns.x - u / (1 + ns.x * u / 2)) -}}
{% endmacro %}
