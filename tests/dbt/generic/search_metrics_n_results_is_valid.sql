{#- Rule: n_results is null (unknown) or a whole number >= 0. Returns the offending rows. -#}
{% test search_metrics_n_results_is_valid(model, column_name) %}
select
    *,
    'n_results must be null (unknown) or a whole number >= 0' as rule_violated
from {{ model }}
where {{ column_name }} is not null
    and ({{ column_name }} < 0 or {{ column_name }} <> floor({{ column_name }}))
{% endtest %}
