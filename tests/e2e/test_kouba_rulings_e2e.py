"""Kouba rules that players meet in Discord: giving up a race, six alike to any player,
powers while a Kouba is being placed, and keep menus that offer only keeps the engine accepts.

Each test arranges the stored game (the dice and the cards are random in a real deal), posts
a fresh board the way the scheduler does, then plays through the controls players see.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from bot.storage import Changes
from cogs.common import game_cog
from rules.kouba import KoubaState, Pile
from rules.kouba_deck import load_deck
from tests.e2e.conftest import Clock
from tests.e2e.test_kouba_e2e import board_of, fixed_seed, game_id, panel_select, pinged, started_round
from tests.harness import FakeDiscord, FakeMessage, FakeUser

__all__ = ["fixed_seed"]  # the autouse fixture: every deal and roll of these tests is the same

Arrange = Callable[[KoubaState], None]


async def arranged(h: FakeDiscord, app: AgoraBot, users: list[FakeUser], arrange: Arrange) -> FakeMessage:
    """Start a table (every swap made, alice to play), change the stored game, post its board."""
    gid = game_id(await started_round(h, users))
    record = await app.service.load(gid)
    assert isinstance(record.state, KoubaState)
    data = record.state.to_json()
    state = KoubaState.from_json(data)
    arrange(state)
    await app.storage.update_game(gid, record.version, Changes({"state": state.to_json()}))
    await game_cog(app, "kouba").post_board(None, await app.service.load(gid))
    return board_of(h)


async def stored(app: AgoraBot, board: FakeMessage) -> KoubaState:
    record = await app.service.load(game_id(board))
    assert isinstance(record.state, KoubaState)
    return record.state


def dice(state: KoubaState, seat: int, values: list[int], target: str = "") -> None:
    roller = state.rollers[seat]
    roller.values, roller.kept, roller.rolls, roller.target = list(values), [False] * 6, 1, target


def reaper_race(state: KoubaState) -> None:
    """Alice's turn opens with the Reaper: everyone races for a straight, nobody has rolled."""
    data = state.to_json()
    data["phase"] = "event"
    data["event"] = {
        "kind": "reaper", "card": "D25", "drawer": 0, "seats": [0, 1, 2], "stage": "roll",
        "take": [-1, -1, -1], "attempt": 1,
    }  # fmt: skip
    for roller in data["rollers"]:
        roller.update(limit=0, target="run-6", values=[], kept=[], rolls=0, done=False)
    restored = KoubaState.from_json(data)
    state.__dict__.update(restored.__dict__)


def active(card_power: str) -> Pile:
    cid = next(cid for cid, c in load_deck().items() if c.power == card_power)
    return Pile([cid], active=True)


# ---------------------------------------------------------------------------


async def test_a_racer_gives_up_the_race_and_takes_the_kouba(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    """« sans limite de lancers »: a racer may give up instead, and loses the race."""
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    app = make_bot()
    await h.start(app)
    board = await arranged(h, app, [alice, bob, carol], reaper_race)
    assert set(pinged(board)) == {alice.id, bob.id, carol.id} and "giving up loses the race" in board.text
    panel = await h.click(bob, board.button(label="My dice…"))
    assert panel.ephemeral and not panel.button(label="Give up the race").disabled
    given_up = await h.click(bob, board.button(label="Give up the race"))
    assert given_up.updated
    after = board_of(h)
    assert after is not board and pinged(after) == [bob.id]
    assert "bob gives up the race" in after.text and "gave up" in after.text
    state = await stored(app, after)
    assert state.event is None and state.pending[0].receiver == 1


async def test_a_racer_out_of_time_gives_up(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    app = make_bot()
    await h.start(app)
    board = await arranged(h, app, [alice, bob, carol], reaper_race)
    gid = game_id(board)
    clock.advance(25 * 3600)
    assert await app.scheduler.run_due() >= 1
    record = await app.service.load(gid)
    assert record.row.status == "active", "running out of time in a race is giving it up, not a forfeit"
    assert [m.notation for m in await app.service.move_log(record.id)][-1] == "stop"
    assert "did not answer in time" in board.content
    assert pinged(board_of(h)) == [alice.id] and "alice gives up the race" in board_of(h).text


async def test_six_alike_may_give_the_roller_a_kouba(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    """« il peut infliger un KOUBA à un joueur de son choix » (RULINGS: any player, the roller too)."""
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    app = make_bot()
    await h.start(app)
    board = await arranged(h, app, [alice, bob], lambda state: dice(state, 0, [4] * 6))
    assert "may give any player a Kouba, themselves included" in board.text
    menu = board.select(placeholder="Six alike: give a player a Kouba…")
    labels = [option["label"] for option in menu.options]
    assert "six alike: Kouba to alice on pile 2" in labels and "six alike: Kouba to bob on pile 2" in labels
    given = await h.select(alice, menu, values=["give:@1:pile2"])
    assert given.updated
    state = await stored(app, board)
    assert state.piles[0][1].kouba and "gives themselves a Kouba" in board_of(h).text


async def test_six_alike_at_a_table_of_six_offers_every_pile(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    users = [h.user(name) for name in ("alice", "bob", "carol", "dave", "erin", "frank")]
    app = make_bot()
    await h.start(app)
    board = await arranged(h, app, users, lambda state: dice(state, state.turn, [2] * 6))
    roller = users[(await stored(app, board)).turn]
    first = board.select(placeholder="Six alike: give a player a Kouba…")
    more = board.select(placeholder="Six alike: more players and piles…")
    assert len(first.values) + len(more.values) == 30 and len(set(first.values + more.values)) == 30
    assert board.button(label="My hand"), "the hand button moves up when the menus fill the last row"
    given = await h.select(roller, more, values=[more.values[-1]])
    assert given.updated


async def test_a_power_while_a_kouba_is_being_placed(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    """« utilisable une seule fois, à tout moment »: bob's Khan while alice places her Kouba."""
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    app = make_bot()
    await h.start(app)

    def khan_for_bob(state: KoubaState) -> None:
        state.piles[1][0] = active("khan")
        dice(state, 0, [1, 2, 3, 5, 6, 6])

    board = await arranged(h, app, [alice, bob, carol], khan_for_bob)
    await h.click(alice, board.button(label="Give up: take a Kouba"))
    placing = board_of(h)
    assert pinged(placing) == [alice.id] and "chooses the pile" in placing.text
    hand = await h.click(bob, placing.button(label="My hand"))
    menu = panel_select(hand, game_id(placing), "pm-khan")
    target = next(v for v in menu.values if v.startswith("khan:@1:pile4"))
    played = await h.select(bob, menu, values=[target])
    assert played.updated and played.ephemeral
    assert pinged(board_of(h)) == [alice.id], "the game still waits for alice only"
    placed = await h.click(alice, board_of(h).button(label="Kouba on pile 2 (1 card)"))
    assert placed.updated
    state = await stored(app, board_of(h))
    assert state.piles[0][1].kouba and state.piles[0][3].kouba and state.turn == 1


async def test_race_keep_menus_offer_only_keeps_the_engine_accepts(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    """A duel for « 4-kind & full » from 3 3 3 5 5 6: keeping 3, 5 and 6 can never make it."""
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    app = make_bot()
    await h.start(app)

    def duel(state: KoubaState) -> None:
        data = state.to_json()
        data["phase"] = "event"
        data["event"] = {
            "kind": "duel", "card": "D27", "drawer": 0, "seats": [0, 1], "stage": "roll", "take": [0, 0],
            "attempt": 1,
        }  # fmt: skip
        data["piles"][1][0]["cards"].append("D26")  # alice races for the Axe Duelist's 4-kind & full
        restored = KoubaState.from_json(data)
        dice(restored, 0, [3, 3, 3, 5, 5, 6], "4-kind & full")
        restored.rollers[1].target = "two-pairs"
        state.__dict__.update(restored.__dict__)

    board = await arranged(h, app, [alice, bob], duel)
    panel = await h.click(alice, board.button(label="My dice…"))
    menus = [s for s in panel.selects if "keep" in (s.custom_id or "")]
    offered = [value for menu in menus for value in menu.values]
    assert "keep:3,5,6" not in offered and "keep:3,3,3,5,5" in offered and "keep:6" in offered
    assert all(menu.max_values == 1 for menu in menus), "whole keeps, not dice to combine"
    assert menus[0].options[0]["label"] == "Keep 3 3 3 5 5, roll 1"
    kept = await h.select(alice, menus[0], values=["keep:3,3,3,5,5"])
    assert kept.updated and kept.ephemeral
    state = await stored(app, board)
    assert state.rollers[0].rolls == 2 and state.rollers[0].values[:5] == [3, 3, 3, 5, 5]


def drawn_out(state: KoubaState) -> None:
    """The draw pile is out and the Shaman's replacement could not be drawn: slot 2 stays empty."""
    state.discard.append(state.arena[1] or "")
    state.arena[1], state.draw = None, []


async def test_an_empty_arena_slot_says_why(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    app = make_bot()
    await h.start(app)
    board = await arranged(h, app, [alice, bob], drawn_out)
    assert "2. (empty: no card left to draw)" in board.text
    await h.slash(h.owner, "agora settings", language="fr")
    await game_cog(app, "kouba").post_board(None, await app.service.load(game_id(board)))
    assert "2. (vide : plus aucune carte à piocher)" in board_of(h).text
