{#-
  The fusions' runs as a relation known at compile time: columns fusion and run_id (text), one row per (fusion,
  input run) with which = 'inputs', per (fusion, configuration's run_id) with which = 'outputs' (a fused run and
  each weight of its sweep). `fusions` is a list from get_fusions (or a part of it). With no fusion, one row of
  nulls: a model or test that reads it is disabled then, but its SQL is still rendered at parse time.
-#}
{% macro fusion_runs_relation(fusions, which) %}
    {%- if which not in ['inputs', 'outputs'] -%}
        {{- exceptions.raise_compiler_error("search_metrics: fusion_runs_relation reads which = 'inputs' or 'outputs', got " ~ which) -}}
    {%- endif -%}
    {{- return(adapter.dispatch('fusion_runs_relation', 'search_metrics')(fusions, which)) -}}
{% endmacro %}

{% macro default__fusion_runs_relation(fusions, which) -%}
    {%- set text = dbt.type_string() -%}
    {%- set rows = [] -%}
    {%- for fusion in fusions -%}
        {%- set runs = fusion.runs if which == 'inputs' else fusion.configurations | map(attribute='run_id') | list -%}
        {%- for run in runs -%}
            {%- do rows.append(['cast(' ~ search_metrics.string_literal(fusion.name) ~ ' as ' ~ text ~ ')',
                                'cast(' ~ search_metrics.string_literal(run) ~ ' as ' ~ text ~ ')']) -%}
        {%- endfor -%}
    {%- endfor -%}
    {%- if rows | length == 0 -%}
        {%- do rows.append(['cast(null as ' ~ text ~ ')', 'cast(null as ' ~ text ~ ')']) -%}
    {%- endif -%}
    {{ search_metrics.literal_relation(['fusion', 'run_id'], rows) }}
{%- endmacro %}
