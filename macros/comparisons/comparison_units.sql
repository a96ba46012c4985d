{#-
  The paired units of the resampling tests of some compared pairs: every row of `deltas` (search_query_deltas) with
  a non-null delta whose (baseline, candidate) is in `pairs` (a relation or CTE name with those two columns), with
  metric_group, the (metric, k_key) pair's number in `metric_groups` (a relation of comparison_metric_groups' rows:
  metric, k_key, metric_group), unit_index, the query's 1-based position among the group's paired queries
  (query_id in binary order), and n_units, the group's number of paired queries. A relation's SQL (a select) of
  baseline, candidate, metric_group, query_id, unit_index, n_units, delta.
-#}
{% macro comparison_units(deltas, pairs, metric_groups) %}
    {{- return(adapter.dispatch('comparison_units', 'search_metrics')(deltas, pairs, metric_groups)) -}}
{% endmacro %}

{% macro default__comparison_units(deltas, pairs, metric_groups) -%}
    select
        query_deltas.baseline,
        query_deltas.candidate,
        metric_groups.metric_group,
        query_deltas.query_id,
        row_number() over (
            partition by query_deltas.baseline, query_deltas.candidate, metric_groups.metric_group
            order by {{ search_metrics.binary_order('query_deltas.query_id') }}
        ) as unit_index,
        count(*) over (
            partition by query_deltas.baseline, query_deltas.candidate, metric_groups.metric_group
        ) as n_units,
        query_deltas.delta
    from {{ deltas }} as query_deltas
    inner join {{ pairs }} as compared_pairs
        on compared_pairs.baseline = query_deltas.baseline
        and compared_pairs.candidate = query_deltas.candidate
    inner join {{ metric_groups }} as metric_groups
        on metric_groups.metric = query_deltas.metric
        and metric_groups.k_key = coalesce(query_deltas.k, 0)
    where query_deltas.delta is not null
{%- endmacro %}
