{#-
  Rule: the combination of `columns` is unique. Returns each duplicated combination with its count.
  find_repeated_hashes: how duplicate_keys looks for repeated key hashes on DuckDB ('sorted', the default, or
  'grouped'); it does not change what the rule returns.
-#}
{% test search_metrics_unique_within(model, columns, find_repeated_hashes='sorted') %}
select
    duplicated_keys.*,
    '{{ columns | join(", ") }} must be unique' as rule_violated
from (
    {{ search_metrics.duplicate_keys(search_metrics.rows_to_test(model), columns, find_repeated_hashes) }}
) as duplicated_keys
{% endtest %}
