"""Tables that finish: a player who stops answering or resigns at a table of three or more leaves
it, Agora plays their seat to the end, and the game counts for everyone, the leaver ranked last.

Time never passes for real: the bot runs on the Clock of conftest.py and the tests run the
scheduler's due jobs by hand after moving the clock on.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from bot.storage import GameRow
from tests.e2e.conftest import FRENCH_SAVED, Clock
from tests.e2e.french import english_in
from tests.e2e.test_against_agora_tables_e2e import araksey_step
from tests.e2e.test_araksey_e2e import element_menu, game_id_of, latest_board
from tests.e2e.test_kouba_e2e import Autoplayer, board_of, fixed_seed, game_id, open_table, pinged, swap
from tests.harness import FakeDiscord, FakeMessage, FakeUser

__all__ = ["fixed_seed"]  # the Kouba tests' deal, used here too

DAY = 86400.0
# A run of Agora's moves (one seat after another) is one step: on a busy machine it takes longer than
# the harness's usual patience.
SETTLE_SECONDS = 120.0
GAME_LIMIT = 3000  # steps: a whole five-player game of Kouba is far shorter


class TableWithoutEve(Autoplayer):
    """Plays for everyone the board pings but ``gone``, who never answer: their turn runs out."""

    def __init__(self, h: FakeDiscord, bot: AgoraBot, clock: Clock, players: list[FakeUser], *gone: FakeUser) -> None:
        super().__init__(h, players)
        self.bot, self.clock, self.gone = bot, clock, {user.id for user in gone}
        self.waits = 0  # how often a whole turn's time passed, waiting for ``gone``

    async def step(self, board: FakeMessage) -> None:
        waiting = pinged(board)
        if set(waiting) <= self.gone:
            self.clock.advance(DAY + 1)  # the server's default time per turn runs out
            self.waits += 1
            await self.bot.scheduler.run_due()
            await self.h.settle()
            return
        user = self.by_id[next(uid for uid in waiting if uid not in self.gone)]
        if "swap up to 2" in board.content:
            await swap(self.h, user, board, "swap:none")
            return
        await super().step(board)

    async def to_the_end(self, game: int) -> None:
        for _ in range(GAME_LIMIT):
            if (await self.bot.service.load(game)).row.status != "active":
                return
            await self.step(board_of(self.h))
        raise AssertionError(f"the game did not end in {GAME_LIMIT} steps")


async def ranks(bot: AgoraBot, game: int) -> dict[int, tuple[int, str]]:
    """Each player's rank and result as the ratings stored them for ``game``."""
    found = await bot.storage.db.fetch("SELECT user_id, rank, result FROM rating_changes WHERE game_id = ?", (game,))
    return {int(row[0]): (int(row[1]), str(row[2])) for row in found}


async def test_a_five_player_kouba_plays_on_with_agora_in_the_seat_of_a_player_who_stops_answering(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    h._settler.timeout = SETTLE_SECONDS
    players = [h.user(name) for name in ("alice", "bob", "carol", "dave", "eve")]
    eve = players[-1]
    bot = make_bot()
    await h.start(bot)
    saved = await h.slash(h.owner, "agora settings", stand_in="easy")
    assert saved.ephemeral and "Agora's level in the seat of a player who left" in saved.text
    board = await open_table(h, players[0], players[1:])
    game = game_id(board)
    for user in players[:-1]:
        await swap(h, user, board, "swap:none")
    assert pinged(board_of(h)) == [eve.id], "everyone swapped but eve"
    table = TableWithoutEve(h, bot, clock, players, eve)
    await table.step(board_of(h))
    left = [m.text for m in h.messages(h.default_channel) if "left the table" in m.text]
    assert len(left) == 1 and f"<@{eve.id}> ran out of time in game #{game} and left the table" in left[0]
    assert "Agora plays their seat to the end" in left[0]
    board = board_of(h)
    assert f"Agora plays for <@{eve.id}> since <t:" in board.text and "(easy)" in board.text
    assert eve.id not in pinged(board), "Agora chose eve's swap at once: she is never pinged again"
    hand = await h.click(eve, board.button(label="My hand"))
    assert hand.ephemeral and f"You left game #{game}: Agora plays your seat to the end." in hand.text
    await table.to_the_end(game)
    final = board_of(h)
    assert table.waits == 1, "eve ran out of time once: Agora played her seat ever since"
    assert sum("ran out of time" in m.text for m in h.messages(h.default_channel)) == 1
    row: GameRow = (await bot.service.load(game)).row
    assert row.status == "finished" and row.outcome is not None and row.outcome["departed"] == [4]
    assert row.bots == {"4": "easy"} and row.seats == [user.id for user in players]
    moves = await bot.storage.moves(game)
    since = row.absent["4"]["since"]
    assert sum(m.seat == 4 and m.played_at >= since for m in moves) >= 5, "Agora played eve's seat, round after round"
    results = await ranks(bot, game)
    assert len(results) == 5 and results[eve.id] == (5, "loss"), "five results, eve ranked last"
    assert all(rank < 5 for user, (rank, _) in results.items() if user != eve.id)
    outcome = row.outcome
    assert 4 not in outcome["winners"] and {results[players[seat].id][1] for seat in outcome["winners"]} == {"win"}
    assert "Game over" in final.text
    await h.stop()


async def test_two_kouba_players_out_of_time_at_one_deadline_leave_together_ranked_together(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    h._settler.timeout = SETTLE_SECONDS
    players = [h.user(name) for name in ("alice", "bob", "carol", "dave")]
    carol, dave = players[2:]
    bot = make_bot()
    await h.start(bot)
    board = await open_table(h, players[0], players[1:])
    game = game_id(board)
    for user in players[:2]:
        await swap(h, user, board, "swap:none")
    assert set(pinged(board_of(h))) == {carol.id, dave.id}, "carol and dave never swap"
    table = TableWithoutEve(h, bot, clock, players, carol, dave)
    await table.step(board_of(h))
    left = [m.text for m in h.messages(h.default_channel) if "left the table" in m.text]
    assert left == [f"⌛ <@{carol.id}> and <@{dave.id}> ran out of time in game #{game} and left the table together: "
                    "Agora plays their seats to the end, and they share the last place."]  # fmt: skip
    row = (await bot.service.load(game)).row
    assert row.bots == {"2": "medium", "3": "medium"}, "both left at the deadline, in one change"
    assert row.absent["2"]["since"] == row.absent["3"]["since"]
    await table.to_the_end(game)
    assert table.waits == 1, "nobody waited a second day for dave"
    assert sum("ran out of time" in m.text for m in h.messages(h.default_channel)) == 1, "announced once"
    row = (await bot.service.load(game)).row
    assert row.outcome is not None and sorted(row.outcome["departed"]) == [2, 3]
    results = await ranks(bot, game)
    assert results[carol.id] == results[dave.id] == (3, "loss"), "ranked together, below alice and bob"
    await h.stop()


async def test_a_resignation_at_a_french_kouba_table_hands_the_seat_to_agora(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    h.guild.locale = "fr"  # the players' Discord is in French too: private answers follow it
    bot = make_bot()
    await h.start(bot)
    saved = await h.slash(h.owner, "agora settings", language="fr")
    assert FRENCH_SAVED in saved.text
    lobby = await h.slash(alice, "kouba create")
    for user in (bob, carol):
        await h.click(user, lobby.button(label="Rejoindre"))
    await h.click(alice, lobby.button(label="Commencer"))
    board = board_of(h)
    game = game_id(board)
    menu = await h.click(carol, board.button(label="⋯"))
    assert menu.message is not None
    asked = await h.click(carol, menu.message.button(label="Abandonner…"))
    assert asked.message is not None and "Vous quittez la table et êtes classé·e dernier·e" in asked.text
    await h.click(carol, asked.message.button(label="Oui, abandonner"))
    said = [m.text for m in h.messages(h.default_channel) if "a quitté la table" in m.text]
    assert said == [f"<@{carol.id}> a quitté la table : Agora joue sa place jusqu'à la fin, et il ou elle est "
                    "classé·e dernier·e."]  # fmt: skip
    record = await bot.service.load(game)
    assert record.row.status == "active" and record.row.bots == {"2": "medium"}, "medium unless the server chose"
    board = board_of(h)
    assert f"Agora joue pour <@{carol.id}> depuis le <t:" in board.text and "(moyen)" in board.text
    again = await h.slash(carol, "resign", game=game)
    assert again.ephemeral and f"Vous avez quitté la partie n°{game}" in again.text
    outsider = await h.click(h.user("dan"), board.button(label="Ma main"))
    assert outsider.ephemeral and "Vous ne jouez pas" in outsider.text
    assert english_in(h.requests) == []
    await h.stop()


def mover_of(h: FakeDiscord, people: list[FakeUser]) -> FakeUser:
    """The person the latest Araksey board asks to move."""
    content = latest_board(h).content
    return next(user for user in people if f"<@{user.id}>, your turn" in content)


async def test_an_araksey_team_plays_on_with_agora_beside_the_partner_who_stays(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    people = [h.user(name) for name in ("alice", "bob", "carol", "dave")]
    alice, bob, carol, dave = people
    bot = make_bot()
    await h.start(bot)
    sent = await h.slash(alice, "araksey challenge", opponent=bob, opponent2=carol, opponent3=dave, element="earth")
    assert sent.message is not None, sent.text
    for seat, user in ((1, bob), (2, carol), (3, dave)):
        menu = element_menu(sent.message, seat)
        await h.select(user, menu, values=["earth" if "earth" in menu.values and len(menu.values) == 1 else "water"])
    game = await game_id_of(bot, alice)
    record = await bot.service.load(game)
    assert record.state is not None
    teams = record.state.view(None)["teams"]  # type: ignore[typeddict-item]
    partner = next(people[seat] for team in teams if 0 in team for seat in team if seat != 0)
    gone = partner  # alice's partner leaves; alice plays on with Agora beside her
    left = await h.slash(gone, "resign", game=game)
    assert left.ephemeral
    said = [m.text for m in h.messages(h.default_channel) if "left the table" in m.text]
    assert said == [f"<@{gone.id}> left the table: Agora plays their seat to the end, and they are ranked last."]
    gone_seat = people.index(gone)
    record = await bot.service.load(game)
    assert record.row.status == "active" and record.bot_seats == {gone_seat: "medium"}
    staying = [user for user in people if user is not gone]
    for _ in range(6):  # a few turns: every seat moves, Agora for the partner who left
        await araksey_step(h, mover_of(h, staying))
    moves = await bot.storage.moves(game)
    assert gone_seat in {m.seat for m in moves}, "Agora moved in the seat left"
    assert f"<@{gone.id}>, your turn" not in latest_board(h).content
    order = [user for user in staying if user is not alice] + [alice]
    for user in order:  # everyone else leaves in turn; the game ends when the last person does
        await h.slash(user, "resign", game=game)
    row = (await bot.service.load(game)).row
    assert row.status == "finished" and row.outcome is not None
    assert row.outcome["departed"] == [people.index(user) for user in [gone, *order[:-1]]]
    results = await ranks(bot, game)
    assert results[gone.id] == (4, "loss") and results[alice.id][0] == 1, "who stayed longest ranks first"
    assert len(results) == 4
    profile = await h.slash(alice, "profile", user=gone)
    assert "Reliability" in profile.text and "Saw 0 of their last 1 finished game through" in profile.text
    profile = await h.slash(gone, "profile", user=alice)
    assert "Saw 1 of their last 1 finished game through" in profile.text, "alice stayed to the end"
    saved = await h.slash(h.owner, "agora settings", min_reliability=50)
    assert "Reliability asked to join tournaments and open tables" in saved.text and "50%" in saved.text
    lobby = await h.slash(h.user("erin"), "kouba create")
    refused = await h.click(gone, lobby.button(label="Join"))
    assert refused.ephemeral and "at least 50% of their last games" in refused.text
    assert "of your latest games, you saw 0 of 1 through" in refused.text
    for welcome in (alice, h.user("frank")):  # saw everything through; no finished game yet
        assert (await h.click(welcome, lobby.button(label="Join"))).updated
    await h.slash(h.owner, "tournament create", game="kouba", format="tables", deadline="1h", starts="1h")
    refused = await h.slash(gone, "tournament join")
    assert refused.ephemeral and "of your latest games, you saw 0 of 1 through" in refused.text
    assert "You are in tournament" in (await h.slash(alice, "tournament join")).text
    await h.stop()


async def test_a_tournament_table_plays_on_when_a_player_withdraws_and_resigns(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], clock: Clock
) -> None:
    h = discord_harness
    h._settler.timeout = SETTLE_SECONDS
    players = [h.user(name) for name in ("alice", "bob", "carol")]
    bot = make_bot()
    await h.start(bot)
    made = await h.slash(h.owner, "tournament create", game="kouba", format="tables", rounds=1, deadline="1h",
                         starts="1h")  # fmt: skip
    assert made.message is not None, made.text
    for player in players:
        joined = await h.slash(player, "tournament join")
        assert joined.ephemeral, joined.text
    clock.advance(3601)
    await bot.scheduler.run_due()
    await h.settle()
    [tournament] = await bot.tournaments.of_guild(next(iter(bot.guilds)).id)
    [table] = await bot.tournaments.tables(tournament.id, 1)
    assert table.game_id is not None and len(table.seats) == 3
    quitter = next(user for user in players if user.id == table.seats[1])
    left = await h.slash(quitter, "tournament leave", resign=True)
    assert left.ephemeral, left.text
    assert any(f"<@{quitter.id}> left the table" in m.text for m in h.messages(h.default_channel))
    record = await bot.service.load(table.game_id)
    assert record.row.status == "active" and record.bot_seats == {1: "medium"}, "the table goes on"
    stayed = [user for user in players if user is not quitter]
    for user in stayed:  # the first round's swaps of the players left; Agora swapped for the quitter
        if user.id in pinged(board_of(h)):
            await swap(h, user, board_of(h), "swap:none")
    await TableWithoutEve(h, bot, clock, stayed, quitter).to_the_end(table.game_id)
    [table] = await bot.tournaments.tables(tournament.id, 1)
    assert table.points is not None and table.points[1] == 0.0, "the player who withdrew is ranked last"
    assert sorted(table.points) == [0.0, 1.0, 2.0] or sorted(table.points) == [0.0, 1.5, 1.5]
    results = await ranks(bot, table.game_id)
    assert results[quitter.id] == (3, "loss") and len(results) == 3
    await h.stop()
