"""Reuse Jinja's work on unchanged template text across the dbt invocations of one test process.

The suite runs dbt in-process (dbtRunner) a few hundred times, almost every time with new vars, so dbt parses the
whole project again each time (vars invalidate its partial parsing). About 40 % of such a parse is Jinja turning
the same template texts into syntax trees and Python code: the macros of the package, of dbt and of the adapter,
the models and the generic tests. That work depends on the text and on the environment's syntax settings only,
never on vars or context, so this module keeps its results for the life of the process:

- `Environment.compile` (text -> code object, which `from_string` wraps in a Template): the code object is
  immutable and is what Jinja's own bytecode cache stores (keyed there by template name and source checksum).
- `Environment.parse` (text -> syntax tree), which dbt calls to find the macros a text calls and the macros a file
  defines. It only reads the tree; dbt's own test fixtures cache these trees by source the same way
  (`dbt_common.tests.enable_test_caching`, which covers only one of the callers).

Rendering is never cached: vars, config and every macro's output are computed as before. Install with `install()`
before the first dbt invocation (conftest.py does); `SEARCH_METRICS_NO_JINJA_CACHE=1` turns it off, to compare.
"""

import os

import jinja2

_compiled: dict = {}
_parsed: dict = {}
_installed = False


def _syntax_key(env: jinja2.Environment) -> tuple:
    """What, besides the text, decides the tree and the code Jinja makes of it."""
    return (type(env), env.code_generator_class, tuple(sorted(env.extensions)), env.optimized, env.finalize is None,
            env.autoescape, env.is_async, env.trim_blocks, env.lstrip_blocks, env.keep_trailing_newline,
            env.newline_sequence, env.block_start_string, env.block_end_string, env.variable_start_string,
            env.variable_end_string, env.comment_start_string, env.comment_end_string, env.line_statement_prefix,
            env.line_comment_prefix)


def install() -> None:
    global _installed
    if _installed or os.environ.get("SEARCH_METRICS_NO_JINJA_CACHE"):
        return
    _installed = True
    original_compile = jinja2.Environment.compile
    original_parse = jinja2.Environment.parse

    def compile(self, source, name=None, filename=None, raw=False, defer_init=False):
        if raw or not isinstance(source, str):
            return original_compile(self, source, name, filename, raw, defer_init)
        key = (_syntax_key(self), source, name, filename, defer_init)
        code = _compiled.get(key)
        if code is None:
            code = _compiled[key] = original_compile(self, source, name, filename, raw, defer_init)
        return code

    def parse(self, source, name=None, filename=None):
        key = (_syntax_key(self), source, name, filename)
        tree = _parsed.get(key)
        if tree is None:
            tree = _parsed[key] = original_parse(self, source, name, filename)
        return tree

    jinja2.Environment.compile = compile
    jinja2.Environment.parse = parse
