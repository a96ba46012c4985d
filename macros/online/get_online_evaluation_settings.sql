{#-
  The online-evaluation settings: var search_metrics_online_evaluation, a dict whose keys replace these defaults
    interleaving_unit: search        the unit of an interleaving verdict: search, or session (the day-session)
    dwell_threshold_seconds: 10      a click is satisfied when its observed dwell is at least this (a number > 0)
    return_window_seconds: 600       the return rate's window after a search's first click (a number > 0)
    reformulation_gap_seconds: 300   the longest gap from a search to its reformulation (a number >= 0)
    checkin_seconds: [10, 20, ...]   the times the dwell survival is read at (strictly ascending numbers >= 0)
  An unknown key or a value out of range is a compile error that names it. Returns the checked dict, with each
  duration also in whole microseconds (the unit of the SQL's time arithmetic): dwell_threshold_us,
  return_window_us, reformulation_gap_us, checkin_us.
-#}
{% macro get_online_evaluation_settings() %}
    {{- return(adapter.dispatch('get_online_evaluation_settings', 'search_metrics')()) -}}
{% endmacro %}

{% macro default__get_online_evaluation_settings() %}
    {%- set defaults = {'interleaving_unit': 'search', 'dwell_threshold_seconds': 10, 'return_window_seconds': 600,
                        'reformulation_gap_seconds': 300,
                        'checkin_seconds': [10, 20, 30, 40, 50, 60, 90, 120, 150, 180, 210, 240, 300, 360, 420]} -%}
    {%- set settings = search_metrics.settings_with_defaults('search_metrics_online_evaluation', defaults) -%}
    {%- set prefix = "search_metrics: search_metrics_online_evaluation" -%}

    {%- if settings.interleaving_unit not in ['search', 'session'] -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".interleaving_unit must be search or session, got " ~ settings.interleaving_unit) -}}
    {%- endif -%}

    {%- for key, minimum in [('dwell_threshold_seconds', 'positive'), ('return_window_seconds', 'positive'),
                             ('reformulation_gap_seconds', 'non-negative')] -%}
        {%- set value = settings[key] -%}
        {%- if not search_metrics.is_number(value) or value < 0 or (minimum == 'positive' and value == 0) -%}
            {{- exceptions.raise_compiler_error(prefix ~ "." ~ key ~ " must be a finite, " ~ minimum ~ " number of seconds, got " ~ value ~ search_metrics.number_text_hint(value)) -}}
        {%- endif -%}
        {%- do settings.update({key[:-8] ~ '_us': (value * 1000000) | round | int}) -%}
    {%- endfor -%}

    {%- set checkins = settings.checkin_seconds -%}
    {%- if checkins is string or checkins is mapping or checkins is not iterable or (checkins | length) == 0 -%}
        {{- exceptions.raise_compiler_error(prefix ~ ".checkin_seconds must be a non-empty list of numbers, got " ~ checkins) -}}
    {%- endif -%}
    {%- set checkin_us = [] -%}
    {%- for checkin in checkins -%}
        {%- if not search_metrics.is_number(checkin) or checkin < 0
              or (not loop.first and checkin <= checkins[loop.index0 - 1]) -%}
            {{- exceptions.raise_compiler_error(prefix ~ ".checkin_seconds must be strictly ascending finite numbers >= 0, got " ~ checkins ~ search_metrics.number_text_hint(checkin)) -}}
        {%- endif -%}
        {%- do checkin_us.append((checkin * 1000000) | round | int) -%}
    {%- endfor -%}
    {%- do settings.update({'checkin_us': checkin_us}) -%}
    {{- return(settings) -}}
{% endmacro %}
