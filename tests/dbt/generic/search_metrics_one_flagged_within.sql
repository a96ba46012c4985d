{#-
  Rule: within each combination of `columns`, exactly one row has `flag` true when some row of the combination
  satisfies `eligible` (a SQL condition), and none otherwise. Returns each combination that breaks it, with its
  count of flagged rows and its rule_violated message.
-#}
{% test search_metrics_one_flagged_within(model, columns, flag, eligible) %}
select
    {{ columns | join(', ') }},
    flagged_rows,
    {{ search_metrics.string_literal("exactly one row per " ~ (columns | join(", ")) ~ " must have " ~ flag ~ " when one has " ~ eligible) }} as rule_violated
from (
    select
        {{ columns | join(', ') }},
        sum(case when {{ flag }} then 1 else 0 end) as flagged_rows,
        sum(case when {{ eligible }} then 1 else 0 end) as eligible_rows
    from {{ model }}
    group by {{ columns | join(', ') }}
) as flag_counts
where flagged_rows <> case when eligible_rows > 0 then 1 else 0 end
{% endtest %}
