{#-
  The three tests of a paired comparison, per group of `units`, in one select: the t-test (t_statistic,
  p_value_t), the randomization test (p_value_randomization) and the bootstrap interval (ci_low, ci_high), with the
  counts and level of vars search_metrics_permutations, search_metrics_bootstrap_samples and
  search_metrics_confidence_level.
    design='paired' (search_run_comparison), the only design: `units` has the group columns, unit_id (a unit's
      identity within a group, e.g. the query_id), unit_key (its draw key, hash_unit_key) and a non-null `delta`;
      Student's paired t-test, the sign-flip test and the Poisson bootstrap (docs/comparisons.md).
      Any other design is a compile error (the two-sample design went with search_paulscore_comparison).
  Returns one row per group found in `units`: the group columns, t_statistic, p_value_t, p_value_randomization,
  ci_low, ci_high and sd_or_zero (the t-test's sd of the deltas, 0 when every delta is equal); the tests' own null
  rules apply (e.g. n < 2).
  spread = {'column': c, 'count': G}: the groups are the group columns and column c, a whole number 1 .. G known at
  compile time; the resampling tests then draw once for all G groups of a row of group columns
  (paired_sign_flip_test, paired_bootstrap_ci). Same result as listing c among the group columns, much faster.
  replicate_sums: a relation holding the resampling tests' sums of these units, rows of row_kind 'sign'
  (sign_flip_sums) and 'count' (bootstrap_sums) with the group columns, row_id (the replicate's number as text),
  value_1 .. value_G and weight_1 .. weight_G (search_metrics_int_comparison_resamples); the tests read them
  instead of drawing. None (the default) draws them here.
-#}
{% macro comparison_tests(units, group_columns, design, spread=none, replicate_sums=none) %}
    {{- return(adapter.dispatch('comparison_tests', 'search_metrics')(units, group_columns, design, spread, replicate_sums)) -}}
{% endmacro %}

{% macro default__comparison_tests(units, group_columns, design, spread, replicate_sums) -%}
    {%- if design != 'paired' -%}
        {{- exceptions.raise_compiler_error("search_metrics: comparison_tests design must be 'paired' (the 'two_sample' design was retired with search_paulscore_comparison; the experiments family compares A/B buckets), got " ~ design) -}}
    {%- endif -%}
    {%- set n_permutations = search_metrics.get_replicate_count('search_metrics_permutations', 1000) -%}
    {%- set n_bootstrap = search_metrics.get_replicate_count('search_metrics_bootstrap_samples', 1000) -%}
    {%- set level = search_metrics.get_confidence_level() -%}
    {%- set resampled_columns = group_columns -%}
    {%- set group_columns = group_columns + ([spread.column] if spread else []) -%}
    {%- set n_spread = spread.count if spread else 1 -%}
    {%- set sums = {} -%}
    {%- if replicate_sums is not none -%}
        {%- for kind, relation in [('sign', 'permuted_sums'), ('count', 'bootstrap_sums')] -%}
            {%- set columns = [] -%}
            {%- for g in range(1, n_spread + 1) -%}
                {%- do columns.append('value_' ~ g) -%}
                {%- if kind == 'count' -%}{%- do columns.append('weight_' ~ g) -%}{%- endif -%}
            {%- endfor -%}
            {%- do sums.update({kind: '(select ' ~ (resampled_columns + ['cast(row_id as ' ~ dbt.type_int() ~ ') as replicate'] + columns) | join(', ')
                ~ ' from ' ~ replicate_sums ~ " where row_kind = '" ~ kind ~ "') as " ~ relation}) -%}
        {%- endfor -%}
    {%- endif %}
    with t_terms as (
        {#- the t series needs terms 0 .. (degrees of freedom) / 2; a group holds at most as many units as its row
            of group columns (before the spread) has distinct unit_ids #}
        select distinct term_index
        from (
            select row_number() over (
                {% if resampled_columns %}partition by {{ resampled_columns | join(', ') }} {% endif %}order by unit_id
            ) - 1 as term_index
            from (select distinct {% for column in resampled_columns %}{{ column }}, {% endfor %}unit_id from {{ units }}) as t_units
        ) as t_numbered_units
    ),

    t_tests as {{ search_metrics.materialized_cte() }} (
        {{ search_metrics.paired_t_test(units, group_columns, 't_terms') | indent(8) }}
    ),

    randomization_tests as {{ search_metrics.materialized_cte() }} (
        {{ search_metrics.paired_sign_flip_test(units, resampled_columns, n_permutations, spread, sums.get('sign')) | indent(8) }}
    ),

    bootstrap_intervals as {{ search_metrics.materialized_cte() }} (
        {{ search_metrics.paired_bootstrap_ci(units, resampled_columns, n_bootstrap, level, spread, sums.get('count')) | indent(8) }}
    )

    {#- t_tests has a row for every group of units (paired_t_test: n_units of each), so it is the select's spine #}
    select
        {%- for column in group_columns %}
        t_tests.{{ column }},
        {%- endfor %}
        t_tests.t_statistic,
        t_tests.p_value_t,
        t_tests.sd_or_zero,
        randomization_tests.p_value_randomization,
        bootstrap_intervals.ci_low,
        bootstrap_intervals.ci_high
    from t_tests
    {%- for cte in ['randomization_tests', 'bootstrap_intervals'] %}
    left join {{ cte }}
        on {% for column in group_columns %}{{ cte }}.{{ column }} = t_tests.{{ column }}{% if not loop.last %}
        and {% endif %}{% endfor %}
    {%- endfor %}
{%- endmacro %}
