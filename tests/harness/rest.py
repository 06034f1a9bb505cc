"""The fake Discord REST API: every route the bot uses, answered from the in-memory guild.

Handlers mirror Discord's behaviour where a bot can trip over it: error codes (10003 Unknown
Channel, 50007 closed DMs, 40060 double acknowledgement, 10062 an interaction answered after
3 s), content over 2000 characters, empty messages, oversized files, slash commands over Discord's
limits (``command_rules.py``), the first followup of a "thinking" defer replacing the placeholder,
and the gateway events Discord sends back to the bot for what it did (THREAD_CREATE, CHANNEL_DELETE…).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

import discord

from .command_rules import command_refusal, commands_refusal
from .model import (
    DM_CHANNEL,
    EPHEMERAL,
    JSON,
    LOADING,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    TEXT_CHANNEL,
    FakeAttachment,
    FakeChannel,
    FakeMessage,
    FakeUser,
    Guild,
    InteractionRecord,
    json_copy,
)
from .paths import PathTemplate, best_match
from .transport import APIError, RecordedRequest, UploadedFile

MAX_CONTENT = 2000
MAX_ATTACHMENTS = 10
UPLOAD_LIMIT = 10 * 1024 * 1024
SUPPRESS_EMBEDS = 1 << 2
CHAT_INPUT_COMMAND_MESSAGE = 20
REPLY_MESSAGE = 19
# How long Discord remembers a message's nonce for enforce_nonce ("a few minutes").
NONCE_SECONDS = 300.0
# Callback types Discord accepts for each interaction type.
_ALLOWED_CALLBACKS = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}
# Callback types that need the message the interaction came from.
_MESSAGE_CALLBACKS = {6, 7}


class UnmodelledRoute(NotImplementedError):
    """The bot used an endpoint the fake does not answer yet."""


def _unknown(what: str, code: int) -> APIError:
    return APIError(404, code, f"Unknown {what}")


def _invalid(field: str, code: str, message: str) -> APIError:
    return APIError(400, 50035, "Invalid Form Body", {field: {"_errors": [{"code": code, "message": message}]}})


def _truthy(value: Any) -> bool:
    return str(value).lower() in ("1", "true")


@dataclass(frozen=True)
class Call:
    """A request matched to a route, with the route's path parameters."""

    request: RecordedRequest
    params: dict[str, str]

    @property
    def body(self) -> JSON:
        return self.request.json if isinstance(self.request.json, dict) else {}

    @property
    def files(self) -> tuple[UploadedFile, ...]:
        return self.request.files

    def id(self, name: str) -> int:
        """A snowflake path parameter; anything non-numeric matches nothing, as on Discord."""
        value = self.params[name]
        return int(value) if value.isdigit() else -1


_Handler = TypeVar("_Handler", bound=Callable[..., Any])
_ROUTES: dict[tuple[str, PathTemplate], Callable[..., Any]] = {}
_TEMPLATES: dict[str, list[PathTemplate]] = {}  # each method's templates, for matching a request


def route(method: str, template: str) -> Callable[[_Handler], _Handler]:
    """Register a FakeRest method as the answer to `method template`."""

    def register(handler: _Handler) -> _Handler:
        path = PathTemplate(template)
        _ROUTES[(method, path)] = handler
        _TEMPLATES.setdefault(method, []).append(path)
        return handler

    return register


class FakeRest:
    """Answers requests from the guild model; `gateway(event, payload)` sends events back to the bot."""

    def __init__(self, guild: Guild, *, clock: Callable[[], float], gateway: Callable[[str, JSON], None]) -> None:
        self.guild = guild
        self.interaction_deadline = 3.0
        self.interactions: dict[str, InteractionRecord] = {}
        self.open_modals: dict[int, InteractionRecord] = {}
        self.commands: dict[int | None, dict[tuple[str, int], JSON]] = {}
        self.posted: list[FakeMessage] = []
        self.uploads: list[FakeAttachment] = []
        # (channel id, nonce) -> the message it posted and when: a send enforcing its nonce is posted once.
        self.nonces: dict[tuple[int, str], tuple[FakeMessage, float]] = {}
        self._clock = clock
        self._gateway = gateway

    def handle(self, request: RecordedRequest) -> Any:
        """The JSON answer to a request (None for 204); APIError for Discord's error answers."""
        found = best_match(_TEMPLATES.get(request.method, ()), request.path)
        if found is None:
            raise UnmodelledRoute(
                f"the fake Discord does not answer {request.method} {request.path}; "
                "add a route in tests/harness/rest.py"
            )
        template, params = found
        return _ROUTES[(request.method, template)](self, Call(request, params))

    def cdn(self, url: str) -> bytes | None:
        """The bytes of the attachment at that CDN URL."""
        messages = [
            *(m for c in self.guild.channels.values() for m in c.messages),
            *self.guild.ephemeral_messages.values(),
        ]
        attachments = [*self.uploads, *(a for m in messages for a in m.attachments)]
        return next((a.data for a in attachments if a.url == url), None)

    def delete_channel(self, channel: FakeChannel) -> None:
        """Delete a channel or thread and tell the bot, as Discord's gateway would."""
        channel.deleted = True
        payload = self.guild.channel_payload(channel)
        self._gateway("THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE", payload)

    # -- lookups -----------------------------------------------------------------------------------

    def _user(self, user_id: int) -> FakeUser:
        user = self.guild.users.get(user_id)
        if user is None:
            raise _unknown("User", 10013)
        return user

    def _check_guild(self, call: Call) -> None:
        if call.id("guild_id") != self.guild.id:
            raise _unknown("Guild", 10004)

    def _channel(self, call: Call) -> FakeChannel:
        channel = self.guild.channels.get(call.id("channel_id"))
        if channel is None or channel.deleted:
            raise _unknown("Channel", 10003)
        return channel

    def _message(self, call: Call, channel: FakeChannel) -> FakeMessage:
        message_id = call.id("message_id")
        message = next((m for m in channel.visible_messages() if m.id == message_id), None)
        if message is None:
            raise _unknown("Message", 10008)
        return message

    def _thread(self, call: Call) -> FakeChannel:
        thread = self._channel(call)
        if not thread.is_thread:
            raise APIError(400, 50024, "Cannot execute action on this channel type")
        return thread

    # -- users and application ---------------------------------------------------------------------

    @route("GET", "/users/@me")
    def get_me(self, call: Call) -> JSON:
        return {
            **self.guild.bot_user.payload(),
            "verified": True,
            "mfa_enabled": False,
            "flags": 0,
            "locale": "en-US",
        }

    @route("GET", "/users/{user_id}")
    def get_user(self, call: Call) -> JSON:
        return self._user(call.id("user_id")).payload()

    @route("GET", "/oauth2/applications/@me")
    @route("GET", "/applications/@me")
    def get_application(self, call: Call) -> JSON:
        return {
            "id": str(self.guild.application_id),
            "name": self.guild.bot_user.name,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": 0,
            "owner": self.guild.owner.payload(),
            "team": None,
            "bot": self.guild.bot_user.payload(),
            "redirect_uris": [],
            "interactions_endpoint_url": None,
        }

    @route("POST", "/users/@me/channels")
    def open_dm(self, call: Call) -> JSON:
        user = self._user(int(call.body["recipient_id"]))
        return self.guild.channel_payload(self.guild.dm_channel(user))

    # -- guild ---------------------------------------------------------------------------------------

    @route("GET", "/guilds/{guild_id}")
    def get_guild(self, call: Call) -> JSON:
        self._check_guild(call)
        payload = self.guild.guild_payload()
        for gateway_only in (
            "members",
            "channels",
            "threads",
            "voice_states",
            "presences",
            "joined_at",
            "large",
        ):
            payload.pop(gateway_only)
        return payload

    @route("GET", "/guilds/{guild_id}/channels")
    def get_channels(self, call: Call) -> list[JSON]:
        self._check_guild(call)
        return [self.guild.channel_payload(c) for c in self.guild.text_channels()]

    @route("POST", "/guilds/{guild_id}/channels")
    def create_channel(self, call: Call) -> JSON:
        self._check_guild(call)
        channel = self.guild.add_channel(call.body["name"], type=int(call.body.get("type") or TEXT_CHANNEL))
        channel.topic = call.body.get("topic")
        payload = self.guild.channel_payload(channel)
        self._gateway("CHANNEL_CREATE", payload)
        return payload

    @route("GET", "/guilds/{guild_id}/roles")
    def get_roles(self, call: Call) -> list[JSON]:
        self._check_guild(call)
        return [role.payload() for role in self.guild.roles]

    @route("GET", "/guilds/{guild_id}/members")
    def get_members(self, call: Call) -> list[JSON]:
        self._check_guild(call)
        after = int(call.request.query.get("after", 0))
        limit = int(call.request.query.get("limit", 1))
        users = sorted((u for u in self.guild.users.values() if u.id > after), key=lambda u: u.id)
        return [self.guild.member_payload(user) for user in users[:limit]]

    @route("GET", "/guilds/{guild_id}/members/{user_id}")
    def get_member(self, call: Call) -> JSON:
        self._check_guild(call)
        user = self.guild.users.get(call.id("user_id"))
        if user is None:
            raise _unknown("Member", 10007)
        return self.guild.member_payload(user)

    @route("PUT", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}")
    @route("DELETE", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}")
    def member_role(self, call: Call) -> None:
        """Give or take back a role, as Discord allows it: Manage Roles, and a role below the bot's highest."""
        self._check_guild(call)
        user = self.guild.users.get(call.id("user_id"))
        if user is None:
            raise _unknown("Member", 10007)
        role = next((r for r in self.guild.roles if r.id == call.id("role_id")), None)
        if role is None:
            raise _unknown("Role", 10011)
        bot = self.guild.bot_user
        allowed = self.guild.permissions(bot) & discord.Permissions(manage_roles=True).value
        if not allowed or role.position >= max((r.position for r in bot.roles), default=0):
            raise APIError(403, 50013, "Missing Permissions")
        if call.request.method == "PUT" and role not in user.roles:
            user.roles.append(role)
        elif call.request.method == "DELETE" and role in user.roles:
            user.roles.remove(role)
        self._gateway("GUILD_MEMBER_UPDATE", {**self.guild.member_payload(user), "guild_id": str(self.guild.id)})

    # -- channels and threads ----------------------------------------------------------------------

    @route("GET", "/channels/{channel_id}")
    def get_channel(self, call: Call) -> JSON:
        return self.guild.channel_payload(self._channel(call))

    @route("PATCH", "/channels/{channel_id}")
    def edit_channel(self, call: Call) -> JSON:
        channel = self._channel(call)
        for field_name in ("name", "topic", "archived", "locked", "auto_archive_duration"):
            if field_name in call.body:
                setattr(channel, field_name, call.body[field_name])
        payload = self.guild.channel_payload(channel)
        self._gateway("THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE", payload)
        return payload

    @route("DELETE", "/channels/{channel_id}")
    def remove_channel(self, call: Call) -> JSON:
        channel = self._channel(call)
        self.delete_channel(channel)
        return self.guild.channel_payload(channel)

    @route("POST", "/channels/{channel_id}/typing")
    def typing(self, call: Call) -> None:
        self._channel(call)

    @route("POST", "/channels/{channel_id}/threads")
    def create_thread(self, call: Call) -> JSON:
        parent = self._channel(call)
        thread = self._open_thread(parent, call.body, int(call.body.get("type") or PRIVATE_THREAD), None)
        return self.guild.channel_payload(thread)

    @route("POST", "/channels/{channel_id}/messages/{message_id}/threads")
    def create_thread_from_message(self, call: Call) -> JSON:
        parent = self._channel(call)
        message = self._message(call, parent)
        if message.id in self.guild.channels:
            raise APIError(400, 160004, "A thread has already been created for this message")
        # Discord gives a thread started from a message the message's id.
        thread = self._open_thread(parent, call.body, PUBLIC_THREAD, message.id)
        return self.guild.channel_payload(thread)

    def _open_thread(self, parent: FakeChannel, body: JSON, kind: int, thread_id: int | None) -> FakeChannel:
        if parent.type != TEXT_CHANNEL:
            raise APIError(400, 50024, "Cannot execute action on this channel type")
        if kind == PRIVATE_THREAD:
            self._check_private_threads(parent)
        thread = self.guild.add_channel(body["name"], type=kind, parent_id=parent.id, channel_id=thread_id)
        thread.invitable = bool(body.get("invitable", True)) if kind == PRIVATE_THREAD else True
        thread.owner_id = self.guild.bot_user.id
        thread.member_ids.add(self.guild.bot_user.id)
        thread.auto_archive_duration = int(body.get("auto_archive_duration") or 1440)
        self._gateway("THREAD_CREATE", {**self.guild.channel_payload(thread), "newly_created": True})
        return thread

    def _check_private_threads(self, parent: FakeChannel) -> None:
        """Discord refuses a private thread to a bot without Create Private Threads in that channel."""
        allowed = self.guild.permissions(self.guild.bot_user) & discord.Permissions(create_private_threads=True).value
        if not allowed or parent.private_threads_denied:
            raise APIError(403, 50013, "Missing Permissions")

    @route("PUT", "/channels/{channel_id}/thread-members/@me")
    @route("PUT", "/channels/{channel_id}/thread-members/{user_id}")
    def join_thread(self, call: Call) -> None:
        thread = self._thread(call)
        user = self._user(call.id("user_id")) if "user_id" in call.params else self.guild.bot_user
        if thread.archived and "user_id" in call.params:  # Discord adds nobody to an archived thread
            raise APIError(400, 50083, "Thread is archived")
        thread.member_ids.add(user.id)

    @route("DELETE", "/channels/{channel_id}/thread-members/@me")
    @route("DELETE", "/channels/{channel_id}/thread-members/{user_id}")
    def leave_thread(self, call: Call) -> None:
        thread = self._thread(call)
        user = self._user(call.id("user_id")) if "user_id" in call.params else self.guild.bot_user
        thread.member_ids.discard(user.id)

    # -- messages ------------------------------------------------------------------------------------

    @route("GET", "/channels/{channel_id}/messages")
    def history(self, call: Call) -> list[JSON]:
        query = call.request.query
        messages = self._channel(call).visible_messages()
        if "before" in query:
            messages = [m for m in messages if m.id < int(query["before"])]
        if "after" in query:
            messages = [m for m in messages if m.id > int(query["after"])]
        limit = int(query.get("limit", 50))
        chosen = messages[:limit] if "after" in query else messages[-limit:]
        return [self.guild.message_payload(m) for m in reversed(chosen)]

    @route("POST", "/channels/{channel_id}/messages")
    def create_message(self, call: Call) -> JSON:
        channel = self._channel(call)
        self._check_can_send(channel)
        nonce = call.body.get("nonce")
        key = (channel.id, str(nonce))
        if nonce is not None and call.body.get("enforce_nonce"):
            earlier = self.nonces.get(key)
            if earlier is not None and self._clock() - earlier[1] < NONCE_SECONDS:
                return self.guild.message_payload(earlier[0])  # Discord answers with the first message
        message = self._new_message(channel, call.body, call.files, None)
        self.posted.append(message)
        if nonce is not None:
            self.nonces[key] = (message, self._clock())
        return self.guild.message_payload(message)

    @route("GET", "/channels/{channel_id}/messages/{message_id}")
    def get_message(self, call: Call) -> JSON:
        return self.guild.message_payload(self._message(call, self._channel(call)))

    @route("PATCH", "/channels/{channel_id}/messages/{message_id}")
    def edit_message(self, call: Call) -> JSON:
        message = self._message(call, self._channel(call))
        if message.author is not self.guild.bot_user:
            raise APIError(403, 50005, "Cannot edit a message authored by another user")
        self._edit(message, call.body, call.files)
        return self.guild.message_payload(message)

    @route("DELETE", "/channels/{channel_id}/messages/{message_id}")
    def delete_message(self, call: Call) -> None:
        self._message(call, self._channel(call)).deleted = True

    @route("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}/@me")
    def add_reaction(self, call: Call) -> None:
        message = self._message(call, self._channel(call))
        message.reactions.setdefault(call.params["emoji_name"], set()).add(self.guild.bot_user.id)

    @route("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}/@me")
    def remove_reaction(self, call: Call) -> None:
        message = self._message(call, self._channel(call))
        message.reactions.get(call.params["emoji_name"], set()).discard(self.guild.bot_user.id)

    @route("PUT", "/channels/{channel_id}/messages/pins/{message_id}")
    def pin(self, call: Call) -> None:
        self._message(call, self._channel(call)).pinned = True

    @route("DELETE", "/channels/{channel_id}/messages/pins/{message_id}")
    def unpin(self, call: Call) -> None:
        self._message(call, self._channel(call)).pinned = False

    def _check_can_send(self, channel: FakeChannel) -> None:
        recipient = channel.recipient
        if channel.type == DM_CHANNEL and recipient is not None and (recipient.dms_closed or recipient.bot):
            raise APIError(403, 50007, "Cannot send messages to this user")
        if channel.is_thread and channel.archived:
            if channel.locked:
                raise APIError(400, 50083, "Thread is archived")
            # Sending to an archived, unlocked thread unarchives it.
            channel.archived = False

    def _new_message(
        self,
        channel: FakeChannel,
        body: JSON,
        files: tuple[UploadedFile, ...],
        record: InteractionRecord | None,
        *,
        extra_flags: int = 0,
        require_content: bool = True,
    ) -> FakeMessage:
        flags = int(body.get("flags") or 0) | extra_flags
        if record is None:
            flags &= ~(EPHEMERAL | LOADING)
        message = FakeMessage(self.guild.new_id(), channel.id, self.guild.bot_user, flags=flags)
        if record is not None:
            message.webhook_id = self.guild.application_id
            message.interaction_metadata = self.guild.interaction_metadata(record)
            if record.type == 2 and record.original is None:
                message.type = CHAT_INPUT_COMMAND_MESSAGE
            if message.ephemeral:
                message.visible_to = record.user.id
        reference = body.get("message_reference")
        if reference and reference.get("message_id") is not None:
            message.reference_id = int(reference["message_id"])
            message.type = REPLY_MESSAGE
        self._apply(message, body, files, require_content=require_content)
        if message.ephemeral:
            self.guild.ephemeral_messages[message.id] = message
        else:
            channel.messages.append(message)
        return message

    def _edit(self, message: FakeMessage, body: JSON, files: tuple[UploadedFile, ...]) -> None:
        self._apply(message, body, files, require_content=True)
        if body.get("flags") is not None:
            # Only the embed suppression can change after sending.
            message.flags = (message.flags & ~SUPPRESS_EMBEDS) | (int(body["flags"]) & SUPPRESS_EMBEDS)
        message.flags &= ~LOADING
        message.edited_timestamp = datetime.now(UTC).isoformat()

    def _apply(
        self, message: FakeMessage, body: JSON, files: tuple[UploadedFile, ...], *, require_content: bool
    ) -> None:
        """Validate then apply the message fields of a create or edit body, all or nothing."""
        changes: dict[str, Any] = {}
        if "content" in body:
            content = body["content"] or ""
            if len(content) > MAX_CONTENT:
                raise _invalid("content", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_CONTENT} or fewer in length.")
            changes["content"] = content
        if "components" in body:
            changes["raw_components"] = json_copy(body["components"] or [])
        if "attachments" in body or files:
            changes["attachments"] = self._attachments(message, body.get("attachments"), files)
        attachments = changes.get("attachments", message.attachments)
        if "embeds" in body:
            changes["embeds"] = [_embed(embed, attachments) for embed in body["embeds"] or []]
        fields = ("content", "embeds", "attachments", "raw_components")
        if require_content and not any(changes.get(name, getattr(message, name)) for name in fields):
            raise APIError(400, 50006, "Cannot send an empty message")
        for name, value in changes.items():
            setattr(message, name, value)

    def _attachments(
        self, message: FakeMessage, entries: list[JSON] | None, files: tuple[UploadedFile, ...]
    ) -> list[FakeAttachment]:
        """Attachments kept by id from `entries` (all when absent), then the uploaded files."""
        for upload in files:
            if upload.size > UPLOAD_LIMIT:
                raise APIError(413, 40005, "Request entity too large")
        existing = {a.id: a for a in message.attachments}
        if entries is None:
            kept = list(message.attachments)
            described: dict[int, JSON] = {}
        else:
            kept = [existing[int(e["id"])] for e in entries if int(e["id"]) in existing]
            described = {int(e["id"]): e for e in entries}
        new = [
            FakeAttachment(
                self.guild.new_id(),
                described.get(upload.index, {}).get("filename") or upload.filename,
                upload.data,
                message.channel_id,
                described.get(upload.index, {}).get("description"),
            )
            for upload in files
        ]
        if len(kept) + len(new) > MAX_ATTACHMENTS:
            raise _invalid("attachments", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_ATTACHMENTS} or fewer in length.")
        return kept + new

    # -- interactions --------------------------------------------------------------------------------

    @route("POST", "/interactions/{interaction_id}/{interaction_token}/callback")
    def interaction_callback(self, call: Call) -> JSON | None:
        record = self.interactions.get(call.params["interaction_token"])
        if record is None or record.id != call.id("interaction_id"):
            raise _unknown("interaction", 10062)
        if record.response_type is not None:
            raise APIError(400, 40060, "Interaction has already been acknowledged.")
        delay = self._clock() - record.created_at
        if delay > self.interaction_deadline:
            # Discord forgets an interaction that is not answered within 3 seconds.
            raise _unknown("interaction", 10062)
        kind = int(call.body["type"])
        if kind not in _ALLOWED_CALLBACKS[record.type] or (kind in _MESSAGE_CALLBACKS and record.message is None):
            raise _invalid("type", "INTERACTION_CALLBACK_TYPE_INVALID", f"Callback type {kind} is not allowed here.")
        message = self._respond(record, kind, call.body.get("data") or {}, call.files)
        record.response_type = kind
        record.response_seq = call.request.seq
        record.response_delay = delay
        record.response_data = json_copy(call.body.get("data"))
        record.original = message
        if not _truthy(call.request.query.get("with_response")):
            return None
        interaction: JSON = {"id": str(record.id), "type": record.type}
        response: JSON = {"interaction": interaction}
        if message is not None:
            interaction.update(
                response_message_id=str(message.id),
                response_message_loading=message.loading,
                response_message_ephemeral=message.ephemeral,
            )
            if kind in (4, 5, 7):
                response["resource"] = {"type": kind, "message": self.guild.message_payload(message)}
        return response

    def _respond(
        self, record: InteractionRecord, kind: int, data: JSON, files: tuple[UploadedFile, ...]
    ) -> FakeMessage | None:
        """Carry out a callback; returns the message that `@original` now names, if any."""
        if kind == 4:
            return self._new_message(record.channel, data, files, record)
        if kind == 5:
            placeholder = {"flags": int(data.get("flags") or 0) & EPHEMERAL}
            return self._new_message(
                record.channel, placeholder, (), record, extra_flags=LOADING, require_content=False
            )
        if kind == 7 and record.message is not None:
            self._edit(record.message, data, files)
        if kind == 9:
            self.open_modals[record.user.id] = record
        return record.message if kind in _MESSAGE_CALLBACKS else None

    def _webhook_interaction(self, call: Call) -> InteractionRecord:
        """The interaction whose token the webhook route uses; Discord knows it only once acknowledged."""
        record = self.interactions.get(call.params["webhook_token"])
        if record is None or record.response_type is None or call.id("webhook_id") != self.guild.application_id:
            raise _unknown("Webhook", 10015)
        return record

    def _webhook_message(self, call: Call) -> tuple[InteractionRecord, FakeMessage]:
        record = self._webhook_interaction(call)
        if "message_id" in call.params:
            wanted = call.id("message_id")
            message = next((m for m in (record.original, *record.followups) if m is not None and m.id == wanted), None)
        else:
            message = record.original
        if message is None or message.deleted:
            raise _unknown("Message", 10008)
        return record, message

    @route("POST", "/webhooks/{webhook_id}/{webhook_token}")
    def followup(self, call: Call) -> JSON | None:
        record = self._webhook_interaction(call)
        original = record.original
        if record.response_type == 5 and original is not None and original.loading:
            # The first followup after a "thinking" defer becomes the response itself,
            # keeping the defer's visibility.
            self._edit(original, {k: v for k, v in call.body.items() if k != "flags"}, call.files)
            message = original
        else:
            message = self._new_message(record.channel, call.body, call.files, record)
        record.followups.append(message)
        return self.guild.message_payload(message) if _truthy(call.request.query.get("wait")) else None

    @route("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
    @route("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
    def get_webhook_message(self, call: Call) -> JSON:
        return self.guild.message_payload(self._webhook_message(call)[1])

    @route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
    @route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
    def edit_webhook_message(self, call: Call) -> JSON:
        record, message = self._webhook_message(call)
        self._edit(message, call.body, call.files)
        record.edits.append(json_copy(call.body))
        record.original_edited |= message is record.original
        return self.guild.message_payload(message)

    @route("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
    @route("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
    def delete_webhook_message(self, call: Call) -> None:
        self._webhook_message(call)[1].deleted = True

    # -- application commands --------------------------------------------------------------------

    def _command_scope(self, call: Call) -> tuple[int | None, dict[tuple[str, int], JSON]]:
        if call.id("application_id") != self.guild.application_id:
            raise _unknown("Application", 10002)
        guild_id = None
        if "guild_id" in call.params:
            self._check_guild(call)
            guild_id = self.guild.id
        return guild_id, self.commands.setdefault(guild_id, {})

    def _store_command(
        self, scope: dict[tuple[str, int], JSON], body: JSON, guild_id: int | None, previous: JSON | None
    ) -> JSON:
        kind = int(body.get("type") or 1)
        command: JSON = {
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "nsfw": False,
            **json_copy(body),
            "id": previous["id"] if previous else str(self.guild.new_id()),
            "application_id": str(self.guild.application_id),
            "version": str(self.guild.new_id()),
            "type": kind,
        }
        if guild_id is not None:
            command["guild_id"] = str(guild_id)
        scope[(body["name"], kind)] = command
        return command

    def _find_command(self, call: Call) -> tuple[int | None, dict[tuple[str, int], JSON], tuple[str, int]]:
        guild_id, scope = self._command_scope(call)
        for key, command in scope.items():
            if command["id"] == call.params["command_id"]:
                return guild_id, scope, key
        raise _unknown("application command", 10063)

    @route("PUT", "/applications/{application_id}/commands")
    @route("PUT", "/applications/{application_id}/guilds/{guild_id}/commands")
    def overwrite_commands(self, call: Call) -> list[JSON]:
        guild_id, scope = self._command_scope(call)
        bodies: list[JSON] = call.request.json or []
        refused = commands_refusal(bodies)
        if refused is not None:
            raise refused
        previous = dict(scope)
        scope.clear()
        return [
            self._store_command(scope, body, guild_id, previous.get((body["name"], int(body.get("type") or 1))))
            for body in bodies
        ]

    @route("GET", "/applications/{application_id}/commands")
    @route("GET", "/applications/{application_id}/guilds/{guild_id}/commands")
    def list_commands(self, call: Call) -> list[JSON]:
        return list(self._command_scope(call)[1].values())

    @route("POST", "/applications/{application_id}/commands")
    @route("POST", "/applications/{application_id}/guilds/{guild_id}/commands")
    def upsert_command(self, call: Call) -> JSON:
        guild_id, scope = self._command_scope(call)
        refused = command_refusal(call.body)
        if refused is not None:
            raise refused
        key = (call.body["name"], int(call.body.get("type") or 1))
        return self._store_command(scope, call.body, guild_id, scope.get(key))

    @route("GET", "/applications/{application_id}/commands/{command_id}")
    @route("GET", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}")
    def get_command(self, call: Call) -> JSON:
        _, scope, key = self._find_command(call)
        return scope[key]

    @route("PATCH", "/applications/{application_id}/commands/{command_id}")
    @route("PATCH", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}")
    def edit_command(self, call: Call) -> JSON:
        guild_id, scope, key = self._find_command(call)
        edited = {**scope[key], **call.body}
        refused = command_refusal(edited)
        if refused is not None:
            raise refused
        previous = scope.pop(key)
        return self._store_command(scope, edited, guild_id, previous)

    @route("DELETE", "/applications/{application_id}/commands/{command_id}")
    @route("DELETE", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}")
    def delete_command(self, call: Call) -> None:
        _, scope, key = self._find_command(call)
        del scope[key]


def _embed(embed: JSON, attachments: list[FakeAttachment]) -> JSON:
    """An embed as Discord stores it: typed, with `attachment://name` images pointing at the CDN."""
    stored: JSON = {"type": "rich", **json_copy(embed)}
    for key in ("image", "thumbnail"):
        media = stored.get(key)
        url = media.get("url", "") if isinstance(media, dict) else ""
        if isinstance(media, dict) and url.startswith("attachment://"):
            found = next((a for a in attachments if a.filename == url.removeprefix("attachment://")), None)
            if found is not None:
                media.update(url=found.url, proxy_url=found.url)
    return stored
