{#-
  The terms of rbp's and rbp_residual's plans (metric_plan), over the rows graded on the entry's scale (the whole
  list): gain_sum = the sum of the value scaled to [0, 1] by the scale's range times p^(rank - 1)
  (persistence_power), weight_sum = the sum of p^(rank - 1); and the pool's graded count. Returns {plan (its
  query_terms, pair_terms, reads_every_rank), graded, gain_sum, weight_sum}.
-#}
{% macro plan_rank_biased_terms(metric) %}
    {%- set scale = metric.scale -%}
    {%- set grades = search_metrics.scale_grades()[scale] -%}
    {%- set weight = search_metrics.persistence_power(search_metrics.as_double(metric.persistence), 'rank - 1') -%}
    {%- set pool_terms = search_metrics.plan_pool_terms(scale) -%}
    {%- set gain_sum = search_metrics.plan_name(['p_rank_biased_gain', scale, metric.persistence]) -%}
    {%- set weight_sum = search_metrics.plan_name(['p_rank_biased_weight', scale, metric.persistence]) -%}
    {{- return({'graded': pool_terms.names.graded, 'gain_sum': gain_sum, 'weight_sum': weight_sum,
                'plan': {'query_terms': pool_terms.query_terms, 'reads_every_rank': true,
                         'pair_terms': {gain_sum: ['sum((' ~ search_metrics.as_double(scale ~ '_value') ~ ' - ' ~ (grades | min)
                             ~ ') / ' ~ ((grades | max) - (grades | min)) ~ ' * ' ~ weight ~ ')', '0'],
                                        weight_sum: ['sum(case when ' ~ scale ~ '_value is not null then ' ~ weight ~ ' end)', '0']}}}) -}}
{% endmacro %}
