{#-
  One row per (candidate_run_id, search_id, metric, factor, position) of search_metrics_int_counterfactual_positions
  and each metric (clicks, ctr, paulscore per factor; counterfactual_metrics_relation): the position's reward and the
  click model's expected reward, and their running sums down the list, from which every estimator's per-search term
  at a cutoff K is read off the row at position K (docs/counterfactual.md):
    reward                  v: clicks r; ctr r when no position above was clicked (the first click); paulscore
                            F^(position − 1) × r
    model_reward(_upper)    the same reward expected under PBM along the candidate's list (ctr: model_click ×
                            model_survival)
    cum_reward              Σ v over positions 1..this one
    cum_item_weighted       Σ item_weight × v (IIPS); cum_prefix_weighted: Σ prefix_weight × v (RIPS)
    cum_model(_upper)       T: Σ model_reward over positions 1..this one (DM; Q̂ of position j at cutoff K is
                            T_K − T_(j−1))
    cum_dr_correction       Σ (previous_prefix_weight − prefix_weight) × T_(j−1) over positions j = 1..this one
                            (the cascade DR term at K is cum_prefix_weighted + T_K × (1 − prefix_weight_K) − this)
    cum_candidate_docs, cum_supported   the candidate's docs down to here, and those with γ and α known
-#}
{%- set model_enabled = search_metrics.family_enabled('counterfactual') -%}
{{ config(materialized='table', enabled=model_enabled) }}
{%- if model_enabled %}
{%- set enabled = search_metrics.family_enabled('counterfactual') -%}
{%- set double = search_metrics.type_double() -%}
{#- a search's list from position 1 down to this position, or to the one above it -#}
{%- set search_list = 'partition by candidate_run_id, search_id, metric, factor order by position rows between unbounded preceding and ' -%}
{%- set list_so_far = '(' ~ search_list ~ 'current row)' -%}
{%- set list_above = '(' ~ search_list ~ '1 preceding)' -%}
{%- if enabled %}
with metrics as (
    {{ search_metrics.counterfactual_metrics_relation(search_metrics.get_paulscore_factors()) | indent(4) }}
),

position_rewards as (
    select
        positions.candidate_run_id,
        positions.search_id,
        positions.search_date,
        positions.search_type,
        metrics.metric,
        metrics.factor,
        positions.position,
        positions.item_weight,
        positions.prefix_weight,
        positions.previous_prefix_weight,
        positions.has_candidate_doc,
        positions.is_supported,
        {{ search_metrics.counterfactual_position_reward('metrics.metric', 'metrics.factor', 'positions.position',
            'positions.clicked', 'case when positions.clicks_before > 0 then 0 else 1 end') }} as reward,
        {{ search_metrics.counterfactual_position_reward('metrics.metric', 'metrics.factor', 'positions.position',
            'positions.model_click', 'positions.model_survival') }} as model_reward,
        {{ search_metrics.counterfactual_position_reward('metrics.metric', 'metrics.factor', 'positions.position',
            'positions.model_click_upper', 'positions.model_survival_upper') }} as model_reward_upper
    from {{ ref('search_metrics_int_counterfactual_positions') }} as positions
    cross join metrics
),

running_sums as (
    select
        position_rewards.*,
        sum(reward) over {{ list_so_far }} as cum_reward,
        sum(item_weight * reward) over {{ list_so_far }} as cum_item_weighted,
        sum(prefix_weight * reward) over {{ list_so_far }} as cum_prefix_weighted,
        sum(model_reward) over {{ list_so_far }} as cum_model,
        sum(model_reward_upper) over {{ list_so_far }} as cum_model_upper,
        coalesce(sum(model_reward) over {{ list_above }}, 0) as model_above,
        sum(has_candidate_doc) over {{ list_so_far }} as cum_candidate_docs,
        sum(is_supported) over {{ list_so_far }} as cum_supported
    from position_rewards
)

select
    candidate_run_id,
    search_id,
    search_date,
    search_type,
    metric,
    factor,
    position,
    item_weight,
    prefix_weight,
    reward,
    model_reward,
    cum_reward,
    cum_item_weighted,
    cum_prefix_weighted,
    cum_model,
    cum_model_upper,
    sum((previous_prefix_weight - prefix_weight) * model_above) over {{ list_so_far }} as cum_dr_correction,
    cum_candidate_docs,
    cum_supported
from running_sums
{%- else %}
select 1 as disabled
{%- endif %}
{%- endif %}
