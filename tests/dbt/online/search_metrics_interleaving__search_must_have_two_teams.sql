{#-
  Rule: an interleaved search (its experiment column is not null) with impressions carries exactly two distinct
  team values on them, and no null team. Returns the offending searches with their counts.
-#}
{{ config(enabled=search_metrics.family_enabled('interleaving')) }}
select
    searches.search_id,
    searches.experiment,
    count(distinct impressions.team) as n_team_values,
    sum(case when impressions.team is null then 1 else 0 end) as n_impressions_without_team,
    'an interleaved search must carry exactly two team values on its impressions, and no null team' as rule_violated
from {{ ref('search_metrics_stg_searches') }} as searches
inner join {{ ref('search_metrics_stg_impressions') }} as impressions on impressions.search_id = searches.search_id
where searches.experiment is not null
group by searches.search_id, searches.experiment
having count(distinct impressions.team) <> 2 or sum(case when impressions.team is null then 1 else 0 end) > 0
