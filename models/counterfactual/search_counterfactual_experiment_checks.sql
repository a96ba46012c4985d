{#-
  The direct method held to the A/B experiments that followed (docs/counterfactual.md, "The check against the
  experiments"): one row per (experiment, target_bucket, source_bucket, search_type, metric, factor, cutoff) for
  each comparison of the experiments family (experiment_pairs: the baseline and each candidate bucket), both ways.
  The target bucket's ranking of a (search_type, query_id) is the list its first search of that query showed (the
  earliest searched_at, then the least search_id; positions 1..the largest cutoff); PBM is fitted on the source
  bucket's logs alone (search_metrics_int_counterfactual_bucket_pbm); the estimate is the direct method over the
  source bucket's searches, as search_counterfactual_estimates defines it (dm), and the observed value is the mean
  of the same metric over the target bucket's own searches, with its normal interval, and the difference with
  the interval of a difference of two independent means. Built when the counterfactual and the experiments families
  are both on.
-#}
{%- set model_enabled = search_metrics.family_enabled('counterfactual') and search_metrics.family_enabled('experiments') -%}
{{ config(materialized='table',
          enabled=model_enabled) }}
{%- if model_enabled %}
{%- set enabled = search_metrics.family_enabled('counterfactual') and search_metrics.family_enabled('experiments') -%}
{%- if enabled %}
{%- set settings = search_metrics.get_counterfactual_settings() -%}
{%- set min_impressions = search_metrics.get_click_model_settings().min_impressions -%}
{%- set double = search_metrics.type_double() -%}
{%- set z = settings.z -%}
{%- set position_rows = [] -%}
{%- for k in range(1, settings.max_cutoff + 1) -%}
    {%- do position_rows.append(['cast(' ~ k ~ ' as ' ~ dbt.type_int() ~ ')']) -%}
{%- endfor -%}
{#- the positions above this one in a search's list: of a source search under a direction, of a target search -#}
{%- set source_list_above = '(partition by experiment, source_bucket, target_bucket, search_id order by position rows between unbounded preceding and 1 preceding)' -%}
{%- set target_list_above = '(partition by search_id order by position rows between unbounded preceding and 1 preceding)' -%}
{%- set check_keys = ['experiment', 'source_bucket', 'target_bucket', 'search_type', 'metric', 'factor', 'cutoff'] %}
with pairs as (
    {{ search_metrics.experiment_pairs(ref('search_metrics_int_experiment_assignments')) | indent(4) }}
),

-- each comparison both ways: the target bucket's metrics estimated from the source bucket's logs
directions as (
    select experiment, baseline as source_bucket, candidate as target_bucket from pairs
    union all
    select experiment, candidate as source_bucket, baseline as target_bucket from pairs
),

metrics as (
    {{ search_metrics.counterfactual_metrics_relation(search_metrics.get_paulscore_factors()) | indent(4) }}
),

cutoffs as (
    {{ search_metrics.cutoffs_relation(settings.cutoffs) | indent(4) }}
),

positions as (
    {{ search_metrics.literal_relation(['position'], position_rows) | indent(4) }}
),

shown_results as (
    select
        experiment,
        bucket,
        search_id,
        position,
        doc_id,
        clicked
    from {{ ref('search_metrics_int_counterfactual_bucket_shown') }}
    where position <= {{ settings.max_cutoff }}
),

bucket_searches as (
    select distinct
        experiment,
        bucket,
        search_id,
        query_id,
        search_type,
        searched_at
    from {{ ref('search_metrics_int_counterfactual_bucket_shown') }}
),

-- each bucket's first search of a (search_type, query_id): its list is the bucket's ranking of that query
first_searches as (
    select
        experiment,
        bucket,
        search_type,
        query_id,
        search_id
    from (
        select
            bucket_searches.*,
            row_number() over (
                partition by experiment, bucket, search_type, query_id
                order by searched_at, search_id
            ) as search_order
        from bucket_searches
    ) as ordered_searches
    where search_order = 1
),

bucket_lists as (
    select
        first_searches.experiment,
        first_searches.bucket,
        first_searches.search_type,
        first_searches.query_id,
        shown_results.position,
        shown_results.doc_id
    from first_searches
    inner join shown_results on shown_results.search_id = first_searches.search_id
),

-- PBM fitted on each bucket's logs: α of the pairs with min_impressions shown results, γ of the shown positions
bucket_attractiveness as (
    select
        experiment,
        bucket,
        query_id,
        doc_id,
        min(alpha) as attractiveness
    from {{ ref('search_metrics_int_counterfactual_bucket_pbm') }}
    group by experiment, bucket, query_id, doc_id
    having sum(n_shown) >= {{ min_impressions }}
),

bucket_examination as (
    select
        experiment,
        bucket,
        position,
        min(gamma) as examination
    from {{ ref('search_metrics_int_counterfactual_bucket_pbm') }}
    group by experiment, bucket, position
),

-- the source bucket's searches under each direction; is_ranked = 1 when the target bucket showed that query
source_searches as (
    select
        directions.experiment,
        directions.source_bucket,
        directions.target_bucket,
        bucket_searches.search_id,
        bucket_searches.query_id,
        bucket_searches.search_type,
        case when first_searches.search_id is null then 0 else 1 end as is_ranked
    from directions
    inner join bucket_searches
        on bucket_searches.experiment = directions.experiment
        and bucket_searches.bucket = directions.source_bucket
    left join first_searches
        on first_searches.experiment = directions.experiment
        and first_searches.bucket = directions.target_bucket
        and first_searches.search_type = bucket_searches.search_type
        and first_searches.query_id = bucket_searches.query_id
),

-- each ranked source search at each position: the target bucket's doc there and the source fit's click chance
source_slots as (
    select
        source_searches.experiment,
        source_searches.source_bucket,
        source_searches.target_bucket,
        source_searches.search_id,
        source_searches.search_type,
        positions.position,
        {{ search_metrics.counterfactual_model_clicks('bucket_lists.doc_id', 'bucket_examination.examination',
                                                      'bucket_attractiveness.attractiveness') }}
    from source_searches
    cross join positions
    left join bucket_lists
        on bucket_lists.experiment = source_searches.experiment
        and bucket_lists.bucket = source_searches.target_bucket
        and bucket_lists.search_type = source_searches.search_type
        and bucket_lists.query_id = source_searches.query_id
        and bucket_lists.position = positions.position
    left join bucket_attractiveness
        on bucket_attractiveness.experiment = source_searches.experiment
        and bucket_attractiveness.bucket = source_searches.source_bucket
        and bucket_attractiveness.query_id = source_searches.query_id
        and bucket_attractiveness.doc_id = bucket_lists.doc_id
    left join bucket_examination
        on bucket_examination.experiment = source_searches.experiment
        and bucket_examination.bucket = source_searches.source_bucket
        and bucket_examination.position = positions.position
    where source_searches.is_ranked = 1
),

source_survival as (
    select
        source_slots.*,
        {{ search_metrics.counterfactual_survival('model_click', source_list_above) }} as model_survival,
        {{ search_metrics.counterfactual_survival('model_click_upper', source_list_above) }} as model_survival_upper
    from source_slots
),

-- each ranked source search's expected reward in the top k under the source fit
expected_terms as (
    select
        source_survival.experiment,
        source_survival.source_bucket,
        source_survival.target_bucket,
        source_survival.search_type,
        metrics.metric,
        metrics.factor,
        cutoffs.k as cutoff,
        source_survival.search_id,
        sum({{ search_metrics.counterfactual_position_reward('metrics.metric', 'metrics.factor',
            'source_survival.position', 'source_survival.model_click', 'source_survival.model_survival') }}) as dm_term,
        sum({{ search_metrics.counterfactual_position_reward('metrics.metric', 'metrics.factor',
            'source_survival.position', 'source_survival.model_click_upper', 'source_survival.model_survival_upper') }}) as dm_upper_term,
        sum(source_survival.has_candidate_doc) as n_target_docs,
        sum(source_survival.is_supported) as n_supported
    from source_survival
    cross join metrics
    inner join cutoffs on source_survival.position <= cutoffs.k
    group by
        source_survival.experiment,
        source_survival.source_bucket,
        source_survival.target_bucket,
        source_survival.search_type,
        metrics.metric,
        metrics.factor,
        cutoffs.k,
        source_survival.search_id
),

expected as (
    select
        {{ check_keys | join(',\n        ') }},
        count(*) as n_searches,
        avg(dm_term) as estimate,
        avg(dm_upper_term) as estimate_upper,
        var_samp(dm_term) as estimate_variance,
        sum(n_target_docs) as n_target_docs,
        sum(n_supported) as n_supported
    from expected_terms
    group by {{ check_keys | join(', ') }}
),

source_groups as (
    select
        experiment,
        source_bucket,
        target_bucket,
        search_type,
        sum(case when is_ranked = 1 then 0 else 1 end) as n_searches_unranked
    from source_searches
    group by experiment, source_bucket, target_bucket, search_type
),

-- the target bucket's own searches: the reward of each shown result (ctr: the first click)
observed_slots as (
    select
        search_id,
        position,
        clicked,
        coalesce(sum(clicked) over {{ target_list_above }}, 0) as clicks_before
    from shown_results
),

observed_terms as (
    select
        bucket_searches.experiment,
        bucket_searches.bucket,
        bucket_searches.search_type,
        metrics.metric,
        metrics.factor,
        cutoffs.k as cutoff,
        bucket_searches.search_id,
        coalesce(sum({{ search_metrics.counterfactual_position_reward('metrics.metric', 'metrics.factor',
            'observed_slots.position', 'observed_slots.clicked',
            'case when observed_slots.clicks_before > 0 then 0 else 1 end') }}), 0) as observed_term
    from bucket_searches
    cross join metrics
    cross join cutoffs
    left join observed_slots
        on observed_slots.search_id = bucket_searches.search_id
        and observed_slots.position <= cutoffs.k
    group by
        bucket_searches.experiment,
        bucket_searches.bucket,
        bucket_searches.search_type,
        metrics.metric,
        metrics.factor,
        cutoffs.k,
        bucket_searches.search_id
),

observed as (
    select
        experiment,
        bucket,
        search_type,
        metric,
        factor,
        cutoff,
        count(*) as n_observed_searches,
        avg(observed_term) as observed,
        var_samp(observed_term) as observed_variance
    from observed_terms
    group by experiment, bucket, search_type, metric, factor, cutoff
),

checks as (
    select
        source_groups.experiment,
        source_groups.target_bucket,
        source_groups.source_bucket,
        source_groups.search_type,
        metrics.metric,
        metrics.factor,
        cutoffs.k as cutoff,
        expected.estimate,
        expected.estimate_upper,
        case when expected.estimate is not null then sqrt(expected.estimate_variance / expected.n_searches) end as std_error,
        coalesce(expected.n_searches, 0) as n_searches,
        source_groups.n_searches_unranked,
        case when expected.n_target_docs > 0 then cast(expected.n_supported as {{ double }}) / expected.n_target_docs end as support_share,
        expected.n_target_docs - expected.n_supported as n_unsupported,
        observed.observed,
        case when observed.observed is not null then sqrt(observed.observed_variance / observed.n_observed_searches) end as observed_std_error,
        coalesce(observed.n_observed_searches, 0) as n_observed_searches
    from source_groups
    cross join metrics
    cross join cutoffs
    left join expected
        on expected.experiment = source_groups.experiment
        and expected.source_bucket = source_groups.source_bucket
        and expected.target_bucket = source_groups.target_bucket
        and expected.search_type = source_groups.search_type
        and expected.metric = metrics.metric
        and coalesce(expected.factor, -1) = coalesce(metrics.factor, -1)
        and expected.cutoff = cutoffs.k
    left join observed
        on observed.experiment = source_groups.experiment
        and observed.bucket = source_groups.target_bucket
        and observed.search_type = source_groups.search_type
        and observed.metric = metrics.metric
        and coalesce(observed.factor, -1) = coalesce(metrics.factor, -1)
        and observed.cutoff = cutoffs.k
)

select
    experiment,
    target_bucket,
    source_bucket,
    search_type,
    metric,
    factor,
    cutoff,
    cast('dm' as {{ dbt.type_string() }}) as estimator,
    estimate,
    estimate_upper,
    std_error,
    estimate - {{ z }} * std_error as ci_lower,
    estimate + {{ z }} * std_error as ci_upper,
    cast(n_searches as {{ dbt.type_bigint() }}) as n_searches,
    cast(n_searches_unranked as {{ dbt.type_bigint() }}) as n_searches_unranked,
    support_share,
    cast(n_unsupported as {{ dbt.type_bigint() }}) as n_unsupported,
    observed,
    observed_std_error,
    observed - {{ z }} * observed_std_error as observed_ci_lower,
    observed + {{ z }} * observed_std_error as observed_ci_upper,
    cast(n_observed_searches as {{ dbt.type_bigint() }}) as n_observed_searches,
    observed - estimate as difference,
    observed - estimate - {{ z }} * sqrt(std_error * std_error + observed_std_error * observed_std_error) as difference_ci_lower,
    observed - estimate + {{ z }} * sqrt(std_error * std_error + observed_std_error * observed_std_error) as difference_ci_upper
from checks
{%- else %}
select 1 as disabled
{%- endif %}
{%- endif %}
