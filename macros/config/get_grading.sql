{#-
  The grading settings, validated at compile time:
    max_grade        var search_metrics_max_grade (default 3): the graded scale is the whole numbers 0..max_grade
                     (TREC qrels 0..2 or 0..4, MSLR-WEB / LETOR 0..4, SearchTweak 0..3); a whole number >= 1.
    relevance_level  var search_metrics_relevance_level (default 1): a graded grade >= this level is relevant on
                     the binary scale (trec_eval's -l); sets the default graded_to_binary transformer;
                     a whole number from 1 to max_grade.
    negative_grades  var search_metrics_negative_grades (default 'reject'): what a negative grade on the graded
                     scale means. 'reject': an input error (data test); 'unjudged': the doc is in the pool but
                     the slot is not graded, like a null grade (trec_eval's reading of negative qrels values);
                     'zero': graded 0, judged not relevant (the TREC Web track's -2 "junk").
-#}
{% macro get_grading() %}
    {{- return(adapter.dispatch('get_grading', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_grading() %}
    {%- set max_grade = var('search_metrics_max_grade', 3) -%}
    {%- if not search_metrics.is_number(max_grade, whole=true) or max_grade < 1 -%}
        {{- exceptions.raise_compiler_error("search_metrics: search_metrics_max_grade must be a whole number >= 1 (the graded scale is 0..max_grade), got " ~ max_grade ~ search_metrics.number_text_hint(max_grade)) -}}
    {%- endif -%}
    {%- set level = var('search_metrics_relevance_level', 1) -%}
    {%- if not search_metrics.is_number(level, whole=true) or level < 1 or level > max_grade -%}
        {{- exceptions.raise_compiler_error("search_metrics: search_metrics_relevance_level must be a whole number from 1 to search_metrics_max_grade (" ~ max_grade ~ "), got " ~ level ~ search_metrics.number_text_hint(level)) -}}
    {%- endif -%}
    {%- set negative = var('search_metrics_negative_grades', 'reject') -%}
    {%- if negative not in ('reject', 'unjudged', 'zero') -%}
        {{- exceptions.raise_compiler_error("search_metrics: search_metrics_negative_grades must be reject, unjudged or zero, got " ~ negative) -}}
    {%- endif -%}
    {{- return({'max_grade': max_grade | int, 'relevance_level': level | int, 'negative_grades': negative}) -}}
{% endmacro %}
