"""Self-test of the offline Discord, driving a tiny throwaway bot defined here."""

from __future__ import annotations

import asyncio
import io
import json
import re
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.webhook.async_ import async_context, interaction_response_params
from PIL import Image

from tests.harness import DiscordSpec, FakeDiscord, HarnessError
from tests.harness.transport import NetworkAttempt

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def board_png() -> bytes:
    image = Image.new("RGB", (16, 16), "white")
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


class Counter(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"demo:count:(?P<owner>\d+):(?P<n>\d+)"):
    """A button carrying its owner and a number; only the owner may advance it."""

    def __init__(self, owner_id: int, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {n}", custom_id=f"demo:count:{owner_id}:{n}"))
        self.owner_id = owner_id
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Counter:
        return cls(int(match["owner"]), int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.user.id != self.owner_id:
            await interaction.response.send_message("This counter is not yours.", ephemeral=True)
            return
        await interaction.response.edit_message(
            content=f"Count: {self.n + 1}", view=counter_view(self.owner_id, self.n + 1)
        )


def counter_view(owner_id: int, n: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(Counter(owner_id, n))
    return view


class RenameModal(discord.ui.Modal, title="Rename your table"):
    name: discord.ui.TextInput[RenameModal] = discord.ui.TextInput(
        label="New name", custom_id="demo:rename:name", max_length=30
    )

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(f"Renamed to {self.name.value}.", ephemeral=True)


class LevelView(discord.ui.View):
    """An ordinary (non-persistent) view with a timeout: its timer must not hold up the harness."""

    def __init__(self) -> None:
        super().__init__(timeout=180)

    @discord.ui.select(
        custom_id="demo:level", options=[discord.SelectOption(label=v, value=v) for v in ("small", "big")]
    )
    async def level(self, interaction: discord.Interaction[Any], select: discord.ui.Select[LevelView]) -> None:
        await interaction.response.edit_message(content=f"Level: {select.values[0]}", view=None)

    @discord.ui.select(cls=discord.ui.UserSelect, custom_id="demo:partner")
    async def partner(self, interaction: discord.Interaction[Any], select: discord.ui.UserSelect[LevelView]) -> None:
        await interaction.response.edit_message(content=f"Partner: {select.values[0].display_name}", view=None)


class Demo(commands.GroupCog, group_name="demo", group_description="Harness demo"):
    admin = app_commands.Group(name="admin", description="Set-up commands")

    @app_commands.command(description="Greet someone with a board")
    async def hello(self, interaction: discord.Interaction[Any], user: discord.Member, greeting: str) -> None:
        embed = discord.Embed(title=f"{greeting}, {user.display_name}!", description="Here is the board.")
        embed.set_image(url="attachment://board.png")
        await interaction.response.send_message(
            embed=embed,
            file=discord.File(io.BytesIO(board_png()), "board.png"),
            view=counter_view(user.id, 0),
        )

    @app_commands.command(description="Think, then answer")
    async def slow(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0.01)
        size = await asyncio.to_thread(lambda: len(board_png()))
        await interaction.followup.send(f"Done thinking ({size > 0}).")

    @app_commands.command(description="Poke someone by DM")
    async def poke(self, interaction: discord.Interaction[Any], user: discord.User) -> None:
        try:
            await user.send(f"{interaction.user.display_name} poked you!")
        except discord.Forbidden:
            await interaction.response.send_message(
                f"I could not DM {user.display_name}: their DMs are closed.", ephemeral=True
            )
            return
        await interaction.response.send_message("Poked!", ephemeral=True)

    @app_commands.command(description="Rename your table")
    async def rename(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_modal(RenameModal(custom_id="demo:rename"))

    @app_commands.command(description="Choose a level")
    async def choose(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("Pick a level", view=LevelView())

    @app_commands.command(description="Pick a fruit")
    async def pick(self, interaction: discord.Interaction[Any], fruit: str) -> None:
        await interaction.response.send_message(f"You picked {fruit}.")

    @pick.autocomplete("fruit")
    async def pick_fruit(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        fruits = ("apple", "apricot", "banana")
        return [app_commands.Choice(name=f, value=f) for f in fruits if f.startswith(current)]

    @app_commands.command(description="Open a table thread")
    async def table(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("Table opened.")
        message = await interaction.original_response()
        thread = await message.create_thread(name="demo table")
        await thread.send("Welcome to the table.")

    @app_commands.command(description="Shout a too long title")
    async def shout(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(embed=discord.Embed(title="A" * 300))

    @app_commands.command(description="Answer twice")
    async def twice(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("First answer.")
        try:
            await async_context.get().create_interaction_response(
                interaction.id,
                interaction.token,
                session=interaction._session,
                params=interaction_response_params(4, {"content": "Second answer."}),
            )
        except discord.HTTPException as error:
            await interaction.followup.send(f"Second answer refused: {error.code}.")

    @app_commands.command(description="Answer too late")
    async def late(self, interaction: discord.Interaction[Any]) -> None:
        await asyncio.sleep(0.05)
        await interaction.response.send_message("Sorry for the wait.")

    @app_commands.command(description="Crash")
    async def crash(self, interaction: discord.Interaction[Any]) -> None:
        raise RuntimeError("boom")

    @admin.command(description="Configure a table")
    async def setup(
        self,
        interaction: discord.Interaction[Any],
        channel: discord.TextChannel,
        size: app_commands.Range[int, 2, 5],
        public: bool,
    ) -> None:
        await interaction.response.send_message(f"{channel.mention}: {size} seats, public={public}", ephemeral=True)


class DemoBot(commands.Bot):
    def __init__(self) -> None:
        intents = discord.Intents.default()
        intents.members = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None)
        self.ready_count = 0

    async def setup_hook(self) -> None:
        # Registered at start-up so buttons sent by an earlier process keep working.
        self.add_dynamic_items(Counter)
        await self.add_cog(Demo(self))

    async def on_ready(self) -> None:
        self.ready_count += 1


@pytest.fixture
async def h(discord_harness: FakeDiscord) -> FakeDiscord:
    discord_harness.user("alice")
    discord_harness.user("bob")
    await discord_harness.start(DemoBot())
    return discord_harness


def bot_of(h: FakeDiscord) -> DemoBot:
    assert isinstance(h.bot, DemoBot)
    return h.bot


async def test_start_logs_in_and_fills_the_cache(h: FakeDiscord) -> None:
    bot = bot_of(h)
    assert bot.application_id == h.guild.application_id
    assert bot.user is not None and bot.user.id == h.bot_user.id
    assert bot.ready_count == 1 and bot.is_ready()
    guild = bot.get_guild(h.guild.id)
    assert guild is not None
    assert sorted(c.name for c in guild.text_channels) == ["games", "general"]
    assert {m.name for m in guild.members} >= {"alice", "bob", "Agora"}
    assert guild.me.guild_permissions.send_messages
    late = h.user("dave")
    assert guild.get_member(late.id) is not None
    assert [(r.method, r.path) for r in h.requests] == [
        ("GET", "/users/@me"),
        ("GET", "/oauth2/applications/@me"),
    ]


async def test_slash_reply_shows_embed_image_and_button(h: FakeDiscord) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    result = await h.slash(alice, "demo hello", user=bob, greeting="Hi")
    assert result.type == 4 and not result.ephemeral
    assert result.text.startswith("Hi, bob!")
    board = result.message.attachment("board.png") if result.message else None
    assert board is not None and board.data.startswith(PNG_MAGIC)
    assert result.embeds[0]["image"]["url"] == board.url
    button = result.button(label="Count 0")
    assert not button.disabled and button.custom_id == f"demo:count:{bob.id}:0"
    assert h.last_message("general") is result.message


async def test_dynamic_button_edits_for_its_owner_and_refuses_others(h: FakeDiscord) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    board = await h.slash(alice, "demo hello", user=bob, greeting="Hi")
    first = board.button(label="Count 0")
    refused = await h.click(alice, first)
    assert refused.type == 4 and refused.ephemeral and refused.text == "This counter is not yours."
    assert refused.message not in h.messages("general")
    advanced = await h.click(bob, first)
    assert advanced.updated and advanced.message is board.message
    assert advanced.content == "Count: 1" and advanced.button(label="Count 1")
    with pytest.raises(HarnessError, match="no component"):
        await h.click(bob, first)


async def test_defer_then_followup_fills_the_thinking_message(h: FakeDiscord) -> None:
    result = await h.slash(h.user("alice"), "demo slow")
    assert result.type == 5
    assert result.message is not None and not result.message.loading
    assert result.content == "Done thinking (True)."
    assert result.followups == [result.message]


async def test_dm_to_closed_dms_gets_a_polite_ephemeral_answer(h: FakeDiscord) -> None:
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol", dms_closed=True)
    opened = await h.slash(alice, "demo poke", user=bob)
    assert opened.ephemeral and opened.content == "Poked!"
    assert [m.content for m in h.dm_messages(bob)] == ["alice poked you!"]
    closed = await h.slash(alice, "demo poke", user=carol)
    assert closed.ephemeral and "DMs are closed" in closed.content
    assert h.dm_messages(carol) == []


async def test_modal_round_trip(h: FakeDiscord) -> None:
    alice = h.user("alice")
    opened = await h.slash(alice, "demo rename")
    assert opened.type == 9 and opened.modal is not None and opened.modal["title"] == "Rename your table"
    with pytest.raises(HarnessError, match="required"):
        await h.submit_modal(alice, "demo:rename", {})
    submitted = await h.submit_modal(alice, "demo:rename", {"demo:rename:name": "Dragons"})
    assert submitted.type == 4 and submitted.ephemeral and submitted.content == "Renamed to Dragons."


async def test_select_menu_of_a_view_with_a_timeout(h: FakeDiscord) -> None:
    alice = h.user("alice")
    menu = await h.slash(alice, "demo choose")
    select = menu.select(custom_id="demo:level")
    assert select.values == ["small", "big"]
    with pytest.raises(HarnessError, match="no option"):
        await h.select(alice, select, values=["huge"])
    chosen = await h.select(alice, select, values=["big"])
    assert chosen.updated and chosen.content == "Level: big" and chosen.components == []
    menu = await h.slash(alice, "demo choose")
    partner = await h.select(alice, menu.select(custom_id="demo:partner"), values=[h.user("bob")])
    assert partner.content == "Partner: bob"


async def test_autocomplete_offers_choices(h: FakeDiscord) -> None:
    result = await h.autocomplete(h.user("alice"), "demo pick", "fruit", "ap")
    assert result.type == 8
    assert [c["value"] for c in result.choices] == ["apple", "apricot"]


async def test_subcommand_group_with_channel_integer_and_boolean_options(h: FakeDiscord) -> None:
    alice, games = h.user("alice"), h.channel("games")
    result = await h.slash(alice, "demo admin setup", channel=games, size=3, public=True)
    assert result.content == f"{games.mention}: 3 seats, public=True"
    with pytest.raises(HarnessError, match="at most 5"):
        await h.slash(alice, "demo admin setup", channel=games, size=9, public=True)


async def test_thread_created_from_the_response(h: FakeDiscord) -> None:
    result = await h.slash(h.user("alice"), "demo table")
    assert result.message is not None
    thread = h.channel("demo table")
    assert thread.id == result.message.id and thread.parent_id == h.default_channel.id
    assert [m.content for m in h.messages(thread)] == ["Welcome to the table."]
    assert result.channel_messages == h.messages(thread)
    assert bot_of(h).get_channel(thread.id) is not None


async def test_restart_keeps_old_buttons_working(h: FakeDiscord) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    board = await h.slash(alice, "demo hello", user=bob, greeting="Hi")
    old_bot = bot_of(h)
    await h.restart(DemoBot())
    assert old_bot.is_closed() and bot_of(h) is not old_bot and bot_of(h).ready_count == 1
    advanced = await h.click(bob, board.button(label="Count 0"))
    assert advanced.updated and advanced.content == "Count: 1"


async def test_synced_commands_give_interactions_their_ids(h: FakeDiscord) -> None:
    synced = await bot_of(h).tree.sync()
    assert [c.name for c in synced] == ["demo"]
    result = await h.slash(h.user("alice"), "demo pick", fruit="kiwi")
    assert result.text == "You picked kiwi."
    assert h.synced_commands()[0]["id"] == str(synced[0].id)


def command(**fields: Any) -> dict[str, Any]:
    """A slash command's body as discord.py sends it, with ``fields`` changed."""
    return {"type": 1, "name": "demo", "description": "A demo.", "options": [], **fields}


def option(**fields: Any) -> dict[str, Any]:
    return {"type": 3, "name": "fruit", "description": "Which fruit", **fields}


async def refusal(h: FakeDiscord, bodies: list[dict[str, Any]]) -> discord.HTTPException:
    """Discord's answer to publishing ``bodies``: the bot's commands stay as they were."""
    before = h.synced_commands()
    with pytest.raises(discord.HTTPException) as refused:
        await bot_of(h).http.bulk_upsert_global_commands(h.guild.application_id, bodies)
    assert h.synced_commands() == before
    return refused.value


@pytest.mark.parametrize(
    ("bodies", "where"),
    [
        ([command(name="Demo")], "In 0.name: Command name is invalid"),
        ([command(name="two words")], "In 0.name: Command name is invalid"),
        ([command(description="")], "In 0.description: Must be between 1 and 100 in length."),
        (
            [command(options=[option(choices=[{"name": "Kiwi", "value": "k" * 101}])])],
            "In 0.options.0.choices.0.value: Must be between 1 and 100 in length.",
        ),
        (
            [command(options=[option(choices=[{"name": "n" * 100, "value": f"{n:0>100}"} for n in range(21)])])],
            "In 0: Command exceeds maximum size (4000)",
        ),
        ([command(name=f"demo{n}") for n in range(101)], "Must be 100 or fewer in length."),
    ],
    ids=["capital", "space", "no description", "long value", "too large", "101 commands"],
)
async def test_commands_over_discords_limits_are_refused_with_the_field(
    h: FakeDiscord, bodies: list[dict[str, Any]], where: str
) -> None:
    """Limits Discord's OpenAPI description does not carry: the fake enforces them itself."""
    refused = await refusal(h, bodies)
    assert (refused.status, refused.code) == (400, 50035) and where in refused.text
    assert h.problems == []


async def test_a_description_too_long_in_one_language_is_refused_with_its_path(h: FakeDiscord) -> None:
    french = option(description_localizations={"fr": "é" * 101})
    refused = await refusal(h, [command(), command(name="other", options=[option(), french])])
    assert (refused.status, refused.code) == (400, 50035)
    assert "In 1.options.1.description_localizations.fr: Must be between 1 and 100 in length." in refused.text
    if h.spec is not None:  # the description carries this limit: the request is also reported
        assert len(h.problems) == 1 and "description_localizations" in h.problems[0]
        h.problems.clear()


async def test_commands_within_every_limit_are_taken(h: FakeDiscord) -> None:
    choices = [{"name": "n" * 100, "name_localizations": {"fr": "é" * 100}, "value": "v" * 100}] * 19
    taken = command(name="défi", options=[option(choices=choices, description_localizations={"fr": "d" * 100})])
    await bot_of(h).http.bulk_upsert_global_commands(h.guild.application_id, [taken])
    assert [c["name"] for c in h.synced_commands()] == ["défi"]


async def test_second_acknowledgement_is_refused_like_discord(h: FakeDiscord) -> None:
    result = await h.slash(h.user("alice"), "demo twice")
    assert result.content == "First answer."
    assert [m.content for m in result.followups] == ["Second answer refused: 40060."]
    callbacks = [r for r in result.requests if r.path.endswith("/callback")]
    assert len(callbacks) == 2 and result.record.response_seq == callbacks[0].seq


async def test_answer_after_three_seconds_is_unknown_interaction(h: FakeDiscord) -> None:
    h.rest.interaction_deadline = 0.01
    with h.expect_logged_error("10062"):
        result = await h.slash(h.user("alice"), "demo late")
    assert not result.responded


async def test_deleted_channel_answers_unknown_channel(h: FakeDiscord) -> None:
    bot = bot_of(h)
    games = h.channel("games")
    cached = bot.get_channel(games.id)
    assert isinstance(cached, discord.TextChannel)
    await h.delete_channel(games)
    assert bot.get_channel(games.id) is None
    with pytest.raises(discord.NotFound) as raised:
        await cached.send("anyone here?")
    assert raised.value.code == 10003


async def test_content_over_2000_characters_is_refused(h: FakeDiscord) -> None:
    general = bot_of(h).get_channel(h.default_channel.id)
    assert isinstance(general, discord.TextChannel)
    with pytest.raises(discord.HTTPException) as raised:
        await general.send("x" * 2001)
    assert raised.value.code == 50035 and "2000 or fewer" in raised.value.text
    assert h.messages(general.id) == []


async def test_exception_in_a_command_fails_the_teardown_check(h: FakeDiscord) -> None:
    alice = h.user("alice")
    with h.expect_logged_error("boom"):
        await h.slash(alice, "demo crash")
    assert h.errors == []
    await h.slash(alice, "demo crash")
    with pytest.raises(AssertionError, match="RuntimeError: boom"):
        h.check()
    h.errors.clear()


async def test_invalid_body_from_the_bot_fails_the_step(h: FakeDiscord) -> None:
    if h.spec is None:
        pytest.skip("Discord OpenAPI description not found; request validation skipped")
    with h.expect_logged_error("50035"), pytest.raises(AssertionError, match="maxLength 256"):
        await h.slash(h.user("alice"), "demo shout")


async def test_real_network_is_refused(h: FakeDiscord) -> None:
    async with aiohttp.ClientSession() as session:
        with pytest.raises(NetworkAttempt):
            await session.get("https://discord.com/api/v10/gateway")
    assert any("real HTTP access" in p for p in h.problems)
    h.problems.clear()


async def test_traffic_log_lines(
    discord_spec: DiscordSpec | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "traffic.jsonl"
    monkeypatch.setenv("DISCORD_TRAFFIC_LOG", str(log))
    harness = FakeDiscord(spec=discord_spec)
    try:
        await harness.start(DemoBot())
        await harness.slash(harness.user("alice"), "demo hello", user=harness.user("bob"), greeting="Hey")
    finally:
        await harness.stop()
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    callback = next(line for line in lines if line["path"].endswith("/callback"))
    assert callback["method"] == "POST" and callback["json"]["type"] == 4
    assert callback["files"] == [{"filename": "board.png", "size": len(board_png())}]
