{#-
  Rule: each experiment that var search_metrics_experiments.baseline names as a key of its dict {experiment: bucket}
  is an experiment of the searches (an experiment id of search_metrics_int_experiment_assignments: a value of the
  column var search_metrics_experiment_column names, with a bucketed unit; `(all)` without that var). A key that
  names none, a typo or another experiment's id ({exp_2: treatment} when the ids are 1, 2, 3), would be ignored,
  and the experiment meant would keep the default baseline, so its deltas would have the sign the setting tried to
  reverse. Returns each such key. Only with a baseline dict.
-#}
{%- set baseline = search_metrics.get_experiment_settings().baseline if search_metrics.family_enabled('experiments') else none -%}
{{ config(enabled=search_metrics.family_enabled('experiments') and baseline is mapping) }}
{%- if baseline is mapping %}
{%- set rows = [] -%}
{%- for experiment in baseline -%}
    {%- do rows.append(['cast(' ~ search_metrics.string_literal(experiment) ~ ' as ' ~ dbt.type_string() ~ ')']) -%}
{%- endfor %}
with configured as (
    {{- search_metrics.literal_relation(['experiment'], rows) | indent(4) }}
),

experiments as (
    select distinct experiment
    from {{ ref('search_metrics_int_experiment_assignments') }}
)

select
    configured.experiment,
    'a key of search_metrics_experiments.baseline must name an experiment of the searches' as rule_violated
from configured
left join experiments
    on experiments.experiment = configured.experiment
where experiments.experiment is null
{%- endif %}
