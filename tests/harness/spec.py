"""Validation of request bodies against Discord's own OpenAPI description.

The description lives outside the repository (it is never copied in): `$AGORA_DISCORD_SPEC`, or
`<repo root>/../shared/discord-api-spec/openapi.json`. It is parsed once per process and every
operation's validator is compiled on first use.
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, relevance

from .paths import PathTemplate
from .paths import best_match as best_path_match
from .transport import form_errors

JSON = dict[str, Any]

SPEC_ENV = "AGORA_DISCORD_SPEC"
_METHODS = ("get", "put", "post", "patch", "delete")
# Preferred first: discord.py sends multipart only when files are attached, and then the
# `payload_json` part carries the same JSON the application/json schema describes.
_BODY_TYPES = ("application/json", "multipart/form-data")
_BODY_PREVIEW = 3000
_LONG_TEXT = 120


class SpecViolation(AssertionError):
    """A request that Discord's OpenAPI description does not allow; ``errors`` are those of the 400
    Discord answers it with (its field path and Discord's words for the rule broken)."""

    def __init__(self, message: str, errors: JSON | None = None) -> None:
        super().__init__(message)
        self.errors = errors


def spec_path() -> Path:
    """Where the OpenAPI description is expected."""
    configured = os.environ.get(SPEC_ENV)
    if configured:
        return Path(configured)
    repo_root = Path(__file__).resolve().parents[2]
    return repo_root.parent / "shared" / "discord-api-spec" / "openapi.json"


def load_spec() -> DiscordSpec | None:
    """The description at `spec_path()`, or None when the file is absent."""
    path = spec_path()
    return _load(path.resolve()) if path.is_file() else None


@functools.cache
def _load(path: Path) -> DiscordSpec:
    with path.open(encoding="utf-8") as handle:
        return DiscordSpec(json.load(handle), source=path)


def _allow_integer_snowflakes(components: JSON) -> JSON:
    """A copy of `components` where a snowflake may also be a non-negative integer, as discord.py sends."""
    schemas = dict(components["schemas"])
    schemas["SnowflakeType"] = {"anyOf": [schemas["SnowflakeType"], {"type": "integer", "minimum": 0}]}
    return {**components, "schemas": schemas}


class DiscordSpec:
    """The operations of the description, with one cached body validator per operation."""

    def __init__(self, document: JSON, *, source: Path) -> None:
        self.source = source
        self._paths: dict[PathTemplate, JSON] = {PathTemplate(p): item for p, item in document["paths"].items()}
        self._components = _allow_integer_snowflakes(document["components"])
        self._validators: dict[tuple[str, PathTemplate], Draft202012Validator | None] = {}

    def template_for(self, method: str, path: str) -> PathTemplate:
        """The spec's template for a concrete path; SpecViolation if the path or method is not described."""
        found = best_path_match(self._paths, path)
        if found is None:
            raise SpecViolation(f"{method} {path} is not a path of Discord's API (per {self.source})")
        template = found[0]
        if method.lower() not in self._paths[template]:
            allowed = [m.upper() for m in self._paths[template] if m in _METHODS]
            raise SpecViolation(f"{method} {path}: {template.template} only allows {allowed}")
        return template

    def validate(self, method: str, path: str, body: Any) -> PathTemplate:
        """Check one request; returns its template. A request without a body is checked for its path only."""
        template = self.template_for(method, path)
        validator = self._validator(method.lower(), template)
        if body is None or validator is None:
            return template
        error = _explain(validator.iter_errors(body))
        if error is not None:
            location = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
            preview = json.dumps(_abbreviate(body), indent=2, default=str, ensure_ascii=False)
            if len(preview) > _BODY_PREVIEW:
                preview = preview[:_BODY_PREVIEW] + "\n… (truncated)"
            raise SpecViolation(
                f"{method} {path} (spec path {template.template}) sends a body Discord would reject:\n"
                f"  at {location}: {error.validator} {_shorten(repr(error.validator_value))} violated by "
                f"{_shorten(repr(error.instance))}\n"
                f"  schema rule: {'/'.join(map(str, error.absolute_schema_path))}\n"
                f"  body: {preview}",
                form_errors(list(error.absolute_path), *_discord_words(error)),
            )
        return template

    def _validator(self, method: str, template: PathTemplate) -> Draft202012Validator | None:
        key = (method, template)
        if key not in self._validators:
            self._validators[key] = self._compile(self._paths[template][method])
        return self._validators[key]

    def _compile(self, operation: JSON) -> Draft202012Validator | None:
        content = operation.get("requestBody", {}).get("content", {})
        schema = next((content[t]["schema"] for t in _BODY_TYPES if t in content), None)
        if schema is None:
            return None
        # The body schemas refer to "#/components/schemas/…": placing the components beside the
        # schema makes those references resolve inside one document, without a custom registry.
        return Draft202012Validator({**schema, "components": self._components})


def _explain(errors: Iterable[ValidationError]) -> ValidationError | None:
    """The most useful error: inside anyOf/oneOf, follow the one branch whose kind matches the instance.

    jsonschema's own `best_match` guesses between union branches by depth, which for Discord's
    unions of component or callback kinds often reports "type 2 is not one of [10]". Branches that
    fail on their discriminator (`type` const/enum, or the JSON type of the whole instance) are
    the wrong kind, so when exactly one branch remains its errors are the real explanation.
    """
    error = max(errors, key=relevance, default=None)
    while error is not None and error.context:
        branches: dict[Any, list[ValidationError]] = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        plausible = [errs for errs in branches.values() if not any(map(_wrong_kind, errs))]
        if len(plausible) != 1:
            break
        error = max(plausible[0], key=relevance)
    return error


def _discord_words(error: ValidationError) -> tuple[str, str]:
    """The code and message of Discord's answer to a body breaking ``error``'s rule."""
    rule = error.schema if isinstance(error.schema, dict) else {}
    if error.validator in ("minLength", "maxLength") and "minLength" in rule and "maxLength" in rule:
        return "BASE_TYPE_BAD_LENGTH", f"Must be between {rule['minLength']} and {rule['maxLength']} in length."
    if error.validator in ("maxLength", "maxItems", "maxProperties"):
        return "BASE_TYPE_MAX_LENGTH", f"Must be {error.validator_value} or fewer in length."
    if error.validator in ("minLength", "minItems", "minProperties"):
        return "BASE_TYPE_MIN_LENGTH", f"Must be {error.validator_value} or more in length."
    return "BASE_TYPE_INVALID", error.message


def _wrong_kind(error: ValidationError) -> bool:
    path = list(error.relative_path)
    return (path == [] and error.validator == "type") or (path == ["type"] and error.validator in ("const", "enum"))


def _shorten(text: str) -> str:
    return text if len(text) <= _LONG_TEXT else f"{text[:_LONG_TEXT]}… ({len(text)} characters)"


def _abbreviate(value: Any) -> Any:
    """The body with long strings cut, so a 5000-character content does not drown the report."""
    if isinstance(value, str):
        return _shorten(value)
    if isinstance(value, dict):
        return {key: _abbreviate(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_abbreviate(item) for item in value]
    return value
