{#-
  Where an incremental table's settings are kept as text (record_build_settings): a table beside it, named after it
  with the suffix `__build_settings`, of one row: build_settings (the digest its rows carry, build_settings_digest)
  and settings_text (incremental_settings: JSON of each setting's value, keys sorted).
  `relation`: the table (a Relation: `this` in a model). A Relation, whether or not it exists.
-#}
{% macro build_settings_relation(relation) %}
    {{- return(adapter.dispatch('build_settings_relation', 'search_metrics')(relation)) -}}
{% endmacro %}

{% macro default__build_settings_relation(relation) %}
    {{- return(api.Relation.create(database=relation.database, schema=relation.schema,
                                   identifier=relation.identifier ~ '__build_settings', type='table')) -}}
{% endmacro %}
