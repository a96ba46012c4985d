{#-
  The example wiring, in one place: with --vars '{search_metrics_examples: true}', an input var that is left
  unset points at its example seed (seeds/, built only then), and the A/B bucket column is the example
  searches' `bucket`, the randomization-unit column their `user_id`, the query column their `query_id`, the
  team and experiment columns the example impressions' `team` and searches' `experiment_id`. Returns the example's seed name (or column name) for `var_name`, or none when the
  examples are off or the var has no example. An input var set explicitly always wins (see input_relation).
-#}
{% macro example_input(var_name) %}
    {{- return(adapter.dispatch('example_input', 'search_metrics')(var_name)) -}}
{% endmacro %}

{% macro default__example_input(var_name) %}
    {%- if not var('search_metrics_examples', false) -%}
        {{- return(none) -}}
    {%- endif -%}
    {{- return({
        'search_metrics_results': 'search_metrics_example_results',
        'search_metrics_judgments': 'search_metrics_example_judgments',
        'search_metrics_searches': 'search_metrics_example_searches',
        'search_metrics_clicks': 'search_metrics_example_clicks',
        'search_metrics_impressions': 'search_metrics_example_impressions',
        'search_metrics_bucket_column': 'bucket',
        'search_metrics_unit_column': 'user_id',
        'search_metrics_query_id_column': 'query_id',
        'search_metrics_team_column': 'team',
        'search_metrics_experiment_column': 'experiment_id',
        'search_metrics_page_visits': 'search_metrics_example_page_visits'
    }.get(var_name)) -}}
{% endmacro %}
