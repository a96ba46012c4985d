{#-
  The per-search columns of search_metrics_int_experiment_searches that the experiment models sum per unit (and per
  unit and day): the counts and sums that experiment_metrics' numerators and denominators read. The sessions
  family adds the click-dwell counts; the query column adds the reformulation counts. With types=true, a list of
  (column, SQL type) pairs: whole counts are bigint, seconds_to_first_click and paulscore_<i> double (so a sum has
  one type on every engine: PostgreSQL sums a bigint to numeric, DuckDB an integer to hugeint). A compile-time
  helper: not dispatched.
-#}
{% macro experiment_search_columns(types=false) %}
    {%- set columns = ['n_searches', 'n_known_results', 'n_zero_result', 'n_with_results', 'n_clicked_with_results',
                       'n_clicked', 'first_click_position', 'n_clicked_positions', 'seconds_to_first_click'] -%}
    {%- for factor in search_metrics.get_paulscore_factors() -%}
        {%- do columns.append('paulscore_' ~ loop.index) -%}
    {%- endfor -%}
    {%- if search_metrics.family_enabled('sessions') -%}
        {%- do columns.extend(['n_click_rows', 'n_satisfied_clicks', 'n_returning']) -%}
        {%- if search_metrics.get_query_id_column() is not none -%}
            {%- do columns.extend(['n_with_query', 'n_reformulated']) -%}
        {%- endif -%}
    {%- endif -%}
    {%- if not types -%}
        {{- return(columns) -}}
    {%- endif -%}
    {%- set typed = [] -%}
    {%- for column in columns -%}
        {%- do typed.append((column, search_metrics.type_double() if column == 'seconds_to_first_click'
            or column.startswith('paulscore_') else dbt.type_bigint())) -%}
    {%- endfor -%}
    {{- return(typed) -}}
{% endmacro %}
