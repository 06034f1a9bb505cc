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
from functools import partial
from typing import Any, Literal, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PLAYERS_ONLY, AgoraBot
from bot.i18n import plural, text, word
from bot.names import shown_name
from bot.opponent import DEFAULT_LEVEL
from bot.opponent import Level as BotLevel
from bot.service import ACTIVE, FINISHED, GameRecord, invalid_control, refusal
from bot.storage import SoloResult, SoloStanding
from cogs.common import (
    COLOUR,
    Board,
    ControlId,
    GameButton,
    GameCog,
    GameSelect,
    LessonClick,
    controls_view,
    game_here,
    guarded,
    mention_list,
    seat_list,
    update_clicked,
)
from cogs.table.challenges import challenge_command
from render import dragons_arena as drawing
from rules import View
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
    DragonsArenaView,
    DragonView,
    DuelResult,
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


@dataclass(frozen=True)
class Pick:
    """The first half of an action, carried by the controls: nothing, a square, a die, the element."""

    kind: str = ""  # "" | "square" | "die" | "element" | "blizzard"
    value: str = ""


NO_PICK = Pick()


def side_label(side: str, lang: str = "en") -> str:
    return f"{EMOJI[side]} {text(lang, 'dragons_arena.side.' + side)}"


def element_name(side: str, lang: str = "en") -> str:
    return text(lang, "dragons_arena.element." + side)


def duel_result(lang: str, duel: DuelResult, nuggets: dict[str, int] | None = None) -> str:
    """How the deciding duel was won, with its figures: "FIRE won the duel 6-3 (no dragon is next
    to an enemy)", and with ``nuggets`` "… and the match, 2 gold nuggets to 0"; worded in ``lang``."""
    champion = duel["winner"] or "fire"
    other = SIDES[1 - SIDES.index(champion)]
    power = duel["totals"]
    values = {
        "side": text(lang, "dragons_arena.side." + champion),
        "won": power[champion],
        "lost": power[other],
        "reason": word(lang, duel["reason"]),
    }
    if nuggets is None:
        return text(lang, "dragons_arena.won_duel", **values)
    return text(lang, "dragons_arena.won_match", **values, nuggets=nuggets[champion], other=nuggets[other])


def solo_line(lang: str, view: DragonsArenaView) -> str | None:
    """A finished solo duel's score in words: "Solo (normal): you won: your 14 against the
    opponent's 4 + 4 bonus (…)"; None before its end."""
    solo, duel = view["solo"], view["last_duel"]
    if solo is None or solo["score"] is None or duel is None:
        return None
    score = solo["score"]
    values = {
        "difficulty": text(lang, "dragons_arena.solo_level." + solo["difficulty"]),
        "reason": word(lang, duel["reason"]),
    }
    if score["opponent_dragons"] >= len(solo["bonus_table"]):
        return text(lang, "dragons_arena.solo_kept", **values, kept=score["opponent_dragons"])
    return text(
        lang,
        "dragons_arena.solo_scored",
        **values,
        verdict=text(lang, "dragons_arena.verdict." + score["result"]),
        you=score["you"],
        power=score["opponent_power"],
        bonus=score["bonus"],
    )


def worded_view(view: DragonsArenaView, lang: str) -> DragonsArenaView:
    """``view`` as the pictures draw it: why the last duel ended and how the game ended, in ``lang``."""
    duel = view["last_duel"]
    if duel is not None:
        view["last_duel"] = {**duel, "reason": word(lang, duel["reason"])}
    outcome = view["outcome"]
    if outcome is not None:
        line = solo_line(lang, view) if view["solo"] else None
        view["outcome"] = {**outcome, "reason": line or word(lang, outcome["reason"])}
    return view


def is_element(move: Move) -> bool:
    return isinstance(move, Combustion | Blizzard)


def parse_powers(typed: str, level: str) -> str:
    """The ``set:`` notation of typed powers, or a ServiceError saying exactly what is wrong."""
    typed = typed.strip().lower().removeprefix("set:")
    if re.search(r"[^0-9\s,;]", typed):
        raise refusal("dragons_arena.err.not_numbers", example=EXAMPLE_SET)
    numbers = re.findall(r"[0-9]+", typed)
    if len(numbers) == 1 and len(numbers[0]) == DICE_PER_SIDE:
        numbers = list(numbers[0])  # "12344455": eight digits typed without separators
    if len(numbers) != DICE_PER_SIDE:
        values = {"count": len(numbers), "example": EXAMPLE_SET}
        raise refusal("dragons_arena.err.count", **values)
    powers = [int(n) for n in numbers]
    wrong = [p for p in powers if p not in POWERS]
    if wrong:
        raise refusal("dragons_arena.err.range", wrong=wrong[0])
    if level == "big" and sum(powers) != BIG_TOTAL:
        values = {"total": sum(powers), "big": BIG_TOTAL}
        raise refusal("dragons_arena.err.big_total", **values)
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
    if solo is None:
        return None
    score: int | None = None
    result = "loss"
    if record.row.end_reason == "rules" and solo["score"] is not None:
        details = solo["score"]
        result = details["result"]
        if details["opponent_dragons"] < len(SOLO_BONUS[solo["difficulty"]]):
            score = int(details["you"] - details["opponent"])
    return SoloResult(
        game_id=record.id, guild_id=record.row.guild_id, user_id=record.seats[0], game=record.game,
        difficulty=solo["difficulty"], result=result, score=score, finished_at=record.row.updated_at,
    )  # fmt: skip


class DragonsArena(GameCog):
    """``/dragons`` commands and the controls of Dragons Arena boards."""

    game_id = "dragons_arena"
    actions = r"(?:play|pick|blz|sq):[!-~]{1,40}|power:[a-z0-9]{1,4}|split|setmodal|die|element|back"
    modal_actions = "setmodal"
    level_option = "bot_level"  # "level" is how the arena is filled
    group = app_commands.Group(name="dragons", description="Dragons Arena: FIRE against ICE on a 4×4 arena.")

    @challenge_command(
        group,
        "Challenge someone to a Dragons Arena match (you play FIRE).",
        level_option,
        opponent="Who you want to play against (they play ICE)",
        level="How the arena is filled: baby (random), little, big, equal or free",
        dragon_master="Element powers for the power-1 dragons",
        nuggets="Gold nuggets needed to win the match (1 to 5)",
    )
    async def challenge(
        self,
        interaction: discord.Interaction[Any],
        opponent: discord.Member | discord.User,
        level: Literal["baby", "little", "big", "equal", "free"] = "baby",
        dragon_master: bool = False,
        nuggets: app_commands.Range[int, 1, 5] = 1,
        deadline: str | None = None,
        bot_level: BotLevel = DEFAULT_LEVEL,
    ) -> None:
        options = {"level": level, "dragon_master": dragon_master, "nuggets": nuggets}
        await self.start_challenge(interaction, [opponent], options, deadline=deadline, level=bot_level)

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
            await self.service.remember_player(interaction.guild_id, interaction.user.id, interaction.user.display_name)
            record = await self.service.challenge(
                self.game_id, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
                challenger=interaction.user.id, invited=[], options={"solo": difficulty, "solo_species": species},
            )  # fmt: skip
            board = await self.board(record)
            board.attach(f"game-{record.id}-{record.version}.png")
            await interaction.response.send_message(
                content=board.content, embed=board.embed, file=board.file(record.id, record.version),
                view=controls_view(board.controls), allowed_mentions=PLAYERS_ONLY,
            )  # fmt: skip
            message = await interaction.original_response()
            await self.service.set_message(record.id, message.id)

        await guarded(interaction, work)

    @group.command(name="records", description="This server's solo training records.")
    async def records(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            if interaction.guild_id is None:
                raise refusal("dragons_arena.err.records_dm")
            standings = await self.service.storage.solo_records(interaction.guild_id, self.game_id)
            lang = await self.bot.language_of(interaction.guild_id)
            embed = await self.records_embed(interaction.guild_id, standings, lang)
            await interaction.response.send_message(embed=embed)

        await guarded(interaction, work)

    async def records_embed(self, guild_id: int, standings: list[SoloStanding], lang: str = "en") -> discord.Embed:
        embed = discord.Embed(title=text(lang, "dragons_arena.records_title"), colour=COLOUR)
        if not standings:
            embed.description = text(lang, "dragons_arena.records_empty")
            return embed
        stored = await self.service.storage.display_names(guild_id, {s.user_id for s in standings})
        names = {uid: shown_name(name) for uid, name in stored.items()}
        for difficulty in ("normal", "high"):
            rows = [s for s in standings if s.difficulty == difficulty][:10]  # fits a field's 1,024 characters
            if rows:
                lines = [self.standing_line(rank, s, names, lang) for rank, s in enumerate(rows, 1)]
                embed.add_field(
                    name=text(lang, "dragons_arena.difficulty." + difficulty), value="\n".join(lines), inline=False
                )
        embed.set_footer(text=text(lang, "dragons_arena.records_footer"))
        return embed

    @staticmethod
    def standing_line(rank: int, standing: SoloStanding, names: dict[int, str], lang: str = "en") -> str:
        if standing.best_score is None:
            best = text(lang, "dragons_arena.no_score")
        else:
            best = text(lang, "dragons_arena.best", score=f"{standing.best_score:+d}")
        name = names.get(standing.user_id, f"<@{standing.user_id}>")
        tally = text(lang, "dragons_arena.tally", wins=standing.wins, draws=standing.draws, losses=standing.losses)
        played = standing.played
        return plural(
            lang, "dragons_arena.standing", played, rank=rank, name=name, best=best, tally=tally, played=played
        )

    def describe_options(self, record: GameRecord, lang: str) -> str:
        # Seat 0 plays FIRE: the one who challenged, unless a rematch seated them second.
        sides = "dragons_arena.opt_sides" if record.seats[0] == record.challenger else "dragons_arena.opt_sides_ice"
        return self.describe_option_values(record.row.options, lang) + "\n" + text(lang, sides)

    def pictured(self, view: View, lang: str) -> View:
        return worded_view(cast(DragonsArenaView, view), lang)

    def describe_option_values(self, options: dict[str, Any], lang: str) -> str:
        nuggets = int(options.get("nuggets", 1))
        return "\n".join(
            [
                text(lang, "dragons_arena.opt_level", level=str(options.get("level", "baby")).upper()),
                text(
                    lang,
                    "dragons_arena.opt_master_on" if options.get("dragon_master") else "dragons_arena.opt_master_off",
                ),
                text(lang, "dragons_arena.opt_nuggets", nuggets=nuggets)
                + (text(lang, "dragons_arena.opt_single") if nuggets == 1 else ""),
            ]
        )

    # -- the board -------------------------------------------------------------

    async def board(self, record: GameRecord) -> Board:
        state = self.state_of(record)
        names = await self.service.shown_names(record)
        lang = await self.language(record)
        picture = await self.draw(drawing.render, record, worded_view(state.view(None), lang))
        title = text(lang, "dragons_arena.title", id=record.id)
        if state.is_solo:
            title += text(
                lang, "dragons_arena.title_solo", difficulty=text(lang, "dragons_arena.solo_level." + str(state.solo))
            )
        elif state.nuggets_to_win > 1:
            title += text(lang, "dragons_arena.title_duel", duel=state.duel)
        description = self.situation(record, state, names, lang)
        embed = discord.Embed(title=title, colour=COLOUR, description=description)
        view = state.view(None)
        for side in SIDES:
            embed.add_field(
                name=self.side_title(state, side, names, lang), value=self.side_text(state, view, side, lang)
            )
        if record.row.status != ACTIVE:
            return Board(text(lang, "dragons_arena.game_over", players=seat_list(record, names)), embed, picture)
        content = self.content(record, state, NO_PICK, lang)
        return Board(content, embed, picture, self.controls(record, state, NO_PICK, lang))

    @staticmethod
    def state_of(record: GameRecord) -> DragonsArenaState:
        state = record.state
        assert isinstance(state, DragonsArenaState)
        return state

    def player_name(self, state: DragonsArenaState, side: str, names: list[str], lang: str = "en") -> str:
        if state.is_solo:
            return names[0] if side == SIDES[state.solo_side] else text(lang, "dragons_arena.the_opponent")
        return names[SIDES.index(side)]

    def side_title(self, state: DragonsArenaState, side: str, names: list[str], lang: str = "en") -> str:
        return f"{side_label(side, lang)} · {self.player_name(state, side, names, lang)}"

    def side_text(self, state: DragonsArenaState, view: DragonsArenaView, side: str, lang: str = "en") -> str:
        if view["phase"] == "setup":
            return (
                text(lang, "dragons_arena.powers_set")
                if view["ready"][side]
                else text(lang, "dragons_arena.setting_powers")
            )
        dragons = view["dragons_left"][side]
        lines = [plural(lang, "dragons_arena.power_line", dragons, total=view["totals"][side], dragons=dragons)]
        if not state.is_solo:
            lines.append(
                text(lang, "dragons_arena.nuggets_line", have=view["nuggets"][side], need=view["nuggets_to_win"])
            )
        if view["phase"] in ("split", "placement") and (dice := view["dice"][side]):
            lines.append(text(lang, "dragons_arena.to_place", dice=" ".join(map(str, dice))))
        if state.is_solo and side != SIDES[state.solo_side] and view["outcome"] is None:
            left, table = view["dragons_left"][side], SOLO_BONUS[state.solo]
            lines.append(
                text(lang, "dragons_arena.solo_lose")
                if left >= len(table)
                else text(lang, "dragons_arena.solo_bonus", bonus=table[left])
            )
        return "\n".join(lines)

    def setup_prompt(self, state: DragonsArenaState, view: DragonsArenaView, lang: str) -> str:
        """Who still sets powers: the engine's own words in English, the catalogue's otherwise."""
        if lang == "en":
            return str(view["prompt"])
        waiting = [side for side in SIDES if not view["ready"][side]]
        who = (
            text(lang, "dragons_arena.both_sides")
            if len(waiting) != 1
            else text(lang, "dragons_arena.side." + waiting[0])
        )
        if state.level == "big":
            return text(lang, "dragons_arena.set_prompt_big", who=who, total=BIG_TOTAL)
        return text(lang, "dragons_arena.set_prompt", who=who)

    def situation(self, record: GameRecord, state: DragonsArenaState, names: list[str], lang: str = "en") -> str:
        view = state.view(None)
        lines: list[str] = []
        if record.row.status != ACTIVE:
            lines.append(self.result_text(record, state, names, lang))
        elif view["phase"] == "setup":
            lines.append(text(lang, "dragons_arena.setup", prompt=self.setup_prompt(state, view, lang)))
        elif (side := view["to_play"]) is not None:
            who = names[0] if state.is_solo else self.player_name(state, side, names, lang)
            lines.append(
                text(
                    lang, "dragons_arena.to_play", who=who, side=side_label(side, lang), reason=self.reason(state, lang)
                )
            )
        described = DragonsArenaState.describe(view, names)
        if described is not None:
            lines.append(text(lang, "dragons_arena.last_move", moves=word(lang, described)))
        duel = view["last_duel"]
        if duel and record.row.status == ACTIVE and duel["duel"] < view["duel"]:
            if duel["winner"] is None:
                winner = text(lang, "dragons_arena.duel_draw")
            else:
                winner = text(lang, "dragons_arena.duel_won", side=text(lang, "dragons_arena.side." + duel["winner"]))
            totals = duel["totals"]
            lines.append(
                text(
                    lang,
                    "dragons_arena.duel_line",
                    duel=duel["duel"],
                    winner=winner,
                    fire=totals["fire"],
                    ice=totals["ice"],
                    reason=word(lang, duel["reason"]),
                )
            )
        return "\n".join(lines)

    def reason(self, state: DragonsArenaState, lang: str = "en") -> str:
        """Why the turn is what it is, from the point of view of the player who acts."""
        must = state.must()
        if must == "set" and state.level == "big":
            reason = text(lang, "dragons_arena.reason.set_big", total=BIG_TOTAL)
        elif state.solo_opponent_to_play():
            reason = text(
                lang,
                "dragons_arena.reason.opponent_eliminate"
                if must == "eliminate"
                else "dragons_arena.reason.opponent_element",
            )
        else:
            reason = text(lang, "dragons_arena.reason." + must)
        if must != "element" and state.element_allowed():
            reason += text(lang, "dragons_arena.or_element", element=element_name(SIDES[state.to_play], lang))
        return reason

    def result_text(self, record: GameRecord, state: DragonsArenaState, names: list[str], lang: str = "en") -> str:
        outcome = record.outcome
        assert outcome is not None
        if state.is_solo:
            if record.row.end_reason != "rules":
                return text(lang, "dragons_arena.solo_stopped", reason=word(lang, outcome.reason))
            line = solo_line(lang, state.view(None))
            return text(lang, "dragons_arena.solo_over", reason=line or word(lang, outcome.reason))
        if not outcome.winners:
            return text(lang, "dragons_arena.match_drawn", reason=word(lang, outcome.reason))
        winner = outcome.winners[0]
        champion = f"**{names[winner]}** ({side_label(SIDES[winner], lang)})"
        if outcome.reason == "resignation":
            return text(lang, "dragons_arena.resigned", loser=names[1 - winner], champion=champion)
        if outcome.reason == "timeout":
            return text(lang, "dragons_arena.ran_out", loser=names[1 - winner], champion=champion)
        duel = state.last_duel
        if duel is None or duel["winner"] != SIDES[winner]:  # not won by the rules: the stored reason
            return text(lang, "dragons_arena.wins", champion=champion, reason=word(lang, outcome.reason))
        nuggets = {side: state.nuggets[i] for i, side in enumerate(SIDES)} if state.nuggets_to_win > 1 else None
        return text(lang, "dragons_arena.wins", champion=champion, reason=duel_result(lang, duel, nuggets))

    def content(self, record: GameRecord, state: DragonsArenaState, pick: Pick, lang: str = "en") -> str:
        """The message text: who must act (mentioned) and what they are choosing."""
        if (thinking := self.bot_thinking(record, lang)) is not None:
            return thinking
        if state.phase == "setup":
            return text(lang, "dragons_arena.content_setup", players=mention_list(record.human_actors()))
        mover = f"<@{record.actors()[0]}>"
        if pick == NO_PICK:
            return text(lang, "dragons_arena.content_turn", mover=mover, reason=self.reason(state, lang))
        return f"{mover}, {self.pick_prompt(state, pick, lang)}"

    def pick_prompt(self, state: DragonsArenaState, pick: Pick, lang: str = "en") -> str:
        if pick.kind == "die":
            return text(lang, "dragons_arena.pick_die", value=pick.value)
        if pick.kind == "element":
            side = SIDES[state.to_play]
            return text(
                lang,
                "dragons_arena.pick_element",
                name=element_name(side, lang),
                effect=text(lang, "dragons_arena.effect." + side),
            )
        if pick.kind == "blizzard":
            return text(lang, "dragons_arena.pick_blizzard", square=pick.value)
        moves = self.square_moves(state, pick.value)
        if moves and isinstance(moves[0], ChangePower):
            return text(lang, "dragons_arena.pick_change", square=pick.value)
        return text(lang, "dragons_arena.pick_attack", square=pick.value)

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
            record.id, record.version, "setmodal", label=text(lang, "dragons_arena.set_my_powers"), emoji="🎲",
            style=discord.ButtonStyle.success,
        )  # fmt: skip
        return [setter, self.private_button(record, text(lang, "dragons_arena.show_my_powers"))]

    def split_select(self, record: GameRecord, state: DragonsArenaState, lang: str = "en") -> GameSelect:
        description = text(lang, "dragons_arena.split_description")
        options = [
            discord.SelectOption(label=f"{m.low} + {m.high}", value=str(m), description=description)
            for m in SPLIT_MOVES  # every split is legal whenever a split is due
        ]
        placeholder = text(lang, "dragons_arena.split_placeholder")
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
        record: GameRecord, name: str, cell: DragonView | None, action: str | None, chosen: bool, row: int
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
            record.id,
            record.version,
            "back",
            label=text(lang, "dragons_arena.back"),
            emoji="↩️",
            disabled=pick == NO_PICK,
            row=0,
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
                label=text(lang, "dragons_arena.die_label", power=power),
                value=str(power),
                description=plural(lang, "dragons_arena.die_left", count, count=count),
                default=str(power) == pick.value,
            )
            for power, count in sorted(counts.items())
        ]
        placeholder = text(lang, "dragons_arena.die_placeholder")
        return GameSelect(record.id, record.version, "die", options=options, placeholder=placeholder, row=4)

    def power_select(
        self, record: GameRecord, state: DragonsArenaState, square: str, changes: list[ChangePower], lang: str = "en"
    ) -> GameSelect:
        options = [
            discord.SelectOption(
                label=text(lang, "dragons_arena.power_option", square=square, power=m.power), value=str(m)
            )
            for m in changes
        ]
        placeholder = text(lang, "dragons_arena.power_placeholder", square=square)
        return GameSelect(record.id, record.version, f"power:{square}", options=options, placeholder=placeholder, row=4)

    # -- lessons ---------------------------------------------------------------

    def lesson_controls(
        self, record: GameRecord, seat: int, picked: str | None, lang: str
    ) -> list[discord.ui.Item[Any]]:
        """The board's controls; ``picked`` is the choice made so far, as ``kind:value`` ("square:b2")."""
        kind, _, value = (picked or "").partition(":")
        return self.controls(record, self.state_of(record), Pick(kind, value), lang)

    def lesson_click(self, record: GameRecord, seat: int, action: str, values: list[str]) -> LessonClick:
        kind, _, argument = action.partition(":")
        if kind == "play":
            return LessonClick(move=argument)
        if kind in ("power", "split") and values:
            return LessonClick(move=values[0])
        picks = {"pick": ("square", argument), "blz": ("blizzard", argument), "element": ("element", "")}
        if kind == "die" and values:
            picks["die"] = ("die", values[0])
        if kind == "back":
            return LessonClick()
        if kind not in picks:
            raise refusal("dragons_arena.err.nothing_here")
        pick = Pick(*picks[kind])
        if not self.pick_is_legal(self.state_of(record), pick):
            raise refusal("dragons_arena.err.not_available")
        return LessonClick(picked=f"{pick.kind}:{pick.value}")

    # -- handling clicks -------------------------------------------------------

    async def on_game_control(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, action: str, values: list[str]
    ) -> None:
        kind, _, argument = action.partition(":")
        user = interaction.user.id
        if kind == "play":
            await self.commit(record, user, [argument], version=version, interaction=interaction)
        elif kind in ("power", "split") and values:
            await self.commit(record, user, [values[0]], version=version, interaction=interaction)
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
            raise refusal("dragons_arena.err.nothing_here")

    def same_board(self, before: GameRecord, after: GameRecord) -> bool:
        """A solo game keeps one board; a duel's board stays while the same player(s) act."""
        return len(set(after.seats)) == 1 or super().same_board(before, after)

    async def show_pick(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, pick: Pick
    ) -> None:
        """Redraw the controls for the choice made so far; the game itself does not change."""
        self.service.check_actor(record, interaction.user.id, version)
        state = self.state_of(record)
        if not self.pick_is_legal(state, pick):
            raise refusal("dragons_arena.err.not_available")
        lang = await self.language(record)
        await update_clicked(
            interaction,
            content=self.content(record, state, pick, lang),
            view=controls_view(self.controls(record, state, pick, lang)),
            allowed_mentions=PLAYERS_ONLY,
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

    # -- secret sets -----------------------------------------------------------

    async def open_set_modal(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        state = self.state_of(record)
        user = interaction.user.id
        if record.seats_of(user) and not is_setting(record, state):
            raise refusal("dragons_arena.err.not_setting")
        if record.seats_of(user) and user not in record.actors():
            raise refusal("dragons_arena.err.already_set", waiting=mention_list(record.actors()))
        self.service.check_actor(record, user, None)
        lang = await self.bot.reply_language(interaction)  # a form only the clicker sees: in their language
        await interaction.response.send_modal(PowersModal(record.id, state.level, lang))

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Submissions of the secret-set modal, including ones opened before a restart."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        data = cast(dict[str, Any], interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if not custom_id.startswith(SET_MODAL):
            return
        parsed = ControlId.parse(f"{custom_id.removeprefix(SET_MODAL)}:any:set")
        typed = modal_value(list(data.get("components", [])), POWERS_FIELD)

        async def work() -> None:
            # A forged form may name any id, or another game's: checked before anything is read or played.
            if parsed is None:
                raise invalid_control()
            record = await game_here(interaction, parsed.game_id)
            if record.game != self.game_id:
                raise invalid_control()
            await self.submit_powers(interaction, record, typed)

        # Not a control: the submission passes the bot's front desk here (logged, refused while stopping).
        await self.bot.interactions.serve(interaction, partial(guarded, interaction, work), last_resort=True)

    async def submit_powers(self, interaction: discord.Interaction[Any], record: GameRecord, typed: str) -> None:
        notation = parse_powers(typed, self.state_of(record).level)
        # No version check: the other player may set theirs while this modal is open.
        after = await self.commit(record, interaction.user.id, [notation], version=None, interaction=interaction)
        lang = await self.bot.reply_language(interaction)
        powers = ", ".join(notation.removeprefix("set:").split(","))
        hidden = text(lang, "dragons_arena.still_secret") if after.state and after.state.actors else ""
        await interaction.followup.send(
            text(lang, "dragons_arena.powers_are_set", powers=powers, hidden=hidden), ephemeral=True
        )

    async def private_board(self, record: GameRecord, seat: int, lang: str) -> Board | None:
        state = self.state_of(record)
        if state.phase != "setup":
            return None
        view = state.view(seat)
        mine = view["dice"][SIDES[seat]]
        picture = await self.draw(drawing.render, record, worded_view(view, lang), lang)
        embed = discord.Embed(title=text(lang, "dragons_arena.private_title", id=record.id), colour=COLOUR)
        if mine is None:
            embed.description = text(lang, "dragons_arena.private_unset")
        else:
            embed.description = text(
                lang, "dragons_arena.private_set", powers=", ".join(map(str, mine)), total=sum(mine)
            )
        return Board("", embed, picture)

    # -- solo records ----------------------------------------------------------

    async def after_publish(self, latest: GameRecord) -> None:
        """A solo game that has just ended also joins the server's records."""
        await self.note_solo_result(latest)

    async def note_solo_result(self, record: GameRecord) -> None:
        """A finished solo game joins the server's records, however it ended."""
        result = solo_result(record)
        if result is not None:
            await self.service.storage.record_solo_result(result)


def is_setting(record: GameRecord, state: DragonsArenaState) -> bool:
    """Whether the players are choosing their secret powers now."""
    return record.row.status == ACTIVE and state.phase == "setup"


class PowersModal(discord.ui.Modal):
    """The secret set, typed.  The cog's listener handles the submission (see ``on_interaction``)."""

    def __init__(self, game_id: int, level: str, lang: str = "en") -> None:
        # The view store only keeps it for a while: the listener does not need it at all.
        super().__init__(title=text(lang, "dragons_arena.modal_title"), custom_id=f"{SET_MODAL}{game_id}", timeout=900)
        label = (
            text(lang, "dragons_arena.modal_big", total=BIG_TOTAL)
            if level == "big"
            else text(lang, "dragons_arena.modal_free")
        )
        self.add_item(
            discord.ui.TextInput(
                label=label, custom_id=POWERS_FIELD, placeholder=EXAMPLE_SET, min_length=8, max_length=40
            )
        )


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(DragonsArena(bot))
