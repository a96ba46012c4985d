{#-
  One EM update of the position-based model (docs/click_models.md), as a window expression over a relation with
  one row per (query_id, doc_id, position) and the columns n_shown, n_clicked, alpha and gamma of the previous
  iteration (and the scope columns: one fit per value of them, pbm_fit). `parameter`: 'alpha' (the pair's attractiveness: the mean over the pair's shown results) or 'gamma'
  (the position's examination: the mean over the position's shown results) of
      c + (1 - c) x P(that parameter's variable is 1 | no click),
  with P(attractive | no click) = (1 - gamma) alpha / (1 - gamma alpha) and
       P(examined | no click) = gamma (1 - alpha) / (1 - gamma alpha).
  A whole-partition sum reads no row order, so the windows have no ORDER BY.
-#}
{% macro pbm_em_update(parameter, scope_columns=[]) %}
    {{- return(adapter.dispatch('pbm_em_update', 'search_metrics')(parameter, scope_columns)) -}}
{% endmacro %}

{% macro default__pbm_em_update(parameter, scope_columns=[]) -%}
    {%- if parameter == 'alpha' -%}
        {%- set posterior = '(1 - gamma) * alpha / (1 - gamma * alpha)' -%}
        {%- set partition = (scope_columns + ['query_id', 'doc_id']) | join(', ') -%}
    {%- elif parameter == 'gamma' -%}
        {%- set posterior = 'gamma * (1 - alpha) / (1 - gamma * alpha)' -%}
        {%- set partition = (scope_columns + ['position']) | join(', ') -%}
    {%- else -%}
        {{- exceptions.raise_compiler_error("search_metrics: pbm_em_update's parameter must be alpha or gamma, got " ~ parameter) -}}
    {%- endif -%}
    sum(
            case
                when n_clicked = n_shown then {{ search_metrics.as_double('n_clicked') }}
                else n_clicked + (n_shown - n_clicked) * {{ posterior }}
            end
        ) over (partition by {{ partition }})
        / sum(n_shown) over (partition by {{ partition }})
{%- endmacro %}
