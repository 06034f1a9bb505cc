"""Play on from /replay on a French server: the menu, the game it starts and the refusals, all in French."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from bot.i18n import text
from bot.movelog import replay
from tests.e2e.test_arcanor_e2e import pick_together
from tests.e2e.test_replay_play_on_e2e import PLAY_ON, game_count, play_on_menu
from tests.e2e.test_review_e2e import BLUNDER, WINNING_ANSWER
from tests.e2e.test_review_fr_e2e import played_in_french
from tests.harness import FakeDiscord, FakeMessage, FakeUser


async def stepped_to_fr(h: FakeDiscord, user: FakeUser, game_id: int, plies: int) -> FakeMessage:
    """``user``'s replay panel of game ``game_id`` in French, stepped on with « Suivant » ``plies`` times."""
    opened = await h.slash(user, "replay", game=game_id)
    panel = opened.message
    assert panel is not None and panel.ephemeral, opened.text
    for _ in range(plies):
        stepped = await h.click(user, panel.button(label=text("fr", "replay.next")))
        assert stepped.message is not None
        panel = stepped.message
    return panel


async def test_play_on_from_a_replay_in_french(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    """Bob replays the game to Alice's opening and plays on from it, at the medium level, in his seat."""
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await played_in_french(h, alice, bob, [(0, BLUNDER), (1, WINNING_ANSWER)])
    finished = await bot.service.load(1)
    panel = await stepped_to_fr(h, bob, finished.id, 1)
    menu = play_on_menu(panel)
    assert menu is not None and menu.placeholder == text("fr", "playon.placeholder")
    medium = text("fr", "playon.option_here", level=text("fr", "bot.level.medium"))
    assert medium == "Continuer depuis cette position contre Agora (moyen)"
    assert medium in [option["label"] for option in menu.options]

    picked = await h.select(bob, menu, values=["1:medium"])
    assert not picked.ephemeral, picked.text
    [record] = await bot.service.active_games(bob.id, h.guild.id)
    assert record.seats[1] == bob.id and record.bot_seats == {0: "medium"}
    moves = await bot.storage.moves(finished.id)
    assert record.state is not None and record.state.to_json() == replay(finished.row, moves[:1]).to_json()
    board = h.last_message(h.default_channel)
    assert board.content.startswith(f"<@{bob.id}>") and f"partie n°{record.id}" in board.text, board.text


async def test_play_on_refusals_in_french(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    """A member who did not play, a double pick, a position the game never reached: each told in French."""
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    bot = make_bot()
    await h.start(bot)
    await played_in_french(h, alice, bob, [(0, BLUNDER), (1, WINNING_ANSWER)])
    outsider = await stepped_to_fr(h, carol, 1, 0)
    assert play_on_menu(outsider) is None
    refused = await h.forge(carol, outsider, f"{PLAY_ON}1", values=["0:easy"])
    assert refused.ephemeral and text("fr", "playon.not_yours", id=1) in refused.text
    assert refused.text.startswith("Vous n'avez pas joué la partie n° 1"), refused.text

    panel = await stepped_to_fr(h, alice, 1, 0)
    far = await h.forge(alice, panel, f"{PLAY_ON}1", values=["5:easy"])
    assert far.ephemeral and text("fr", "playon.no_position", id=1, ply=6) in far.text
    menu = play_on_menu(panel)
    assert menu is not None
    first, second = await pick_together(h, [(alice, menu, "0:hard"), (alice, menu, "0:hard")])
    [record] = await bot.service.active_games(alice.id, h.guild.id)
    already = text("fr", "playon.already", id=1, game=record.id, channel=h.default_channel.id)
    assert not first.ephemeral and second.ephemeral and already in second.text, (first.text, second.text)
    assert await game_count(bot) == 2
