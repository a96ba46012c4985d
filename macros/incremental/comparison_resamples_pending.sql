{#-
  Whether an incremental build of search_metrics_int_comparison_resamples that corrects the kept sums
  (comparison_sums_corrected) has anything to write: false when every compared pair of `pair_state`
  (search_metrics_int_comparison_fingerprints) has sums rows carrying its current comparison_fingerprint. That
  fingerprint holds both runs' fingerprints, so such a pair has no (pair, query) key that moved, and the model then
  selects no row (its post-hook still deletes the rows of the pairs no longer compared). Read when the model is
  compiled, before its pre-hooks, from the pairs and the table's sums rows (a row per permutation and per bootstrap
  sample of each pair); true while parsing, on a first or full build, where the table has no sums rows (no replicates
  drawn) and where `pair_state` does not exist (a compile of the incremental branch against a schema holding the table
  alone).
-#}
{% macro comparison_resamples_pending(pair_state) %}
    {{- return(adapter.dispatch('comparison_resamples_pending', 'search_metrics')(pair_state)) -}}
{% endmacro %}

{% macro default__comparison_resamples_pending(pair_state) %}
    {#- the state not built yet (a compile against a schema holding the table only): the correction's SQL -#}
    {%- if not execute or not is_incremental() or load_relation(pair_state) is none -%}
        {{- return(true) -}}
    {%- endif -%}
    {%- set pairs_moved -%}
        select count(*)
        from {{ pair_state }} as state
        where not exists (
            select 1
            from {{ this }} as kept
            where kept.row_kind in ('sign', 'count')
                and kept.baseline = state.baseline
                and kept.candidate = state.candidate
                and kept.comparison_fingerprint = state.comparison_fingerprint
        )
    {%- endset -%}
    {{- return(run_query(pairs_moved).rows[0][0] > 0) -}}
{% endmacro %}
