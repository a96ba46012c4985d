{#-
  The settings of a dict var whose keys replace `defaults`: var `var_name` (null = every default), checked to be a
  dict with known keys only; a non-dict or an unknown key is a compile error naming the var (and the key). Returns a
  new dict: the defaults updated with the given keys. The values are the caller's to check. Used by
  get_click_model_settings, get_online_evaluation_settings and get_experiment_settings.
-#}
{% macro settings_with_defaults(var_name, defaults) %}
    {{- return(adapter.dispatch('settings_with_defaults', 'search_metrics')(var_name, defaults)) -}}
{% endmacro %}

{% macro default__settings_with_defaults(var_name, defaults) %}
    {%- set given = var(var_name, none) -%}
    {%- set prefix = "search_metrics: " ~ var_name -%}
    {%- if given is none -%}{%- set given = {} -%}{%- endif -%}
    {%- if given is not mapping -%}
        {{- exceptions.raise_compiler_error(prefix ~ " must be a dict with keys among " ~ (defaults.keys() | list | join(', ')) ~ ", got " ~ given) -}}
    {%- endif -%}
    {%- set settings = {} -%}
    {%- do settings.update(defaults) -%}
    {%- for key, value in given.items() -%}
        {%- if key not in defaults -%}
            {{- exceptions.raise_compiler_error(prefix ~ " has an unknown key '" ~ key ~ "'; keys: " ~ (defaults.keys() | list | join(', '))) -}}
        {%- endif -%}
        {%- do settings.update({key: value}) -%}
    {%- endfor -%}
    {{- return(settings) -}}
{% endmacro %}
