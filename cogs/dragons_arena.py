"""Dragons Arena on Discord: ``/dragons challenge``, ``/dragons solo`` and ``/dragons records``.

The arena fits in the buttons: four rows of four squares (rank 4 on top, as in the
picture), each row with one side control (Back, the element).  An action takes two
clicks: the dragon (or die value), then its target (or new power, in a select).  The
first choice is not stored anywhere: the redrawn controls carry it in their custom_ids
(``pick:b2`` then ``play:b2xc3``), so a half-made choice survives a restart like any
button.  Secret power sets are typed in a modal, whose submission is handled by a
listener rather than by the modal object, so it still works after a restart.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any, Literal, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import AgoraBot
from bot.i18n import text as catalogue_text
from bot.service import ACTIVE, FINISHED, GameRecord, ServiceError, StaleButton
from bot.storage import SoloResult, SoloStanding
from cogs.common import (
    COLOUR,
    PLAYER_MENTIONS,
    Board,
    GameButton,
    GameCog,
    GameSelect,
    controls_view,
    guarded,
    mention_list,
)
from cogs.texts.dragons_arena import key, say
from render import dragons_arena as drawing
from rules.dragons_arena import (
    BIG_TOTAL,
    DICE_PER_SIDE,
    POWERS,
    SIDES,
    SOLO_BONUS,
    SPLIT_MOVES,
    Blizzard,
    ChangePower,
    Combustion,
    DragonsArenaState,
    Eliminate,
    Move,
    Place,
    moves_by_square,
    moves_from,
)

GRID = tuple(tuple(f"{file}{rank}" for file in "abcd") for rank in (4, 3, 2, 1))
EMOJI = {"fire": "🔥", "ice": "❄️"}
STYLE = {"fire": discord.ButtonStyle.danger, "ice": discord.ButtonStyle.primary}
SET_MODAL = "agora:dragons-set:"
POWERS_FIELD = "powers"
EXAMPLE_SET = "1,2,3,4,4,4,5,5"
SECRET_SET = re.compile(r"set:[0-9,\s]*[0-9]", re.IGNORECASE)


@dataclass(frozen=True)
class Pick:
    """The first half of an action, carried by the controls: nothing, a square, a die, the element."""

    kind: str = ""  # "" | "square" | "die" | "element" | "blizzard"
    value: str = ""


NO_PICK = Pick()


def side_label(side: str, lang: str = "en") -> str:
    return f"{EMOJI[side]} {say(lang, 'side.' + side)}"


def element_name(side: str, lang: str = "en") -> str:
    return say(lang, "element." + side)


def is_element(move: Move) -> bool:
    return isinstance(move, Combustion | Blizzard)


def parse_powers(text: str, level: str) -> str:
    """The ``set:`` notation of typed powers, or a ServiceError saying exactly what is wrong."""
    typed = text.strip().lower().removeprefix("set:")
    if re.search(r"[^0-9\s,;]", typed):
        raise ServiceError(
            say("en", "err.not_numbers", example=EXAMPLE_SET), key("err.not_numbers"), example=EXAMPLE_SET
        )
    numbers = re.findall(r"[0-9]+", typed)
    if len(numbers) == 1 and len(numbers[0]) == DICE_PER_SIDE:
        numbers = list(numbers[0])  # "12344455": eight digits typed without separators
    if len(numbers) != DICE_PER_SIDE:
        values = {"count": len(numbers), "example": EXAMPLE_SET}
        raise ServiceError(say("en", "err.count", **values), key("err.count"), **values)
    powers = [int(n) for n in numbers]
    wrong = [p for p in powers if p not in POWERS]
    if wrong:
        raise ServiceError(say("en", "err.range", wrong=wrong[0]), key("err.range"), wrong=wrong[0])
    if level == "big" and sum(powers) != BIG_TOTAL:
        values = {"total": sum(powers), "big": BIG_TOTAL}
        raise ServiceError(say("en", "err.big_total", **values), key("err.big_total"), **values)
    return "set:" + ",".join(map(str, sorted(powers)))


def modal_value(components: list[Any], custom_id: str) -> str:
    """The text typed into one field of a submitted modal (rows and labels are opened up)."""
    for component in components:
        if component.get("custom_id") == custom_id:
            return str(component.get("value", ""))
        inner = list(component.get("components", []))
        if "component" in component:
            inner.append(component["component"])
        found = modal_value(inner, custom_id)
        if found:
            return found
    return ""


def solo_result(record: GameRecord) -> SoloResult | None:
    """What a finished solo game puts in the records (a resignation or timeout is an unscored loss)."""
    state = record.state
    if record.row.status != FINISHED or len(record.seats) != 1 or not isinstance(state, DragonsArenaState):
        return None
    solo = state.view(0)["solo"]
    score: int | None = None
    result = "loss"
    if record.row.end_reason == "rules" and solo["score"] is not None:
        result = solo["result"]
        details = solo["score"]
        if details["opponent_dragons"] < len(SOLO_BONUS[solo["difficulty"]]):
            score = int(details["you"] - details["opponent"])
    return SoloResult(
        game_id=record.id, guild_id=record.row.guild_id, user_id=record.seats[0], game=record.game,
        difficulty=solo["difficulty"], result=result, score=score, finished_at=record.row.updated_at,
    )  # fmt: skip


class DragonsArena(GameCog):
    """``/dragons`` commands and the controls of Dragons Arena boards."""

    game_id = "dragons_arena"
    group = app_commands.Group(name="dragons", description="Dragons Arena: FIRE against ICE on a 4×4 arena.")

    @group.command(name="challenge", description="Challenge someone to a Dragons Arena match (you play FIRE).")
    @app_commands.describe(
        opponent="Who you want to play against (they play ICE)",
        level="How the arena is filled: baby (random), little, big, equal or free",
        dragon_master="Element powers for the power-1 dragons",
        nuggets="Gold nuggets needed to win the match (1 to 5)",
        deadline="Time per turn, e.g. 30m, 2h or 3d (5 minutes to 7 days)",
    )
    async def challenge(
        self,
        interaction: discord.Interaction[Any],
        opponent: discord.Member | discord.User,
        level: Literal["baby", "little", "big", "equal", "free"] = "baby",
        dragon_master: bool = False,
        nuggets: app_commands.Range[int, 1, 5] = 1,
        deadline: str | None = None,
    ) -> None:
        options = {"level": level, "dragon_master": dragon_master, "nuggets": nuggets}
        await self.start_challenge(interaction, [opponent], options, deadline=deadline)

    @group.command(name="solo", description="Solo training: play both sides of one duel and set a record.")
    @app_commands.describe(difficulty="The opponent's bonus for its dragons left", species="The side you play")
    async def solo(
        self,
        interaction: discord.Interaction[Any],
        difficulty: Literal["normal", "high"] = "normal",
        species: Literal["fire", "ice"] = "fire",
    ) -> None:
        async def work() -> None:
            await self.check_new_game(interaction, None)
            assert interaction.guild_id is not None and interaction.channel_id is not None
            await self.service.remember_player(interaction.user.id, interaction.user.display_name)
            record = await self.service.challenge(
                self.game_id, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
                challenger=interaction.user.id, invited=[], options={"solo": difficulty, "solo_species": species},
            )  # fmt: skip
            board = await self.board(record)
            board.attach(f"game-{record.id}-{record.version}.png")
            await interaction.response.send_message(
                content=board.content, embed=board.embed, file=board.file(record.id, record.version),
                view=controls_view(board.controls), allowed_mentions=PLAYER_MENTIONS,
            )  # fmt: skip
            message = await interaction.original_response()
            await self.service.set_message(record.id, message.id)

        await guarded(interaction, work)

    @group.command(name="records", description="This server's solo training records.")
    async def records(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            if interaction.guild_id is None:
                raise ServiceError("Records are kept per server: use this command in a server channel.")
            standings = await self.service.storage.solo_records(interaction.guild_id, self.game_id)
            lang = (await self.bot.settings.get(interaction.guild_id)).language
            await interaction.response.send_message(embed=await self.records_embed(standings, lang))

        await guarded(interaction, work)

    async def records_embed(self, standings: list[SoloStanding], lang: str = "en") -> discord.Embed:
        embed = discord.Embed(title=say(lang, "records_title"), colour=COLOUR)
        if not standings:
            embed.description = say(lang, "records_empty")
            return embed
        names = await self.service.storage.display_names({s.user_id for s in standings})
        for difficulty in ("normal", "high"):
            rows = [s for s in standings if s.difficulty == difficulty][:10]  # fits a field's 1,024 characters
            if rows:
                lines = [self.standing_line(rank, s, names, lang) for rank, s in enumerate(rows, 1)]
                embed.add_field(name=say(lang, "difficulty." + difficulty), value="\n".join(lines), inline=False)
        embed.set_footer(text=say(lang, "records_footer"))
        return embed

    @staticmethod
    def standing_line(rank: int, standing: SoloStanding, names: dict[int, str], lang: str = "en") -> str:
        if standing.best_score is None:
            best = say(lang, "no_score")
        else:
            best = say(lang, "best", score=f"{standing.best_score:+d}")
        name = names.get(standing.user_id, f"<@{standing.user_id}>")
        tally = say(lang, "tally", wins=standing.wins, draws=standing.draws, losses=standing.losses)
        return say(lang, "standing", rank=rank, name=name, best=best, tally=tally, played=standing.played)

    def describe_options(self, options: dict[str, Any], lang: str = "en") -> str:
        nuggets = int(options.get("nuggets", 1))
        return "\n".join(
            [
                say(lang, "opt_level", level=str(options.get("level", "baby")).upper()),
                say(lang, "opt_master_on" if options.get("dragon_master") else "opt_master_off"),
                say(lang, "opt_nuggets", nuggets=nuggets) + (say(lang, "opt_single") if nuggets == 1 else ""),
                say(lang, "opt_sides"),
            ]
        )

    def challenge_message(self, record: GameRecord) -> dict[str, Any]:
        """The shared challenge message, with this game's options in the server's language."""
        message = super().challenge_message(record)
        lang = self.language(record)
        embed: discord.Embed = message["embed"]
        for index, shown in enumerate(embed.fields):
            if lang != "en" and shown.name == catalogue_text(lang, "options"):
                value = self.describe_options(record.row.options, lang)
                embed.set_field_at(index, name=shown.name, value=value, inline=False)
        return message

    # -- the board -------------------------------------------------------------

    async def board(self, record: GameRecord) -> Board:
        state = self.state_of(record)
        names = await self.service.display_names(record)
        png = await self.render(drawing.render, state.view(None), names)
        lang = (await self.bot.settings.get(record.row.guild_id)).language
        title = say(lang, "title", id=record.id)
        if state.is_solo:
            title += say(lang, "title_solo", difficulty=say(lang, "solo_level." + str(state.solo)))
        elif state.nuggets_to_win > 1:
            title += say(lang, "title_duel", duel=state.duel)
        description = self.situation(record, state, names, lang)
        embed = discord.Embed(title=title, colour=COLOUR, description=description)
        view = state.view(None)
        for side in SIDES:
            embed.add_field(
                name=self.side_title(state, side, names, lang), value=self.side_text(state, view, side, lang)
            )
        if record.row.status != ACTIVE:
            return Board(say(lang, "game_over", players=mention_list(record.seats)), embed, png)
        content = self.content(record, state, NO_PICK, lang)
        return Board(content, embed, png, self.controls(record, state, NO_PICK, lang))

    @staticmethod
    def state_of(record: GameRecord) -> DragonsArenaState:
        state = record.state
        assert isinstance(state, DragonsArenaState)
        return state

    def player_name(self, state: DragonsArenaState, side: str, names: list[str], lang: str = "en") -> str:
        if state.is_solo:
            return names[0] if side == SIDES[state.solo_side] else say(lang, "the_opponent")
        return names[SIDES.index(side)]

    def side_title(self, state: DragonsArenaState, side: str, names: list[str], lang: str = "en") -> str:
        return f"{side_label(side, lang)} · {self.player_name(state, side, names, lang)}"

    def side_text(self, state: DragonsArenaState, view: dict[str, Any], side: str, lang: str = "en") -> str:
        if view["phase"] == "setup":
            return say(lang, "powers_set") if view["ready"][side] else say(lang, "setting_powers")
        lines = [say(lang, "power_line", total=view["totals"][side], dragons=view["dragons_left"][side])]
        if not state.is_solo:
            lines.append(say(lang, "nuggets_line", have=view["nuggets"][side], need=view["nuggets_to_win"]))
        if view["phase"] in ("split", "placement") and view["dice"][side]:
            lines.append(say(lang, "to_place", dice=" ".join(map(str, view["dice"][side]))))
        if state.is_solo and side != SIDES[state.solo_side] and view["outcome"] is None:
            left, table = view["dragons_left"][side], SOLO_BONUS[state.solo]
            lines.append(say(lang, "solo_lose") if left >= len(table) else say(lang, "solo_bonus", bonus=table[left]))
        return "\n".join(lines)

    def setup_prompt(self, state: DragonsArenaState, view: dict[str, Any], lang: str) -> str:
        """Who still sets powers: the engine's own words in English, the catalogue's otherwise."""
        if lang == "en":
            return str(view["prompt"])
        waiting = [side for side in SIDES if not view["ready"][side]]
        who = say(lang, "both_sides") if len(waiting) != 1 else say(lang, "side." + waiting[0])
        if state.level == "big":
            return say(lang, "set_prompt_big", who=who, total=BIG_TOTAL)
        return say(lang, "set_prompt", who=who)

    def situation(self, record: GameRecord, state: DragonsArenaState, names: list[str], lang: str = "en") -> str:
        view = state.view(None)
        lines: list[str] = []
        if record.row.status != ACTIVE:
            lines.append(self.result_text(record, state, names, lang))
        elif view["phase"] == "setup":
            lines.append(say(lang, "setup", prompt=self.setup_prompt(state, view, lang)))
        else:
            side = view["to_play"]
            who = names[0] if state.is_solo else self.player_name(state, side, names, lang)
            lines.append(say(lang, "to_play", who=who, side=side_label(side, lang), reason=self.reason(state, lang)))
        if view["last_move"]:
            shown = [say(lang, "secret_set") if m == "set:hidden" else f"`{m}`" for m in view["last_move"]]
            lines.append(say(lang, "last_move", moves=" ".join(shown)))
        duel = view["last_duel"]
        if duel and record.row.status == ACTIVE and duel["duel"] < view["duel"]:
            if duel["winner"] is None:
                winner = say(lang, "duel_draw")
            else:
                winner = say(lang, "duel_won", side=say(lang, "side." + duel["winner"]))
            totals = duel["totals"]
            lines.append(
                say(
                    lang,
                    "duel_line",
                    duel=duel["duel"],
                    winner=winner,
                    fire=totals["fire"],
                    ice=totals["ice"],
                    reason=duel["reason"],
                )
            )
        return "\n".join(lines)

    def reason(self, state: DragonsArenaState, lang: str = "en") -> str:
        """Why the turn is what it is, from the point of view of the player who acts."""
        must = state.must()
        if must == "set" and state.level == "big":
            reason = say(lang, "reason.set_big", total=BIG_TOTAL)
        elif state.solo_opponent_to_play():
            reason = say(lang, "reason.opponent_eliminate" if must == "eliminate" else "reason.opponent_element")
        else:
            reason = say(lang, "reason." + must)
        if must != "element" and state.element_allowed():
            reason += say(lang, "or_element", element=element_name(SIDES[state.to_play], lang))
        return reason

    def result_text(self, record: GameRecord, state: DragonsArenaState, names: list[str], lang: str = "en") -> str:
        outcome = record.outcome
        assert outcome is not None
        if state.is_solo:
            if record.row.end_reason != "rules":
                return say(lang, "solo_stopped", reason=outcome.reason)
            return say(lang, "solo_over", reason=outcome.reason)
        if not outcome.winners:
            return say(lang, "match_drawn", reason=outcome.reason)
        winner = outcome.winners[0]
        champion = f"**{names[winner]}** ({side_label(SIDES[winner], lang)})"
        if outcome.reason == "resignation":
            return say(lang, "resigned", loser=names[1 - winner], champion=champion)
        if outcome.reason == "timeout":
            return say(lang, "ran_out", loser=names[1 - winner], champion=champion)
        return say(lang, "wins", champion=champion, reason=outcome.reason)

    def content(self, record: GameRecord, state: DragonsArenaState, pick: Pick, lang: str = "en") -> str:
        """The message text: who must act (mentioned) and what they are choosing."""
        if state.phase == "setup":
            return say(lang, "content_setup", players=mention_list(record.actors()))
        mover = f"<@{record.actors()[0]}>"
        if pick == NO_PICK:
            return say(lang, "content_turn", mover=mover, reason=self.reason(state, lang))
        return f"{mover}, {self.pick_prompt(state, pick, lang)}"

    def pick_prompt(self, state: DragonsArenaState, pick: Pick, lang: str = "en") -> str:
        if pick.kind == "die":
            return say(lang, "pick_die", value=pick.value)
        if pick.kind == "element":
            side = SIDES[state.to_play]
            return say(lang, "pick_element", name=element_name(side, lang), effect=say(lang, "effect." + side))
        if pick.kind == "blizzard":
            return say(lang, "pick_blizzard", square=pick.value)
        moves = self.square_moves(state, pick.value)
        if moves and isinstance(moves[0], ChangePower):
            return say(lang, "pick_change", square=pick.value)
        return say(lang, "pick_attack", square=pick.value)

    # -- controls --------------------------------------------------------------

    def controls(
        self, record: GameRecord, state: DragonsArenaState, pick: Pick, lang: str = "en"
    ) -> list[discord.ui.Item[Any]]:
        if record.row.status != ACTIVE or not state.actors:
            return []
        if state.phase == "setup":
            return self.setup_controls(record, lang)
        if state.phase == "split":
            return [self.split_select(record, state, lang)]
        back = self.back_button(record, pick, lang)
        if state.phase == "placement" and pick == NO_PICK and len(set(self.own_dice(state))) == 1:
            pick = Pick("die", str(self.own_dice(state)[0]))  # one value left: no need to choose it
        items: list[discord.ui.Item[Any]] = [*self.grid(record, state, pick), back]
        if state.phase == "play" and state.dragon_master:
            items.append(self.element_button(record, state, pick, lang))
        if state.phase == "placement":
            items.append(self.die_select(record, state, pick, lang))
        elif pick.kind == "square":
            changes = [m for m in self.square_moves(state, pick.value) if isinstance(m, ChangePower)]
            if changes:
                items.append(self.power_select(record, state, pick.value, changes, lang))
        return items

    def setup_controls(self, record: GameRecord, lang: str = "en") -> list[discord.ui.Item[Any]]:
        setter = GameButton(
            record.id, record.version, "setmodal", label=say(lang, "set_my_powers"), emoji="🎲",
            style=discord.ButtonStyle.success,
        )  # fmt: skip
        return [setter, self.private_button(record, say(lang, "show_my_powers"))]

    def split_select(self, record: GameRecord, state: DragonsArenaState, lang: str = "en") -> GameSelect:
        description = say(lang, "split_description")
        options = [
            discord.SelectOption(label=f"{m.low} + {m.high}", value=str(m), description=description)
            for m in SPLIT_MOVES  # every split is legal whenever a split is due
        ]
        placeholder = say(lang, "split_placeholder")
        return GameSelect(record.id, record.version, "split", options=options, placeholder=placeholder, row=0)

    def own_dice(self, state: DragonsArenaState) -> list[int]:
        return list(state.dice[state.acting_side(state.actors[0])])

    def grid(self, record: GameRecord, state: DragonsArenaState, pick: Pick) -> list[discord.ui.Item[Any]]:
        actions = self.square_actions(state, pick)
        board = state.view(None)["board"]
        items: list[discord.ui.Item[Any]] = []
        for row, squares in enumerate(GRID):
            for name in squares:
                cell = board[int(name[1]) - 1]["abcd".index(name[0])]
                chosen = name == pick.value and pick.kind in ("square", "blizzard")
                items.append(self.square_button(record, name, cell, actions.get(name), chosen, row))
        return items

    @staticmethod
    def square_button(
        record: GameRecord, name: str, cell: dict[str, Any] | None, action: str | None, chosen: bool, row: int
    ) -> GameButton:
        label, emoji, style = name, None, discord.ButtonStyle.secondary
        if cell is not None:
            label = f"{name} · {cell['power']}" + (" 🛡️" if cell["field"] else "")
            emoji, style = EMOJI[cell["side"]], STYLE[cell["side"]]
        if chosen:
            style = discord.ButtonStyle.success
        return GameButton(
            record.id, record.version, action or f"sq:{name}", label=label, emoji=emoji, style=style,
            disabled=action is None, row=row,
        )  # fmt: skip

    def square_actions(self, state: DragonsArenaState, pick: Pick) -> dict[str, str]:
        """The enabled squares and what each does, for the choice made so far."""
        seat = state.actors[0]
        if pick.kind == "":
            if state.phase != "play":
                return {}
            groups = moves_by_square(state, seat)
            return {sq: f"pick:{sq}" for sq, moves in groups.items() if any(not is_element(m) for m in moves)}
        if pick.kind == "die":
            places = [m for m in state.legal_moves(seat) if isinstance(m, Place) and str(m.power) == pick.value]
            return {str(m.square): f"play:{m}" for m in places}
        if pick.kind == "element":
            return self.element_actions(state)
        if pick.kind == "blizzard":
            moves = moves_from(state, pick.value, seat)
            return {str(m.destination): f"play:{m}" for m in moves if isinstance(m, Blizzard) and m.destination}
        moves = self.square_moves(state, pick.value)
        return {str(m.target): f"play:{m}" for m in moves if isinstance(m, Eliminate)}

    def element_actions(self, state: DragonsArenaState) -> dict[str, str]:
        """Element targets: Combustion plays at once; a Blizzard that moves its target asks where to."""
        actions: dict[str, str] = {}
        for move in state.legal_moves(state.actors[0]):
            if isinstance(move, Combustion) or (isinstance(move, Blizzard) and move.destination is None):
                actions[str(move.target)] = f"play:{move}"
            elif isinstance(move, Blizzard):
                actions[str(move.target)] = f"blz:{move.target}"
        return actions

    def square_moves(self, state: DragonsArenaState, square: str) -> list[Move]:
        """The moves that start by clicking ``square`` (an element is chosen by its own button)."""
        return [m for m in moves_from(state, square, state.actors[0]) if not is_element(m)]

    @staticmethod
    def back_button(record: GameRecord, pick: Pick, lang: str = "en") -> GameButton:
        return GameButton(
            record.id, record.version, "back", label=say(lang, "back"), emoji="↩️", disabled=pick == NO_PICK, row=0
        )

    def element_button(self, record: GameRecord, state: DragonsArenaState, pick: Pick, lang: str = "en") -> GameButton:
        side = SIDES[state.to_play]
        return GameButton(
            record.id, record.version, "element", label=element_name(side, lang), emoji=EMOJI[side], style=STYLE[side],
            disabled=not state.element_allowed() or pick.kind in ("element", "blizzard"), row=1,
        )  # fmt: skip

    def die_select(self, record: GameRecord, state: DragonsArenaState, pick: Pick, lang: str = "en") -> GameSelect:
        counts = Counter(self.own_dice(state))
        options = [
            discord.SelectOption(
                label=say(lang, "die_label", power=power),
                value=str(power),
                description=say(lang, "die_left", count=count),
                default=str(power) == pick.value,
            )
            for power, count in sorted(counts.items())
        ]
        placeholder = say(lang, "die_placeholder")
        return GameSelect(record.id, record.version, "die", options=options, placeholder=placeholder, row=4)

    def power_select(
        self, record: GameRecord, state: DragonsArenaState, square: str, changes: list[ChangePower], lang: str = "en"
    ) -> GameSelect:
        options = [
            discord.SelectOption(label=say(lang, "power_option", square=square, power=m.power), value=str(m))
            for m in changes
        ]
        placeholder = say(lang, "power_placeholder", square=square)
        return GameSelect(record.id, record.version, f"power:{square}", options=options, placeholder=placeholder, row=4)

    # -- handling clicks -------------------------------------------------------

    async def on_game_control(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, action: str, values: list[str]
    ) -> None:
        kind, _, argument = action.partition(":")
        if kind == "play":
            await self.play(interaction, record, argument, version)
        elif kind in ("power", "split") and values:
            await self.play(interaction, record, values[0], version)
        elif kind == "setmodal":
            await self.open_set_modal(interaction, record)
        elif kind == "pick":
            await self.show_pick(interaction, record, version, Pick("square", argument))
        elif kind == "blz":
            await self.show_pick(interaction, record, version, Pick("blizzard", argument))
        elif kind == "die" and values:
            await self.show_pick(interaction, record, version, Pick("die", values[0]))
        elif kind == "element":
            await self.show_pick(interaction, record, version, Pick("element"))
        elif kind == "back":
            await self.show_pick(interaction, record, version, NO_PICK)
        else:
            raise ServiceError(say("en", "err.nothing_here"), key("err.nothing_here"))

    async def play(self, interaction: discord.Interaction[Any], before: GameRecord, move: str, version: int) -> None:
        after = await self.service.play(before.id, interaction.user.id, [move], version)
        await self.note_solo_result(after)
        lang = (await self.bot.settings.get(after.row.guild_id)).language
        summary = say(lang, "summary_played", user=interaction.user.id, move=move)
        if self.stays_in_place(before, after):
            await self.refresh_board(interaction, after)
        else:
            await self.after_move(interaction, before, after, summary)

    @staticmethod
    def stays_in_place(before: GameRecord, after: GameRecord) -> bool:
        """Solo games and steps that leave the same player(s) to act redraw the board; else a new one."""
        if len(set(after.seats)) == 1:
            return True
        now = set(after.actors())
        return bool(now) and now <= set(before.actors())

    async def show_pick(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, pick: Pick
    ) -> None:
        """Redraw the controls for the choice made so far; the game itself does not change."""
        self.check_turn(record, interaction.user.id, version)
        state = self.state_of(record)
        if not self.pick_is_legal(state, pick):
            raise ServiceError(say("en", "err.not_available"), key("err.not_available"))
        lang = (await self.bot.settings.get(record.row.guild_id)).language
        await interaction.response.edit_message(
            content=self.content(record, state, pick, lang),
            view=controls_view(self.controls(record, state, pick, lang)),
            allowed_mentions=PLAYER_MENTIONS,
        )

    def pick_is_legal(self, state: DragonsArenaState, pick: Pick) -> bool:
        if pick.kind == "square":
            return f"pick:{pick.value}" in self.square_actions(state, NO_PICK).values()
        if pick.kind == "blizzard":
            return f"blz:{pick.value}" in self.element_actions(state).values()
        if pick.kind == "die":
            return state.phase == "placement" and pick.value in {str(d) for d in self.own_dice(state)}
        if pick.kind == "element":
            return state.element_allowed()
        return state.phase in ("play", "placement")

    def check_turn(self, record: GameRecord, user_id: int, version: int) -> None:
        """The refusals the service gives for moves, for clicks that only choose."""
        if version != record.version:
            raise StaleButton(
                "These controls are out of date: the game has moved on since. Use the latest board message.",
                "err.out_of_date",
            )
        if not record.seats_of(user_id):
            raise ServiceError("You are not playing in this game.", "err.not_playing")
        if record.row.status != ACTIVE:
            values = {"id": record.id, "status": record.row.status}
            raise ServiceError(say("en", "err.not_played", **values), key("err.not_played"), **values)
        if user_id not in record.actors():
            waiting = mention_list(record.actors())
            raise ServiceError(f"It is not your turn: waiting for {waiting}.", "err.waiting_for", waiting=waiting)

    # -- secret sets -----------------------------------------------------------

    async def open_set_modal(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        state = self.state_of(record)
        user = interaction.user.id
        if not record.seats_of(user):
            raise ServiceError("You are not playing in this game.", "err.not_playing")
        if record.row.status != ACTIVE or state.phase != "setup":
            raise ServiceError(say("en", "err.not_setting"), key("err.not_setting"))
        if user not in record.actors():
            waiting = mention_list(record.actors())
            raise ServiceError(say("en", "err.already_set", waiting=waiting), key("err.already_set"), waiting=waiting)
        lang = (await self.bot.settings.get(record.row.guild_id)).language
        await interaction.response.send_modal(PowersModal(record.id, state.level, lang))

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Submissions of the secret-set modal, including ones opened before a restart."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        data = cast(dict[str, Any], interaction.data or {})
        found = re.fullmatch(re.escape(SET_MODAL) + r"([0-9]+)", str(data.get("custom_id", "")))
        if found is None:
            return
        text = modal_value(list(data.get("components", [])), POWERS_FIELD)

        async def work() -> None:
            record = await self.service.load(int(found[1]))
            await self.submit_powers(interaction, record, text)

        await guarded(interaction, work)

    async def submit_powers(self, interaction: discord.Interaction[Any], record: GameRecord, text: str) -> None:
        state = self.state_of(record)
        notation = parse_powers(text, state.level)
        # No version check: the other player may set theirs while this modal is open.
        after = await self.service.play(record.id, interaction.user.id, [notation], None)
        lang = (await self.bot.settings.get(record.row.guild_id)).language
        summary = say(lang, "summary_set", user=interaction.user.id)
        if self.stays_in_place(record, after):
            await self.refresh_board(interaction, after)
        else:
            await self.after_move(interaction, record, after, summary)
        powers = ", ".join(notation.removeprefix("set:").split(","))
        hidden = say(lang, "still_secret") if after.state and after.state.actors else ""
        await interaction.followup.send(say(lang, "powers_are_set", powers=powers, hidden=hidden), ephemeral=True)

    async def private_board(self, record: GameRecord, seat: int) -> Board | None:
        state = self.state_of(record)
        if state.phase != "setup":
            return None
        view = state.view(seat)
        mine = view["dice"][SIDES[seat]]
        names = await self.service.display_names(record)
        png = await self.render(drawing.render, view, names)
        lang = (await self.bot.settings.get(record.row.guild_id)).language
        embed = discord.Embed(title=say(lang, "private_title", id=record.id), colour=COLOUR)
        if mine is None:
            embed.description = say(lang, "private_unset")
        else:
            embed.description = say(lang, "private_set", powers=", ".join(map(str, mine)), total=sum(mine))
        return Board("", embed, png)

    # -- solo records ----------------------------------------------------------

    async def note_solo_result(self, record: GameRecord) -> None:
        result = solo_result(record)
        if result is not None:
            await self.service.storage.record_solo_result(result)

    async def retire_board(self, record: GameRecord, summary: str) -> None:
        """``/move`` writes the typed notation in the public summary: a secret set must not show there."""
        lang = (await self.bot.settings.get(record.row.guild_id)).language
        await super().retire_board(record, SECRET_SET.sub(say(lang, "secret_set"), summary))

    async def post_board(self, interaction: discord.Interaction[Any] | None, record: GameRecord) -> None:
        """Also keeps a finished solo game in the records (/move and /resign end games through here)."""
        await self.note_solo_result(record)
        await super().post_board(interaction, record)


class PowersModal(discord.ui.Modal):
    """The secret set, typed.  The cog's listener handles the submission (see ``on_interaction``)."""

    def __init__(self, game_id: int, level: str, lang: str = "en") -> None:
        # The view store only keeps it for a while: the listener does not need it at all.
        super().__init__(title=say(lang, "modal_title"), custom_id=f"{SET_MODAL}{game_id}", timeout=900)
        label = say(lang, "modal_big", total=BIG_TOTAL) if level == "big" else say(lang, "modal_free")
        self.add_item(
            discord.ui.TextInput(
                label=label, custom_id=POWERS_FIELD, placeholder=EXAMPLE_SET, min_length=8, max_length=40
            )
        )


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(DragonsArena(bot))
