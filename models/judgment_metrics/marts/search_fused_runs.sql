{#-
  The fused runs of var search_metrics_fusions (docs/fusion.md) and what each is made of: one row per (fused run,
  input run), for the fusion itself and every configuration of its weight sweep. run_id the fused run (the fusion's
  name, or '<name>@w=<weights>'), fusion its fusion, configuration_index 0 for the fusion, 1.. its grid in order (as
  search_fusion_sweep), method and norm as get_fusions resolves them (min_max reads min-max), rrf_k the k of rrf
  (null for the other methods), input_position 1.. the input run's place in the fusion's runs, input_run_id that run,
  weight its weight in the configuration (null for the methods without weights). Rows from the var alone, so a
  reader (the report, a BI tool) can show a fused run beside its inputs. A plain table.
-#}
{%- set fusions = search_metrics.get_fusions() -%}
{%- set model_enabled = search_metrics.family_enabled('judgment_metrics') and (fusions | length) > 0 -%}
{{ config(materialized='table',
          enabled=model_enabled) }}
{%- if model_enabled %}
{%- set text = dbt.type_string() -%}
{%- set rows = [] -%}
{%- for fusion in fusions -%}
    {%- for configuration in fusion.configurations -%}
        {%- set configuration_index = loop.index0 -%}
        {%- for input_run in fusion.runs -%}
            {%- do rows.append(['cast(' ~ search_metrics.string_literal(configuration.run_id) ~ ' as ' ~ text ~ ')',
                                'cast(' ~ search_metrics.string_literal(fusion.name) ~ ' as ' ~ text ~ ')',
                                configuration_index | string,
                                'cast(' ~ search_metrics.string_literal(fusion.method) ~ ' as ' ~ text ~ ')',
                                'cast(' ~ search_metrics.string_literal(fusion.norm) ~ ' as ' ~ text ~ ')',
                                search_metrics.as_double("%.17g" | format(fusion.k)) if fusion.method == 'rrf'
                                    else 'cast(null as ' ~ search_metrics.type_double() ~ ')',
                                loop.index | string,
                                'cast(' ~ search_metrics.string_literal(input_run) ~ ' as ' ~ text ~ ')',
                                search_metrics.as_double("%.17g" | format(configuration.weights[loop.index0]))
                                    if configuration.weights is not none
                                    else 'cast(null as ' ~ search_metrics.type_double() ~ ')']) -%}
        {%- endfor -%}
    {%- endfor -%}
{%- endfor -%}
{%- if rows | length == 0 -%}
    {#- no fusion: the model is disabled, but its SQL is still rendered at parse time -#}
    {%- do rows.append(["''", '0', "''", "''", "''", '0', '0', "''", '0']) -%}
{%- endif %}

with fused_run_inputs as (
    {{ search_metrics.literal_relation(['run_id', 'fusion', 'configuration_index', 'method', 'norm', 'rrf_k',
                                        'input_position', 'input_run_id', 'weight'], rows) | indent(4) }}
)

select
    run_id,
    fusion,
    cast(configuration_index as {{ dbt.type_int() }}) as configuration_index,
    method,
    norm,
    rrf_k,
    cast(input_position as {{ dbt.type_int() }}) as input_position,
    input_run_id,
    weight
from fused_run_inputs
{%- endif %}
