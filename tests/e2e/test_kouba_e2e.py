"""Kouba from an open table to the scores, as the players see it in Discord."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable

import pytest

from bot.app import AgoraBot
from bot.storage import Changes
from rules.kouba import KoubaState, Pile
from rules.kouba_deck import load_deck
from tests.e2e.conftest import Clock
from tests.harness import FakeComponent, FakeDiscord, FakeMessage, FakeUser, InteractionResult

SEED = 11  # in this deal alice (@1) opens round 1
STEP_LIMIT = 400


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game of these tests deals and rolls the same way (the service seeds games with secrets)."""
    monkeypatch.setattr(secrets, "randbits", lambda bits: SEED)


# -- reading what players see -------------------------------------------------------------


def board_of(h: FakeDiscord) -> FakeMessage:
    """The current board: the last message of the channel with a picture."""
    return next(m for m in reversed(h.messages(h.default_channel)) if m.attachments)


def pinged(board: FakeMessage) -> list[int]:
    """The users the board's content mentions before its prompt: those the game waits for."""
    return [int(uid) for uid in re.findall(r"<@(\d+)>", board.content.split(":")[0])]


def action_of(component: FakeComponent) -> str:
    return (component.custom_id or "").split(":", 4)[-1]


def usable(message: FakeMessage, prefix: str) -> FakeComponent | None:
    """The first enabled control whose label or action starts with ``prefix``."""
    for component in message.components:
        if component.disabled:
            continue
        if (component.label or "").startswith(prefix) or action_of(component).startswith(prefix):
            return component
    return None


# -- setting a table up ---------------------------------------------------------------------


async def open_table(h: FakeDiscord, creator: FakeUser, others: list[FakeUser]) -> FakeMessage:
    """The creator opens a table, the others join, the creator starts; returns the first board."""
    lobby = await h.slash(creator, "kouba create")
    assert lobby.type == 4 and not lobby.ephemeral
    for user in others:
        joined = await h.click(user, lobby.button(label="Join"))
        assert joined.updated
    started = await h.click(creator, lobby.button(label="Start"))
    assert started.updated and "The game is on" in started.text
    return board_of(h)


async def swap(h: FakeDiscord, user: FakeUser, board: FakeMessage, choice: str) -> InteractionResult:
    """Open My hand and pick a swap (``swap:none``, ``swap:1,3``...) in its select."""
    hand = await h.click(user, board.button(label="My hand"))
    menu = panel_select(hand, game_id(board), "pm-swap")
    value = next(v for v in menu.values if v.split("|")[0] == choice)
    return await h.select(user, menu, values=[value])


def panel_select(panel: InteractionResult, game: int, action: str) -> FakeComponent:
    """The select of a private panel for ``action`` (``pm-swap``), drawn for whatever version of game ``game``."""
    return next(s for s in panel.selects if re.fullmatch(rf"agora:s:{game}:[0-9]+:{action}[0-9]*", s.custom_id or ""))


def game_id(board: FakeMessage) -> int:
    return int(board.components[0].custom_id.split(":")[2])  # type: ignore[union-attr]


async def started_round(h: FakeDiscord, players: list[FakeUser]) -> FakeMessage:
    """A table of the given players with every swap made; returns the board of the first turn."""
    board = await open_table(h, players[0], players[1:])
    for user in players:
        await swap(h, user, board, "swap:none")
    return board_of(h)


# -- a player who picks legal moves from the controls offered -------------------------------


class Autoplayer:
    """Plays for whoever the board pings, through the real controls: enough to reach a round's end.

    It prefers placing Koubas, countering with a King, claiming a card; otherwise it rolls twice
    and gives up. In events it uses the private "My dice" panel, keeping what the panel offers.
    """

    def __init__(self, h: FakeDiscord, players: list[FakeUser]) -> None:
        self.h = h
        self.by_id = {user.id: user for user in players}
        self.boards_seen: list[str] = []

    async def until(self, done: Callable[[FakeMessage], bool]) -> FakeMessage:
        for _ in range(STEP_LIMIT):
            board = board_of(self.h)
            if done(board):
                return board
            await self.step(board)
        raise AssertionError(f"not reached in {STEP_LIMIT} steps")

    async def step(self, board: FakeMessage) -> None:
        if board.content not in self.boards_seen:
            self.boards_seen.append(board.content)
        user = self.by_id[pinged(board)[0]]
        for prefix in ("Kouba on pile", "Counter with the King", "mv-duel", "mv-claim"):
            control = usable(board, prefix)
            if control is not None:
                await self.use(user, control)
                return
        take = next((s for s in board.selects if (s.placeholder or "").startswith(f"{user.name}: race")), None)
        if take is not None:
            await self.use(user, take)
            return
        first = usable(board, "Roll the dice") or usable(board, "Roll all dice again (2 left)")
        if first is not None:
            await self.use(user, first)
            return
        give_up = usable(board, "mv:stop")
        if give_up is not None:
            await self.use(user, give_up)
            return
        await self.event_dice(user, board)

    async def use(self, user: FakeUser, control: FakeComponent) -> InteractionResult:
        if control.is_select:
            result = await self.h.select(user, control, values=[control.values[0]])
        else:
            result = await self.h.click(user, control)
        assert result.updated, result.text
        return result

    async def event_dice(self, user: FakeUser, board: FakeMessage) -> None:
        """Roll an event through the private dice panel until this player is done."""
        panel = await self.h.click(user, board.button(label="My dice…"))
        assert panel.ephemeral and panel.message is not None
        message = panel.message
        while message.components:
            result = await self.dice_step(user, message)
            if result.type != 7 or result.message is None or not result.message.ephemeral:
                return
            message = result.message

    async def dice_step(self, user: FakeUser, panel: FakeMessage) -> InteractionResult:
        stop, keep, roll = usable(panel, "Stop"), usable(panel, "ev:keep"), usable(panel, "Roll all my dice")
        if stop is not None and "not rolled yet" not in panel.text:
            return await self.h.click(user, stop)
        if keep is not None:
            kept = await self.h.select(user, keep, values=keep.values[: keep.max_values])
            if kept.updated or roll is None:
                return kept
        assert roll is not None, panel.text
        return await self.h.click(user, roll)


def round_over(number: int) -> Callable[[FakeMessage], bool]:
    return lambda board: f"Round {number} is over" in board.text or "Game over" in board.text


# -- tests ------------------------------------------------------------------------------------


async def test_lobby_join_leave_and_start(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob, carol, dave = h.user("alice"), h.user("bob"), h.user("carol"), h.user("dave")
    await h.start(make_bot())
    bad = await h.slash(alice, "kouba create", deadline="soon")
    assert bad.ephemeral and "30m, 2h or 3d" in bad.text
    lobby = await h.slash(alice, "kouba create", deadline="2d")
    assert lobby.type == 4 and not lobby.ephemeral and lobby.message is not None
    table = lobby.message
    assert f"<@{alice.id}>" in table.text and "Players (1/6)" in table.text
    assert table.button(label="Start").disabled, "one player cannot start"
    for user in (bob, carol, dave):
        joined = await h.click(user, table.button(label="Join"))
        assert joined.updated and joined.message is table
    assert "Players (4/6)" in table.text and f"<@{dave.id}>" in table.text
    again = await h.click(bob, table.button(label="Join"))
    assert again.ephemeral and "already at this table" in again.text
    left = await h.click(dave, table.button(label="Leave"))
    assert left.updated and "Players (3/6)" in table.text and f"<@{dave.id}>" not in table.text
    stranger = await h.click(dave, table.button(label="Leave"))
    assert stranger.ephemeral and "not at this table" in stranger.text
    not_creator = await h.click(bob, table.button(label="Start"))
    assert not_creator.ephemeral and "Only" in not_creator.text and f"<@{alice.id}>" in not_creator.text
    assert not table.button(label="Start").disabled
    start, late = await h.click_together([(alice, table.button(label="Start")), (dave, table.button(label="Join"))])
    assert start.updated and "The game is on" in table.text and not table.components
    assert late.ephemeral and "already started" in late.text
    board = board_of(h)
    assert set(pinged(board)) == {alice.id, bob.id, carol.id}
    assert "swap up to 2" in board.content and "Round 1 of 3" in board.text
    assert board.attachments[0].data[:4] == b"\x89PNG" and board.attachments[0].size < 100_000
    assert [c.label for c in board.buttons] == ["⋯", "Follow", "My hand"]


async def test_creator_leaving_closes_the_table(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    lobby = await h.slash(alice, "kouba create")
    await h.click(bob, lobby.button(label="Join"))
    closed = await h.click(alice, lobby.button(label="Leave"))
    assert closed.updated and "closed by its creator" in closed.text and not closed.components


async def test_hands_are_private_and_swaps_simultaneous(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol, dave = h.user("alice"), h.user("bob"), h.user("carol"), h.user("dave")
    await h.start(make_bot())
    board = await open_table(h, alice, [bob, carol])
    pictures = {}
    for user in (alice, bob, carol):
        hand = await h.click(user, board.button(label="My hand"))
        assert hand.ephemeral and hand.message is not None and hand.message.visible_to == user.id
        assert hand.attachments[0].filename.startswith("private-") and "Pile 5" in hand.text
        assert hand.select(custom_id_prefix="agora:s:").values[0].startswith("swap:none")
        pictures[user.name] = hand.attachments[0].data
    assert len(set(pictures.values())) == 3, "each player sees their own piles"
    outsider = await h.click(dave, board.button(label="My hand"))
    assert outsider.ephemeral and "not playing" in outsider.text

    swapped = await swap(h, alice, board, "swap:1,3")
    assert swapped.updated and swapped.ephemeral and swapped.message is not None
    assert swapped.attachments[0].data != pictures["alice"], "the panel shows the new cards"
    assert not swapped.message.selects, "the swap is made once"
    assert board_of(h) is board, "the swap board is edited in place"
    assert "Still choosing: bob, carol" in board.text and set(pinged(board)) == {bob.id, carol.id}
    await swap(h, bob, board, "swap:none")
    await swap(h, carol, board, "swap:2")
    turn = board_of(h)
    assert turn is not board and not board.components, "a new board; the old one frozen"
    assert pinged(turn) == [alice.id] and "faces the arena" in turn.text and "Arena" in turn.text
    public = [a.data for m in h.messages(h.default_channel) for a in m.attachments]
    assert not set(pictures.values()) & set(public), "hands never appear in the channel"
    assert all(not a.filename.startswith("private-") for m in h.messages(h.default_channel) for a in m.attachments)


async def test_turn_controls_and_refusals(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob, carol, dave = h.user("alice"), h.user("bob"), h.user("carol"), h.user("dave")
    await h.start(make_bot())
    board = await started_round(h, [alice, bob, carol])
    roll = board.button(label="Roll the dice")
    assert board.button(label="Give up: take a Kouba").disabled, "nothing to give up before rolling"
    wrong = await h.click(bob, roll)
    assert wrong.ephemeral and "not your turn" in wrong.text and f"<@{alice.id}>" in wrong.text
    outsider = await h.click(dave, roll)
    assert outsider.ephemeral and "not playing in this game" in outsider.text
    first, double = await h.click_together([(alice, roll), (alice, roll)])
    assert first.updated and double.ephemeral and "out of date" in double.text
    assert board_of(h) is board and "rolled" in board.text and "(roll 1, 2 left)" in board.text
    keep = board.select(placeholder="Keep these dice, roll the others…")
    assert keep.max_values == 5 and len(keep.options) == 6
    kept = await h.select(alice, keep, values=keep.values[:2])
    assert kept.updated and "(roll 2, 1 left)" in board.text
    assert board.button(label="Roll all dice again (1 left)")
    assert "Kouba" in board.button(label="Give up: take a Kouba").label  # type: ignore[operator]


async def test_a_full_round_to_the_scores(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    players = [h.user("alice"), h.user("bob"), h.user("carol")]
    await h.start(make_bot())
    await started_round(h, players)
    driver = Autoplayer(h, players)
    board = await driver.until(round_over(1))
    assert "Round 2 of 3" in board.text and set(pinged(board)) == {p.id for p in players}
    scores = next(f for f in board.embeds[0]["fields"] if f["name"] == "Scores")["value"]
    assert "R1" in scores and "Total" in scores and all(p.name in scores for p in players)
    assert any(len(re.findall(r"<@\d+>", content.split(":")[0])) > 1 for content in driver.boards_seen[1:]), (
        "an event or a duel pinged several players at once"
    )
    boards = [m for m in h.messages(h.default_channel) if m.attachments]
    assert not any(m.components for m in boards[:-1]), "old boards keep no live controls"
    assert all(a.size < 100_000 for m in boards for a in m.attachments)


async def test_a_power_from_the_private_panel_survives_a_restart(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    players = [h.user("alice"), h.user("bob"), h.user("carol")]
    app = make_bot()
    await h.start(app)
    board = await started_round(h, players)
    gid = game_id(board)
    driver = Autoplayer(h, players)

    async def holder() -> int | None:
        record = await app.service.load(gid)
        assert isinstance(record.state, KoubaState)
        return next((s for s in range(3) if record.state.view(s)["usable_powers"]), None)

    for _ in range(STEP_LIMIT):
        seat = await holder()
        if seat is not None:
            break
        await driver.step(board_of(h))
    assert seat is not None, "someone won a champion with a power"
    user = players[seat]
    hand = await h.click(user, board_of(h).button(label="My hand"))
    power = next(c for c in hand.components if action_of(c).startswith("pm") and not c.disabled)
    await h.restart(make_bot())
    used = await (h.select(user, power, values=[power.values[0]]) if power.is_select else h.click(user, power))
    assert used.updated and used.ephemeral and used.attachments[0].filename.startswith("private-")
    latest = next(f for f in board_of(h).embeds[0]["fields"] if f["name"] == "Latest")["value"]
    assert re.search(rf"{user.name} (plays the|gains|turns a)", latest), latest


async def khan_against_a_king(h: FakeDiscord, app: AgoraBot, users: list[FakeUser]) -> FakeMessage:
    """Alice (active Khan) gives bob (active King) a Kouba; returns the board asking bob to answer."""
    alice, bob, carol = users
    board = await open_table(h, alice, [bob, carol])
    gid = game_id(board)
    # Arranged deal: alice holds an active Khan, bob an active King (rare in a random game).
    deck = load_deck()
    khan = next(cid for cid, c in deck.items() if c.power == "khan")
    king = next(cid for cid, c in deck.items() if c.power == "king")
    record = await app.service.load(gid)
    assert isinstance(record.state, KoubaState)
    state = record.state
    state.piles[0][0], state.piles[1][0] = Pile([khan], active=True), Pile([king], active=True)
    await app.storage.update_game(gid, record.version, Changes({"state": state.to_json()}))
    for user in (alice, bob, carol):
        await swap(h, user, board, "swap:none")
    turn = board_of(h)
    hand = await h.click(alice, turn.button(label="My hand"))
    menu = panel_select(hand, gid, "pm-khan")
    target = next(v for v in menu.values if v.startswith("khan:@2:pile2"))
    assert any(o["label"] == "Khan: Kouba to bob on pile 2" for o in menu.options)
    played = await h.select(alice, menu, values=[target])
    assert played.updated and played.ephemeral
    answer = board_of(h)
    assert answer is not turn and not turn.components, "a new board pings the King's holder"
    assert pinged(answer) == [bob.id] and "counter it with your King" in answer.content
    return answer


async def test_king_counter_pings_its_holder(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    app = make_bot()
    await h.start(app)
    answer = await khan_against_a_king(h, app, [alice, bob, carol])
    counter = answer.button(label="Counter with the King")
    refused = await h.click(alice, counter)
    assert refused.ephemeral and "not your turn" in refused.text
    countered = await h.click(bob, counter)
    assert countered.updated
    back = board_of(h)
    assert pinged(back) == [alice.id] and "counters a Kouba" in back.text
    assert "bob takes a Kouba" not in back.text


async def test_a_two_player_game_to_the_final_ranking(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    players = [h.user("alice"), h.user("bob")]
    await h.start(make_bot())
    await started_round(h, players)
    driver = Autoplayer(h, players)
    await driver.until(round_over(1))
    for user in players:
        await swap(h, user, board_of(h), "swap:none")
    final = await driver.until(lambda board: "Game over" in board.text)
    assert [c.label for c in final.components] == ["Rematch", "Review"]
    assert all(f"<@{p.id}>" in final.content for p in players)
    ranking = next(f for f in final.embeds[0]["fields"] if f["name"] == "Final ranking")["value"]
    assert "🥇 1." in ranking and "2." in ranking
    scores = next(f for f in final.embeds[0]["fields"] if f["name"] == "Scores")["value"]
    assert "R1" in scores and "R2" in scores
    listed = await h.slash(players[0], "games")
    assert "no game in progress" in listed.text


async def test_an_unanswered_king_lets_the_kouba_through(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    app = make_bot()
    await h.start(app)
    answer = await khan_against_a_king(h, app, [alice, bob, carol])
    gid = game_id(answer)
    clock.advance(25 * 3600)
    assert await app.scheduler.run_due() >= 1
    record = await app.service.load(gid)
    assert record.row.status == "active", "the game goes on: not answering is not a forfeit"
    assert [m.notation for m in await app.service.move_log(record.id)][-1] == "king:allow"
    assert not answer.components and "did not answer in time" in answer.content
    back = board_of(h)
    assert back is not answer and pinged(back) == [alice.id]
