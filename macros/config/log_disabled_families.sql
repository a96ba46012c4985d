{#-
  The run-start notice (on-run-start in dbt_project.yml): when no model family is on, one line per family
  saying which vars turn it on, so that a project that forgot the input vars does not get a silent, empty
  build. Quiet when at least one family is on. Renders no SQL. Whether a family is on is read from dbt's graph
  (is its output model there?), the decision family_enabled made, rather than decided again: a hook may not
  render an input var that holds a ref().
-#}
{% macro log_disabled_families() %}
    {{- return(adapter.dispatch('log_disabled_families', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__log_disabled_families() %}
    {%- if execute -%}
        {%- set families = search_metrics.families() -%}
        {%- set off = [] -%}
        {%- set built = graph.nodes.values() | selectattr('package_name', 'equalto', 'search_metrics')
            | map(attribute='name') | list -%}
        {%- for family, spec in families.items() -%}
            {%- if spec.output not in built -%}{%- do off.append(family) -%}{%- endif -%}
        {%- endfor -%}
        {%- if (off | length) == (families | length) -%}
            {%- for family in off if var('search_metrics_enable_' ~ family, none) is none -%}
                {%- set spec = families[family] -%}
                {%- set needs = [] -%}
                {%- if spec.inputs -%}{%- do needs.append('set ' ~ (spec.inputs | join(' and '))) -%}{%- endif -%}
                {%- if spec.needs -%}{%- do needs.append('turn the ' ~ spec.needs ~ ' family on') -%}{%- endif -%}
                {%- do log("search_metrics: the " ~ family ~ " models are off (no input configured): "
                    ~ (needs | join(' and ')) ~ " to build them; search_metrics_enable_" ~ family
                    ~ ": false silences this line", info=true) -%}
            {%- endfor -%}
        {%- endif -%}
    {%- endif -%}
    {{- return('') -}}
{% endmacro %}
