{#-
  The run_ids of the pairs in `pairs` (a relation or CTE with baseline and candidate columns), each once: a select
  with one column, run_id. A pair-keyed model joins the runs it reads to it instead of filtering them with
  `run_id in (select baseline ...) or run_id in (select candidate ...)`: DuckDB reads no row of the probe side of a
  join whose build side is empty (an incremental build with no pair to build), where the filter read the run_id of
  every row.
-#}
{% macro runs_of_pairs(pairs) %}
    {{- return(adapter.dispatch('runs_of_pairs', 'search_metrics')(pairs)) -}}
{% endmacro %}

{% macro default__runs_of_pairs(pairs) -%}
    select distinct run_id
    from (
        select baseline as run_id from {{ pairs }}
        union all
        select candidate as run_id from {{ pairs }}
    ) as compared_runs
{%- endmacro %}
