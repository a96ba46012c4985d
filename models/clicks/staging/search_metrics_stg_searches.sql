{#- The searches input (var search_metrics_searches) with the contract's columns; the input data tests run here. -#}
{{ config(enabled=search_metrics.family_enabled('clicks')) }}
select
    search_id,
    session_id,
    cast(searched_at as {{ dbt.type_timestamp() }}) as searched_at,
    search_type,
    n_results
from {{ search_metrics.input_relation('search_metrics_searches') }}
