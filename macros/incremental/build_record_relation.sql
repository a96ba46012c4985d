{#-
  The build record of a judged incremental table (judged_incremental_config, docs/metrics.md "Incremental
  builds"): a table beside it, named after it with the suffix `__build_record`, holding one row per key the table
  is up to date for: the key columns, recorded_fingerprint (the state's fingerprint the key was built from),
  build_invocation_id and build_started_at (the dbt invocation that built the key, and its run_started_at in ISO
  form; null for the keys of a table recorded from its rows). An incremental build compares the record with the
  state model instead of reading the table's rows.
  `relation`: the table (a Relation: `this` in a model, `model` in a data test). A Relation, whether or not it
  exists.
-#}
{% macro build_record_relation(relation) %}
    {{- return(adapter.dispatch('build_record_relation', 'search_metrics')(relation)) -}}
{% endmacro %}

{% macro default__build_record_relation(relation) %}
    {{- return(api.Relation.create(database=relation.database, schema=relation.schema,
                                   identifier=relation.identifier ~ '__build_record', type='table')) -}}
{% endmacro %}
