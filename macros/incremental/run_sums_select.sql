{#-
  A select of run sums (run_sums_relation) from rows of search_query_metrics: per (run_id, metric, k) of `rows` (a
  relation or CTE with run_id, metric, k and value columns), sum_value (the sum of the non-null values), n_queries
  (their count), n_queries_total (the count of rows) and sum_log_value (the sum of ln(max(value, 1e-5)) over the
  non-null values, the geometric mean's terms), each negated with `negated` (the rows a build deletes). The
  sums of a run are the sums of its rows' entries, in any number of entries: search_run_metrics' value is
  sum_value / n_queries and its geometric mean exp(sum_log_value / n_queries), as a full aggregation of the rows
  gives them within floating-point summation order. `where`: an optional predicate on `rows`.
-#}
{% macro run_sums_select(rows, negated=false, where=none) %}
    {{- return(adapter.dispatch('run_sums_select', 'search_metrics')(rows, negated, where)) -}}
{% endmacro %}

{% macro default__run_sums_select(rows, negated=false, where=none) -%}
    {%- set sign = '-' if negated else '' -%}
    {%- set double = search_metrics.type_double() -%}
    {%- set bigint = dbt.type_bigint() -%}
    select
        summed_rows.run_id,
        summed_rows.metric,
        summed_rows.k,
        cast({{ sign }}sum(summed_rows.value) as {{ double }}) as sum_value,
        cast({{ sign }}count(summed_rows.value) as {{ bigint }}) as n_queries,
        cast({{ sign }}count(*) as {{ bigint }}) as n_queries_total,
        cast({{ sign }}sum(case when summed_rows.value is not null
            then ln(greatest(summed_rows.value, {{ search_metrics.as_double('0.00001') }})) end) as {{ double }}) as sum_log_value
    from {{ rows }} as summed_rows
    {%- if where %}
    where {{ where }}
    {%- endif %}
    group by summed_rows.run_id, summed_rows.metric, summed_rows.k
{%- endmacro %}
