{#-
  The transformers in force: the defaults, each key replaced whole by var search_metrics_transformers.
  A mapping must cover every grade of its source scale with a grade of its target scale; anything else
  fails at compile time.
-#}
{% macro get_transformers() %}
    {%- set grades = search_metrics.scale_grades() -%}
    {%- set transformers = search_metrics.default_transformers() -%}
    {%- set overrides = var('search_metrics_transformers', {}) or {} -%}
    {%- if overrides is not mapping -%}
        {{- exceptions.raise_compiler_error("search_metrics: search_metrics_transformers must be a mapping like {graded_to_binary: {0: 0, 1: 0, 2: 1, 3: 1}}, got " ~ overrides) -}}
    {%- endif -%}
    {%- for key, mapping in overrides.items() -%}
        {%- if key not in transformers -%}
            {{- exceptions.raise_compiler_error("search_metrics: unknown transformer '" ~ key ~ "' in search_metrics_transformers; known: " ~ (transformers.keys() | list | sort | join(', '))) -}}
        {%- endif -%}
        {%- set source_scale, target_scale = key.split('_to_') -%}
        {%- if mapping is not mapping -%}
            {{- exceptions.raise_compiler_error("search_metrics: transformer '" ~ key ~ "' must map every " ~ source_scale ~ " grade to a " ~ target_scale ~ " grade, got " ~ mapping) -}}
        {%- endif -%}
        {%- set normalised = {} -%}
        {%- for grade, target in mapping.items() -%}
            {%- set grade_number = grade | string | trim | float -%}
            {%- if grade_number not in grades[source_scale] or grade_number != (grade_number | int) -%}
                {{- exceptions.raise_compiler_error("search_metrics: transformer '" ~ key ~ "' maps " ~ grade ~ ", which is not a " ~ source_scale ~ " grade " ~ grades[source_scale]) -}}
            {%- endif -%}
            {%- if target is not number or target not in grades[target_scale] -%}
                {{- exceptions.raise_compiler_error("search_metrics: transformer '" ~ key ~ "' maps " ~ grade ~ " to " ~ target ~ ", which is not a " ~ target_scale ~ " grade " ~ grades[target_scale]) -}}
            {%- endif -%}
            {%- do normalised.update({grade_number | int: target | int}) -%}
        {%- endfor -%}
        {%- for grade in grades[source_scale] -%}
            {%- if grade not in normalised -%}
                {{- exceptions.raise_compiler_error("search_metrics: transformer '" ~ key ~ "' does not map " ~ source_scale ~ " grade " ~ grade ~ "; give every grade of " ~ grades[source_scale]) -}}
            {%- endif -%}
        {%- endfor -%}
        {%- do transformers.update({key: normalised}) -%}
    {%- endfor -%}
    {{- return(transformers) -}}
{% endmacro %}
