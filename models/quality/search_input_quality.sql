{#-
  Where every input row went: used, or not used and why. Each input's rows add up to its row count,
  so nothing is dropped without being counted. Enabled when the judgment_metrics family (results, judgments; subtopic
  judgments optional) or the click family (searches, clicks; impressions and page visits optional) is configured;
  only configured inputs are read.
-#}
{%- set judged = search_metrics.family_enabled('judgment_metrics') -%}
{%- set diversity_on = search_metrics.family_enabled('diversity') -%}
{%- set clicked = search_metrics.family_enabled('clicks') -%}
{%- set auc_on = search_metrics.family_enabled('click_auc') -%}
{%- set click_models_on = search_metrics.family_enabled('click_models') -%}
{%- set interleaving_on = search_metrics.family_enabled('interleaving') -%}
{%- set experiments_on = search_metrics.family_enabled('experiments') -%}
{%- set experiment_column_set = search_metrics.get_input_column('search_metrics_experiment_column', 'the searches input') is not none -%}
{%- set impressed = auc_on or click_models_on or interleaving_on -%}
{%- set visited = search_metrics.family_enabled('sessions') and search_metrics.inputs_configured(['search_metrics_page_visits']) -%}
{%- set model_enabled = judged or clicked -%}
{{ config(enabled=model_enabled) }}
{%- if model_enabled %}
{%- set parts = [] -%}

with
{%- if judged %}
{%- set max_cutoff = search_metrics.get_cutoffs() | max -%}
{%- set negative_grades = search_metrics.get_grading().negative_grades -%}
{%- set reads_every_rank = search_metrics.reads_every_rank(search_metrics.get_metrics()) -%}
{%- do parts.extend([('results', 'result_rows'), ('judgments', 'judgment_rows')]) %}
-- depends_on: {{ ref('search_metrics_stg_results') }}
returned_queries as (
    {#- the queries of the input's (run_id, query_id) pairs; a fused run returns queries of the runs it fuses, and a
        row without run_id fails a rule, which skips this model as it skips every model after the view
        search_metrics_stg_results (the depends_on above) #}
    select distinct query_id from {{ ref('search_metrics_stg_results_pair_fingerprints') }}
),

result_rank_counts as (
    {#- the input's rows only (not the fused runs), counted by rank per run in the input's one scan
        (search_metrics_stg_results_run_fingerprints); summed by the final grouped select, not here (an ungrouped
        sum is a step in one partition on Spark) #}
    select 'null' as rank_place, n_rank_null as n_rows
    from {{ ref('search_metrics_stg_results_run_fingerprints') }}
    union all
    select 'within' as rank_place, n_within_cutoff as n_rows
    from {{ ref('search_metrics_stg_results_run_fingerprints') }}
    union all
    select 'beyond' as rank_place, n_beyond_cutoff as n_rows
    from {{ ref('search_metrics_stg_results_run_fingerprints') }}
),

result_rows as (
    select
        {% if reads_every_rank -%}
        case when rank_place = 'null' then 'not_used' else 'used' end as status,
        {%- else -%}
        case when rank_place = 'within' then 'used' else 'not_used' end as status,
        {%- endif %}
        case
            when rank_place = 'null' then 'rank null or not a whole number in digits (fails search_metrics_results__rank_must_be_a_whole_number_from_1_to_2147483647): no place in the list'
            when rank_place = 'within' then 'rank within the largest cutoff ({{ max_cutoff }})'
            {%- if reads_every_rank %}
            else 'rank beyond the largest cutoff ({{ max_cutoff }}): read only by the metrics that read every rank (no cutoff, whole_list or condensed)'
            {%- else %}
            else 'rank beyond the largest cutoff ({{ max_cutoff }}): counted in n_results, read by no cutoff metric'
            {%- endif %}
        end as reason,
        n_rows
    from result_rank_counts
    where n_rows > 0
),

judgment_rows as (
    select
        case
            when returned_queries.query_id is null then 'ignored'
            when {{ search_metrics.is_automated_rater('judgments.rater_id') }} then 'not_used'
            when judgments.grade is null then 'ungraded'
            {%- if negative_grades == 'unjudged' %}
            when judgments.scale = 'graded' and judgments.grade < 0 then 'ungraded'
            {%- endif %}
            else 'used'
        end as status,
        case
            when returned_queries.query_id is null then 'query returned by no run'
            when {{ search_metrics.is_automated_rater('judgments.rater_id') }} then 'automated rater (search_metrics_automated_raters): read by the judge_validation family, not by the judged metrics'
            when judgments.unread_grade is not null then 'grade is a text that is no whole number in digits (fails search_metrics_judgments__grade_must_be_a_whole_number): read as null, the doc is in the pool, the slot casts no vote'
            when judgments.grade is null then 'null grade (slot not graded yet): the doc is in the pool, the slot casts no vote'
            {%- if negative_grades == 'unjudged' %}
            when judgments.scale = 'graded' and judgments.grade < 0 then 'negative grade read as unjudged (search_metrics_negative_grades: unjudged): the doc is in the pool, the slot casts no vote'
            {%- elif negative_grades == 'zero' %}
            when judgments.scale = 'graded' and judgments.grade < 0 then 'negative grade read as 0 (search_metrics_negative_grades: zero)'
            {%- endif %}
            else 'graded judgment of a returned query'
        end as reason
    from {{ ref('search_metrics_stg_judgments') }} as judgments
    left join returned_queries on returned_queries.query_id = judgments.query_id
){{ ',' if clicked or diversity_on }}
{%- if diversity_on %}
{%- do parts.append(('subtopic_judgments', 'subtopic_judgment_rows')) %}

subtopic_judgment_rows as (
    select
        case
            when returned_queries.query_id is null then 'ignored'
            when subtopic_judgments.grade is null then 'not_used'
            else 'used'
        end as status,
        case
            when returned_queries.query_id is null then 'query returned by no run'
            when subtopic_judgments.grade is null then 'grade null or not a whole number in digits (fails search_metrics_subtopic_judgments__grade_must_be_a_whole_number): relevant to no subtopic'
            else 'subtopic judgment of a returned query (relevant to its subtopic when grade >= the threshold of the metric)'
        end as reason
    from {{ ref('search_metrics_stg_subtopic_judgments') }} as subtopic_judgments
    left join returned_queries on returned_queries.query_id = subtopic_judgments.query_id
){{ ',' if clicked }}
{%- endif %}
{%- endif %}
{%- if clicked %}
{%- do parts.extend([('searches', 'search_rows'), ('clicks', 'click_rows')]) %}
{%- set future_limit = search_metrics.future_limit() -%}
{%- set tolerance_rule = 'after the build time + search_metrics_future_tolerance_seconds (' ~ search_metrics.get_future_tolerance_seconds() ~ ' s)' -%}
{%- set delay_rule = 'more than search_metrics_max_event_delay_seconds (' ~ search_metrics.get_max_event_delay_seconds() ~ ' s) after searched_at' %}

known_searches as (
    {#- every search of the input; is_excluded = 1 when it is dated in the future (no model reads it) #}
    select
        search_id,
        searched_at,
        n_results,
        case when searched_at > {{ future_limit }} then 1 else 0 end as is_excluded
        {{- ', query_id' if click_models_on }}{{ ', experiment' if interleaving_on or experiments_on }}
        {{- ', bucket, unit_id' if experiments_on }}
    from {{ ref('search_metrics_stg_searches') }}
),

search_rows as (
    select
        case when is_excluded = 1 then 'excluded' else 'used' end as status,
        case
            when is_excluded = 1 then 'searched_at {{ tolerance_rule }} (warned by searched_at_should_not_be_in_the_future): read by no model'
            when n_results is null then 'n_results unknown (null): left out of the zero-result, clickthrough and abandonment rates'
            else 'search with a known n_results'
        end as reason
    from known_searches
),

{%- if experiments_on %}
{%- do parts.append(('experiment_searches', 'experiment_search_rows')) %}
{#- where each search went for the experiments family: the searches again, as a second account of the same rows #}
experiment_search_rows as (
    select
        case
            when known_searches.is_excluded = 1 then 'excluded'
            when known_searches.bucket is null or known_searches.experiment is null or known_searches.unit_id is null then 'not_used'
            when assignments.bucket is null then 'excluded'
            else 'used'
        end as status,
        case
            when known_searches.is_excluded = 1 then 'searched_at {{ tolerance_rule }}: in no experiment'
            {%- if experiment_column_set %}
            when known_searches.experiment is null then 'null experiment: in no experiment (read as a pre-period search by CUPED)'
            {%- endif %}
            when known_searches.bucket is null then 'null bucket: in no experiment (read as a pre-period search by CUPED)'
            when known_searches.unit_id is null then 'null unit: in no experiment'
            when assignments.bucket is null then 'unit seen in two buckets or more of the experiment (warned by unit_must_stay_in_one_bucket): excluded from it'
            else 'search of a unit with one bucket in its experiment'
        end as reason
    from known_searches
    left join {{ ref('search_metrics_int_experiment_assignments') }} as assignments
        on assignments.experiment = known_searches.experiment
        and assignments.unit_id = known_searches.unit_id
),
{%- endif %}

{#- the click rows no model reads, one row each; the others are in search_metrics_int_click_positions #}
left_out_clicks as (
    select
        case when known_searches.search_id is null then 'ignored' else 'excluded' end as status,
        case
            when known_searches.search_id is null then 'search_id not in the searches input: counted and ignored'
            when known_searches.is_excluded = 1 then 'click of an excluded search (its searched_at {{ tolerance_rule }}): read by no model'
            when clicks.clicked_at > {{ future_limit }} then 'clicked_at {{ tolerance_rule }} (warned by clicked_at_should_not_be_in_the_future): read by no model'
            else 'clicked_at {{ delay_rule }} (warned by clicked_at_should_be_within_max_event_delay_of_searched_at): read by no model'
        end as reason
    from {{ ref('search_metrics_stg_clicks') }} as clicks
    left join known_searches on known_searches.search_id = clicks.search_id
    where known_searches.search_id is null
        or known_searches.is_excluded = 1
        or clicks.clicked_at > {{ future_limit }}
        or {{ search_metrics.max_event_delay_exceeded(search_metrics.epoch_microseconds('clicks.clicked_at'),
            search_metrics.epoch_microseconds('known_searches.searched_at')) }}
),

used_click_groups as (
    select
        {#- one row per clicked (search_id, position): its first click is used, the others are duplicates #}
        click_positions.n_clicks,
        case when click_positions.first_clicked_at < known_searches.searched_at then 1 else 0 end as is_before_search
    from {{ ref('search_metrics_int_click_positions') }} as click_positions
    inner join known_searches on known_searches.search_id = click_positions.search_id
),

click_rows as (
    select
        status,
        reason,
        1 as n_rows
    from left_out_clicks

    union all

    select
        'used' as status,
        case
            when is_before_search = 1 then 'first click on a (search_id, position), clicked_at before searched_at (warned by a data test): used'
            else 'first click on a (search_id, position) of a known search'
        end as reason,
        1 as n_rows
    from used_click_groups

    union all

    select
        'duplicate' as status,
        'repeated click on the same (search_id, position): counts once' as reason,
        n_clicks - 1 as n_rows
    from used_click_groups
    where n_clicks > 1
){{ ',' if impressed or visited }}
{%- endif %}
{%- if impressed %}
{%- do parts.append(('impressions', 'impression_rows')) %}

{%- if click_models_on %}
{%- set min_impressions = search_metrics.get_click_model_settings().min_impressions %}
shown_pair_sizes as (
    select query_id, doc_id, count(*) as n_shown
    from {{ ref('search_metrics_int_shown_results') }}
    group by query_id, doc_id
),

{% endif -%}
impression_rows as (
    select
        case
            when known_searches.search_id is null then 'ignored'
            when known_searches.is_excluded = 1 then 'excluded'
            {%- if click_models_on and not auc_on %}
            when known_searches.query_id is null{{ ' and known_searches.experiment is null' if interleaving_on }} then 'not_used'
            {%- endif %}
            {%- if interleaving_on and not (auc_on or click_models_on) %}
            when known_searches.experiment is null then 'not_used'
            {%- endif %}
            else 'used'
        end as status,
        case
            when known_searches.search_id is null then 'search_id not in the searches input: counted and ignored'
            when known_searches.is_excluded = 1 then 'impression of an excluded search (its searched_at {{ tolerance_rule }}): read by no model'
            {%- if click_models_on %}
            when known_searches.query_id is null then 'search without a query_id: read by no click model{{ " (used by the AUC)" if auc_on }}'
            when shown_pair_sizes.n_shown < {{ min_impressions }} then 'shown result of a (query_id, doc_id) with fewer than {{ min_impressions }} shown results: no relevance estimate (it counts in the per-position figures)'
            else 'shown result of a (query_id, doc_id) with a click-model estimate'
            {%- elif interleaving_on and not auc_on %}
            when known_searches.experiment is null then 'impression of a search in no interleaving experiment: read by no model'
            else 'impression of an interleaved search'
            {%- else %}
            else 'impression of a known search'
            {%- endif %}
        end as reason
    from {{ ref('search_metrics_stg_impressions') }} as impressions
    left join known_searches on known_searches.search_id = impressions.search_id
    {%- if click_models_on %}
    left join shown_pair_sizes
        on shown_pair_sizes.query_id = known_searches.query_id
        and shown_pair_sizes.doc_id = impressions.doc_id
    {%- endif %}
){{ ',' if visited }}
{%- endif %}
{%- if visited %}
{%- do parts.append(('page_visits', 'page_visit_rows')) %}

page_visit_rows as (
    select
        case
            when visits.visit_end_at > {{ future_limit }} then 'excluded'
            when click_dwells.search_id is null then 'ignored'
            when {{ search_metrics.max_event_delay_exceeded(search_metrics.epoch_microseconds('visits.visit_end_at'), 'click_dwells.searched_us') }} then 'excluded'
            else 'used'
        end as status,
        case
            when visits.visit_end_at > {{ future_limit }} then 'visit_end_at {{ tolerance_rule }} (warned by visit_end_at_should_not_be_in_the_future): read by no model'
            when click_dwells.search_id is null then 'no used click on its (search_id, position) (unknown or excluded search, no click, or its clicks excluded): not used (warned by a data test)'
            when {{ search_metrics.max_event_delay_exceeded(search_metrics.epoch_microseconds('visits.visit_end_at'), 'click_dwells.searched_us') }} then 'visit_end_at {{ delay_rule }} (warned by visit_end_at_should_be_within_max_event_delay_of_searched_at): read by no model'
            else 'the end of the visit of a clicked result: the exact dwell of its click'
        end as reason
    from {{ ref('search_metrics_stg_page_visits') }} as visits
    left join {{ ref('search_metrics_int_click_dwells') }} as click_dwells
        on click_dwells.search_id = visits.search_id
        and click_dwells.position = visits.position
)
{%- endif %}

{% for input_name, cte in parts -%}
select
    cast('{{ input_name }}' as {{ dbt.type_string() }}) as input_name,
    cast(status as {{ dbt.type_string() }}) as status,
    cast(reason as {{ dbt.type_string() }}) as reason,
    cast({{ 'sum(n_rows)' if cte in ('click_rows', 'result_rows') else 'count(*)' }} as {{ dbt.type_bigint() }}) as n_rows
from {{ cte }}
group by status, reason
{% if not loop.last %}
union all

{% endif -%}
{%- endfor %}
{%- endif %}
