{#-
  Per (run_id, metric, k): the mean over the run's queries with a non-null value (SearchTweak's multi-keyword mean),
  and for the metrics whose values are scores in [0, 1] the geometric mean exp(mean(ln(max(value, 1e-5)))) over the
  same queries (trec_eval's gm_map for average precision; null for counts, sums and shares).
-#}
{{ config(enabled=search_metrics.family_enabled('judgment_metrics')) }}
{%- set score_types = ['precision', 'recall', 'average_precision', 'reciprocal_rank', 'ndcg', 'err', 'auc', 'success',
                       'r_precision', 'bpref', 'rbp', 'average_precision_11pt', 'infap',
                       'set_precision', 'set_recall', 'set_f', 'set_average_precision', 'set_relative_precision',
                       'relative_precision', 'r_precision_multiple', 'ndcg_rel', 'rndcg', 'g', 'bin_g'] + search_metrics.diversity_types() -%}
{%- set scored = search_metrics.get_metrics() | selectattr('type', 'in', score_types) | map(attribute='name') | list -%}
select
    run_id,
    metric,
    k,
    avg(value) as value,
    count(value) as n_queries,
    count(*) as n_queries_total,
    {%- if scored %}
    case
        when metric in ('{{ scored | join("', '") }}')
            then exp(avg(case when value is not null then ln(greatest(value, {{ search_metrics.as_double('0.00001') }})) end))
    end as geometric_mean
    {%- else %}
    cast(null as {{ search_metrics.type_double() }}) as geometric_mean
    {%- endif %}
from {{ ref('search_query_metrics') }}
group by run_id, metric, k
