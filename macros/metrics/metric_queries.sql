{#-
  Every metric of `metrics` (resolved entries, get_metrics), one row per (run_id, query_id, metric, k): the types on
  the shared pass (the registry's `plan`) in one metric_plan_query, each other type by its own query (metric_query),
  the rows of all of them in one union. Arguments as metric_query's; an entry that carries its own `cutoffs` (the
  trec_eval table's measures) is reduced at those.
  read_back (optional): {'relation': r, 'key': c, 'columns': [...]}: each branch is joined to r on r.run_id = run_id
  and r.<c> = query_id and selects r's `columns` in place of run_id, query_id (the judgment sources' metrics: the
  query_id computed over is a source's key, read back to the query here), and r's `trailing_columns` (optional)
  after value.
  The statement stays a union of one select per CTE: the metric macros' own nested WITHs then stay where they are
  (sqlglot's Spark generator hoists the nested WITHs of a single select to the top, where two macros' CTE names would
  collide). Returns run_id, query_id (or read_back's columns), metric (text), k (int; null for a metric without a
  cutoff), value (double).
  ctes (optional): [[name, select SQL], ...], CTEs placed first in the statement's WITH, which the relations
  arguments may name (search_query_metrics' incremental build: the pairs to build and their rows).
-#}
{% macro metric_queries(metrics, results, pool, spine, cutoffs, subtopics=none, read_back=none, ctes=none) %}
    {{- return(adapter.dispatch('metric_queries', 'search_metrics')(metrics, results, pool, spine, cutoffs, subtopics, read_back, ctes)) -}}
{% endmacro %}

{% macro default__metric_queries(metrics, results, pool, spine, cutoffs, subtopics, read_back, ctes) -%}
    {%- set types = search_metrics.metric_types() -%}
    {%- set planned = [] -%}
    {%- set others = [] -%}
    {%- for metric in metrics -%}
        {%- do (planned if types.get(metric.type, {}).get('plan') else others).append(metric) -%}
    {%- endfor -%}
    {#- each branch: its CTE, and the metric's name for a CTE of one metric (none: the CTE has a metric column) -#}
    {%- set branches = ([['planned_metric_values', none]] if planned else []) -%}
    {%- for metric in others -%}
        {%- do branches.append(['metric_' ~ loop.index ~ '_values', metric.name]) -%}
    {%- endfor -%}
    with
    {%- for name, sql in (ctes or []) %}

    {{ name }} as (
        {{ sql | indent(8) }}
    ),
    {%- endfor %}
    {%- if planned %}

    planned_metric_values as (
        {{ search_metrics.metric_plan_query(planned, results, pool, spine, cutoffs) | indent(8) }}
    ){{ ',' if others }}
    {%- endif %}
    {%- for metric in others %}

    metric_{{ loop.index }}_values as (
        {{ search_metrics.metric_query(metric, results, pool, spine, metric.get('cutoffs') or cutoffs, subtopics) | indent(8) }}
    ){{ ',' if not loop.last }}
    {%- endfor %}
    {% for branch, name in branches %}
    select
        {%- if read_back is not none %}
        {%- for column in read_back.columns %}
        read_back.{{ column }},
        {%- endfor %}
        {%- else %}
        metric_values.run_id,
        metric_values.query_id,
        {%- endif %}
        cast({{ 'metric_values.metric' if name is none else search_metrics.string_literal(name) }} as {{ dbt.type_string() }}) as metric,
        cast(metric_values.k as {{ dbt.type_int() }}) as k,
        {{ search_metrics.as_double('metric_values.value') }} as value
        {%- if read_back is not none %}
        {%- for column in read_back.get('trailing_columns', []) %},
        read_back.{{ column }}
        {%- endfor %}
        {%- for item in read_back.get('constants', []) %},
        {{ item }}
        {%- endfor %}
        {%- endif %}
    from {{ branch }} as metric_values
    {%- if read_back is not none %}
    inner join {{ read_back.relation }} as read_back
        on read_back.run_id = metric_values.run_id
        and read_back.{{ read_back.key }} = metric_values.query_id
    {%- endif %}
    {% if not loop.last %}union all{% endif %}
    {%- endfor %}
{%- endmacro %}
