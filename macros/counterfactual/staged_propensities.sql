{#-
  The select of the impressions' propensities (var search_metrics_counterfactual's propensity_column and
  prefix_propensity_column, get_counterfactual_settings): search_id (as text), position, propensity and
  prefix_propensity (doubles; prefix_propensity null without its column). Read by the counterfactual rules' table
  and search_metrics_int_counterfactual_positions. A configured column the impressions input lacks is a compile
  error naming the var and the column (input_columns). Only with a propensity column configured.
-#}
{% macro staged_propensities(settings) %}
    {{- return(adapter.dispatch('staged_propensities', 'search_metrics')(settings)) -}}
{% endmacro %}

{% macro default__staged_propensities(settings) -%}
{%- set columns = [settings.propensity_column] + ([settings.prefix_propensity_column] if settings.prefix_propensity_column else []) -%}
{%- do search_metrics.input_columns('search_metrics_impressions', required=['search_id', 'position'] + columns) -%}
select
    {{ search_metrics.as_text('search_id') }} as search_id,
    position,
    {{ search_metrics.as_double(settings.propensity_column) }} as propensity,
    {%- if settings.prefix_propensity_column %}
    {{ search_metrics.as_double(settings.prefix_propensity_column) }} as prefix_propensity
    {%- else %}
    cast(null as {{ search_metrics.type_double() }}) as prefix_propensity
    {%- endif %}
from {{ search_metrics.input_relation('search_metrics_impressions') }}
{%- endmacro %}
