"""Dragons Arena from challenge to result, as players see it in Discord.

Games get a known seed by patching the service's ``secrets.randbits``; every move is
then made by clicking the board's own buttons and menus, as a player would.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from bot.app import AgoraBot
from tests.harness import FakeComponent, FakeDiscord, FakeMessage, FakeUser

# Seeds found by playing the engine with the clicking policy of `play_first_choice`:
SHORT_DUEL_SEED = 12  # BABY: over after 6 turns.
NO_CAPTURE_SEED = 292  # BABY: nobody can eliminate at the start.
BLIZZARD_SEED = 5  # BABY with Dragon Master: after one turn ICE may send an enemy to an empty square.
SOLO_SEED = 4  # solo, normal: this line of eliminations wins 29 to 15 + 4 bonus.
SOLO_WIN = ["b2xb3", "c2xc3", "c4xc3", "b4xb3", "d3xd2", "a2xa1", "c3xb3"]
BIG_SET = "1,2,3,4,4,4,5,5"


def use_seed(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    monkeypatch.setattr("bot.service.secrets.randbits", lambda bits: seed)


def enabled(message: FakeMessage, action: str) -> list[FakeComponent]:
    """Enabled buttons whose action starts with ``action`` (e.g. ``pick:``), in grid order."""
    return [b for b in message.buttons if not b.disabled and f":{action}" in (b.custom_id or "")]


def square(message: FakeMessage, name: str) -> FakeComponent:
    return next(b for b in message.buttons if (b.label or "").split(" ")[0] == name)


def mentioned(message: FakeMessage, *users: FakeUser) -> FakeUser:
    """The one of ``users`` the message asks to act (mentioned first in its content)."""
    first = re.search(r"<@(\d+)>", message.content)
    assert first is not None, message.content
    return next(user for user in users if user.id == int(first[1]))


async def challenge_accepted(h: FakeDiscord, alice: FakeUser, bob: FakeUser, **options: Any) -> FakeMessage:
    sent = await h.slash(alice, "dragons challenge", opponent=bob, **options)
    assert sent.type == 4 and not sent.ephemeral and "FIRE" in sent.text
    accepted = await h.click(bob, sent.button(label="Accept"))
    assert accepted.updated
    board = h.last_message(h.default_channel)
    assert board.attachments[0].data[:4] == b"\x89PNG" and board.attachments[0].size < 100_000
    return board


async def play_first_choice(h: FakeDiscord, user: FakeUser, board: FakeMessage) -> FakeMessage:
    """Pick the first dragon offered, then its first target or first new power; returns the result."""
    picked = await h.click(user, enabled(board, "pick:")[0])
    assert picked.updated and picked.message is board
    assert enabled(board, "back")
    targets = enabled(board, "play:")
    if targets:
        played = await h.click(user, targets[0])
    else:
        menu = next(s for s in board.selects if "New power" in (s.placeholder or ""))
        played = await h.select(user, menu, values=[menu.values[0]])
    assert played.updated, played.text
    return h.last_message(h.default_channel)


async def play_move(h: FakeDiscord, user: FakeUser, board: FakeMessage, move: str) -> FakeMessage:
    """Play an elimination like ``b2xb3`` by clicking the attacker, then the target."""
    attacker, target = move.split("x")
    picked = await h.click(user, square(board, attacker))
    assert picked.updated, picked.text
    assert "attacks" in board.content
    played = await h.click(user, square(board, target))
    assert played.updated, played.text
    return h.last_message(h.default_channel)


async def test_full_duel_clicked_to_the_end(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    use_seed(monkeypatch, SHORT_DUEL_SEED)
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob)
    assert "FIRE · alice" in board.text and "ICE · bob" in board.text and "Power **" in board.text
    assert "you must eliminate" in board.text
    squares = [b for b in board.buttons if re.fullmatch(r"[a-d][1-4]( · \d( 🛡️)?)?", b.label or "")]
    assert len(squares) == 16 and [(s.label or "")[:2] for s in squares[:4]] == ["a4", "b4", "c4", "d4"]
    assert all(b.custom_id and ":pick:" in b.custom_id for b in squares if not b.disabled)
    turns = 0
    while not board.content.startswith("Game over"):
        mover = mentioned(board, alice, bob)
        old = board
        board = await play_first_choice(h, mover, board)
        assert board is not old and not old.components and not old.attachments, "the old board keeps its line only"
        assert old.content.startswith(("alice (FIRE) ", "bob (ICE) ")), "the old board says what was played, in words"
        turns += 1
        assert turns < 20
    assert turns == 6
    assert "wins!" in board.text and "no dragon is next to an enemy" in board.text
    assert board.content.startswith("Game over")
    listed = await h.slash(alice, "games")
    assert "no game in progress" in listed.text


async def test_no_capture_means_changing_a_power(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    use_seed(monkeypatch, NO_CAPTURE_SEED)
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob)
    assert "no capture possible: change a power" in board.text
    mover = mentioned(board, alice, bob)
    await h.click(mover, enabled(board, "pick:")[0])
    menu = next(s for s in board.selects if "New power" in (s.placeholder or ""))
    assert len(menu.values) == 5, "a power changes to one of the 5 other values"
    back = await h.click(mover, board.button(label="Back"))
    assert back.updated and not any("New power" in (s.placeholder or "") for s in board.selects)
    assert enabled(board, "pick:") and not enabled(board, "play:")


async def test_dragon_master_blizzard_moves_the_target(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    use_seed(monkeypatch, BLIZZARD_SEED)
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob, dragon_master=True)
    assert board.button(label="Combustion")
    board = await play_first_choice(h, mentioned(board, alice, bob), board)
    assert mentioned(board, alice, bob) is bob and "(or use Blizzard)" in board.content
    element = await h.click(bob, board.button(label="Blizzard"))
    assert element.updated and "pick the enemy for Blizzard" in board.content
    assert board.button(label="Blizzard").disabled and not enabled(board, "pick:")
    await h.click(bob, enabled(board, "blz:")[0])
    assert "pick the empty square" in board.content
    destinations = enabled(board, "play:ice:")
    assert destinations and all(">" in (b.custom_id or "") and "·" not in (b.label or "") for b in destinations)
    await h.click(bob, destinations[0])
    after = h.last_message(h.default_channel)
    assert after is not board and mentioned(after, alice, bob) is alice
    assert "Last move: bob (ICE) used Blizzard on " in after.text and " and moved it to " in after.text


async def test_big_setup_rejects_a_wrong_total_then_accepts(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob, level="big", nuggets=2)
    assert f"<@{alice.id}>" in board.content and f"<@{bob.id}>" in board.content
    assert "Neither player sees the other's powers" in board.text
    opened = await h.click(alice, board.button(label="Set my powers"))
    assert opened.type == 9 and opened.modal is not None
    field = "powers"
    wrong = await h.submit_modal(alice, opened.modal["custom_id"], {field: "6,6,6,6,6,1,1,1"})
    assert wrong.ephemeral and "Your powers total 33; BIG needs exactly 28" in wrong.text
    assert "⏳" in board.text and "✅" not in board.text, "nothing changed"
    short = await h.click(alice, board.button(label="Set my powers"))
    assert short.modal is not None
    few = await h.submit_modal(alice, short.modal["custom_id"], {field: "1,2,3,4 5"})
    assert few.ephemeral and "You gave 5 powers" in few.text
    negative = await h.click(alice, board.button(label="Set my powers"))
    assert negative.modal is not None
    sign = await h.submit_modal(alice, negative.modal["custom_id"], {field: "8,-1,3,4,4,4,5,1"})
    assert sign.ephemeral and "as numbers separated by commas" in sign.text
    again = await h.click(alice, board.button(label="Set my powers"))
    assert again.modal is not None
    done = await h.submit_modal(alice, again.modal["custom_id"], {field: "5 5 4 4 4 3 2 1"})
    assert done.updated, done.text
    assert any(m.ephemeral and "Your powers are set: 1, 2, 3, 4, 4, 4, 5, 5" in m.text for m in done.messages)
    assert "✅ powers set (secret)" in board.text and "1,2,3" not in board.text and "Power ?" not in board.text
    assert f"<@{bob.id}>" in board.content and f"<@{alice.id}>" not in board.content
    # Bob sees nothing of Alice's set, on the board or in his private panel.
    peek = await h.click(bob, board.button(label="Show my powers"))
    assert peek.ephemeral and "not set your powers yet" in peek.text and "4, 4, 4" not in peek.text
    twice = await h.click(alice, board.button(label="Set my powers"))
    assert twice.ephemeral and "Your powers are set; waiting for" in twice.text
    opened = await h.click(bob, board.button(label="Set my powers"))
    assert opened.modal is not None
    both = await h.submit_modal(bob, opened.modal["custom_id"], {field: "2,2,3,3,4,4,5,5"})
    assert both.updated
    placing = h.last_message(h.default_channel)
    assert (
        "alice (FIRE) set the powers 1 2 3 4 4 4 5 5 and bob (ICE) set the powers 2 2 3 3 4 4 5 5" in placing.text
    ), "revealed together"
    mover = mentioned(placing, alice, bob)
    assert mover is alice, "more 1s: FIRE starts"
    assert "place one of your dice" in placing.text and not enabled(placing, "play:")
    die = placing.select(placeholder="Die to place…")
    assert die.values == ["1", "2", "3", "4", "5"]
    refused = await h.select(bob, die, values=["5"])
    assert refused.ephemeral and "not your turn" in refused.text
    await h.select(alice, die, values=["4"])
    free = enabled(placing, "play:")
    assert len(free) == 16 and free[0].custom_id and free[0].custom_id.endswith("play:4@a4")
    await h.click(alice, square(placing, "b2"))
    after = h.last_message(h.default_channel)
    assert mentioned(after, alice, bob) is bob and "b2 · 4" in [b.label for b in after.buttons]


async def test_equal_level_splits_with_a_menu(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob, level="equal")
    mover = mentioned(board, alice, bob)
    menu = board.select(placeholder="Split 7 points…")
    assert menu.values == ["split:1+6", "split:2+5", "split:3+4"]
    await h.select(mover, menu, values=["split:3+4"])
    board = h.last_message(h.default_channel)
    assert mentioned(board, alice, bob) is not mover
    assert "To place: 3 4" in board.text


async def test_solo_game_to_the_end_and_records(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    use_seed(monkeypatch, SOLO_SEED)
    h = discord_harness
    carol = h.user("carol")
    await h.start(make_bot())
    empty = await h.slash(carol, "dragons records")
    assert "No solo duel has been finished" in empty.text
    started = await h.slash(carol, "dragons solo", difficulty="normal")
    assert started.type == 4 and not started.ephemeral
    board = started.message
    assert board is not None and board.attachments and f"<@{carol.id}>" in board.content
    assert "solo training (normal)" in board.text and "the opponent" in board.text
    for number, move in enumerate(SOLO_WIN):
        board = await play_move(h, carol, board, move)
        assert board is started.message, "a solo game is redrawn in place"
        if number % 2 == 0 and number < len(SOLO_WIN) - 1:
            assert "opponent's dragons: they must eliminate" in board.text
    assert [c.label for c in board.components] == ["Play again"]
    assert "you won" in board.text and "/dragons records" in board.text
    records = await h.slash(carol, "dragons records")
    assert not records.ephemeral
    assert "Normal difficulty" in records.text and "**carol** — best **+10** · 1 W · 0 D · 0 L" in records.text
    # A second game given up: a loss, and the best score stays.
    await h.slash(carol, "dragons solo", difficulty="normal")
    resigned = await h.slash(carol, "resign")
    assert resigned.ephemeral and "You resigned" in resigned.text
    records = await h.slash(carol, "dragons records")
    assert "best **+10** · 1 W · 0 D · 1 L (2 played)" in records.text
    rated = await h.slash(carol, "dragons records")
    assert "Never rated" in rated.text


async def test_wrong_player_and_outsider_are_refused(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    use_seed(monkeypatch, SHORT_DUEL_SEED)
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob)
    mover = mentioned(board, alice, bob)
    other = bob if mover is alice else alice
    first = enabled(board, "pick:")[0]
    refused = await h.click(other, first)
    assert refused.ephemeral and "not your turn" in refused.text and f"<@{mover.id}>" in refused.text
    outsider = await h.click(carol, first)
    assert outsider.ephemeral and "not playing in this game" in outsider.text
    await h.click(mover, first)
    target = enabled(board, "play:")[0]
    stolen = await h.click(other, target)
    assert stolen.ephemeral and "not your turn" in stolen.text
    assert h.last_message(h.default_channel) is board, "nothing was played"
    played = await h.click(mover, target)
    assert played.updated
    assert not board.components, "the old board keeps only what happened"
    assert target.custom_id is not None
    stale = await h.forge(mover, board, target.custom_id)  # a client that kept the old button
    assert stale.ephemeral and "out of date" in stale.text


async def test_restart_mid_game_keeps_old_buttons_working(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    use_seed(monkeypatch, SHORT_DUEL_SEED)
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob)
    board = await play_first_choice(h, mentioned(board, alice, bob), board)
    mover = mentioned(board, alice, bob)
    await h.click(mover, enabled(board, "pick:")[0])  # half a move: the choice lives in the buttons
    await h.restart(make_bot())
    played = await h.click(mover, enabled(board, "play:")[0])
    assert played.updated
    after = h.last_message(h.default_channel)
    assert after is not board and mentioned(after, alice, bob) is not mover
    await h.restart(make_bot())
    after = await play_first_choice(h, mentioned(after, alice, bob), after)
    assert after.attachments and mentioned(after, alice, bob) is mover


async def test_set_modal_submitted_after_a_restart(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob, level="free")
    opened = await h.click(alice, board.button(label="Set my powers"))
    assert opened.modal is not None and "total" not in str(opened.modal)
    await h.restart(make_bot())
    done = await h.submit_modal(alice, opened.modal["custom_id"], {"powers": "66666666"})
    assert done.updated and "Your powers are set: 6, 6, 6, 6, 6, 6, 6, 6" in done.text


async def test_a_set_typed_with_move_stays_secret(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await challenge_accepted(h, alice, bob, level="free")
    typed = await h.slash(alice, "move", notation="set:6,6,6,6,5,5,5,5")
    assert typed.ephemeral
    # Bob still sets his powers: the same board is redrawn, and says only that Alice set hers.
    assert h.last_message(h.default_channel) is board
    assert "Last move: alice (FIRE) set their secret powers" in board.text and f"<@{bob.id}>" in board.content
    assert not any("6,6,6,6" in message.text for message in h.messages(h.default_channel))
