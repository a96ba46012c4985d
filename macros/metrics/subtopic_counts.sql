{#-
  ndeval's number of subtopics per query: the subtopics with at least one relevant doc (grade >= `threshold`) in
  the subtopic pool (ndeval's actualSubtopics: a subtopic no doc is relevant to is ignored). One row per query_id of
  the pool, column n_subtopics, 0 for a query whose judgments have no relevant doc (its diversity metrics are null,
  or 0 with no_subtopic: zero); a query without subtopic judgments has no row (null: ndeval does not evaluate it).
  `pool`: query_id, subtopic_id, doc_id, grade.
-#}
{% macro subtopic_counts(pool, threshold) %}
    {{- return(adapter.dispatch('subtopic_counts', 'search_metrics')(pool, threshold)) -}}
{% endmacro %}

{% macro default__subtopic_counts(pool, threshold) -%}
    select query_id, count(distinct case when grade >= {{ threshold }} then subtopic_id end) as n_subtopics
    from {{ pool }}
    group by query_id
{%- endmacro %}
