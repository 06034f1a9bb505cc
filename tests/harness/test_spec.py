"""Request validation against Discord's OpenAPI description, called directly."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness import DiscordSpec, SpecViolation, load_spec, spec_path


def test_discord_spec_is_available(discord_spec: DiscordSpec | None) -> None:
    if discord_spec is None:
        pytest.skip(f"Discord OpenAPI description not found at {spec_path()}; request validation skipped")
    assert discord_spec.template_for("POST", "/channels/1/messages").template == "/channels/{channel_id}/messages"


@pytest.fixture
def spec(discord_spec: DiscordSpec | None) -> DiscordSpec:
    if discord_spec is None:
        pytest.skip(f"Discord OpenAPI description not found at {spec_path()}")
    return discord_spec


def test_integer_and_string_snowflakes_are_both_accepted(spec: DiscordSpec) -> None:
    for message_id in (123, "123"):
        spec.validate(
            "POST", "/channels/1/messages", {"content": "hi", "message_reference": {"message_id": message_id}}
        )


def test_embed_title_over_256_characters_is_rejected(spec: DiscordSpec) -> None:
    with pytest.raises(SpecViolation, match=r"at \$\.embeds\[0\]\.title: maxLength 256"):
        spec.validate("POST", "/channels/1/messages", {"embeds": [{"title": "x" * 257}]})


def test_content_over_the_spec_limit_is_rejected(spec: DiscordSpec) -> None:
    # The description allows 4000 characters; the fake answers Discord's 2000 for bots itself.
    with pytest.raises(SpecViolation, match=r"at \$\.content: maxLength 4000"):
        spec.validate("POST", "/channels/1/messages", {"content": "x" * 4001})


def test_union_error_names_the_branch_of_the_right_kind(spec: DiscordSpec) -> None:
    row = {"type": 1, "components": [{"type": 2, "style": 1, "label": "x" * 81, "custom_id": "a"}]}
    with pytest.raises(SpecViolation, match=r"at \$\.data\.components\[0\]\.components\[0\]\.label: maxLength 80"):
        spec.validate("POST", "/interactions/1/token/callback", {"type": 7, "data": {"components": [row]}})


@pytest.mark.parametrize(
    ("field", "text", "rule"),
    [("description_localizations", "é" * 101, "maxLength 100"), ("name", "n" * 33, "maxLength 32")],
)
def test_command_texts_carry_discords_lengths_in_every_language(
    spec: DiscordSpec, field: str, text: str, rule: str
) -> None:
    """The description carries these limits (the fake's command routes check the others itself):
    the violation is answered as Discord does, at the field's path."""
    value = {"fr": text} if field.endswith("localizations") else text
    option = {"type": 3, "name": "level", "description": "How strong", field: value}
    group = {"type": 1, "name": "challenge", "description": "Challenge someone", "options": [option]}
    with pytest.raises(SpecViolation, match=rf"at \$\[0\]\.options\[0\]\.options\[0\]\.{field}.*: {rule}") as found:
        spec.validate("PUT", "/applications/1/commands", [{"name": "arkaios", "description": "A", "options": [group]}])
    inner = found.value.errors
    for key in ("0", "options", "0", "options", "0", field):
        assert inner is not None
        inner = inner[key]
    errors = inner["fr"]["_errors"] if field.endswith("localizations") else inner["_errors"]
    assert errors[0]["code"] == "BASE_TYPE_BAD_LENGTH" and errors[0]["message"].startswith("Must be between 1 and")


def test_paths_and_methods_outside_the_api_are_rejected(spec: DiscordSpec) -> None:
    with pytest.raises(SpecViolation, match="not a path"):
        spec.validate("GET", "/no/such/route", None)
    with pytest.raises(SpecViolation, match="only allows"):
        spec.validate("PUT", "/users/@me", None)


def test_literal_segments_beat_parameters(spec: DiscordSpec) -> None:
    template = spec.template_for("PATCH", "/webhooks/1/token/messages/@original")
    assert template.template == "/webhooks/{webhook_id}/{webhook_token}/messages/@original"


def test_absent_description_disables_validation(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGORA_DISCORD_SPEC", str(tmp_path / "missing.json"))
    assert spec_path() == tmp_path / "missing.json"
    assert load_spec() is None
