{#-
  The chance that none of the positions above was clicked, Π (1 − c) over them, as an expression over a window of
  one search's list (`above`: the window text, e.g. "(partition by … order by position rows between unbounded
  preceding and 1 preceding)") and a column of click probabilities c in [0, 1]: the product is exp of a sum of
  ln(1 − c), and a position above with c = 1 (no logarithm) makes it 0. Read by the counterfactual positions (PBM
  along a candidate's list) and the check of the experiments (PBM along a bucket's list).
-#}
{% macro counterfactual_survival(click_probability, above) %}
    {{- return(adapter.dispatch('counterfactual_survival', 'search_metrics')(click_probability, above)) -}}
{% endmacro %}

{% macro default__counterfactual_survival(click_probability, above) -%}
    case
            when coalesce(sum(case when {{ click_probability }} >= 1 then 1 else 0 end) over {{ above }}, 0) > 0
                then {{ search_metrics.as_double('0') }}
            else exp(coalesce(sum(case when {{ click_probability }} < 1 then ln(1 - {{ click_probability }}) end) over {{ above }}, 0))
        end
{%- endmacro %}
