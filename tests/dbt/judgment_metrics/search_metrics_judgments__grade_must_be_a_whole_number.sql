{#-
  Rule: a grade the input gives is a whole number from -2147483647 to 2147483647: not a fraction, NaN, ±infinity,
  or a text from which input_number reads no number (unread_grade not null: its null grade would otherwise pass for
  a slot not graded yet; trec_eval's atol would read '1.5' as 1). Whether the
  number is a grade of its scale is search_metrics_judgments__grade_must_be_on_its_scale's rule. Returns the
  offending rows, the input's grade in the message.
-#}
{{ config(enabled=search_metrics.family_enabled('judgment_metrics') or search_metrics.family_enabled('click_agreement')) }}
select
    *,
    {{ dbt.concat(["'grade must be null or a whole number from -" ~ search_metrics.largest_rank() ~ " to "
                   ~ search_metrics.largest_rank() ~ ", got '",
                   "coalesce(unread_grade, " ~ search_metrics.as_text('grade') ~ ")"]) }} as rule_violated
from {{ ref('search_metrics_stg_judgments') }}
where unread_grade is not null
    or (
        {{ search_metrics.is_nan('grade') }}
        or grade > {{ search_metrics.largest_rank() }}
        or grade < -{{ search_metrics.largest_rank() }}
        or grade <> floor(grade)
    )
