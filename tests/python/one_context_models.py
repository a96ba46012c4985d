"""The package's models rendered for many sets of vars from one dbt invocation, as `dbt compile` would render them.

A compile per set of vars costs a whole parse (tests/README.md). Here one `dbt compile` of the models with the base
vars (one parse) keeps its models' SQL (`compiled`, harness.compiled_models) and the Jinja context dbt builds for one
of them; `render(vars)` then renders every model's raw SQL in that context with its `var` swapped for one that reads
the set (dbt's own var object over the project's vars and the set, as a parse with `--vars` would read them;
var_rules.py swaps it the same way), its `config` recording the model's `enabled` and its `ref` recording the parents
and returning the relation dbt's ref returns. The staging models look their inputs up in the warehouse
(adapter.get_relation), so each render holds a connection of its own.

What it returns has the form of harness.compiled_models (name, relation, materialized, sql, parents; dependency
order; the enabled models only), for DbtProject.run_models. What it cannot see: a model the base vars leave disabled
(it is not in the manifest; the base vars must enable every model a set may enable), a materialization set by a var
(the manifest's is used), and `this` or `model` (the kept node's; no model of the package reads them). A test holds
the render of the base vars equal to `compiled`, model by model.
"""

from __future__ import annotations

import copy
import json
from unittest import mock

from harness import FULL_BUILD, MODELS_ONLY, DbtProject, _models_in_dependency_order, compiled_models


class OneContextModels:
    def __init__(self, dbt_project: DbtProject, base_vars: dict, target_name: str = "one_context_models"):
        import dbt.compilation

        kept: dict = {}
        generate = dbt.compilation.generate_runtime_model_context

        def keeping_a_model_context(node, config, manifest):
            context = generate(node, config, manifest)
            if node.resource_type.value == "model" and not kept:
                kept.update(context=context, manifest=manifest)
            return context

        with mock.patch.object(dbt.compilation, "generate_runtime_model_context", keeping_a_model_context):
            result = dbt_project.invoke(["compile", "--vars", json.dumps(base_vars), *MODELS_ONLY, FULL_BUILD],
                                        target_name=target_name)
        assert result.success, result.exception
        assert kept, "no model's context was built by generate_runtime_model_context"
        self.compiled = compiled_models(result)
        self.context = kept["context"]
        self.nodes = {node.name: node for node in kept["manifest"].nodes.values()
                      if node.resource_type.value == "model" and node.package_name == "search_metrics"}

    def render(self, cli_vars: dict) -> list[dict]:
        """The enabled models under cli_vars (what `--vars` would pass, in place of the base vars), in dependency
        order. A compile error (a var rule) raises as dbt raises it."""
        from dbt.adapters.factory import get_adapter
        from dbt.clients.jinja import get_rendered
        from dbt.config.utils import parse_cli_vars

        context = self.context
        base_var, base_ref, base_config = context["var"], context["ref"], context["config"]
        var = copy.copy(base_var)
        var._cli_vars = parse_cli_vars(json.dumps(cli_vars))
        var._merged = var._generate_merged()
        adapter = context["adapter"]._adapter
        rendered: dict[str, dict] = {}
        try:
            context["var"] = var  # the macros read `var` from the context at each call
            # get_relation runs its query through the adapter that dbt's factory holds now (execute_macro's context)
            with adapter.connection_named("one_context_models"), \
                    get_adapter(adapter.config).connection_named("one_context_models"):
                for name, node in sorted(self.nodes.items()):
                    state = {"enabled": True, "parents": []}

                    def config(*args, _state=state, **kwargs):
                        if "enabled" in kwargs:
                            _state["enabled"] = kwargs["enabled"]
                        return ""

                    def ref(target, _state=state):
                        _state["parents"].append(target)
                        return base_ref.create_relation(self.nodes[target])

                    context["config"], context["ref"] = config, ref
                    try:
                        sql = get_rendered(node.raw_code, context, node)
                    except Exception:
                        if state["enabled"]:
                            raise
                        continue  # dbt compiles no disabled model (its config call comes first)
                    if not state["enabled"]:
                        continue
                    rendered[name] = {"node": node, "sql": sql, "parents": list(dict.fromkeys(state["parents"]))}
        finally:
            context["var"], context["ref"], context["config"] = base_var, base_ref, base_config
        for name, entry in rendered.items():
            disabled = sorted(set(entry["parents"]) - set(rendered))
            assert not disabled, f"model {name} refs the models {disabled}, disabled under these vars"
        manifest = {"nodes": {}}
        for name, entry in rendered.items():
            node = entry["node"].to_dict()
            node["compiled_code"] = entry["sql"]
            node["depends_on"]["nodes"] = [self.nodes[parent].unique_id for parent in entry["parents"]]
            manifest["nodes"][node["unique_id"]] = node
        return _models_in_dependency_order(manifest)
