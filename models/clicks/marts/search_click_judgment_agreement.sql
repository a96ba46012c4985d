{#-
  How well each click model's relevance agrees with the human judgments (docs/click_models.md): over the
  (query_id, doc_id) pairs with both a relevance and a human graded value, pooled over queries, Spearman's rho
  (the Pearson correlation of midranks), Kendall's tau-b and the AUC of the relevance against the human binary
  value. The human judgments: the judgments input without the automated raters (search_metrics_int_human_judgments)
  and without the click models' rater_ids whatever var search_metrics_automated_raters says, aggregated as the judged
  metrics aggregate them (aggregate_judgments: the mean grade on the graded scale, the majority vote on binary).
  Relevances are compared at 12 decimals (relevance_key): the engines sum in different orders, and the last bits of
  a sum must not decide whether two pairs tie. Spearman's sums are centred on the mean midrank (n + 1) / 2, so
  they are exact in doubles (multiples of 1/4) rather than differences of large sums.
-#}
{%- set model_enabled = search_metrics.family_enabled('click_agreement') -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set click_raters = ['sdbn', 'coec', 'pbm'] -%}
{%- set models = search_metrics.get_click_model_settings().models -%}
{%- set human_judgments -%}
(
    select query_id, doc_id, rater_id, grade, scale
    from {{ ref('search_metrics_int_human_judgments') }}
    where rater_id is null or rater_id not in ('{{ click_raters | join("', '") }}')
)
{%- endset -%}

with human_relevance as (
    select * from (
        {{ search_metrics.aggregate_judgments(human_judgments) | indent(8) }}
    ) as aggregated_judgments
),

-- the pairs both sides rate, numbered per model for the pairs of pairs
shared_pairs as (
    select
        click_relevance.model,
        click_relevance.query_id,
        click_relevance.doc_id,
        {{ search_metrics.relevance_key('click_relevance.relevance') }} as relevance_key,
        human_relevance.graded_value as human_value,
        human_relevance.binary_value as human_binary
    from {{ ref('search_click_relevance') }} as click_relevance
    inner join human_relevance
        on human_relevance.query_id = click_relevance.query_id
        and human_relevance.doc_id = click_relevance.doc_id
    where click_relevance.relevance is not null
        and human_relevance.graded_value is not null
),

-- midrank = first rank of the tied values + (ties - 1) / 2, centred on the mean midrank (n + 1) / 2;
-- rank() gives tied values one rank whatever their order, so no tie-breaker is wanted
centred_midranks as (
    select
        model,
        rank() over (partition by model order by relevance_key)
            + {{ search_metrics.as_double('count(*) over (partition by model, relevance_key) - 1') }} / 2
            - {{ search_metrics.as_double('count(*) over (partition by model) + 1') }} / 2 as x,
        rank() over (partition by model order by human_value)
            + {{ search_metrics.as_double('count(*) over (partition by model, human_value) - 1') }} / 2
            - {{ search_metrics.as_double('count(*) over (partition by model) + 1') }} / 2 as y
    from shared_pairs
),

numbered_pairs as (
    select
        model,
        relevance_key,
        human_value,
        row_number() over (partition by model order by query_id, doc_id) as pair_number
    from shared_pairs
),

spearman_sums as (
    select
        model,
        count(*) as n_pairs,
        sum(x * x) as sum_xx,
        sum(y * y) as sum_yy,
        sum(x * y) as sum_xy
    from centred_midranks
    group by model
),

-- every pair of shared pairs once: concordant, discordant, tied in relevance, tied in the human value
pair_signs as (
    select
        first_pair.model,
        sum(case
            when first_pair.relevance_key < second_pair.relevance_key and first_pair.human_value < second_pair.human_value then 1
            when first_pair.relevance_key > second_pair.relevance_key and first_pair.human_value > second_pair.human_value then 1
            else 0
        end) as n_concordant,
        sum(case
            when first_pair.relevance_key < second_pair.relevance_key and first_pair.human_value > second_pair.human_value then 1
            when first_pair.relevance_key > second_pair.relevance_key and first_pair.human_value < second_pair.human_value then 1
            else 0
        end) as n_discordant,
        sum(case when first_pair.relevance_key = second_pair.relevance_key then 1 else 0 end) as n_tied_relevance,
        sum(case when first_pair.human_value = second_pair.human_value then 1 else 0 end) as n_tied_human
    from numbered_pairs as first_pair
    inner join numbered_pairs as second_pair
        on second_pair.model = first_pair.model
        and second_pair.pair_number > first_pair.pair_number
    group by first_pair.model
),

binary_pairs as (
    select
        model,
        relevance_key as score,
        cast(human_binary as {{ dbt.type_int() }}) as label
    from shared_pairs
    where human_binary is not null
),

binary_auc as (
    {{ search_metrics.auc_from_ranks('binary_pairs', ['model']) | indent(4) }}
),

fitted_models as (
    {%- for model in models %}
    select cast('{{ model }}' as {{ dbt.type_string() }}) as model
    {%- if not loop.last %}
    union all
    {%- endif %}
    {%- endfor %}
)

select
    fitted_models.model,
    cast(coalesce(spearman_sums.n_pairs, 0) as {{ dbt.type_bigint() }}) as n_pairs,
    case
        when spearman_sums.n_pairs >= 2
            and spearman_sums.sum_xx > 0
            and spearman_sums.sum_yy > 0
            then spearman_sums.sum_xy / sqrt(spearman_sums.sum_xx * spearman_sums.sum_yy)
    end as spearman,
    case
        when spearman_sums.n_pairs * (spearman_sums.n_pairs - 1) / 2 > pair_signs.n_tied_relevance
            and spearman_sums.n_pairs * (spearman_sums.n_pairs - 1) / 2 > pair_signs.n_tied_human
            then {{ search_metrics.as_double('pair_signs.n_concordant - pair_signs.n_discordant') }}
                / sqrt({{ search_metrics.as_double('spearman_sums.n_pairs * (spearman_sums.n_pairs - 1) / 2 - pair_signs.n_tied_relevance') }}
                    * {{ search_metrics.as_double('spearman_sums.n_pairs * (spearman_sums.n_pairs - 1) / 2 - pair_signs.n_tied_human') }})
    end as kendall_tau_b,
    cast(coalesce(binary_auc.n_positive, 0) as {{ dbt.type_bigint() }}) as n_relevant,
    cast(coalesce(binary_auc.n_negative, 0) as {{ dbt.type_bigint() }}) as n_non_relevant,
    binary_auc.auc
from fitted_models
left join spearman_sums on spearman_sums.model = fitted_models.model
left join pair_signs on pair_signs.model = fitted_models.model
left join binary_auc on binary_auc.model = fitted_models.model
{%- endif %}
