"""A stand-in LLM for the llm_judgments tests: a dbt-duckdb plugin (profile `plugins: [{module: llm_stub}]`) that
registers the SQL function llm_stub(prompt) on every connection dbt opens. It records each prompt it receives in
PROMPTS (one entry per call: the tests count the calls) and answers from ANSWERS, {document text: answer}: the answer
of the one document text the prompt contains (an error if none or several do, so that a wrong prompt fails loudly).
The tests run dbt in their own process (dbtRunner), so they read PROMPTS directly. It is registered as
deterministic (side_effects=False), the harder case: an engine may evaluate a deterministic function at every use of
its result, where the model must call it once per pair."""

from __future__ import annotations

from dbt.adapters.duckdb.plugins import BasePlugin
from duckdb.sqltypes import VARCHAR

PROMPTS: list[str] = []
ANSWERS: dict[str, str | None] = {}


def answer(prompt: str) -> str | None:
    PROMPTS.append(prompt)
    found = [text for text in ANSWERS if text in prompt]
    if len(found) != 1:
        raise ValueError(f"llm_stub: the prompt contains {len(found)} known document texts: {prompt[-200:]!r}")
    return ANSWERS[found[0]]


class Plugin(BasePlugin):
    def configure_connection(self, conn):
        conn.create_function("llm_stub", answer, [VARCHAR], VARCHAR, side_effects=False)
