"""Attacks on acting for others, as a hostile server member would try them through Discord.

Each one was possible before: the opponent's Undo, a claim on time before the deadline,
answering an offer nobody made, joining a table from another server, asking /move about
other servers' games, and ids too large for the database.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from bot.service import GameRecord
from cogs.common import game_cog
from tests.e2e.conftest import Clock
from tests.harness import FakeDiscord, FakeMessage, FakeUser

INVALID = "This control is not valid."


async def posted(h: FakeDiscord, bot: AgoraBot, record: GameRecord) -> FakeMessage:
    await game_cog(bot, record.game).post_board(None, record)
    await h.settle()
    return h.last_message(h.default_channel)


async def arkaios(h: FakeDiscord, bot: AgoraBot, alice: FakeUser, bob: FakeUser) -> GameRecord:
    """Alice opened c3=3, Bob answered d4=2: Alice's turn."""
    service = bot.service
    record = await service.start_game("arkaios", guild_id=h.guild.id, channel_id=h.default_channel.id,
                                      seats=[alice.id, bob.id])
    record = await service.play(record.id, alice.id, ["c3=3"])
    return await service.play(record.id, bob.id, ["d4=2"])


async def test_only_the_owner_of_a_complete_draft_can_undo_it(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    bot = make_bot()
    await h.start(bot)
    alice, bob = h.user("alice"), h.user("bob")
    record = await arkaios(h, bot, alice, bob)
    for pillar in ("b2=2", "b3=2", "a4=1"):  # a whole turn, not yet confirmed
        record = await bot.service.add_to_draft(record.id, alice.id, pillar, None)
    board = await posted(h, bot, record)
    refused = await h.click(bob, board.button(label="Undo"))
    assert refused.ephemeral and "not your turn" in refused.text
    assert (await bot.service.load(record.id)).row.draft == ["b2=2", "b3=2", "a4=1"]
    undone = await h.click(alice, board.button(label="Undo"))
    assert undone.updated
    assert (await bot.service.load(record.id)).row.draft == ["b2=2", "b3=2"]


async def test_a_claim_on_time_waits_for_the_deadline(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    bot = make_bot()
    await h.start(bot)
    alice, bob = h.user("alice"), h.user("bob")
    record = await arkaios(h, bot, alice, bob)
    board = await posted(h, bot, record)
    claim = f"agora:b:{record.id}:{record.version}:days:claim"
    early = await h.forge(bob, board, claim)
    assert early.ephemeral and "Time is not up yet" in early.text
    own = await h.forge(alice, board, claim)
    assert own.ephemeral and "only your opponent can claim" in own.text
    assert (await bot.service.load(record.id)).row.status == "active"
    clock.advance(8 * 86400)
    claimed = await h.forge(bob, board, claim)
    assert not claimed.ephemeral and "claimed the win" in claimed.text
    assert (await bot.service.load(record.id)).row.status == "finished"


async def test_only_a_stored_offer_can_be_answered(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    bot = make_bot()
    await h.start(bot)
    alice, bob = h.user("alice"), h.user("bob")
    record = await arkaios(h, bot, alice, bob)
    board = await posted(h, bot, record)
    base = f"agora:b:{record.id}:{record.version}:days"
    forged = await h.forge(alice, board, f"{base}:draw:yes:{bob.id}")
    assert forged.ephemeral and forged.text == INVALID
    for kind in ("draw", "takeback"):
        unasked = await h.forge(alice, board, f"{base}:{kind}:yes")
        assert unasked.ephemeral and "no such offer" in unasked.text
    after = await bot.service.load(record.id)
    assert after.row.status == "active" and after.version == record.version and after.row.offer is None
    offered = await h.slash(bob, "takeback", game=record.id)
    assert offered.ephemeral
    question = h.last_message(h.default_channel)
    own = await h.click(bob, question.button(label="Allow take-back"))
    assert own.ephemeral and "your opponent must answer" in own.text
    allowed = await h.click(alice, question.button(label="Allow take-back"))
    assert allowed.updated and f"<@{bob.id}>'s last move in game #{record.id} was taken back" in allowed.text
    assert [move.notation for move in await bot.service.move_log(record.id)] == ["c3=3"]


async def test_a_table_cannot_be_joined_from_another_server(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    bot = make_bot()
    await h.start(bot)
    alice, mallory = h.user("alice"), h.user("mallory")
    lobby = await h.slash(alice, "kouba create")
    join = lobby.message.button(label="Join") if lobby.message else None
    assert join is not None and join.custom_id is not None
    foreign = await h.forge(mallory, join.message, join.custom_id, from_guild=4_242_424_242)
    assert foreign.ephemeral and foreign.text == INVALID
    game_id = int(join.custom_id.split(":")[2])
    assert (await bot.service.load(game_id)).seats == [alice.id]


async def test_move_tells_nothing_about_games_that_are_not_yours(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    bot = make_bot()
    await h.start(bot)
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    record = await arkaios(h, bot, alice, bob)
    await bot.service.resign(record.id, bob.id)
    foreign = await bot.service.start_game("arkaios", guild_id=77, channel_id=78, seats=[carol.id, bob.id])
    answers = set()
    for game in (record.id, foreign.id, 999, 2**70):
        answer = await h.slash(carol, "move", notation="a1=1", game=game)
        assert answer.ephemeral
        answers.add(answer.text.replace(str(game), "N"))
    assert answers == {"Game #N is not one of your games on this server: see /games."}


async def test_malformed_control_ids_are_answered_politely(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    bot = make_bot()
    await h.start(bot)
    alice, bob = h.user("alice"), h.user("bob")
    record = await arkaios(h, bot, alice, bob)
    board = await posted(h, bot, record)
    for custom_id in (
        f"agora:b:{record.id}:{record.version}:days",
        f"agora:b:{'9' * 40}:any:private",
        f"agora:b:{record.id}:{'9' * 30}:confirm",
        f"agora:b:{record.id}:{record.version}:nothing",
        "agora:b:",
        f"agora:b:{record.id}:{record.version}:confirm extra",
        "agora:s:0:0:build1",
    ):
        answer = await h.forge(alice, board, custom_id)
        assert answer.ephemeral and answer.text == INVALID, custom_id
    assert (await bot.service.load(record.id)).version == record.version
