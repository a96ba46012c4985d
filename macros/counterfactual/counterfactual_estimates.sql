{#-
  The SQL of the counterfactual estimates over groups of logged searches: one row per (candidate_run_id,
  [search_date,] search_type, metric, factor, cutoff, estimator) from search_metrics_int_counterfactual_terms and
  search_metrics_int_counterfactual_searches. by_day = true groups by (search_date, search_type)
  (search_counterfactual_daily), false by search_type over every day (search_counterfactual_estimates).
  Estimators: dm always; with a propensity column also sips, iips, rips, snips, sniips, snrips and cascade_dr.
  Each estimate is the mean of its per-search terms (the self-normalized ones: Σ over positions of a weighted mean),
  std_error = sqrt(var_samp(term) / n) (the self-normalized: of their delta-method terms), the normal interval at
  var search_metrics_counterfactual.confidence, and the diagnostics of the estimator's weights. A group the
  candidate ranks no search of still has its rows (n_searches 0, estimates null) with n_searches_unranked.
  Definitions: docs/counterfactual.md.
-#}
{% macro counterfactual_estimates(by_day) %}
    {{- return(adapter.dispatch('counterfactual_estimates', 'search_metrics')(by_day)) -}}
{% endmacro %}

{% macro default__counterfactual_estimates(by_day) -%}
{%- set settings = search_metrics.get_counterfactual_settings() -%}
{%- set with_propensities = settings.propensity_column is not none -%}
{%- set double = search_metrics.type_double() -%}
{%- set group_columns = ['candidate_run_id'] + (['search_date'] if by_day else []) + ['search_type'] -%}
{%- set metric_groups = group_columns + ['metric', 'factor'] -%}
{%- set z = settings.z -%}
{#- a group's positions from the first down to this one (position_running's running sums and minima) -#}
{%- set down_the_list = '(partition by ' ~ (metric_groups | join(', ')) ~ ' order by position rows between unbounded preceding and current row)' -%}
with terms as (
    select *
    from {{ ref('search_metrics_int_counterfactual_terms') }}
),

cutoffs as (
    {{ search_metrics.cutoffs_relation(settings.cutoffs) | indent(4) }}
),
{%- if with_propensities %}

-- each position's weights over the group's searches
position_stats as (
    select
        {{ metric_groups | join(',\n        ') }},
        position,
        count(*) as n_searches,
        sum(item_weight) as sum_item_weight,
        sum(item_weight * item_weight) as sum_sq_item_weight,
        max(item_weight) as max_item_weight,
        sum(case when item_weight > 0 then 1 else 0 end) as n_item_nonzero,
        sum(item_weight * reward) as sum_item_weighted,
        sum(prefix_weight) as sum_prefix_weight,
        sum(prefix_weight * prefix_weight) as sum_sq_prefix_weight,
        max(prefix_weight) as max_prefix_weight,
        sum(case when prefix_weight > 0 then 1 else 0 end) as n_prefix_nonzero,
        sum(prefix_weight * reward) as sum_prefix_weighted,
        sum(prefix_weight * cum_reward) as sum_prefix_weighted_list
    from terms
    group by {{ metric_groups | join(', ') }}, position
),

-- per position: the self-normalized means, the effective sample sizes; and down the list: their sums and minima
position_running as (
    select
        position_stats.*,
        case when sum_item_weight > 0 then sum_item_weighted / sum_item_weight end as item_mean,
        case when sum_prefix_weight > 0 then sum_prefix_weighted / sum_prefix_weight end as prefix_mean,
        case when sum_prefix_weight > 0 then sum_prefix_weighted_list / sum_prefix_weight end as snips_estimate,
        case when sum_sq_prefix_weight > 0
            then sum_prefix_weight * sum_prefix_weight / sum_sq_prefix_weight else 0 end as prefix_ess,
        cast(n_prefix_nonzero as {{ double }}) / n_searches as prefix_nonzero_share,
        sum(case when sum_item_weight > 0 then sum_item_weighted / sum_item_weight end) over {{ down_the_list }} as sniips_estimate,
        sum(case when sum_item_weight > 0 then 0 else 1 end) over {{ down_the_list }} as item_empty_positions,
        sum(case when sum_prefix_weight > 0 then sum_prefix_weighted / sum_prefix_weight end) over {{ down_the_list }} as snrips_estimate,
        sum(case when sum_prefix_weight > 0 then 0 else 1 end) over {{ down_the_list }} as prefix_empty_positions,
        min(case when sum_sq_item_weight > 0
            then sum_item_weight * sum_item_weight / sum_sq_item_weight else 0 end) over {{ down_the_list }} as item_ess_so_far,
        max(max_item_weight) over {{ down_the_list }} as item_max_so_far,
        min(cast(n_item_nonzero as {{ double }}) / n_searches) over {{ down_the_list }} as item_nonzero_so_far,
        min(case when sum_sq_prefix_weight > 0
            then sum_prefix_weight * sum_prefix_weight / sum_sq_prefix_weight else 0 end) over {{ down_the_list }} as prefix_ess_so_far,
        max(max_prefix_weight) over {{ down_the_list }} as prefix_max_so_far,
        min(cast(n_prefix_nonzero as {{ double }}) / n_searches) over {{ down_the_list }} as prefix_nonzero_so_far
    from position_stats
),

-- each search's delta-method terms of the per-position self-normalized means, summed down its list
linearized as (
    select
        terms.*,
        sum((terms.item_weight * terms.reward - position_running.item_mean * terms.item_weight)
            / (position_running.sum_item_weight / position_running.n_searches)) over (
            partition by {% for column in metric_groups %}terms.{{ column }}, {% endfor %}terms.search_id
            order by terms.position
            rows between unbounded preceding and current row
        ) as sniips_term,
        sum((terms.prefix_weight * terms.reward - position_running.prefix_mean * terms.prefix_weight)
            / (position_running.sum_prefix_weight / position_running.n_searches)) over (
            partition by {% for column in metric_groups %}terms.{{ column }}, {% endfor %}terms.search_id
            order by terms.position
            rows between unbounded preceding and current row
        ) as snrips_term
    from terms
    inner join position_running
        on {% for column in metric_groups %}{% if column == 'factor' %}coalesce(position_running.factor, -1) = coalesce(terms.factor, -1){% else %}position_running.{{ column }} = terms.{{ column }}{% endif %}
        and {% endfor %}position_running.position = terms.position
),
{%- endif %}

-- each search's terms at each cutoff
search_terms as (
    select
        {%- for column in metric_groups %}
        rows_at_cutoff.{{ column }},
        {%- endfor %}
        cutoffs.k as cutoff,
        rows_at_cutoff.cum_model as dm_term,
        rows_at_cutoff.cum_model_upper as dm_upper_term,
        rows_at_cutoff.cum_candidate_docs,
        rows_at_cutoff.cum_supported
        {%- if with_propensities %},
        rows_at_cutoff.prefix_weight * rows_at_cutoff.cum_reward as sips_term,
        rows_at_cutoff.cum_item_weighted as iips_term,
        rows_at_cutoff.cum_prefix_weighted as rips_term,
        rows_at_cutoff.cum_prefix_weighted + rows_at_cutoff.cum_model * (1 - rows_at_cutoff.prefix_weight)
            - rows_at_cutoff.cum_dr_correction as cascade_dr_term,
        (rows_at_cutoff.prefix_weight * rows_at_cutoff.cum_reward
            - position_running.snips_estimate * rows_at_cutoff.prefix_weight)
            / (position_running.sum_prefix_weight / position_running.n_searches) as snips_term,
        rows_at_cutoff.sniips_term,
        rows_at_cutoff.snrips_term
        {%- endif %}
    from {% if with_propensities %}linearized{% else %}terms{% endif %} as rows_at_cutoff
    inner join cutoffs on cutoffs.k = rows_at_cutoff.position
    {%- if with_propensities %}
    inner join position_running
        on {% for column in metric_groups %}{% if column == 'factor' %}coalesce(position_running.factor, -1) = coalesce(rows_at_cutoff.factor, -1){% else %}position_running.{{ column }} = rows_at_cutoff.{{ column }}{% endif %}
        and {% endfor %}position_running.position = rows_at_cutoff.position
    {%- endif %}
),

group_terms as (
    select
        {{ metric_groups | join(',\n        ') }},
        cutoff,
        count(*) as n_searches,
        avg(dm_term) as dm_estimate,
        avg(dm_upper_term) as dm_upper,
        var_samp(dm_term) as dm_variance,
        sum(cum_candidate_docs) as n_candidate_docs,
        sum(cum_supported) as n_supported
        {%- if with_propensities %}
        {%- for estimator in ['sips', 'iips', 'rips', 'cascade_dr'] %},
        avg({{ estimator }}_term) as {{ estimator }}_estimate,
        var_samp({{ estimator }}_term) as {{ estimator }}_variance
        {%- endfor %}
        {%- for estimator in ['snips', 'sniips', 'snrips'] %},
        var_samp({{ estimator }}_term) as {{ estimator }}_variance
        {%- endfor %}
        {%- endif %}
    from search_terms
    group by {{ metric_groups | join(', ') }}, cutoff
),

metrics as (
    {{ search_metrics.counterfactual_metrics_relation(search_metrics.get_paulscore_factors()) | indent(4) }}
),

searched_groups as (
    select
        {{ group_columns | join(',\n        ') }},
        sum(case when is_ranked = 1 then 0 else 1 end) as n_searches_unranked
    from (
        select
            {{ group_columns | join(',\n            ') }},
            is_ranked
        from {{ ref('search_metrics_int_counterfactual_searches') }}
    ) as searches
    group by {{ group_columns | join(', ') }}
),

every_group as (
    select
        {%- for column in group_columns %}
        searched_groups.{{ column }},
        {%- endfor %}
        metrics.metric,
        metrics.factor,
        cutoffs.k as cutoff,
        searched_groups.n_searches_unranked
    from searched_groups
    cross join metrics
    cross join cutoffs
),

estimates as (
    select
        {%- for column in group_columns %}
        every_group.{{ column }},
        {%- endfor %}
        every_group.metric,
        every_group.factor,
        every_group.cutoff,
        every_group.n_searches_unranked,
        coalesce(group_terms.n_searches, 0) as n_searches,
        group_terms.dm_estimate,
        group_terms.dm_upper,
        group_terms.dm_variance,
        group_terms.n_candidate_docs,
        group_terms.n_supported
        {%- if with_propensities %}
        {%- for estimator in ['sips', 'iips', 'rips', 'cascade_dr'] %},
        group_terms.{{ estimator }}_estimate,
        group_terms.{{ estimator }}_variance
        {%- endfor %}
        {%- for estimator in ['snips', 'sniips', 'snrips'] %},
        group_terms.{{ estimator }}_variance
        {%- endfor %},
        position_running.snips_estimate,
        case when position_running.item_empty_positions = 0 then position_running.sniips_estimate end as sniips_estimate,
        case when position_running.prefix_empty_positions = 0 then position_running.snrips_estimate end as snrips_estimate,
        position_running.prefix_ess as sips_ess,
        position_running.max_prefix_weight as sips_max_weight,
        position_running.prefix_nonzero_share as sips_nonzero_share,
        position_running.item_ess_so_far as iips_ess,
        position_running.item_max_so_far as iips_max_weight,
        position_running.item_nonzero_so_far as iips_nonzero_share,
        position_running.prefix_ess_so_far as rips_ess,
        position_running.prefix_max_so_far as rips_max_weight,
        position_running.prefix_nonzero_so_far as rips_nonzero_share
        {%- endif %}
    from every_group
    left join group_terms
        on {% for column in metric_groups %}{% if column == 'factor' %}coalesce(group_terms.factor, -1) = coalesce(every_group.factor, -1){% else %}group_terms.{{ column }} = every_group.{{ column }}{% endif %}
        and {% endfor %}group_terms.cutoff = every_group.cutoff
    {%- if with_propensities %}
    left join position_running
        on {% for column in metric_groups %}{% if column == 'factor' %}coalesce(position_running.factor, -1) = coalesce(every_group.factor, -1){% else %}position_running.{{ column }} = every_group.{{ column }}{% endif %}
        and {% endfor %}position_running.position = every_group.cutoff
    {%- endif %}
)
{%- set estimators = (['sips', 'iips', 'rips', 'snips', 'sniips', 'snrips', 'cascade_dr'] if with_propensities else []) + ['dm'] -%}
{%- set diagnostics_of = {'sips': 'sips', 'snips': 'sips', 'iips': 'iips', 'sniips': 'iips', 'rips': 'rips',
                          'snrips': 'rips', 'cascade_dr': 'rips'} %}
{%- for estimator in estimators %}

select
    {%- for column in group_columns %}
    {{ column }},
    {%- endfor %}
    metric,
    factor,
    cutoff,
    '{{ estimator }}' as estimator,
    {{ estimator }}_estimate as estimate,
    {%- if estimator == 'dm' %}
    dm_upper as estimate_upper,
    {%- else %}
    cast(null as {{ double }}) as estimate_upper,
    {%- endif %}
    case when {{ estimator }}_estimate is not null then sqrt({{ estimator }}_variance / n_searches) end as std_error,
    {{ estimator }}_estimate - {{ z }} * case when {{ estimator }}_estimate is not null
        then sqrt({{ estimator }}_variance / n_searches) end as ci_lower,
    {{ estimator }}_estimate + {{ z }} * case when {{ estimator }}_estimate is not null
        then sqrt({{ estimator }}_variance / n_searches) end as ci_upper,
    n_searches,
    n_searches_unranked,
    {%- if estimator == 'dm' %}
    cast(null as {{ double }}) as effective_sample_size,
    cast(null as {{ double }}) as max_weight,
    cast(null as {{ double }}) as nonzero_weight_share,
    case when n_candidate_docs > 0 then cast(n_supported as {{ double }}) / n_candidate_docs end as support_share,
    cast(n_candidate_docs - n_supported as {{ dbt.type_bigint() }}) as n_unsupported
    {%- else %}
    {{ diagnostics_of[estimator] }}_ess as effective_sample_size,
    {{ diagnostics_of[estimator] }}_max_weight as max_weight,
    {{ diagnostics_of[estimator] }}_nonzero_share as nonzero_weight_share,
    cast(null as {{ double }}) as support_share,
    cast(null as {{ dbt.type_bigint() }}) as n_unsupported
    {%- endif %}
from estimates
{%- if not loop.last %}

union all
{%- endif %}
{%- endfor %}
{%- endmacro %}
