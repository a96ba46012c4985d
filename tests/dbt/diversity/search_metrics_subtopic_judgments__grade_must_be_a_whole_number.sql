{#-
  Rule: a subtopic judgment's grade is a whole number from -2147483647 to 2147483647, never null, NaN or infinite
  (ndeval's qrels hold whole numbers; relevant = grade >= the metric's threshold). Returns the offending rows.
-#}
{{ config(enabled=search_metrics.family_enabled('diversity')) }}
select
    *,
    'grade must be a whole number (not null)' as rule_violated
from {{ ref('search_metrics_stg_subtopic_judgments') }}
where grade is null
    or {{ search_metrics.is_nan('grade') }}
    or grade > {{ search_metrics.largest_rank() }}
    or grade < -{{ search_metrics.largest_rank() }}
    or grade <> floor(grade)
