{#-
  The relation a settings-dict key names (search_metrics_trec_eval.zscores), as input_relation gives an input var's:
  for "{{ ref('model') }}", "{{ ref('package', 'model') }}" or "{{ source('source_name', 'table_name') }}"
  (setting_relation_call, which rejects other Jinja) it calls ref() / source() itself, so that dbt records the
  dependency of the model or data test that calls this macro (call it only where the relation is read); other text,
  a 'schema.table' name or one SQL expression, is checked by check_input_expression and returned trimmed.
  `setting`: the key's name for the messages; `value`: its text (not unset: the getter turns unset into none).
-#}
{% macro setting_relation(setting, value) %}
    {{- return(adapter.dispatch('setting_relation', 'search_metrics')(setting, value)) -}}
{% endmacro %}

{% macro default__setting_relation(setting, value) %}
    {%- set call = search_metrics.setting_relation_call(setting, value) -%}
    {%- if call is none -%}
        {%- do search_metrics.check_input_expression(setting, value) -%}
        {{- return(value | string | trim) -}}
    {%- elif call.function == 'source' -%}
        {{- return(source(call.args[0], call.args[1]) | string) -}}
    {%- elif (call.args | length) == 2 -%}
        {{- return(ref(call.args[0], call.args[1]) | string) -}}
    {%- endif -%}
    {{- return(ref(call.args[0]) | string) -}}
{% endmacro %}
