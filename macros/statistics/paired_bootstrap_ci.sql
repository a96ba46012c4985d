{#-
  Deterministic percentile-bootstrap confidence interval of the mean delta per group. `relation` has the group
  columns, unit_index (1 .. n within the group) and a non-null delta. Replicate r = 1 .. n_bootstrap draws n units
  with replacement: slot j = 1 .. n takes the unit with index hash_draw(hash_replicate_key(2, r), j) mod n + 1;
  the replicate's value is the mean of the n drawn deltas (bootstrap_sums: its sum, counted once per group size).
  ci_low and ci_high are the percentile_interval of the replicate means at `level` (bootstrap_interval). Returns
  the group columns (and the spread column), ci_low and ci_high.
  spread = {'column': c, 'count': G}: as in paired_sign_flip_test, the groups are the group columns and column c
  (1 .. G, known at compile time), whose sums are drawn in one pass (bootstrap_sums). Same result.
-#}
{% macro paired_bootstrap_ci(relation, group_columns, n_bootstrap, level, spread=none) %}
    {{- return(adapter.dispatch('paired_bootstrap_ci', 'search_metrics')(relation, group_columns, n_bootstrap, level, spread)) -}}
{% endmacro %}

{% macro default__paired_bootstrap_ci(relation, group_columns, n_bootstrap, level, spread) -%}
    with bs_replicate_sums as {{ search_metrics.materialized_cte() }} (
        {{ search_metrics.bootstrap_sums(relation, group_columns, n_bootstrap, spread) | indent(8) }}
    )

    {{ search_metrics.bootstrap_interval('bs_replicate_sums', group_columns + ([spread.column] if spread else []), n_bootstrap, level) }}
{%- endmacro %}
