{#-
  Rule: the searches of one experiment use the same two team values (so that team a and team b mean the same
  rankers on every search). Returns the offending experiments with their number of team values.
-#}
{{ config(enabled=search_metrics.family_enabled('interleaving')) }}
select
    searches.experiment,
    count(distinct impressions.team) as n_team_values,
    'the searches of an experiment must use the same two team values' as rule_violated
from {{ ref('search_metrics_stg_searches') }} as searches
inner join {{ ref('search_metrics_stg_impressions') }} as impressions on impressions.search_id = searches.search_id
where searches.experiment is not null
group by searches.experiment
having count(distinct impressions.team) > 2
