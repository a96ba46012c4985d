{#-
  The grade in an LLM's answer (a SQL text expression) as a SQL integer expression, null when it gives none. Read
  case-insensitively:
    1. when the answer says "final score" (UMBRELA asks for "##final score: N"): the number right after its last
       "final score", past any characters other than letters, digits and '-' (spaces, '#', '*', ':', '='), an
       optional "(O)" (the prompt's name of the final score) and an optional "is";
    2. otherwise the whole answer, when it is nothing but a number between such characters ("2", "**2**").
  The number must be a whole number 0..search_metrics_max_grade, optionally followed by one '.' ("2." ends a
  sentence); anything else (2.5, 7 on a 0..3 scale, -1, no number, a null answer) gives null, which
  search_llm_judgments keeps with its answer and the warning test search_llm_judgments__answer_should_give_a_grade
  counts. The number text is found with the engine's regular expressions (regexp_extract on DuckDB, Spark and
  Databricks, regexp_match on PostgreSQL, REGEXP_SUBSTR on Snowflake, REGEXP_EXTRACT on BigQuery: one pattern with
  non-capturing groups, which Snowflake's POSIX syntax spells as groups, its number being the third); its reading is
  llm_grade_from_text's. Before the number, a greedy .* (matching newlines: (?s), or PostgreSQL's default, or
  Snowflake's 's' parameter) makes the last "final score" the one read.
-#}
{% macro llm_grade(answer) %}
    {{- return(adapter.dispatch('llm_grade', 'search_metrics')(answer)) -}}
{% endmacro %}

{% macro default__llm_grade(answer) -%}
    {%- set text = 'lower(' ~ answer ~ ')' -%}
    {{ search_metrics.llm_grade_from_text(
        "case when " ~ text ~ " like '%final score%' then regexp_extract(" ~ text
        ~ ", '(?s).*final score[^0-9a-z-]*(?:o[^0-9a-z-]*)?(?:is[^0-9a-z-]*)?([0-9.]*)', 1) else regexp_extract(" ~ text
        ~ ", '^[^0-9a-z-]*([0-9.]*)[^0-9a-z]*$', 1) end") }}
{%- endmacro %}

{% macro postgres__llm_grade(answer) -%}
    {%- set text = 'lower(' ~ answer ~ ')' -%}
    {{ search_metrics.llm_grade_from_text(
        "case when " ~ text ~ " like '%final score%' then (regexp_match(" ~ text
        ~ ", '.*final score[^0-9a-z-]*(?:o[^0-9a-z-]*)?(?:is[^0-9a-z-]*)?([0-9.]*)'))[1] else (regexp_match(" ~ text
        ~ ", '^[^0-9a-z-]*([0-9.]*)[^0-9a-z]*$'))[1] end") }}
{%- endmacro %}

{% macro snowflake__llm_grade(answer) -%}
    {%- set text = 'lower(' ~ answer ~ ')' -%}
    {{ search_metrics.llm_grade_from_text(
        "case when " ~ text ~ " like '%final score%' then regexp_substr(" ~ text
        ~ ", '.*final score[^0-9a-z-]*(o[^0-9a-z-]*)?(is[^0-9a-z-]*)?([0-9.]*)', 1, 1, 'es', 3) else regexp_substr(" ~ text
        ~ ", '^[^0-9a-z-]*([0-9.]*)[^0-9a-z]*$', 1, 1, 'es', 1) end") }}
{%- endmacro %}

{% macro bigquery__llm_grade(answer) -%}
    {%- set text = 'lower(' ~ answer ~ ')' -%}
    {{ search_metrics.llm_grade_from_text(
        "case when " ~ text ~ " like '%final score%' then regexp_extract(" ~ text
        ~ ", '(?s).*final score[^0-9a-z-]*(?:o[^0-9a-z-]*)?(?:is[^0-9a-z-]*)?([0-9.]*)') else regexp_extract(" ~ text
        ~ ", '^[^0-9a-z-]*([0-9.]*)[^0-9a-z]*$') end") }}
{%- endmacro %}
