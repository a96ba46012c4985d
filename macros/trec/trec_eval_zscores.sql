{#-
  The z-score relation of var search_metrics_trec_eval (zscores, trec_eval -Z) for the model or data test that reads
  it: none when the key is unset, else its relation name, resolved by setting_relation (a "{{ ref('x') }}" or
  "{{ source('a', 'b') }}" is called here, so the dependency is recorded by the nodes that read the relation, not by
  every node that reads a trec_eval setting) and checked by input_columns for the columns query_id, measure, mean
  and stddev (a missing one is a compile error naming the key and the columns, when dbt executes and the relation
  exists). search_metrics_int_trec_eval_query_values, _spine and _run_fingerprints and the zscores data tests call it.
-#}
{% macro trec_eval_zscores() %}
    {{- return(adapter.dispatch('trec_eval_zscores', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__trec_eval_zscores() %}
    {%- set zscores = search_metrics.get_trec_eval_settings().zscores -%}
    {%- if zscores is none -%}
        {{- return(none) -}}
    {%- endif -%}
    {%- set setting = 'search_metrics_trec_eval.zscores' -%}
    {%- set relation_name = search_metrics.setting_relation(setting, zscores) -%}
    {%- do search_metrics.input_columns(setting, ['query_id', 'measure', 'mean', 'stddev'], relation_name=relation_name) -%}
    {{- return(relation_name) -}}
{% endmacro %}
