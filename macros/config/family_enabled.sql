{#-
  Whether a model family is built: the one place that decides it. Every model, data test and the run-start
  notice call this macro; the semantic models and exposures, whose YAML cannot call macros, repeat the rule in
  one anchor per family (models/semantic/_<family>_semantic.yml), and a test checks that both agree.

  Each family's inputs and the family it builds on are listed in families().

  Switch (snowplow-web's enable_* vars): var search_metrics_enable_<family> = null (default: on exactly when
  its inputs are configured and the family it needs is on), true (on; an input that is not configured is a
  compile error naming it) or false (off).
  The one exception: a family marked off_by_default in families() (trec_eval, which computes about 100 trec_eval
  measures over lists up to 1000 deep) is off unless its switch is true; null reads as false (its default in
  dbt_project.yml is false).

  It first checks that no retired var is set (check_retired_vars): every model and data test calls this macro at
  parse time, so every dbt command meets that check.
-#}
{% macro family_enabled(family) %}
    {{- return(adapter.dispatch('family_enabled', 'search_metrics')(family)) -}}
{% endmacro %}

{% macro default__family_enabled(family) %}
    {%- do search_metrics.check_retired_vars() -%}
    {%- set families = search_metrics.families() -%}
    {%- if family not in families -%}
        {{- exceptions.raise_compiler_error("search_metrics: unknown model family '" ~ family ~ "'; families: " ~ (families.keys() | list | join(', '))) -}}
    {%- endif -%}
    {%- set spec = families[family] -%}
    {%- set switch_name = 'search_metrics_enable_' ~ family -%}
    {%- set switch = var(switch_name, none) -%}
    {%- if switch is not none and switch is not sameas true and switch is not sameas false -%}
        {{- exceptions.raise_compiler_error("search_metrics: " ~ switch_name ~ " must be true, false or null (null = on when its inputs are configured), got " ~ switch) -}}
    {%- endif -%}
    {%- if switch is sameas false or (switch is none and spec.get('off_by_default')) -%}
        {{- return(false) -}}
    {%- endif -%}
    {%- set parent_on = spec.needs is none or search_metrics.family_enabled(spec.needs) -%}
    {%- set inputs_on = search_metrics.inputs_configured(spec.inputs) -%}
    {%- if switch is sameas true and not (parent_on and inputs_on) -%}
        {{- exceptions.raise_compiler_error("search_metrics: " ~ switch_name ~ " is true, but the " ~ family
            ~ " family needs " ~ (("the vars " ~ (spec.inputs | join(', ')) ~ " set") if spec.inputs else 'no input')
            ~ ((" and the " ~ spec.needs ~ " family on") if spec.needs else '')) -}}
    {%- endif -%}
    {{- return(parent_on and inputs_on) -}}
{% endmacro %}
