{#-
  The post-hook of search_metrics_int_comparison_resamples' incremental build (comparison_resamples_config): deletes
  the unit rows whose (pair, query) key `query_state` (search_metrics_int_comparison_query_fingerprints) no longer
  holds, and the rows of the pairs `pair_state` (search_metrics_int_comparison_fingerprints) no longer holds. The
  model has taken such a unit's terms out of its pair's sums in the same build; the delete+insert replaced every
  other moved row. Runs its statements itself, in the model's transaction; renders nothing.
-#}
{% macro delete_retired_resamples(query_state, pair_state) %}
    {{- return(adapter.dispatch('delete_retired_resamples', 'search_metrics')(query_state, pair_state)) -}}
{% endmacro %}

{% macro default__delete_retired_resamples(query_state, pair_state) -%}
    {%- if execute and is_incremental() -%}
        {%- do run_query('delete from ' ~ this ~ " as kept where kept.row_kind = 'unit' and not exists (select 1 from "
            ~ query_state ~ ' as state where state.baseline = kept.baseline and state.candidate = kept.candidate'
            ~ ' and state.query_id = kept.row_id)') -%}
        {%- do run_query('delete from ' ~ this ~ ' as kept where not exists (select 1 from ' ~ pair_state
            ~ ' as state where state.baseline = kept.baseline and state.candidate = kept.candidate)') -%}
    {%- endif -%}
{%- endmacro %}
