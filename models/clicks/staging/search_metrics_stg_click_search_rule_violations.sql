{#-
  The clicks that break a rule relating them to their search, from one join of the clicks with the searches
  (left join on search_id) instead of one join per rule. It reads the inputs with the staging views' SQL (macros
  staged_clicks, staged_searches), not the views: a model downstream of them would be skipped when one of their
  error-level rules fails, and these warnings are reported whatever the other rules say, as before. The
  three rules are warnings (docs/clicks.md); a click breaks at most one of them (an unknown search has no
  searched_at; a click before its search is not after it, and var search_metrics_max_event_delay_seconds is > 0):
  - search_metrics_clicks__search_id_should_be_a_known_search: a click whose non-null search_id is not in the
    searches (counted and ignored in search_input_quality);
  - search_metrics_clicks__clicked_at_must_not_be_before_searched_at: clicked_at < the search's searched_at;
  - search_metrics_clicks__clicked_at_should_be_within_max_event_delay_of_searched_at: clicked_at more than var
    search_metrics_max_event_delay_seconds after the search's searched_at (excluded, counted in search_input_quality).
  Columns: rule (the name of the rule's data test), rule_violated (its message), the click's search_id, position,
  clicked_at, and search_searched_at (the searched_at of its search; null for an unknown search). A click of a
  search_id the searches hold twice (an error of the searches' own rule) is a row per such search, as each rule's
  join gave it. Each rule's named data test returns this table's rows of its rule. Empty when no click breaks them.
-#}
{%- set model_enabled = search_metrics.family_enabled('clicks') -%}
{{ config(materialized='table', enabled=model_enabled) }}
{%- if model_enabled %}
{%- set known = 'search_metrics_clicks__search_id_should_be_a_known_search' -%}
{%- set before = 'search_metrics_clicks__clicked_at_must_not_be_before_searched_at' -%}
{%- set late = 'search_metrics_clicks__clicked_at_should_be_within_max_event_delay_of_searched_at' %}

with clicks_breaking_a_rule as (
    select
        clicks.search_id,
        clicks.position,
        clicks.clicked_at,
        searches.searched_at as search_searched_at,
        case
            when searches.search_id is null then '{{ known }}'
            when clicks.clicked_at < searches.searched_at then '{{ before }}'
            else '{{ late }}'
        end as rule
    from (
        {{ search_metrics.staged_clicks() }}
    ) as clicks
    left join (
        {{ search_metrics.staged_searches() }}
    ) as searches
        on searches.search_id = clicks.search_id
    where (clicks.search_id is not null and searches.search_id is null)
        or clicks.clicked_at < searches.searched_at
        or {{ search_metrics.max_event_delay_exceeded(search_metrics.epoch_microseconds('clicks.clicked_at'),
            search_metrics.epoch_microseconds('searches.searched_at')) }}
)

select
    rule,
    case rule
        when '{{ known }}' then 'a click or impression should belong to a known search_id (it is ignored and counted in search_input_quality)'
        when '{{ before }}' then 'clicked_at must not be before the searched_at of its search'
        else 'the event should be at most search_metrics_max_event_delay_seconds after the searched_at of its search (the row is excluded and counted in search_input_quality)'
    end as rule_violated,
    search_id,
    position,
    clicked_at,
    search_searched_at
from clicks_breaking_a_rule
{%- endif %}
