"""The Hint button: only in casual games against Agora alone; a hinted game says so."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from bot.i18n import text
from cogs.tournament import MIN_SIGN_UP
from rules import GAMES
from tests.e2e.conftest import Clock
from tests.e2e.test_arkaios_e2e import challenge_accepted
from tests.e2e.test_tournament_e2e import run_due
from tests.harness import FakeDiscord, FakeMessage

HINT = "Hint"


def hint_buttons(board: FakeMessage) -> list[str]:
    return [str(b.label) for b in board.buttons if b.label in (HINT, text("en", "hint.played_with"))]


async def test_a_hint_against_agora_shows_its_move_and_marks_the_game(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice = h.user("alice")
    bot = make_bot()
    await h.start(bot)
    started = await h.slash(alice, "arkaios challenge", opponent=h.bot_user, level="hard")
    assert started.type == 4, started.text
    board = h.last_message(h.default_channel)
    hinted = await h.click(alice, board.button(label=HINT))
    assert hinted.message is not None and hinted.message.ephemeral, hinted
    [record] = await bot.service.active_games(alice.id, h.guild.id)
    assert record.state is not None
    legal = {str(move) for move in record.state.legal_moves(0)}
    said = hinted.message.text
    assert "Agora (medium) would play" in said and any(f"**{move}**" in said for move in legal), said
    assert hinted.message.attachments[0].filename.startswith("hint-")
    assert not (await bot.storage.moves(record.id)), "a hint plays nothing"

    outsider = await h.click(h.user("carol"), board.button(label=HINT))
    assert outsider.ephemeral and "would play" not in outsider.text, "a hint is for the player alone"
    again = await h.click(alice, board.button(label=HINT))
    assert again.message is not None and hinted.message.text == again.message.text, "the same hint twice"
    resigned = await h.slash(alice, "resign", game=record.id)
    assert resigned.ephemeral, resigned.text
    final = h.last_message(h.default_channel)
    assert hint_buttons(final) == [text("en", "hint.played_with")], "the finished board says it was hinted"
    history = await h.slash(alice, "history")
    assert text("en", "hint.history_mark").strip(" ·") in history.text


async def test_no_hint_in_a_game_between_people(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    board = await challenge_accepted(h, alice, bob)
    assert hint_buttons(board) == [], "a game between people (rated) offers no hint"
    [record] = await bot.service.active_games(alice.id, h.guild.id)
    forged = await h.forge(alice, board, f"agora:b:{record.id}:{record.version}:hint")
    assert forged.ephemeral and text("en", "hint.only_against_agora") in forged.text
    history = await h.slash(alice, "history")
    assert text("en", "hint.history_mark").strip(" ·") not in history.text


async def test_no_hint_in_a_tournament_game(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    bot = make_bot()
    await h.start(bot)
    made = await h.slash(h.owner, "tournament create", game="arkaios", format="swiss", rounds=1, starts="now")
    assert not made.ephemeral, made.text
    ann, ben = h.user("ann"), h.user("ben")
    for player in (ann, ben):
        await h.slash(player, "tournament join")
    clock.advance(MIN_SIGN_UP)  # sign-up stays open a few minutes even when the event starts now
    await run_due(h, bot)
    board = [m for m in h.messages(h.default_channel) if m.attachments][-1]  # the round's announcement follows it
    assert GAMES["arkaios"].name in board.text and hint_buttons(board) == []
    [record] = await bot.service.active_games(ann.id, h.guild.id)
    forged = await h.forge(ann, board, f"agora:b:{record.id}:{record.version}:hint")
    assert forged.ephemeral and "Hints are" in forged.text, forged.text
