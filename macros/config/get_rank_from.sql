{#-
  Where a result's rank comes from: var search_metrics_rank_from, 'rank' (default: the results' rank column, as
  given) or 'score' (trec_eval's rule, which ignores a run file's rank column: score descending, ties broken by
  doc_id descending in binary (code-point) order; a null score is then an input error).
-#}
{% macro get_rank_from() %}
    {%- set rank_from = var('search_metrics_rank_from', 'rank') -%}
    {%- if rank_from not in ('rank', 'score') -%}
        {{- exceptions.raise_compiler_error("search_metrics: search_metrics_rank_from must be rank or score, got " ~ rank_from) -}}
    {%- endif -%}
    {{- return(rank_from) -}}
{% endmacro %}
