"""INTERACTION_CREATE payloads built the way Discord builds them, and what the bot answered.

Option values are checked the way Discord's client would check them before sending (a
required option missing, a value outside the declared choices or range, a disabled button):
those are mistakes in the test, reported as HarnessError, not behaviours of the bot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

import discord
from discord import app_commands

from .model import (
    DM_CHANNEL,
    JSON,
    ComponentFinder,
    FakeAttachment,
    FakeChannel,
    FakeComponent,
    FakeMessage,
    FakeRole,
    FakeUser,
    Guild,
    InteractionRecord,
    flatten_components,
)
from .transport import RecordedRequest

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
_SUBCOMMAND, _SUBCOMMAND_GROUP = 1, 2
_OPT = discord.AppCommandOptionType


class HarnessError(AssertionError):
    """The test asked for something a Discord user could not do."""


# -- payloads -------------------------------------------------------------------------------------


def interaction_payload(guild: Guild, record: InteractionRecord, data: JSON) -> JSON:
    """The full INTERACTION_CREATE payload for a record."""
    channel = record.channel
    payload: JSON = {
        "id": str(record.id),
        "application_id": str(guild.application_id),
        "type": record.type,
        "data": data,
        "token": record.token,
        "version": 1,
        "channel_id": str(channel.id),
        "channel": guild.channel_payload(channel, permissions_for=record.user),
        "app_permissions": str(guild.permissions(guild.bot_user)),
        "locale": record.user.locale or guild.locale,
        "entitlements": [],
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    }
    if channel.type == DM_CHANNEL:
        payload.update(user=record.user.payload(), context=1, authorizing_integration_owners={"0": "0"})
    else:
        payload.update(
            guild_id=str(guild.id),
            guild={"id": str(guild.id), "locale": guild.locale, "features": []},
            guild_locale=guild.locale,
            member=guild.member_payload(record.user, with_permissions=True),
            context=0,
            authorizing_integration_owners={"0": str(guild.id)},
        )
    if record.message is not None:
        payload["message"] = guild.message_payload(record.message)
    return payload


def find_command(
    tree: app_commands.CommandTree[Any], guild: Guild, path: str
) -> tuple[app_commands.Command[Any, ..., Any], list[app_commands.Group], bool]:
    """The command named by "group sub command", its parent groups, and whether it is a guild command."""
    names = path.split()
    if not names:
        raise HarnessError("empty command name")
    root = tree.get_command(names[0])
    guild_command = root is None
    if root is None:
        root = tree.get_command(names[0], guild=discord.Object(guild.id))
    if root is None:
        available = sorted(c.name for c in (*tree.get_commands(), *tree.get_commands(guild=discord.Object(guild.id))))
        raise HarnessError(f"the bot has no slash command /{names[0]}; it has {available}")
    parents: list[app_commands.Group] = []
    command: Any = root
    for name in names[1:]:
        if not isinstance(command, app_commands.Group):
            raise HarnessError(f"/{' '.join(names)}: /{command.qualified_name} has no subcommands")
        parents.append(command)
        command = command.get_command(name)
        if command is None:
            children = sorted(c.name for c in parents[-1].commands)
            raise HarnessError(f"/{' '.join(names)}: /{parents[-1].qualified_name} only has {children}")
    if isinstance(command, app_commands.Group):
        raise HarnessError(f"/{path} is a group; name one of {sorted(c.name for c in command.commands)}")
    if not isinstance(command, app_commands.Command):
        raise HarnessError(f"/{path} is not a slash command")
    return command, parents, guild_command


def command_data(
    command: app_commands.Command[Any, ..., Any],
    parents: Sequence[app_commands.Group],
    *,
    command_id: int,
    guild: Guild,
    guild_command: bool,
    invoker: FakeUser,
    options: Mapping[str, Any],
    focused: str | None = None,
) -> JSON:
    """The `data` of an APPLICATION_COMMAND (or AUTOCOMPLETE) interaction, options nested under groups."""
    resolved: dict[str, dict[str, JSON]] = {}
    encoded = _encode_options(command, options, guild, invoker, resolved, focused)
    chain: list[Any] = [*parents[1:], command] if parents else []
    for level in reversed(chain):
        kind = _SUBCOMMAND_GROUP if isinstance(level, app_commands.Group) else _SUBCOMMAND
        encoded = [{"type": kind, "name": level.name, "options": encoded}]
    root = parents[0] if parents else command
    data: JSON = {"id": str(command_id), "name": root.name, "type": 1, "options": encoded}
    if resolved:
        data["resolved"] = resolved
    if guild_command:
        data["guild_id"] = str(guild.id)
    return data


def _encode_options(
    command: app_commands.Command[Any, ..., Any],
    given: Mapping[str, Any],
    guild: Guild,
    invoker: FakeUser,
    resolved: dict[str, dict[str, JSON]],
    focused: str | None,
) -> list[JSON]:
    by_key = {key: p for p in command.parameters for key in (p.name, p.display_name)}
    unknown = sorted(set(given) - set(by_key))
    if unknown:
        raise HarnessError(f"/{command.qualified_name} has no option {unknown}; options: {sorted(by_key)}")
    if focused is not None and focused not in by_key:
        raise HarnessError(f"/{command.qualified_name} has no option {focused!r} to autocomplete")
    focused_name = by_key[focused].display_name if focused is not None else None
    values = {by_key[key].display_name: value for key, value in given.items()}
    encoded: list[JSON] = []
    for parameter in command.parameters:
        name = parameter.display_name
        if name not in values:
            if parameter.required and focused is None:
                raise HarnessError(f"/{command.qualified_name} needs option {name!r}")
            continue
        option: JSON = {"name": name, "type": parameter.type.value}
        if name == focused_name:
            # While typing, Discord sends the raw text of the focused option, whatever its type.
            option.update(value=str(values[name]), focused=True)
        else:
            option["value"] = _encode_value(parameter, values[name], guild, invoker, resolved)
        encoded.append(option)
    return encoded


def _encode_value(
    parameter: app_commands.Parameter,
    value: Any,
    guild: Guild,
    invoker: FakeUser,
    resolved: dict[str, dict[str, JSON]],
) -> Any:
    kind = parameter.type
    if isinstance(value, app_commands.Choice | Enum):
        value = value.value
    if kind in (_OPT.user, _OPT.role, _OPT.mentionable, _OPT.channel, _OPT.attachment):
        _resolve(value, guild, invoker, resolved)
        return str(value.id)
    if kind is _OPT.integer:
        value = int(value)
    elif kind is _OPT.number:
        value = float(value)
    elif kind is _OPT.boolean:
        value = bool(value)
    else:
        value = str(value)
    _check_range(parameter, value)
    return value


def _check_range(parameter: app_commands.Parameter, value: Any) -> None:
    """The checks Discord's client makes before it lets a user send the command."""
    name = f"option {parameter.display_name!r} of /{parameter.command.qualified_name}"
    if parameter.choices and value not in [c.value for c in parameter.choices]:
        raise HarnessError(f"{name} only offers {[c.value for c in parameter.choices]}, not {value!r}")
    measured = len(value) if isinstance(value, str) else value
    if isinstance(measured, bool):
        return
    if parameter.min_value is not None and measured < parameter.min_value:
        raise HarnessError(f"{name} must be at least {parameter.min_value}: {value!r}")
    if parameter.max_value is not None and measured > parameter.max_value:
        raise HarnessError(f"{name} must be at most {parameter.max_value}: {value!r}")


def _resolve(value: Any, guild: Guild, invoker: FakeUser, resolved: dict[str, dict[str, JSON]]) -> None:
    """Add an entity to the `resolved` map Discord sends beside user, role, channel and attachment values."""
    key = str(value.id)
    if isinstance(value, FakeUser):
        resolved.setdefault("users", {})[key] = value.payload()
        if value.id in guild.users:
            member = guild.member_payload(value, with_user=False, with_permissions=True)
            resolved.setdefault("members", {})[key] = member
    elif isinstance(value, FakeRole):
        resolved.setdefault("roles", {})[key] = value.payload()
    elif isinstance(value, FakeChannel):
        resolved.setdefault("channels", {})[key] = guild.channel_payload(value, permissions_for=invoker)
    elif isinstance(value, FakeAttachment):
        resolved.setdefault("attachments", {})[key] = value.payload()
    else:
        raise HarnessError(f"pass a FakeUser, FakeRole, FakeChannel or FakeAttachment, not {value!r}")


def component_data(component: FakeComponent, values: Sequence[Any], guild: Guild, invoker: FakeUser) -> JSON:
    """The `data` of a MESSAGE_COMPONENT interaction, after the checks the Discord client makes."""
    if component.disabled:
        raise HarnessError(f"{_describe(component)} is disabled")
    data: JSON = {"custom_id": component.custom_id, "component_type": component.type}
    if not component.is_select:
        return data
    if not component.min_values <= len(values) <= component.max_values:
        raise HarnessError(
            f"{_describe(component)} takes {component.min_values}..{component.max_values} values, got {len(values)}"
        )
    if component.type == 3:
        unknown = [v for v in values if v not in component.values]
        if unknown:
            raise HarnessError(f"{_describe(component)} has no option {unknown}; options: {component.values}")
        data["values"] = list(values)
        return data
    resolved: dict[str, dict[str, JSON]] = {}
    for value in values:
        _resolve(value, guild, invoker, resolved)
    data["values"] = [str(v.id) for v in values]
    data["resolved"] = resolved
    return data


def modal_data(modal: JSON, values: Mapping[str, str | Sequence[str]]) -> JSON:
    """The `data` of a MODAL_SUBMIT: the modal's own layout with what the user entered."""
    fields = {
        leaf["custom_id"]: leaf for leaf in flatten_components(modal.get("components", [])) if "custom_id" in leaf
    }
    unknown = sorted(set(values) - set(fields))
    if unknown:
        raise HarnessError(f"modal {modal['custom_id']!r} has no field {unknown}; fields: {sorted(fields)}")
    for custom_id, leaf in fields.items():
        value = values.get(custom_id)
        if leaf.get("required", True) and not value:
            raise HarnessError(f"modal {modal['custom_id']!r}: field {custom_id!r} is required")
        limits = (leaf.get("min_length", 0), leaf.get("max_length", 4000))
        if leaf["type"] == 4 and isinstance(value, str) and value and not limits[0] <= len(value) <= limits[1]:
            raise HarnessError(f"modal {modal['custom_id']!r}: {custom_id!r} does not fit its length limits")
    return {
        "custom_id": modal["custom_id"],
        "components": [_filled(row, values) for row in modal.get("components", [])],
    }


def _filled(component: JSON, values: Mapping[str, str | Sequence[str]]) -> JSON:
    kind = component["type"]
    if kind == 1:
        return {"type": 1, "components": [_filled(c, values) for c in component["components"]]}
    if kind == 18:
        return {"type": 18, "component": _filled(component["component"], values)}
    submitted: JSON = {"type": kind}
    if "custom_id" in component:
        custom_id = component["custom_id"]
        submitted["custom_id"] = custom_id
        value = values.get(custom_id, "")
        if kind == 4:
            submitted["value"] = value
        else:
            submitted["values"] = [value] if isinstance(value, str) else list(value)
    return submitted


def _describe(component: FakeComponent) -> str:
    return f"component {component.label or component.placeholder or ''!r} ({component.custom_id})"


# -- results --------------------------------------------------------------------------------------


@dataclass
class InteractionResult(ComponentFinder):
    """Everything the bot did in answer to one interaction, as the user would see it."""

    record: InteractionRecord
    requests: list[RecordedRequest]
    channel_messages: list[FakeMessage]

    def __repr__(self) -> str:
        return f"InteractionResult(type={self.type}, ephemeral={self.ephemeral}, messages={self.messages})"

    @property
    def type(self) -> int | None:
        """The callback type: 4 message, 5 deferred, 6 deferred update, 7 update, 8 choices, 9 modal."""
        return self.record.response_type

    @property
    def responded(self) -> bool:
        return self.record.response_type is not None

    @property
    def updated(self) -> bool:
        """Whether the clicked message was changed in answer: by the callback (7), or deferred (6) then edited."""
        return self.type == 7 or (self.type == 6 and self.record.original_edited)

    @property
    def new_message(self) -> bool:
        """Whether the answer is a new message: the callback's (4), or the first follow-up after a deferral."""
        followups = self.record.followups
        return self.type == 4 or (self.deferred and bool(followups) and self.message is followups[0])

    @property
    def deferred(self) -> bool:
        """Whether the bot acknowledged the interaction before answering it (a deferred update, or thinking)."""
        return self.type in (5, 6)

    @property
    def response_delay(self) -> float | None:
        """Seconds between the interaction and the bot's callback."""
        return self.record.response_delay

    @property
    def message(self) -> FakeMessage | None:
        """What the user sees as the answer: the response or the message it updated, else the first sent."""
        messages = self.messages
        return messages[0] if messages else None

    @property
    def messages(self) -> list[FakeMessage]:
        """The response or updated message, the followups, then ordinary messages posted meanwhile."""
        found: list[FakeMessage] = []
        original = self.record.original
        if self.type == 6 and not self.record.original_edited:
            original = None  # acknowledged only: the clicked message shows no answer
        for message in (original, *self.record.followups, *self.channel_messages):
            if message is not None and not message.deleted and all(m is not message for m in found):
                found.append(message)
        return found

    @property
    def ephemeral(self) -> bool:
        return self.message is not None and self.message.ephemeral

    @property
    def content(self) -> str:
        return self.message.content if self.message is not None else ""

    @property
    def embeds(self) -> list[JSON]:
        return self.message.embeds if self.message is not None else []

    @property
    def attachments(self) -> list[FakeAttachment]:
        return self.message.attachments if self.message is not None else []

    @property
    def components(self) -> list[FakeComponent]:
        """Components of every message in `messages`, each knowing its message."""
        return [c for m in self.messages for c in m.components]

    @property
    def text(self) -> str:
        """Everything readable in `messages`, one message after the other."""
        return "\n".join(m.text for m in self.messages)

    @property
    def followups(self) -> list[FakeMessage]:
        return list(self.record.followups)

    @property
    def edits(self) -> list[JSON]:
        """Bodies of the edits made through the interaction token, in order."""
        return list(self.record.edits)

    @property
    def modal(self) -> JSON | None:
        """The modal the bot opened (custom_id, title, components), if it answered with one."""
        return self.record.response_data if self.record.response_type == 9 else None

    @property
    def choices(self) -> list[JSON]:
        """Autocomplete choices ({name, value}) the bot offered."""
        data = self.record.response_data or {}
        return list(data.get("choices", [])) if self.record.response_type == 8 else []
