"""The package's compile-time var rules, checked for many sets of vars in one dbt context.

A misconfigured var fails the parse: a model or data test calls a getter macro (get_cutoffs, get_metrics,
get_click_model_settings, ...) or family_enabled, which raises a compiler error naming the rule. A whole-project
parse per set of vars costs about 0.75 s here (with the Jinja and validation caches), and test_config_errors.py has
some 170 sets. `errors_in_one_context` compiles one inline node (one parse, with the base vars) and, while dbt renders
it, calls those same macros once per set of vars in that node's own context, its `var` swapped for one that reads
the set (dbt's own var object over the project's vars and the set, as a parse with `--vars` would read them): a few
milliseconds a set.

What it calls, per set of vars: family_enabled for every family of families() (the switches and the retired vars),
then every getter call written with literal arguments in the models and data tests (`search_metrics.get_*(...)`,
read from their text, so a new getter is called without a change here), each when a family that its file asks
about with family_enabled is on (or when its file asks about none), as the models guard their calls, and then the
getter calls of the package's macros (get_transformers, get_automated_raters, get_replicate_count, ...). What it does
not see: a rule raised while a model's SQL is rendered (outside a getter), a getter called with computed arguments,
and whether a model still calls a getter at all: a test that reads a message from here falls back to a whole parse
when this gives no message or another one, and keeps some cases on the whole parse (test_config_errors.py).
"""

from __future__ import annotations

import ast
import copy
import json
import re
from contextlib import contextmanager
from unittest import mock

from harness import REPO_ROOT

GETTER_CALL = re.compile(r"search_metrics\.(get_\w+)\(([^()]*)\)")
FAMILY_CALL = re.compile(r"family_enabled\('(\w+)'\)")
DRIVER = "_search_metrics_var_rule_cases"


def getter_calls() -> dict[tuple[str, tuple], list[frozenset]]:
    """{(macro, literal args): [the families each calling file asks about]} over models/ and tests/dbt/, then the
    getters that the package's macros call (transform_grade's get_transformers, comparison_tests'
    get_replicate_count, ...), with no family: a macro's callers are not traced."""
    calls: dict[tuple[str, tuple], list[frozenset]] = {}
    nodes = sorted([*REPO_ROOT.glob("models/**/*.sql"), *REPO_ROOT.glob("tests/dbt/**/*.sql")])
    for path in nodes + sorted(REPO_ROOT.glob("macros/**/*.sql")):
        text = path.read_text()
        families = frozenset(FAMILY_CALL.findall(text)) if path in nodes else frozenset()
        for name, args in GETTER_CALL.findall(text):
            try:
                values = ast.literal_eval(f"({args},)") if args.strip() else ()
            except (ValueError, SyntaxError):  # computed arguments: the whole parse sees those calls
                continue
            try:
                calls.setdefault((name, values), []).append(families)
            except TypeError:  # a list or dict literal among the arguments: the whole parse sees that call
                continue
    return calls


def _first_error(context: dict, calls) -> str | None:
    macros = context["search_metrics"]
    try:
        on = {family for family in macros["families"]() if macros["family_enabled"](family)}
        for (name, args), guards in calls.items():
            if any(not families or families & on for families in guards):
                macros[name](*args)
    except Exception as error:  # noqa: BLE001 - the message is what the caller compares
        return str(error)
    return None


@contextmanager
def _driver_in_inline_context(var_texts, calls, errors: dict):
    """dbt's compile of an inline node builds its Jinja context with generate_runtime_model_context; the wrapped one
    adds DRIVER, which checks each var text in that context (the macros read `var` from the context at each call)."""
    import dbt.compilation
    from dbt.config.utils import parse_cli_vars

    generate = dbt.compilation.generate_runtime_model_context

    def with_driver(node, config, manifest):
        context = generate(node, config, manifest)

        def driver():
            base = context["var"]
            try:
                for text in var_texts:
                    var = copy.copy(base)
                    var._cli_vars = parse_cli_vars(text)  # as dbt reads --vars (YAML: .nan, int keys)
                    var._merged = var._generate_merged()  # the project's vars for the node, then these
                    context["var"] = var
                    errors[text] = _first_error(context, calls)
            finally:
                context["var"] = base
            return ""

        context[DRIVER] = driver
        return context

    with mock.patch.object(dbt.compilation, "generate_runtime_model_context", with_driver):
        yield


def errors_in_one_context(dbt_project, base_vars: dict, var_texts, calls=None) -> dict[str, str | None]:
    """{var text: the first compile error the var rules raise for it (its message), or None} for each `--vars` text,
    from one dbt invocation (base_vars: the vars of that invocation's parse, e.g. the judged inputs). `calls`: the
    macro calls to make after family_enabled's, {(macro, literal args): [families]} as getter_calls returns them
    (its calls by default), e.g. {("input_relation", ("search_metrics_clicks",)): [frozenset()]}."""
    var_texts = list(dict.fromkeys(var_texts))
    errors: dict[str, str | None] = {}
    with _driver_in_inline_context(var_texts, getter_calls() if calls is None else calls, errors):
        result = dbt_project.invoke(["compile", "--vars", json.dumps(base_vars), "--inline",
                                     "{{ " + DRIVER + "() }}"], target_name="var_rules")
    assert result.success, result.exception
    assert set(errors) == set(var_texts), "the inline node's context was not built by generate_runtime_model_context"
    return errors


def assert_compile_error(dbt_project, one_context_errors, var_text, check, whole_parse=False, target_name="config"):
    """The vars in `var_text` fail at compile time with a message that passes `check` (a function of the message
    that asserts): in the one context (`one_context_errors`, from errors_in_one_context), or else, and always with
    whole_parse, in a whole-project parse (`dbt parse --vars var_text`)."""
    message = one_context_errors[var_text]
    if whole_parse:
        assert message is not None, "the one context raised nothing"
        check(message)
    elif message is not None:
        try:
            check(message)
            return
        except AssertionError:
            pass  # another rule's message first in the one context: the whole parse decides
    result = dbt_project.invoke(["parse", "--vars", var_text], target_name=target_name)
    assert not result.success
    check(str(result.exception))
