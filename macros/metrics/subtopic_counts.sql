{#-
  ndeval's number of subtopics per query: the subtopics with at least one relevant doc (grade >= `threshold`) in
  the subtopic pool (ndeval's actualSubtopics: a subtopic no doc is relevant to is ignored). One row per query_id
  with such a subtopic, column n_subtopics; a query without one has no row (its diversity metrics are null).
  `pool`: query_id, subtopic_id, doc_id, grade.
-#}
{% macro subtopic_counts(pool, threshold) %}
    {{- return(adapter.dispatch('subtopic_counts', 'search_metrics')(pool, threshold)) -}}
{% endmacro %}

{% macro default__subtopic_counts(pool, threshold) -%}
    select query_id, count(distinct subtopic_id) as n_subtopics
    from {{ pool }}
    where grade >= {{ threshold }}
    group by query_id
{%- endmacro %}
