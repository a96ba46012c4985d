{#-
  Rule (warning): every run_id named in var search_metrics_comparisons has results. A misspelt run_id would
  otherwise just leave its pair out of search_run_comparison and search_query_deltas.
-#}
{%- set pairs = search_metrics.get_comparison_pairs('search_metrics_comparisons') -%}
{{ config(
    severity='warn',
    enabled=search_metrics.family_enabled('comparisons') and pairs is not none
) }}
with named_runs as (
    {#- union all and distinct, not a bare union: BigQuery takes no union without distinct or all #}
    select distinct run_id
    from (
        select baseline as run_id from ({{ search_metrics.comparison_pairs_relation(pairs, none) }}) as baselines
        union all
        select candidate as run_id from ({{ search_metrics.comparison_pairs_relation(pairs, none) }}) as candidates
    ) as pair_members
)

select
    named_runs.run_id,
    'a run_id named in search_metrics_comparisons must have results' as rule_violated
from named_runs
left join (select distinct run_id from {{ ref('search_metrics_int_query_spine') }}) as known_runs
    on known_runs.run_id = named_runs.run_id
where known_runs.run_id is null
