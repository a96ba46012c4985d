{#-
  Rule: with var search_metrics_experiments.expected_shares set, every bucket of every experiment has a weight there;
  else its experiment has no sample-ratio check. Returns the buckets without one.
-#}
{%- set shares = search_metrics.get_experiment_settings().expected_shares if search_metrics.family_enabled('experiments') else none -%}
{{ config(enabled=search_metrics.family_enabled('experiments') and shares is not none) }}
{%- if shares is not none %}
select distinct
    experiment,
    bucket,
    'every bucket must have a weight in search_metrics_experiments.expected_shares' as rule_violated
from {{ ref('search_metrics_int_experiment_assignments') }}
where bucket is not null
    and bucket not in ({% for bucket in shares %}{{ search_metrics.string_literal(bucket) }}{% if not loop.last %}, {% endif %}{% endfor %})
{%- endif %}
