{#-
  The percentile-bootstrap interval of the mean delta per group (paired_bootstrap_ci) from its replicate sums:
  `sums` has the group columns, n_units, replicate and replicate_sum (bootstrap_sums), every replicate
  1 .. n_bootstrap of each group; a replicate's mean is replicate_sum / n_units, and ci_low, ci_high are the
  percentile_interval of the means at `level`. Returns the group columns, ci_low and ci_high.
-#}
{% macro bootstrap_interval(sums, group_columns, n_bootstrap, level) %}
    {{- return(adapter.dispatch('bootstrap_interval', 'search_metrics')(sums, group_columns, n_bootstrap, level)) -}}
{% endmacro %}

{% macro default__bootstrap_interval(sums, group_columns, n_bootstrap, level) -%}
    {%- set means -%}
    (
        select
            {% for column in group_columns %}{{ column }}, {% endfor %}
            replicate,
            replicate_sum / n_units as replicate_mean
        from {{ sums }}
    ) as bs_means
    {%- endset -%}
    {{ search_metrics.percentile_interval(means, group_columns, 'replicate_mean', 'replicate', n_bootstrap, level) }}
{%- endmacro %}
