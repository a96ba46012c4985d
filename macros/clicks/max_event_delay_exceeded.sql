{#-
  A SQL predicate: an event (a click, or the end of a page visit) came more than var
  search_metrics_max_event_delay_seconds after its search. Both arguments are SQL expressions in epoch
  microseconds (epoch_microseconds); an event before its search never exceeds it. Null when either is null.
-#}
{% macro max_event_delay_exceeded(event_us, searched_us) %}
    {{- return(adapter.dispatch('max_event_delay_exceeded', 'search_metrics')(event_us, searched_us)) -}}
{% endmacro %}

{% macro default__max_event_delay_exceeded(event_us, searched_us) -%}
    {{ event_us }} - {{ searched_us }} > {{ (search_metrics.get_max_event_delay_seconds() * 1000000) | int }}
{%- endmacro %}
