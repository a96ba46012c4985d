{#-
  The risk settings of search_run_risk and search_run_georisk: var search_metrics_risk, a dict whose keys replace
  these defaults
    alphas: [1, 2, 5, 10]   the risk aversion α of URisk, TRisk and GeoRisk (a loss weighs 1 + α): a non-empty list of
                            finite numbers >= 0, none twice
    hurt_threshold: 0       a query is hurt when its delta < -hurt_threshold (- 1e-12): a finite number >= 0
  An unknown key or a bad value is a compile error that names the var and the key. Returns {'alphas': [floats in the
  given order], 'hurt_threshold': float}.
-#}
{% macro get_risk_settings() %}
    {{- return(adapter.dispatch('get_risk_settings', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_risk_settings() %}
    {%- set defaults = {'alphas': [1, 2, 5, 10], 'hurt_threshold': 0} -%}
    {%- set settings = search_metrics.settings_with_defaults('search_metrics_risk', defaults) -%}
    {%- set prefix = "search_metrics: search_metrics_risk" -%}
    {%- set alphas = settings.alphas -%}
    {%- set alpha_rule = prefix ~ ".alphas must be a non-empty list of finite numbers >= 0, none twice" -%}
    {%- if alphas is string or alphas is mapping or alphas is not iterable or (alphas | length) == 0 -%}
        {{- exceptions.raise_compiler_error(alpha_rule ~ ", got " ~ alphas) -}}
    {%- endif -%}
    {%- set checked = [] -%}
    {%- for alpha in alphas -%}
        {%- if not search_metrics.is_number(alpha) or alpha < 0 -%}
            {{- exceptions.raise_compiler_error(alpha_rule ~ ", got " ~ alpha ~ " in " ~ alphas ~ search_metrics.number_text_hint(alpha)) -}}
        {%- endif -%}
        {%- if (alpha | float) in checked -%}
            {{- exceptions.raise_compiler_error(alpha_rule ~ ", got " ~ alpha ~ " twice in " ~ alphas) -}}
        {%- endif -%}
        {%- do checked.append(alpha | float) -%}
    {%- endfor -%}
    {%- set threshold = settings.hurt_threshold -%}
    {%- if not search_metrics.is_number(threshold) or threshold < 0 -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".hurt_threshold must be a finite number >= 0, got " ~ threshold ~ search_metrics.number_text_hint(threshold)) -}}
    {%- endif -%}
    {{- return({'alphas': checked, 'hurt_threshold': threshold | float}) -}}
{% endmacro %}
