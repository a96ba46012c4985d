{#-
  Rule (warning): every bucket named in var search_metrics_bucket_comparisons has searches. A misspelt bucket
  would otherwise give rows with an empty arm (null statistics) in search_paulscore_comparison.
-#}
{%- set pairs = search_metrics.get_comparison_pairs('search_metrics_bucket_comparisons') -%}
{%- set bucket_column = search_metrics.get_bucket_column() -%}
{{ config(
    severity='warn',
    enabled=search_metrics.family_enabled('bucket_comparisons') and pairs is not none
) }}
with named_buckets as (
    {#- union all and distinct, not a bare union: BigQuery takes no union without distinct or all #}
    select distinct bucket
    from (
        select baseline as bucket from ({{ search_metrics.comparison_pairs_relation(pairs, none) }}) as baselines
        union all
        select candidate as bucket from ({{ search_metrics.comparison_pairs_relation(pairs, none) }}) as candidates
    ) as pair_members
)

select
    named_buckets.bucket,
    'a bucket named in search_metrics_bucket_comparisons must have searches' as rule_violated
from named_buckets
left join (
    select distinct {{ search_metrics.as_text(bucket_column) }} as bucket
    from {{ search_metrics.input_relation('search_metrics_searches') }}
) as known_buckets
    on known_buckets.bucket = named_buckets.bucket
where known_buckets.bucket is null
