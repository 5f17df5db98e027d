"""Validate HTTP traffic against Discord's official OpenAPI description.

The spec (``discord-api/openapi.json`` beside this file, MIT licence, see README.md there) is
loaded once per process.  ``Spec.validate_request`` matches a concrete request path to the
spec's path templates, checks path and query parameters and validates the JSON body (or the
``payload_json`` part of a multipart body) with ``jsonschema`` (Draft 2020-12, the dialect of
OpenAPI 3.1).  ``Spec.validate_response`` does the same for a response body.

Validators are compiled once per operation and results are memoised per (operation, body), so
the per-request cost stays around a millisecond even for large message payloads.
"""

from __future__ import annotations

import json
import re
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC_PATH = Path(__file__).with_name("discord-api") / "openapi.json"
_SPEC_URI = "urn:discord-openapi"
_METHODS = ("get", "put", "post", "patch", "delete")
_ANNOTATIONS = {"const", "title", "description", "deprecated", "x-discord-union"}
_TRUE = {"true", "1", "True", "TRUE"}
_FALSE = {"false", "0", "False", "FALSE"}


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def _pointer(*tokens: str) -> str:
    return "/" + "/".join(_escape(t) for t in tokens)


@dataclass
class Operation:
    """One (method, path template) of the spec, with lazily compiled validators."""

    spec: Spec
    method: str
    template: str
    regex: re.Pattern[str]
    param_names: list[str]
    op: dict[str, Any]
    path_params: dict[str, dict[str, Any]] = field(default_factory=dict)
    query_params: dict[str, dict[str, Any]] = field(default_factory=dict)
    _body: Draft202012Validator | None | bool = False  # False = not compiled yet
    _param_validators: dict[str, Draft202012Validator] = field(default_factory=dict)
    _responses: dict[str, Draft202012Validator | None] = field(default_factory=dict)

    @property
    def operation_id(self) -> str:
        return self.op.get("operationId", f"{self.method} {self.template}")

    @property
    def body_required(self) -> bool:
        return bool(self.op.get("requestBody", {}).get("required"))

    def body_validator(self) -> Draft202012Validator | None:
        if self._body is False:
            content = self.op.get("requestBody", {}).get("content", {})
            if "application/json" in content:
                ptr = _pointer(
                    "paths",
                    self.template,
                    self.method,
                    "requestBody",
                    "content",
                    "application/json",
                    "schema",
                )
                self._body = self.spec._validator_for(ptr)
            else:
                self._body = None
        return self._body  # type: ignore[return-value]

    def param_validator(
        self, where: str, name: str, schema: dict[str, Any]
    ) -> Draft202012Validator:
        key = f"{where}:{name}"
        v = self._param_validators.get(key)
        if v is None:
            v = self.spec._validator_for_schema(schema)
            self._param_validators[key] = v
        return v

    def response_validator(self, status: int) -> tuple[bool, Draft202012Validator | None]:
        """(declared, validator) for a status; validator None means 'no body expected'."""
        responses = self.op.get("responses", {})
        key = str(status)
        if key not in responses:
            key = f"{str(status)[0]}XX"
            if key not in responses:
                return False, None
        if key not in self._responses:
            resp = responses[key]
            tokens = ["paths", self.template, self.method, "responses", key]
            if "$ref" in resp:
                ref = resp["$ref"].lstrip("#/").split("/")
                resp = self.spec.resolve_pointer(ref)
                tokens = ref
            if "application/json" in resp.get("content", {}):
                ptr = _pointer(*tokens, "content", "application/json", "schema")
                self._responses[key] = self.spec._validator_for(ptr)
            else:
                self._responses[key] = None
        return True, self._responses[key]


class Spec:
    """Discord's OpenAPI document with request/response validation helpers."""

    def __init__(self, document: dict[str, Any]):
        self.document = document
        self.registry = Registry().with_resource(
            _SPEC_URI, Resource.from_contents(document, default_specification=DRAFT202012)
        )
        self._tag_tables: dict[int, tuple[list[Any], list[frozenset[Any]] | None]] = {}
        self.validator_class = validators.extend(
            Draft202012Validator,
            {"oneOf": self._tagged_union("oneOf"), "anyOf": self._tagged_union("anyOf")},
        )
        self._by_method: dict[str, list[Operation]] = {m.upper(): [] for m in _METHODS}
        for template, item in document["paths"].items():
            shared = {(p["in"], p["name"]): p for p in item.get("parameters", [])}
            for method in _METHODS:
                if method not in item:
                    continue
                op = item[method]
                params = dict(shared)
                params.update({(p["in"], p["name"]): p for p in op.get("parameters", [])})
                names = re.findall(r"\{([^}]+)\}", template)
                regex = re.compile(
                    "^" + re.sub(r"\\\{[^}]+\\\}", "([^/]+)", re.escape(template)) + "$"
                )
                self._by_method[method.upper()].append(
                    Operation(
                        spec=self,
                        method=method,
                        template=template,
                        regex=regex,
                        param_names=names,
                        op=op,
                        path_params={n: p for (w, n), p in params.items() if w == "path"},
                        query_params={n: p for (w, n), p in params.items() if w == "query"},
                    )
                )
        # Literal segments win over parameters ("/messages/@original" before "/messages/{id}").
        for ops in self._by_method.values():
            ops.sort(key=lambda o: (-len(o.template.split("/")), len(o.param_names)))
        self._match_cache: dict[tuple[str, str], tuple[Operation, dict[str, str]] | None] = {}
        self._memo: OrderedDict[tuple[str, str], tuple[str, ...]] = OrderedDict()

    # -- plumbing ---------------------------------------------------------------------------

    def resolve_pointer(self, tokens: Iterable[str]) -> Any:
        node: Any = self.document
        for t in tokens:
            node = node[t.replace("~1", "/").replace("~0", "~")]
        return node

    def _validator_for(self, pointer: str) -> Draft202012Validator:
        return self.validator_class(
            {"$ref": _SPEC_URI + "#" + quote(pointer, safe="/~@")}, registry=self.registry
        )

    def _validator_for_schema(self, schema: dict[str, Any]) -> Draft202012Validator:
        if "$ref" in schema and schema["$ref"].startswith("#"):
            schema = dict(schema, **{"$ref": _SPEC_URI + schema["$ref"]})
        return self.validator_class(schema, registry=self.registry)

    def _branch_tags(self, branch: Any) -> frozenset[Any] | None:
        """The values a union branch allows for its ``type`` property, if it pins them."""
        if not isinstance(branch, dict):
            return None
        if set(branch) == {"$ref"} and branch["$ref"].startswith("#/"):
            branch = self.resolve_pointer(branch["$ref"][2:].split("/"))
        if branch.get("type") not in ("object", None) or "type" not in branch.get("required", ()):
            return None
        tag = branch.get("properties", {}).get("type")
        if not isinstance(tag, dict):
            return None
        if isinstance(tag.get("enum"), list):
            return frozenset(v for v in tag["enum"] if not isinstance(v, bool))
        if "const" in tag:
            return frozenset([tag["const"]])
        return None

    def _tagged_union(self, keyword: str) -> Any:
        """oneOf/anyOf that only descends into the branches whose required ``type`` tag can match
        the instance's (Discord's unions of components, callbacks, metadata are tagged this
        way).  Branches with another tag must fail anyway, so the result is the same as plain
        evaluation, only much faster; untagged unions use the standard implementation."""
        original = Draft202012Validator.VALIDATORS[keyword]
        tables = self._tag_tables
        const_tables: dict[int, tuple[list[Any], list[Any] | None]] = {}

        def union(
            validator: Any, branches: list[Any], instance: Any, schema: Any
        ) -> Iterator[ValidationError]:
            # Enum-like unions of consts (InteractionTypes, MessageComponentTypes, ...).
            consts = const_tables.get(id(branches))
            if consts is None or consts[0] is not branches:
                values = None
                if all(
                    isinstance(b, dict) and "const" in b and not set(b) - _ANNOTATIONS
                    for b in branches
                ):
                    values = [b["const"] for b in branches]
                consts = (branches, values)
                const_tables[id(branches)] = consts
            if consts[1] is not None:
                hits = sum(1 for c in consts[1] if c == instance and type(c) is type(instance))
                if hits == 0 or (keyword == "oneOf" and hits > 1):
                    yield ValidationError(f"{instance!r} is not one of {consts[1]}")
                return
            # Nullable pattern {"oneOf": [{"type": "null"}, X]}: only X can match a non-null.
            if len(branches) == 2 and {"type": "null"} in branches:
                if instance is None:
                    return
                index = 1 if branches[0] == {"type": "null"} else 0
                yield from validator.descend(instance, branches[index], schema_path=index)
                return
            if (
                isinstance(instance, dict)
                and "type" in instance
                and not isinstance(instance["type"], bool)
            ):
                entry = tables.get(id(branches))
                if entry is None or entry[0] is not branches:
                    tags: list[frozenset[Any]] | None = [self._branch_tags(b) for b in branches]  # type: ignore[misc]
                    if any(t is None for t in tags):  # type: ignore[union-attr]
                        tags = None
                    entry = (branches, tags)
                    tables[id(branches)] = entry
                tag_sets = entry[1]
                if tag_sets is not None:
                    tag = instance["type"]
                    try:
                        picked = [(i, b) for i, b in enumerate(branches) if tag in tag_sets[i]]
                    except TypeError:  # unhashable tag
                        picked = []
                    if not picked:
                        allowed = sorted({v for t in tag_sets for v in t}, key=str)
                        yield ValidationError(
                            f"type {tag!r} is not one of the allowed variants {allowed}"
                        )
                        return
                    if len(picked) == 1:
                        index, branch = picked[0]
                        yield from validator.descend(instance, branch, schema_path=index)
                        return
                    yield from original(validator, [b for _, b in picked], instance, schema)
                    return
            yield from original(validator, branches, instance, schema)

        return union

    # -- matching ---------------------------------------------------------------------------

    def match(self, method: str, path: str) -> tuple[Operation, dict[str, str]] | None:
        """The operation for a concrete path (without the /api/v10 prefix) and its params."""
        key = (method.upper(), path)
        if key in self._match_cache:
            return self._match_cache[key]
        found = None
        for op in self._by_method.get(method.upper(), []):
            m = op.regex.match(path)
            if m:
                found = (op, dict(zip(op.param_names, m.groups(), strict=True)))
                break
        if len(self._match_cache) > 20000:
            self._match_cache.clear()
        self._match_cache[key] = found
        return found

    # -- validation -------------------------------------------------------------------------

    def validate_request(
        self,
        method: str,
        path: str,
        query: Mapping[str, str],
        body: Any = None,
        has_body: bool = False,
    ) -> tuple[str | None, list[str]]:
        """Return (spec template or None, problems) for one request."""
        matched = self.match(method, path)
        if matched is None:
            return None, [f"route {method.upper()} {path} is not in Discord's OpenAPI spec"]
        op, params = matched
        problems: list[str] = []
        for name, value in params.items():
            p = op.path_params.get(name)
            if p is not None and "schema" in p:
                v = op.param_validator("path", name, p["schema"])
                for err in v.iter_errors(value):
                    problems.append(f"path parameter {name}={value!r}: {err.message}")
        for name in query:
            p = op.query_params.get(name)
            if p is None:
                problems.append(f"query parameter {name!r} is not declared for {op.operation_id}")
                continue
            raw = query[name]
            schema = p.get("schema", {})
            value, err = _coerce(raw, schema, self)
            if err:
                problems.append(f"query parameter {name}={raw!r}: {err}")
                continue
            v = op.param_validator("query", name, schema)
            for e in v.iter_errors(value):
                problems.append(f"query parameter {name}={raw!r}: {e.message}")
        for name, p in op.query_params.items():
            if p.get("required") and name not in query:
                problems.append(f"required query parameter {name!r} missing")
        if has_body:
            validator = op.body_validator()
            if validator is None:
                if body not in (None, b"", ""):
                    problems.append(f"{op.operation_id} takes no JSON body")
            else:
                problems.extend(self._validate_memo(op.operation_id, validator, body))
        elif op.body_required:
            problems.append(f"{op.operation_id} requires a request body")
        return op.template, problems

    def validate_response(self, method: str, path: str, status: int, body: Any) -> list[str]:
        matched = self.match(method, path)
        if matched is None:
            return []
        op, _ = matched
        declared, validator = op.response_validator(status)
        if not declared:
            return [f"status {status} is not a documented response of {op.operation_id}"]
        if validator is None:
            return [] if body is None else [f"{op.operation_id} {status} should have no body"]
        return list(self._validate_memo(f"resp:{op.operation_id}:{status}", validator, body))

    def _validate_memo(
        self, key: str, validator: Draft202012Validator, body: Any
    ) -> tuple[str, ...]:
        try:
            text = json.dumps(body, sort_keys=True, separators=(",", ":"))
        except (TypeError, ValueError):
            text = None
        if text is not None:
            memo_key = (key, text)
            hit = self._memo.get(memo_key)
            if hit is not None:
                self._memo.move_to_end(memo_key)
                return hit
        result = tuple(explain(e) for e in validator.iter_errors(body))
        if text is not None:
            self._memo[memo_key] = result
            if len(self._memo) > 4096:
                self._memo.popitem(last=False)
        return result


def _coerce(raw: str, schema: dict[str, Any], spec: Spec) -> tuple[Any, str | None]:
    """Parse a query string value the way Discord does for the declared schema type."""
    if "$ref" in schema:
        schema = spec.resolve_pointer(schema["$ref"].lstrip("#/").split("/"))
    types = schema.get("type")
    if isinstance(types, str):
        types = [types]
    types = types or []
    if "boolean" in types:
        if raw in _TRUE:
            return True, None
        if raw in _FALSE:
            return False, None
        return None, "is not a boolean"
    if "integer" in types:
        try:
            return int(raw), None
        except ValueError:
            return None, "is not an integer"
    if "number" in types:
        try:
            return float(raw), None
        except ValueError:
            return None, "is not a number"
    return raw, None


def _path(err: ValidationError) -> str:
    out = "$"
    for part in err.absolute_path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _is_discriminator_miss(err: ValidationError, depth: int) -> bool:
    """True if err says 'wrong variant' (wrong `type` tag or wrong JSON type) at the branch root."""
    rel = list(err.absolute_path)[depth:]
    if err.validator == "type" and not rel:
        return True
    if rel == ["type"] and err.validator in ("enum", "const", "oneOf", "anyOf", "allOf"):
        return True
    return False


def explain(err: ValidationError) -> str:
    """A readable message for one jsonschema error, descending into anyOf/oneOf unions."""
    if err.validator in ("anyOf", "oneOf") and err.context:
        depth = len(err.absolute_path)
        branches: dict[Any, list[ValidationError]] = {}
        for sub in err.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        candidates = [
            errs
            for errs in branches.values()
            if not any(_is_discriminator_miss(e, depth) for e in errs)
        ]
        if err.validator == "oneOf" and len(branches) < len(err.validator_value):
            return f"{_path(err)}: matches more than one variant of a oneOf"
        if candidates:
            best = min(candidates, key=len)
            return "; ".join(explain(e) for e in best)
        tag = (
            err.instance.get("type")
            if isinstance(err.instance, dict)
            else type(err.instance).__name__
        )
        return f"{_path(err)}: matches none of the allowed variants (type={tag!r})"
    return f"{_path(err)}: {_reason(err)}"


def _short(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _reason(err: ValidationError) -> str:
    """The failing rule, without dumping a long instance."""
    kind, rule, inst = err.validator, err.validator_value, err.instance
    if kind in ("maxLength", "minLength") and isinstance(inst, str):
        return f"string of length {len(inst)} breaks {kind} {rule}"
    if kind in ("maxItems", "minItems") and isinstance(inst, list):
        return f"array of {len(inst)} items breaks {kind} {rule}"
    if kind in ("maxProperties", "minProperties") and isinstance(inst, dict):
        return f"object with {len(inst)} properties breaks {kind} {rule}"
    if kind in ("maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "multipleOf"):
        return f"{_short(inst)} breaks {kind} {rule}"
    if kind == "type":
        return f"{_short(inst)} is not of type {rule!r}"
    if kind in ("enum", "const"):
        return f"{_short(inst)} is not one of {_short(rule, 120)}"
    if kind == "pattern":
        return f"{_short(inst)} does not match {rule!r}"
    if kind == "uniqueItems":
        return "array items are not unique"
    msg = err.message
    return msg if len(msg) <= 300 else msg[:297] + "..."


@cache
def load_spec(path: str | None = None) -> Spec:
    """The parsed spec, cached per process."""
    with open(path or SPEC_PATH, encoding="utf-8") as fh:
        return Spec(json.load(fh))
