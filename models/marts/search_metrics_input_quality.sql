{#-
  Where every input row went: used, or not used and why. Each input's rows add up to its row count,
  so nothing is dropped without being counted.
-#}
{%- set judged = search_metrics.inputs_configured(['search_metrics_results', 'search_metrics_judgments']) -%}
{{ config(enabled=judged) }}
{%- set max_cutoff = search_metrics.get_cutoffs() | max -%}

with returned_queries as (
    select distinct query_id from {{ ref('search_metrics_stg_results') }}
),

result_rows as (
    select
        case when rank <= {{ max_cutoff }} then 'used' else 'not_used' end as status,
        case
            when rank <= {{ max_cutoff }} then 'rank within the largest cutoff ({{ max_cutoff }})'
            else 'rank beyond the largest cutoff ({{ max_cutoff }}): counted in n_results, read by no cutoff metric'
        end as reason
    from {{ ref('search_metrics_stg_results') }}
),

judgment_rows as (
    select
        case
            when returned_queries.query_id is null then 'ignored'
            when judgments.grade is null then 'ungraded'
            else 'used'
        end as status,
        case
            when returned_queries.query_id is null then 'query returned by no run'
            when judgments.grade is null then 'null grade (slot not graded yet): the doc is in the pool, the slot casts no vote'
            else 'graded judgment of a returned query'
        end as reason
    from {{ ref('search_metrics_stg_judgments') }} as judgments
    left join returned_queries on returned_queries.query_id = judgments.query_id
)

select
    cast('results' as {{ dbt.type_string() }}) as input_name,
    cast(status as {{ dbt.type_string() }}) as status,
    cast(reason as {{ dbt.type_string() }}) as reason,
    count(*) as n_rows
from result_rows
group by status, reason

union all

select
    cast('judgments' as {{ dbt.type_string() }}) as input_name,
    cast(status as {{ dbt.type_string() }}) as status,
    cast(reason as {{ dbt.type_string() }}) as reason,
    count(*) as n_rows
from judgment_rows
group by status, reason
