{#-
  A position's reward under a counterfactual metric, as an expression (docs/counterfactual.md): clicks: the click
  c; ctr: c × s, s the chance that no position above was clicked (1 or 0 for a logged search: its first click); paulscore:
  F^(position − 1) × c. `click` is a click (0/1) or a click probability, `survival` s; every argument is SQL text (the
  metric's name, the factor F, the position, the click, the survival). Read by the counterfactual terms (the logged
  reward and PBM's expected one) and the check of the experiments (the observed and the expected reward).
-#}
{% macro counterfactual_position_reward(metric, factor, position, click, survival) %}
    {{- return(adapter.dispatch('counterfactual_position_reward', 'search_metrics')(metric, factor, position, click, survival)) -}}
{% endmacro %}

{% macro default__counterfactual_position_reward(metric, factor, position, click, survival) -%}
    case when {{ metric }} = 'paulscore' then power({{ factor }}, {{ position }} - 1)
            else {{ search_metrics.as_double('1') }} end
        * {{ click }}
        * case when {{ metric }} = 'ctr' then {{ survival }} else 1 end
{%- endmacro %}
