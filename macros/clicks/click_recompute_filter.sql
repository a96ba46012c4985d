{#-
  A predicate on a day column that selects the days an incremental click model rebuilds: every day from
  (the anchor - var search_metrics_click_lookback_days) on, the anchor being the latest search_date already in the
  model, capped at the build's date (build_time): a day after it (a search within the future tolerance) cannot
  move the anchor, and rows dated in the future never reach the model (future_limit). The lookback
  (get_click_lookback_days) is a whole number from 0 to 36500 (100 years). On a first or full-refresh run every day is built, and the predicate is
  always true.
-#}
{% macro click_recompute_filter(date_column) %}
    {{- return(adapter.dispatch('click_recompute_filter', 'search_metrics')(date_column)) -}}
{% endmacro %}

{% macro default__click_recompute_filter(date_column) -%}
    {%- set lookback = search_metrics.get_click_lookback_days() -%}
    {%- if is_incremental() -%}
    {%- set build_date = 'cast(' ~ search_metrics.build_time() ~ ' as date)' -%}
    {%- set anchor = 'case when max(built_days.search_date) > ' ~ build_date ~ ' then ' ~ build_date
        ~ ' else max(built_days.search_date) end' -%}
    {{ date_column }} >= coalesce(
        (
            select {{ search_metrics.add_days(anchor, -1 * (lookback | int)) }}
            from {{ this }} as built_days
        ),
        cast('1900-01-01' as date)
    )
    {%- else -%}
    1 = 1
    {%- endif -%}
{%- endmacro %}
