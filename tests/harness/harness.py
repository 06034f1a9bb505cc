"""FakeDiscord: the offline Discord a test starts its bot against.

    h = FakeDiscord(spec=load_spec())
    await h.start(MyBot())                  # login, setup_hook, READY, GUILD_CREATE, on_ready
    alice, bob = h.user("alice"), h.user("bob")
    result = await h.slash(alice, "arkaios challenge", opponent=bob, level="big")
    result = await h.click(bob, result.button(label="Accept"))
    await h.stop()                          # closes the bot; fails on any error it logged

Every step feeds one gateway payload to the bot's real ConnectionState, then waits until the
bot has finished reacting (see waiting.py) and fails at once if the bot sent a request that
Discord's OpenAPI description rejects or that the fake does not model.
"""

from __future__ import annotations

import asyncio
import gc
import itertools
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Literal, cast

import discord
from discord import app_commands
from discord.state import AutoShardedConnectionState

from .capture import EXPECTED_TREE_ERRORS, CapturedError, ErrorCapture
from .faults import Faults
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    HarnessError,
    InteractionResult,
    command_data,
    component_data,
    find_command,
    interaction_payload,
    modal_data,
)
from .model import (
    JSON,
    FakeAttachment,
    FakeChannel,
    FakeComponent,
    FakeMessage,
    FakeRole,
    FakeUser,
    Guild,
    InteractionRecord,
    SnowflakeFactory,
)
from .paths import path_of
from .rest import FakeRest, UnmodelledRoute
from .spec import DiscordSpec, SpecViolation
from .transport import APIError, RecordedRequest, Transport, UploadedFile
from .waiting import Settler

TRAFFIC_LOG_ENV = "DISCORD_TRAFFIC_LOG"
_TOKEN = "harness-bot-token"
# discord.py waits this long after the last GUILD_CREATE before on_ready (2 s by default);
# the harness sends its only guild at once.
_GUILD_READY_TIMEOUT = 0.01

ChannelRef = FakeChannel | int | str


class FakeDiscord:
    """One in-memory guild, the REST API around it, and the user actions that drive a bot."""

    def __init__(
        self,
        *,
        spec: DiscordSpec | None = None,
        channels: Sequence[str] = ("general", "games"),
        step_timeout: float = 10.0,
        idle_functions: Iterable[Callable[..., Any]] = (),
        traffic_log: str | os.PathLike[str] | None = None,
    ) -> None:
        self.guild = Guild(new_id=SnowflakeFactory())
        for name in channels:
            self.guild.add_channel(name)
        self.spec = spec
        self.requests: list[RecordedRequest] = []
        # Called with each request as the bot makes it (the load benchmark times boards with it).
        self.request_listeners: list[Callable[[RecordedRequest], None]] = []
        # Requests Discord would reject and network attempts, not yet raised to the test.
        self.problems: list[str] = []
        self.bot: discord.Client | None = None
        self.rest = FakeRest(self.guild, clock=_now, gateway=self._feed)
        # Discord's bad days: error answers, lost permissions, the bot removed (tests/harness/faults.py).
        self.faults = Faults()
        log = traffic_log or os.environ.get(TRAFFIC_LOG_ENV)
        self._traffic_log = Path(log) if log else None
        self._capture = ErrorCapture()
        self._transport = Transport(self._on_request, cdn=self.rest.cdn, on_network_attempt=self.problems.append)
        self._settler = Settler(
            timeout=step_timeout, idle_futures=self._listener_futures, idle_functions=idle_functions
        )
        self._installed = False
        self._sequence = itertools.count(1)
        self._synthetic_command_ids: dict[tuple[str, bool], int] = {}

    # -- the world -----------------------------------------------------------------------------------

    @property
    def bot_user(self) -> FakeUser:
        return self.guild.bot_user

    @property
    def owner(self) -> FakeUser:
        """The guild's owner, also the application's owner."""
        return self.guild.owner

    @property
    def default_channel(self) -> FakeChannel:
        """The first text channel: where slash commands run unless told otherwise."""
        return self.guild.text_channels()[0]

    def user(self, name: str, *, dms_closed: bool = False, bot: bool = False) -> FakeUser:
        """The member called `name` (``bot``: another application's bot), created on first use (and cached
        by a running bot caching members)."""
        known = len(self.guild.users)
        user = self.guild.user(name, dms_closed=dms_closed, bot=bot)
        if len(self.guild.users) > known and self.bot is not None:
            self._cache_member(user)
        return user

    def role(self, name: str, permissions: discord.Permissions | int = 0) -> FakeRole:
        """The role called `name`, created on first use; give it by `user.roles.append(role)` before start."""
        value = permissions.value if isinstance(permissions, discord.Permissions) else permissions
        return self.guild.role(name, value)

    def channel(self, ref: ChannelRef) -> FakeChannel:
        """A channel or thread by object, id or name."""
        if isinstance(ref, FakeChannel):
            return ref
        for channel in self.guild.channels.values():
            if ref in (channel.id, channel.name):
                return channel
        raise HarnessError(f"no channel {ref!r}")

    def attachment(self, filename: str, data: bytes) -> FakeAttachment:
        """A file a user uploads, to pass as an attachment option."""
        upload = FakeAttachment(self.guild.new_id(), filename, data, self.default_channel.id)
        self.rest.uploads.append(upload)
        return upload

    async def create_channel(self, name: str) -> FakeChannel:
        """A new text channel; a running bot receives CHANNEL_CREATE."""
        channel = self.guild.add_channel(name)
        self._feed("CHANNEL_CREATE", self.guild.channel_payload(channel))
        await self._settle_if_running()
        return channel

    async def delete_channel(self, ref: ChannelRef) -> None:
        """Delete a channel or thread as a moderator would; requests to it then answer 404 Unknown Channel."""
        self.rest.delete_channel(self.channel(ref))
        await self._settle_if_running()

    async def moderator_delete(self, message: FakeMessage) -> None:
        """A moderator deletes `message`; a bot with the guild messages intent receives MESSAGE_DELETE."""
        message.deleted = True
        bot = self.bot
        if bot is not None and bot.intents.guild_messages:
            payload = {"id": str(message.id), "channel_id": str(message.channel_id), "guild_id": str(self.guild.id)}
            self._feed("MESSAGE_DELETE", payload)
        await self._settle_if_running()

    async def remove_bot(self) -> None:
        """The server removes the bot: its channel requests answer 403 50001, its guild ones 404 10004,
        and the bot receives GUILD_DELETE."""
        self.faults.bot_removed = True
        self._feed("GUILD_DELETE", {"id": str(self.guild.id)})
        await self._settle_if_running()

    def messages(self, ref: ChannelRef) -> list[FakeMessage]:
        """The messages in a channel or thread, oldest first (ephemeral ones are nowhere in a channel)."""
        return self.channel(ref).visible_messages()

    def last_message(self, ref: ChannelRef) -> FakeMessage:
        messages = self.messages(ref)
        if not messages:
            raise AssertionError(f"#{self.channel(ref).name} has no messages")
        return messages[-1]

    def seen_by(self, user: FakeUser) -> list[FakeMessage]:
        """Every message `user` can read now: channels, public threads, private threads they are in,
        their DMs and the private answers shown to them."""
        return self.guild.seen_by(user)

    def forbid_private_threads(self) -> None:
        """A server whose members and bot may not create private threads (Create Private Threads denied)."""
        denied = ~discord.Permissions(create_private_threads=True).value
        for role in self.guild.roles:
            role.permissions &= denied

    def dm_messages(self, user: FakeUser) -> list[FakeMessage]:
        """What the bot managed to send to `user` in DMs."""
        return self.guild.dm_channel(user).visible_messages()

    def synced_commands(self, *, guild: bool = False) -> list[JSON]:
        """The application commands the bot registered (global, or for the guild)."""
        return list(self.rest.commands.get(self.guild.id if guild else None, {}).values())

    @property
    def errors(self) -> list[CapturedError]:
        """Errors captured so far; the harness fails on them at stop. Clear it to accept them."""
        return self._capture.errors

    def expect_logged_error(self, pattern: str) -> AbstractContextManager[None]:
        """`with h.expect_logged_error("regex"):` errors matching in the block are expected, and required."""
        return self._capture.expect(pattern)

    # -- lifecycle ---------------------------------------------------------------------------------

    async def start(self, bot: discord.Client) -> None:
        """Log the bot in (its setup_hook runs), feed READY and GUILD_CREATE, and wait for on_ready."""
        if self.bot is not None:
            raise HarnessError("a bot is already running; use restart()")
        if not self._installed:
            self._settler.begin()
            self._transport.install()
            self._capture.install()
            self._installed = True
        await self._boot(bot)

    async def restart(self, new_bot: discord.Client) -> None:
        """Stop the running bot as a process exit would, and start `new_bot` against the same Discord."""
        await self._shutdown()
        await self._boot(new_bot)

    async def stop(self) -> None:
        """Close the bot, remove every patch, and fail on errors and problems not reported yet."""
        failure: Exception | None = None
        try:
            await self._shutdown()
        except Exception as error:
            failure = error
        # A task that died with an unretrieved exception is reported when collected.
        gc.collect()
        if self._installed:
            self._capture.uninstall()
            self._transport.uninstall()
            self._installed = False
        report = self._report()
        if report is not None:
            raise AssertionError(report) from failure
        if failure is not None:
            raise failure

    def check(self) -> None:
        """Fail now if anything was captured (stop does the same)."""
        report = self._report()
        if report is not None:
            raise AssertionError(report)

    async def settle(self) -> None:
        """Wait until the bot is idle, after poking it directly rather than through a user action."""
        await self._finish_step()

    async def _boot(self, bot: discord.Client) -> None:
        self.bot = bot
        state = bot._connection
        state.guild_ready_timeout = _GUILD_READY_TIMEOUT
        if isinstance(bot, discord.AutoShardedClient) and isinstance(state, AutoShardedConnectionState):
            # What connecting would set: the harness's gateway is the one shard 0 of 1.
            bot.shard_count, state.shard_count, state.shard_ids = 1, 1, [0]
        await bot.login(_TOKEN)
        self._capture.wrap_on_error(bot, "Client.on_error")
        if state._command_tree is not None:
            self._capture.wrap_on_error(state._command_tree, "CommandTree.on_error", expected=EXPECTED_TREE_ERRORS)
        state.parsers["READY"](self._ready_payload())
        state.parsers["GUILD_CREATE"](self.guild.guild_payload())
        await self._finish_step()

    async def _shutdown(self) -> None:
        if self.bot is None:
            return
        try:
            await self.bot.close()
            # After a step timed out, waiting for the same stuck task again would only repeat it.
            if not self._settler.timed_out:
                await self._settler.settle()
        finally:
            self.bot = None
            # Nothing survives a process exit: view timeouts, loops and waits of the old bot end here.
            await self._settler.cancel_all()

    def _ready_payload(self) -> JSON:
        return {
            "v": 10,
            "user": {**self.bot_user.payload(), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(self.guild.id), "unavailable": True}],
            "session_id": "harness-session",
            "resume_gateway_url": "wss://gateway.invalid",
            "application": {"id": str(self.guild.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "shard": [0, 1],
        }

    # -- user actions ------------------------------------------------------------------------------

    async def slash(
        self, user: FakeUser, command: str, /, *, in_channel: ChannelRef | None = None, **options: Any
    ) -> InteractionResult:
        """`user` runs `/command` ("group sub name") with options given by parameter or display name."""
        return await self._command_interaction(APPLICATION_COMMAND, user, command, in_channel, options, None)

    async def autocomplete(
        self,
        user: FakeUser,
        command: str,
        /,
        focused: str,
        typed: str,
        *,
        in_channel: ChannelRef | None = None,
        **options: Any,
    ) -> InteractionResult:
        """`user` types `typed` into option `focused` of `/command`; `result.choices` holds the offers."""
        options = {**options, focused: typed}
        return await self._command_interaction(AUTOCOMPLETE, user, command, in_channel, options, focused)

    async def click(
        self, user: FakeUser, target: FakeMessage | FakeComponent, custom_id: str | None = None
    ) -> InteractionResult:
        """`user` clicks a button: a FakeComponent, or a message and the button's custom_id."""
        component = self._component(user, target, custom_id)
        if not component.is_button or component.url is not None:
            raise HarnessError(f"{component.custom_id!r} is not a clickable button")
        return await self._component_interaction(user, component, ())

    async def select(
        self,
        user: FakeUser,
        target: FakeMessage | FakeComponent,
        custom_id: str | None = None,
        values: Sequence[Any] = (),
    ) -> InteractionResult:
        """`user` picks `values` in a select menu: option values, or users/roles/channels (entity selects)."""
        component = self._component(user, target, custom_id)
        if not component.is_select:
            raise HarnessError(f"{component.custom_id!r} is not a select menu")
        return await self._component_interaction(user, component, values)

    async def forge(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str,
        *,
        values: Sequence[str] | None = None,
        from_guild: int | None = None,
    ) -> InteractionResult:
        """A hostile client's click: any `custom_id` (and select `values`) sent as if from `message`.

        The message arrives carrying that one control, as a client that rewrote it would
        show it; `from_guild` makes the click come from another server than the harness guild.
        """
        control: JSON = {"type": 2, "style": 2, "label": "forged", "custom_id": custom_id}
        data: JSON = {"custom_id": custom_id, "component_type": 2}
        if values is not None:
            options = [{"label": value[:100] or "-", "value": value} for value in values]
            options = options or [{"label": "-", "value": "-"}]
            control = {"type": 3, "custom_id": custom_id, "options": options}
            data = {"custom_id": custom_id, "component_type": 3, "values": list(values)}
        record = self._record(MESSAGE_COMPONENT, user, self.guild.channel_of(message), message=message)
        return await self._interact(record, data, from_guild, [{"type": 1, "components": [control]}])

    async def click_together(self, clicks: Sequence[tuple[FakeUser, FakeComponent]]) -> list[InteractionResult]:
        """Several clicks sent before the bot answers any (a double click, two players at once).

        Every click is built from the components as they are now, so the later ones carry
        what the bot will by then consider stale. Each result holds the requests made with
        its own interaction token; channel messages posted meanwhile are in every result.
        """
        state = self._running_bot()._connection
        first_request, first_post = len(self.requests), len(self.rest.posted)
        records = []
        for user, target in clicks:
            component = self._component(user, target, None)
            record = self._record(MESSAGE_COMPONENT, user, self.guild.channel_of(component.message),
                                  message=component.message)
            self.rest.interactions[record.token] = record
            records.append((record, component_data(component, (), self.guild, user)))
        for record, data in records:
            state.parsers["INTERACTION_CREATE"](interaction_payload(self.guild, record, data))
        await self._finish_step()
        made, posted = self.requests[first_request:], self.rest.posted[first_post:]
        return [InteractionResult(r, [q for q in made if r.token in q.path], posted) for r, _ in records]

    async def submit_modal(
        self, user: FakeUser, custom_id: str, values: Mapping[str, str | Sequence[str]]
    ) -> InteractionResult:
        """`user` fills in and submits the modal the bot last opened to them."""
        opener = self.rest.open_modals.get(user.id)
        if opener is None or opener.response_data is None:
            raise HarnessError(f"the bot has not opened a modal to {user.name}")
        if opener.response_data["custom_id"] != custom_id:
            raise HarnessError(f"the modal open for {user.name} is {opener.response_data['custom_id']!r}")
        data = modal_data(opener.response_data, values)
        del self.rest.open_modals[user.id]
        record = self._record(MODAL_SUBMIT, user, opener.channel, message=opener.message)
        return await self._interact(record, data)

    def send_slash(
        self, user: FakeUser, command: str, /, *, in_channel: ChannelRef | None = None, **options: Any
    ) -> InteractionRecord:
        """Like :meth:`slash`, but returns as soon as the interaction is sent, before the bot answers.

        For many interactions in flight at once (the load benchmark): the record fills in as the
        bot answers; :meth:`settle` afterwards raises what the bot did wrong meanwhile.
        """
        record, data = self._command_record(APPLICATION_COMMAND, user, command, in_channel, options, None)
        self.rest.interactions[record.token] = record
        self._running_bot()._connection.parsers["INTERACTION_CREATE"](interaction_payload(self.guild, record, data))
        return record

    async def _command_interaction(
        self,
        kind: int,
        user: FakeUser,
        command: str,
        in_channel: ChannelRef | None,
        options: Mapping[str, Any],
        focused: str | None,
    ) -> InteractionResult:
        return await self._interact(*self._command_record(kind, user, command, in_channel, options, focused))

    def _command_record(
        self,
        kind: int,
        user: FakeUser,
        command: str,
        in_channel: ChannelRef | None,
        options: Mapping[str, Any],
        focused: str | None,
    ) -> tuple[InteractionRecord, JSON]:
        found, parents, guild_command = find_command(self._tree(), self.guild, command)
        channel = self.channel(in_channel) if in_channel is not None else self.default_channel
        record = self._record(kind, user, channel, command_name=found.qualified_name)
        data = command_data(
            found,
            parents,
            command_id=self._command_id(command.split()[0], guild_command),
            guild=self.guild,
            guild_command=guild_command,
            invoker=user,
            options=options,
            focused=focused,
        )
        return record, data

    def _component(self, user: FakeUser, target: FakeMessage | FakeComponent, custom_id: str | None) -> FakeComponent:
        """The component as it is now on its message (a FakeComponent may predate an edit)."""
        message = target.message if isinstance(target, FakeComponent) else target
        wanted = custom_id or (target.custom_id if isinstance(target, FakeComponent) else None)
        if wanted is None:
            raise HarnessError("name the component: pass a FakeComponent or a custom_id")
        if message.deleted or self.guild.channel_of(message).deleted:
            raise HarnessError(f"message {message.id} no longer exists")
        if message.visible_to not in (None, user.id):
            raise HarnessError(f"{user.name} cannot see another user's ephemeral message")
        current = next((c for c in message.components if c.custom_id == wanted), None)
        if current is None:
            present = [c.custom_id for c in message.components]
            raise HarnessError(f"message {message.id} has no component {wanted!r}; it has {present}")
        return current

    async def _component_interaction(
        self, user: FakeUser, component: FakeComponent, values: Sequence[Any]
    ) -> InteractionResult:
        message = component.message
        data = component_data(component, values, self.guild, user)
        record = self._record(MESSAGE_COMPONENT, user, self.guild.channel_of(message), message=message)
        return await self._interact(record, data)

    def _record(
        self,
        kind: int,
        user: FakeUser,
        channel: FakeChannel,
        *,
        message: FakeMessage | None = None,
        command_name: str | None = None,
    ) -> InteractionRecord:
        interaction_id = self.guild.new_id()
        token = f"harness-interaction-{interaction_id}"
        return InteractionRecord(
            interaction_id, token, kind, user, channel, _now(), message=message, command_name=command_name
        )

    async def _interact(
        self, record: InteractionRecord, data: JSON, from_guild: int | None = None, forged: list[JSON] | None = None
    ) -> InteractionResult:
        state = self._running_bot()._connection
        first_request, first_post = len(self.requests), len(self.rest.posted)
        self.rest.interactions[record.token] = record
        payload = interaction_payload(self.guild, record, data)
        if forged is not None:
            payload["message"] = {**payload["message"], "components": forged}
        if from_guild is not None:
            payload.update(guild_id=str(from_guild), authorizing_integration_owners={"0": str(from_guild)})
            payload["guild"] = {**payload["guild"], "id": str(from_guild)}
        state.parsers["INTERACTION_CREATE"](payload)
        await self._finish_step()
        return InteractionResult(record, self.requests[first_request:], self.rest.posted[first_post:])

    # -- plumbing ----------------------------------------------------------------------------------

    def _running_bot(self) -> discord.Client:
        if self.bot is None:
            raise HarnessError("no bot is running: await h.start(bot) first")
        return self.bot

    def _tree(self) -> app_commands.CommandTree[Any]:
        tree = self._running_bot()._connection._command_tree
        if tree is None:
            raise HarnessError("the bot has no application command tree")
        return tree

    def _command_id(self, name: str, guild_command: bool) -> int:
        """The id Discord gave the command when the bot synced it, else a stable made-up one."""
        synced = self.rest.commands.get(self.guild.id if guild_command else None, {}).get((name, 1))
        if synced is not None:
            return int(synced["id"])
        return self._synthetic_command_ids.setdefault((name, guild_command), self.guild.new_id())

    def _cache_member(self, user: FakeUser) -> None:
        bot = self._running_bot()
        guild = bot.get_guild(self.guild.id)
        if guild is not None and bot._connection.member_cache_flags.joined:
            data = cast(Any, self.guild.member_payload(user))
            guild._add_member(discord.Member(data=data, guild=guild, state=bot._connection))

    def _listener_futures(self) -> list[asyncio.Future[Any]]:
        """Futures of the running bot's `wait_for` calls: they wait for a later user action."""
        listeners = self.bot._listeners.values() if self.bot is not None else ()
        return [future for entries in listeners for future, _ in entries]

    def _feed(self, event: str, payload: JSON) -> None:
        """Send a gateway event to the running bot, if any."""
        if self.bot is not None:
            self.bot._connection.parsers[event](payload)

    async def _settle_if_running(self) -> None:
        if self.bot is not None:
            await self._finish_step()

    async def _finish_step(self) -> None:
        await self._settler.settle()
        if self.problems:
            report = "The bot did something Discord would reject:\n\n" + "\n\n".join(self.problems)
            self.problems.clear()
            raise AssertionError(report)

    def _report(self) -> str | None:
        parts = list(self.problems)
        self.problems.clear()
        errors = self._capture.report()
        if errors is not None:
            parts.append(errors)
        return "\n\n".join(parts) if parts else None

    async def _on_request(
        self,
        method: str,
        url: str,
        body: Any,
        files: tuple[UploadedFile, ...],
        query: Mapping[str, Any],
        reason: str | None,
    ) -> Any:
        # A real request gives other tasks a turn while it is in flight; so does the fake.
        await asyncio.sleep(0)
        request = RecordedRequest(next(self._sequence), method, path_of(url), body, files, dict(query), reason)
        self.requests.append(request)
        for listener in self.request_listeners:
            listener(request)
        if self._traffic_log is not None:
            with self._traffic_log.open("a", encoding="utf-8") as log:
                log.write(request.log_line() + "\n")
        try:
            if self.spec is not None:
                self.spec.validate(method, request.path, body)
            fault = self.faults.take(request)
            if fault is not None and not fault.applied:
                raise fault.error
            self.faults.refuse(request, self._parent_of)
            answer = self.rest.handle(request)
            if fault is not None:
                raise fault.error
            return answer
        except SpecViolation as violation:
            self.problems.append(str(violation))
            raise APIError(400, 50035, "Invalid Form Body", violation.errors) from violation
        except UnmodelledRoute as missing:
            self.problems.append(str(missing))
            raise

    def _parent_of(self, channel_id: int) -> int | Literal[False] | None:
        """A guild channel's or thread's parent (None for a channel); False for a DM or an unknown id."""
        channel = self.guild.channels.get(channel_id)
        return False if channel is None or channel.recipient is not None else channel.parent_id


def _now() -> float:
    return asyncio.get_running_loop().time()
