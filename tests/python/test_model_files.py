"""Every model renders nothing past its config when it is disabled (fast: plain file parsing, no dbt run).

dbt renders every model file in full on each parse, a disabled one too, and parses the whole project again whenever
the vars change. A model therefore sets `model_enabled` before its `config(...)`, passes it as `enabled`, and wraps
the rest of the file in `{%- if model_enabled %} ... {%- endif %}` (CONTRIBUTING.md, "SQL rules"): its SQL is
rendered only when it is built. With the default vars a parse took 3.7 s of CPU with every disabled model rendered
and 2.7 s without (bench/README.md, "The test suite").
"""

from __future__ import annotations

import re
from pathlib import Path

MODELS = Path(__file__).resolve().parents[2] / "models"
CONFIG = re.compile(r"\{%- set model_enabled = (?P<expr>.+?) -%\}\n\{\{ config\((?P<args>.*?)\) \}\}\n"
                    r"\{%- if model_enabled %\}\n", re.S)


def layout_problem(text: str) -> str | None:
    match = CONFIG.search(text)
    if not match:
        return ("no `{%- set model_enabled = ... -%}` right before a `{{ config(...) }}` followed by "
                "`{%- if model_enabled %}`")
    if not re.search(r"(^|[\s(,])enabled=model_enabled\b", match.group("args")):
        return "its config does not say enabled=model_enabled"
    if text.count("{{ config(") != 1:
        return "more than one config() call"
    if not text.rstrip().endswith("{%- endif %}"):
        return "the file does not end with `{%- endif %}` (the end of `if model_enabled`)"
    return None


def test_every_model_renders_nothing_past_its_config_when_disabled():
    files = sorted(MODELS.rglob("*.sql"))
    assert len(files) >= 100
    problems = [f"{path.relative_to(MODELS)}: {problem}" for path in files
                if (problem := layout_problem(path.read_text(encoding="utf-8")))]
    assert not problems, "\n".join(problems)


def test_the_layout_check_rejects_a_model_that_renders_when_disabled():
    good = ("{%- set model_enabled = search_metrics.family_enabled('clicks') -%}\n"
            "{{ config(materialized='table', enabled=model_enabled) }}\n"
            "{%- if model_enabled %}\nselect 1\n{%- endif %}\n")
    assert layout_problem(good) is None
    assert layout_problem(good.replace("{%- endif %}\n", "")) is not None
    assert layout_problem(good.replace("enabled=model_enabled", "enabled=true")) is not None
    assert layout_problem("{{ config(enabled=search_metrics.family_enabled('clicks')) }}\nselect 1\n") is not None
