{#-
  A predicate on a day column that selects the days an incremental click model rebuilds: every day from
  (the latest search_date already in the model - var search_metrics_click_lookback_days) on. On a first or
  full-refresh run every day is built, and the predicate is always true.
-#}
{% macro click_recompute_filter(date_column) %}
    {{- return(adapter.dispatch('click_recompute_filter', 'search_metrics')(date_column)) -}}
{% endmacro %}

{% macro default__click_recompute_filter(date_column) -%}
    {%- set lookback = var('search_metrics_click_lookback_days', 3) -%}
    {%- if not search_metrics.is_number(lookback, whole=true) or lookback < 0 -%}
        {{- exceptions.raise_compiler_error("search_metrics: search_metrics_click_lookback_days must be a whole number >= 0, got " ~ lookback) -}}
    {%- endif -%}
    {%- if is_incremental() -%}
    {{ date_column }} >= coalesce(
        (
            select {{ search_metrics.add_days('max(built_days.search_date)', -1 * (lookback | int)) }}
            from {{ this }} as built_days
        ),
        cast('1900-01-01' as date)
    )
    {%- else -%}
    1 = 1
    {%- endif -%}
{%- endmacro %}
