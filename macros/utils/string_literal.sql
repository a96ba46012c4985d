{#-
  A text value as a SQL string literal, the value intact on each engine: every literal made from a var's value (the
  comparison pairs' run ids and buckets, metric names) or a macro argument (a file path) is written by it.
    default: '...' with each ' doubled; a backslash is text (DuckDB; PostgreSQL with standard_conforming_strings,
      its default since 9.1).
    spark: a backslash escapes the next character in a Spark literal ('\n', '\'', '\u00e9'), so each backslash is
      doubled and each ' written \' (which every Spark version reads as a quote).
-#}
{% macro string_literal(value) %}
    {{- return(adapter.dispatch('string_literal', 'search_metrics')(value | string)) -}}
{% endmacro %}

{% macro default__string_literal(value) %}
    {{- return("'" ~ value | replace("'", "''") ~ "'") -}}
{% endmacro %}

{% macro spark__string_literal(value) %}
    {{- return("'" ~ value | replace('\\', '\\\\') | replace("'", "\\'") ~ "'") -}}
{% endmacro %}
