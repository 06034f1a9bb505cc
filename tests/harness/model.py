"""The in-memory Discord: one guild with its users, roles, channels, threads, DMs and messages.

Everything here is plain data. The REST layer (`rest.py`) mutates it in answer to the bot's
requests, and the harness reads it to build gateway and interaction payloads. Payload builders
return the JSON Discord would send, so discord.py parses it with its real code.
"""

from __future__ import annotations

import itertools
import mimetypes
import re
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import discord

JSON = dict[str, Any]

EPHEMERAL = 1 << 6
LOADING = 1 << 7

TEXT_CHANNEL = 0
DM_CHANNEL = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)

BUTTON = 2
SELECT_TYPES = (3, 5, 6, 7, 8)
TEXT_DISPLAY = 10
# Action row, section, container, label: they only hold other components.
_LAYOUT_TYPES = (1, 9, 17, 18)

MEMBER_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    create_private_threads=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_external_emojis=True,
    read_message_history=True,
    use_application_commands=True,
)
BOT_PERMISSIONS = MEMBER_PERMISSIONS | discord.Permissions(manage_messages=True, manage_threads=True)

_MENTION = re.compile(r"<@!?(\d+)>")


def json_copy(value: Any) -> Any:
    """A deep copy of JSON data (dicts, lists, plain values): what ``copy.deepcopy`` gives, several times faster.

    >>> original = {"rows": [{"id": 1}]}
    >>> copied = json_copy(original)
    >>> copied["rows"][0]["id"] = 2
    >>> original
    {'rows': [{'id': 1}]}
    """
    if isinstance(value, dict):
        return {key: json_copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [json_copy(item) for item in value]
    return value


class SnowflakeFactory:
    """Hands out strictly increasing snowflakes that encode the current time, as Discord's do."""

    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        now = discord.utils.time_snowflake(datetime.now(UTC))
        self._last = max(self._last + 1, now)
        return self._last


def iso_time(snowflake: int) -> str:
    """The ISO-8601 creation time encoded in a snowflake."""
    return discord.utils.snowflake_time(snowflake).isoformat()


@dataclass(eq=False)
class FakeRole:
    """A guild role."""

    id: int
    name: str
    permissions: int
    position: int

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def payload(self) -> JSON:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": False,
            "mentionable": True,
            "flags": 0,
        }


@dataclass(eq=False)
class FakeUser:
    """A Discord user who is also a member of the guild."""

    id: int
    name: str
    bot: bool = False
    dms_closed: bool = False
    roles: list[FakeRole] = field(default_factory=list, repr=False)
    nick: str | None = None  # the member's nickname in the guild
    locale: str | None = None  # the language the user's Discord is set to (None: the guild's, see Guild.locale)

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> JSON:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": None if self.bot else self.name,
            "avatar": None,
            "bot": self.bot,
            "system": False,
            "public_flags": 0,
        }


@dataclass(eq=False)
class FakeAttachment:
    """A file attached to a message; the bytes are kept so tests can open images."""

    id: int
    filename: str
    data: bytes = field(repr=False)
    channel_id: int = field(repr=False)
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    @property
    def content_type(self) -> str:
        return mimetypes.guess_type(self.filename)[0] or "application/octet-stream"

    @property
    def url(self) -> str:
        return f"https://cdn.discordapp.com/attachments/{self.channel_id}/{self.id}/{self.filename}"

    def payload(self) -> JSON:
        payload: JSON = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url.replace("cdn.discordapp.com", "media.discordapp.net"),
            "content_type": self.content_type,
        }
        if self.description is not None:
            payload["description"] = self.description
        return payload


@dataclass(frozen=True, eq=False)
class FakeComponent:
    """One interactive or text component of a message, flattened out of rows and containers."""

    message: FakeMessage = field(repr=False)
    raw: JSON

    @property
    def type(self) -> int:
        return int(self.raw["type"])

    @property
    def custom_id(self) -> str | None:
        return self.raw.get("custom_id")

    @property
    def label(self) -> str | None:
        return self.raw.get("label")

    @property
    def disabled(self) -> bool:
        return bool(self.raw.get("disabled", False))

    @property
    def style(self) -> int | None:
        return self.raw.get("style")

    @property
    def url(self) -> str | None:
        return self.raw.get("url")

    @property
    def options(self) -> list[JSON]:
        """The options of a string select (label, value, description, default)."""
        return list(self.raw.get("options", []))

    @property
    def values(self) -> list[str]:
        """The option values of a string select."""
        return [option["value"] for option in self.options]

    @property
    def placeholder(self) -> str | None:
        return self.raw.get("placeholder")

    @property
    def min_values(self) -> int:
        return int(self.raw.get("min_values", 1))

    @property
    def max_values(self) -> int:
        return int(self.raw.get("max_values", 1))

    @property
    def is_button(self) -> bool:
        return self.type == BUTTON

    @property
    def is_select(self) -> bool:
        return self.type in SELECT_TYPES


def flatten_components(components: Iterable[JSON]) -> Iterator[JSON]:
    """Every leaf component: rows, sections, containers and labels are opened up."""
    for component in components:
        children = list(component.get("components", []))
        for key in ("accessory", "component"):
            if key in component:
                children.append(component[key])
        if children:
            yield from flatten_components(children)
        if component.get("type") not in _LAYOUT_TYPES:
            yield component


class ComponentFinder(ABC):
    """Lookup helpers shared by messages and interaction results."""

    @property
    @abstractmethod
    def components(self) -> list[FakeComponent]:
        """The components to search, flattened."""

    @property
    def buttons(self) -> list[FakeComponent]:
        return [c for c in self.components if c.is_button]

    @property
    def selects(self) -> list[FakeComponent]:
        return [c for c in self.components if c.is_select]

    def button(
        self, *, label: str | None = None, custom_id: str | None = None, custom_id_prefix: str | None = None
    ) -> FakeComponent:
        """The first button matching every criterion given; AssertionError listing the buttons if none."""
        return _find(self.buttons, "button", label=label, custom_id=custom_id, custom_id_prefix=custom_id_prefix)

    def select(
        self,
        *,
        custom_id: str | None = None,
        custom_id_prefix: str | None = None,
        placeholder: str | None = None,
    ) -> FakeComponent:
        """The first select menu matching every criterion given."""
        return _find(
            self.selects,
            "select",
            custom_id=custom_id,
            custom_id_prefix=custom_id_prefix,
            placeholder=placeholder,
        )


def _find(candidates: list[FakeComponent], kind: str, **criteria: str | None) -> FakeComponent:
    wanted = {key: value for key, value in criteria.items() if value is not None}

    def matches(component: FakeComponent) -> bool:
        for key, value in wanted.items():
            if key == "custom_id_prefix":
                if not (component.custom_id or "").startswith(value):
                    return False
            elif getattr(component, key) != value:
                return False
        return True

    for component in candidates:
        if matches(component):
            return component
    seen = [(c.label, c.custom_id, c.placeholder) for c in candidates]
    raise AssertionError(f"no {kind} matching {wanted}; present (label, custom_id, placeholder): {seen}")


@dataclass(eq=False, repr=False)
class FakeMessage(ComponentFinder):
    """A message as Discord stores it; edits mutate it in place so references stay current."""

    id: int
    channel_id: int
    author: FakeUser
    content: str = ""
    embeds: list[JSON] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    raw_components: list[JSON] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    webhook_id: int | None = None
    interaction_metadata: JSON | None = None
    reference_id: int | None = None
    visible_to: int | None = None
    edited_timestamp: str | None = None
    pinned: bool = False
    deleted: bool = False
    reactions: dict[str, set[int]] = field(default_factory=dict)

    def __repr__(self) -> str:
        return (
            f"FakeMessage(id={self.id}, author={self.author.name!r}, content={self.content!r}, "
            f"embeds={[e.get('title') for e in self.embeds]}, "
            f"attachments={[a.filename for a in self.attachments]}, "
            f"components={[c.label or c.custom_id for c in self.components]}, flags={self.flags})"
        )

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while the message is a deferred "Bot is thinking…" placeholder."""
        return bool(self.flags & LOADING)

    @property
    def components(self) -> list[FakeComponent]:
        return [FakeComponent(self, raw) for raw in flatten_components(self.raw_components)]

    @property
    def text(self) -> str:
        """Content, embed texts and text displays, one piece per line, as a reader would take them in."""
        parts = [self.content]
        for embed in self.embeds:
            parts.append(embed.get("author", {}).get("name", ""))
            parts.append(embed.get("title") or "")
            parts.append(embed.get("description") or "")
            parts.extend(f"{f.get('name', '')}: {f.get('value', '')}" for f in embed.get("fields", []))
            parts.append(embed.get("footer", {}).get("text", ""))
        parts.extend(c.raw.get("content", "") for c in self.components if c.type == TEXT_DISPLAY)
        return "\n".join(part for part in parts if part)

    def attachment(self, filename: str) -> FakeAttachment:
        """The attachment with that file name."""
        for attachment in self.attachments:
            if attachment.filename == filename:
                return attachment
        raise AssertionError(f"no attachment {filename!r}; present: {[a.filename for a in self.attachments]}")


@dataclass(eq=False)
class FakeChannel:
    """A text channel, a thread, or a DM channel (then `recipient` is set)."""

    id: int
    name: str
    type: int
    parent_id: int | None = None
    owner_id: int | None = None
    recipient: FakeUser | None = None
    topic: str | None = None
    position: int = 0
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    deleted: bool = False
    messages: list[FakeMessage] = field(default_factory=list, repr=False)
    member_ids: set[int] = field(default_factory=set, repr=False)
    # A private thread's members may add others only when it is invitable (Discord's thread_metadata).
    invitable: bool = True
    # A channel whose permission overwrites deny Create Private Threads to everyone, the bot included.
    private_threads_denied: bool = False

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def visible_messages(self) -> list[FakeMessage]:
        """Messages still in the channel, oldest first."""
        return [m for m in self.messages if not m.deleted]


@dataclass(eq=False)
class InteractionRecord:
    """One interaction a user started, and what the bot answered through its token."""

    id: int
    token: str
    type: int
    user: FakeUser
    channel: FakeChannel
    created_at: float
    message: FakeMessage | None = None
    command_name: str | None = None
    response_type: int | None = None
    response_seq: int | None = None
    response_delay: float | None = None
    response_data: JSON | None = None
    original: FakeMessage | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    edits: list[JSON] = field(default_factory=list)
    # A deferred update (6) names the clicked message as @original; it shows an answer once edited.
    original_edited: bool = False


class Guild:
    """The one guild of the fake Discord, with everything in it."""

    def __init__(self, *, new_id: SnowflakeFactory, name: str = "Agora Test Server") -> None:
        self.new_id = new_id
        self.id = new_id()
        self.application_id = new_id()
        self.name = name
        # The guild's language, and that of its members' Discord unless a user sets their own (FakeUser.locale).
        self.locale = "en-US"
        self.everyone = FakeRole(self.id, "@everyone", MEMBER_PERMISSIONS.value, 0)
        self.roles: list[FakeRole] = [self.everyone]
        # A bot user's id is its application's id.
        self.bot_user = FakeUser(
            self.application_id, "Agora", bot=True, roles=[self.role("Agora", BOT_PERMISSIONS.value)]
        )
        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user}
        self.owner = self.user("server-owner")
        self.channels: dict[int, FakeChannel] = {}
        # Where Discord posts its own notices (set before start): the server's system channel, if any.
        self.system_channel_id: int | None = None
        self.ephemeral_messages: dict[int, FakeMessage] = {}
        self._positions = itertools.count()

    # -- entities ----------------------------------------------------------------------------------

    def user(self, name: str, *, dms_closed: bool = False, bot: bool = False) -> FakeUser:
        """The user with that name (a human, or another application's bot), created on first use."""
        for user in self.users.values():
            if user.name == name and user.bot == bot and user.id != self.application_id:
                return user
        user = FakeUser(self.new_id(), name, dms_closed=dms_closed, bot=bot)
        self.users[user.id] = user
        return user

    def role(self, name: str, permissions: int = 0) -> FakeRole:
        """The role with that name, created on first use."""
        for role in self.roles:
            if role.name == name:
                return role
        role = FakeRole(self.new_id(), name, permissions, len(self.roles))
        self.roles.append(role)
        return role

    def add_channel(
        self,
        name: str,
        *,
        type: int = TEXT_CHANNEL,
        parent_id: int | None = None,
        channel_id: int | None = None,
    ) -> FakeChannel:
        """A new guild channel or thread."""
        channel = FakeChannel(
            channel_id or self.new_id(), name, type, parent_id=parent_id, position=next(self._positions)
        )
        self.channels[channel.id] = channel
        return channel

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The DM channel between the bot and that user, opened on first use."""
        for channel in self.channels.values():
            if channel.recipient is user:
                return channel
        channel = FakeChannel(self.new_id(), "", DM_CHANNEL, recipient=user)
        self.channels[channel.id] = channel
        return channel

    def text_channels(self) -> list[FakeChannel]:
        return [c for c in self.channels.values() if c.type == TEXT_CHANNEL and not c.deleted]

    def threads(self) -> list[FakeChannel]:
        return [c for c in self.channels.values() if c.is_thread and not c.deleted]

    def can_see(self, user: FakeUser, channel: FakeChannel) -> bool:
        """Whether ``user`` can read ``channel``: every text channel and public thread, a private thread
        only as its member (or with Manage Threads, as Discord allows), a DM only its recipient's."""
        if channel.deleted:
            return False
        if channel.type == DM_CHANNEL:
            return channel.recipient is user
        if channel.type == PRIVATE_THREAD:
            manages = self.permissions(user) & discord.Permissions(manage_threads=True).value
            return user.id in channel.member_ids or bool(manages)
        return True

    def seen_by(self, user: FakeUser) -> list[FakeMessage]:
        """Every message ``user`` can read now: in the channels and threads they can see, in their DMs,
        and the private answers only they were shown."""
        found = [m for c in self.channels.values() if self.can_see(user, c) for m in c.visible_messages()]
        return found + [m for m in self.ephemeral_messages.values() if m.visible_to == user.id and not m.deleted]

    def find_message(self, message_id: int) -> FakeMessage | None:
        """A live message anywhere, ephemeral ones included."""
        message = self.ephemeral_messages.get(message_id)
        if message is None:
            for channel in self.channels.values():
                message = next((m for m in channel.messages if m.id == message_id), None)
                if message is not None:
                    break
        return None if message is None or message.deleted else message

    def channel_of(self, message: FakeMessage) -> FakeChannel:
        return self.channels[message.channel_id]

    # -- permissions -------------------------------------------------------------------------------

    def permissions(self, user: FakeUser) -> int:
        """Guild-level permissions of a member (no channel overwrites are modelled)."""
        if user is self.owner:
            return discord.Permissions.all().value
        value = self.everyone.permissions
        for role in user.roles:
            value |= role.permissions
        if value & discord.Permissions(administrator=True).value:
            return discord.Permissions.all().value
        return value

    # -- payloads ----------------------------------------------------------------------------------

    def member_payload(self, user: FakeUser, *, with_user: bool = True, with_permissions: bool = False) -> JSON:
        payload: JSON = {
            "nick": user.nick,
            "avatar": None,
            "roles": [str(role.id) for role in user.roles],
            "joined_at": iso_time(self.id),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            payload["user"] = user.payload()
        if with_permissions:
            payload["permissions"] = str(self.permissions(user))
        return payload

    def channel_payload(self, channel: FakeChannel, *, permissions_for: FakeUser | None = None) -> JSON:
        if channel.type == DM_CHANNEL:
            assert channel.recipient is not None
            return {
                "id": str(channel.id),
                "type": DM_CHANNEL,
                "last_message_id": None,
                "recipients": [channel.recipient.payload()],
                "flags": 0,
            }
        payload: JSON = {
            "id": str(channel.id),
            "type": channel.type,
            "guild_id": str(self.id),
            "name": channel.name,
            "position": channel.position,
            "permission_overwrites": [],
            "parent_id": None if channel.parent_id is None else str(channel.parent_id),
            "nsfw": False,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "flags": 0,
        }
        if channel.is_thread:
            payload.update(
                owner_id=str(channel.owner_id),
                member_count=len(channel.member_ids),
                message_count=len(channel.visible_messages()),
                total_message_sent=len(channel.messages),
                thread_metadata={
                    "archived": channel.archived,
                    "auto_archive_duration": channel.auto_archive_duration,
                    "archive_timestamp": iso_time(channel.id),
                    "locked": channel.locked,
                    "invitable": channel.invitable,
                    "create_timestamp": iso_time(channel.id),
                },
            )
        else:
            payload["topic"] = channel.topic
        if permissions_for is not None:
            payload["permissions"] = str(self.permissions(permissions_for))
        return payload

    def guild_payload(self) -> JSON:
        """The GUILD_CREATE payload; `member_count` equals the members sent so nothing needs chunking."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner.id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_progress_bar_enabled": False,
            "system_channel_id": None if self.system_channel_id is None else str(self.system_channel_id),
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "preferred_locale": self.locale,
            "features": [],
            "roles": [role.payload() for role in self.roles],
            "emojis": [],
            "stickers": [],
            "large": False,
            "unavailable": False,
            "joined_at": iso_time(self.id),
            "member_count": len(self.users),
            "members": [self.member_payload(user) for user in self.users.values()],
            "channels": [self.channel_payload(c) for c in self.text_channels()],
            "threads": [self.channel_payload(c) for c in self.threads()],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def interaction_metadata(self, record: InteractionRecord) -> JSON:
        """What a message created by an interaction says about it."""
        metadata: JSON = {
            "id": str(record.id),
            "type": record.type,
            "user": record.user.payload(),
            "authorizing_integration_owners": {"0": str(self.id)},
        }
        if record.command_name is not None:
            metadata["name"] = record.command_name
        if record.original is not None:
            metadata["original_response_message_id"] = str(record.original.id)
        if record.message is not None:
            metadata["interacted_message_id"] = str(record.message.id)
        return metadata

    def message_payload(self, message: FakeMessage) -> JSON:
        mentioned = [self.users[int(i)] for i in _MENTION.findall(message.content) if int(i) in self.users]
        payload: JSON = {
            "id": str(message.id),
            "channel_id": str(message.channel_id),
            "type": message.type,
            "content": message.content,
            "author": message.author.payload(),
            "timestamp": iso_time(message.id),
            "edited_timestamp": message.edited_timestamp,
            "tts": False,
            "mention_everyone": "@everyone" in message.content,
            "mentions": [user.payload() for user in mentioned],
            "mention_roles": [],
            "attachments": [attachment.payload() for attachment in message.attachments],
            "embeds": json_copy(message.embeds),
            "components": json_copy(message.raw_components),
            "pinned": message.pinned,
            "flags": message.flags,
        }
        if message.reactions:
            payload["reactions"] = [
                {"emoji": {"id": None, "name": emoji}, "count": len(users), "me": self.bot_user.id in users}
                for emoji, users in message.reactions.items()
            ]
        if message.webhook_id is not None:
            payload["webhook_id"] = str(message.webhook_id)
            payload["application_id"] = str(self.application_id)
        if message.interaction_metadata is not None:
            payload["interaction_metadata"] = json_copy(message.interaction_metadata)
        if message.reference_id is not None:
            payload["message_reference"] = {
                "type": 0,
                "message_id": str(message.reference_id),
                "channel_id": str(message.channel_id),
                "guild_id": str(self.id),
            }
        return payload
