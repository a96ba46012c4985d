{#-
  PBM's view of a doc a candidate list shows at a position, as four select columns (docs/counterfactual.md, dm):
  has_candidate_doc (1 when the list has a doc there), is_supported (1 when its γ and α are both known), model_click
  (γ × α with an unknown one read as 0; 0 without a doc) and model_click_upper (the unknown read as 1). Arguments are
  SQL text: the list's doc at the position (null: none), the position's examination γ and the pair's attractiveness α
  (null: unknown). Read by the counterfactual positions (a candidate run's list) and the check of the experiments (a
  bucket's list).
-#}
{% macro counterfactual_model_clicks(doc_id, examination, attractiveness) %}
    {{- return(adapter.dispatch('counterfactual_model_clicks', 'search_metrics')(doc_id, examination, attractiveness)) -}}
{% endmacro %}

{% macro default__counterfactual_model_clicks(doc_id, examination, attractiveness) -%}
        case when {{ doc_id }} is null then 0 else 1 end as has_candidate_doc,
        case
            when {{ doc_id }} is not null and {{ examination }} is not null and {{ attractiveness }} is not null then 1
            else 0
        end as is_supported,
        case
            when {{ doc_id }} is null then {{ search_metrics.as_double('0') }}
            else coalesce({{ examination }}, 0) * coalesce({{ attractiveness }}, 0)
        end as model_click,
        case
            when {{ doc_id }} is null then {{ search_metrics.as_double('0') }}
            else coalesce({{ examination }}, 1) * coalesce({{ attractiveness }}, 1)
        end as model_click_upper
{%- endmacro %}
