"""Dice and what Heroes do to them: Pluck tests, Fame, Fortune, wound rolls
and taking wounds. Each piece that waits for dice or a decision is a
:class:`~referee.core.flow.Frame`; its fields are what it still needs."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from referee.boards.tablemap import tenths
from referee.core.events import Facts
from referee.core.flow import Frame, Step, Then, done
from referee.core.i18n import Msg, msg
from referee.core.waits import Chance, Decision, Meaning, Option
from referee.games.old_west.state import Fighter, OldWestState, fact_list, frozen
from referee.games.old_west.tables import DIE_FACES, FALL_FROM_HORSE, PLUCK_PASS, wound_need
from referee.games.old_west.view import Part, PluckFor

_D6 = tuple((face, Fraction(1, len(DIE_FACES))) for face in DIE_FACES)
"""A die's outcomes, made once (:meth:`Chance.uniform`'s): every face a sixth."""


def d6(what: Msg, label: Meaning) -> Chance:
    """One die; ``what`` says what it is for in words, ``label`` as data."""
    return Chance(what, _D6, label)


def rolled(die: int, fame: int = 0) -> int | str:
    """A roll as the log shows it: the die, and the Fame added to it ("3+1")."""
    return die if fame == 0 else f"{die}+{fame}"


def mount_of(fighter: Fighter) -> Msg:
    """The model's mount, named as a sentence needs it ("Marshal Wyatt's
    horse", «лошадь маршала Уайетта»)."""
    kind = fighter.mount.kind if fighter.mount is not None else "horse"
    return msg("ow.mount-of", name=fighter.name, mount=msg(f"ow.mount.{kind}"))


def spend_fame(state: OldWestState, fighter_id: str, points: int, clause: str) -> None:
    """Record Fame spent (OW-FAM-4)."""
    if points <= 0:
        return
    hero = state.fighters[fighter_id]
    hero.fame -= points
    state.emit(msg("ow.fame-spent", name=hero.name, n=points, left=hero.fame), clause=clause,
               facts={"kind": "fame-spent", "model": fighter_id, "points": points,
                      "left": hero.fame})


@dataclass
class FameToReach(Frame):
    """A Hero whose roll came to ``total`` may spend Fame, after seeing it, to
    reach ``need`` (OW-FAM-1, OW-FAM-2, OW-FAM-6). ``room`` is how far the dice
    may still be raised. Asks only when Fame can make the difference; returns
    the points spent."""

    fighter_id: str
    total: int
    need: int
    room: int
    clause: str

    def start(self, state: OldWestState) -> Step:
        hero = state.fighters[self.fighter_id]
        if not fame_can_reach(hero, self.total, self.need, self.room):
            return done(0)
        short = self.need - self.total
        question = msg("ow.ask.fame", name=hero.name, total=self.total, need=self.need)
        options = [Option(n, msg("ow.opt.fame", n=n), {
            "kind": "fame", "model": self.fighter_id, "points": n, "total": self.total,
            "need": self.need}) for n in (0, short)]
        return self.ask(Decision.single(hero.posse, question, options), self.spent)

    def spent(self, state: OldWestState, points: int) -> Step:
        spend_fame(state, self.fighter_id, points, self.clause)
        return done(points)


def fame_can_reach(hero: Fighter, total: int, need: int, room: int) -> bool:
    """Can ``hero`` spend Fame to bring ``total`` up to ``need``, the dice
    raised by ``room`` at most (OW-FAM-1, OW-FAM-2, OW-FAM-6)?"""
    short = need - total
    return hero.hero and 0 < short <= min(hero.fame, room)


def reach_with_fame(frame: Frame, state: OldWestState, fame: FameToReach,
                    then: Then) -> Step:
    """``frame`` goes on with ``then`` and the Fame spent as ``fame`` asks
    for: none, at once, where Fame cannot make the difference (most rolls:
    nothing to ask), else as the player chooses."""
    if not fame_can_reach(state.fighters[fame.fighter_id], fame.total, fame.need, fame.room):
        return then(state, 0)
    return frame.call(fame, then)


PLUCK_CLAUSES: dict[PluckFor, str] = {
    "fearsome": "OW-FEAR-1", "dive": "OW-DIV-1", "hills": "OW-HFH-1"}
"""The clause each kind of Pluck test is taken under (OW-PLK-2)."""


@dataclass
class PluckTest(Frame):
    """Two dice plus Pluck: 10 or more passes (OW-PLK-1), for a ``test``
    (OW-PLK-2). A Hero may raise it with Fame (OW-FAM-5). A rider tests with
    his own Pluck (OW-MNT-1). Returns whether it passed."""

    fighter_id: str
    test: PluckFor
    first: int = 0
    second: int = 0

    def start(self, state: OldWestState) -> Step:
        return self.ask(self._die(state, 1), self.rolled_first)

    def _die(self, state: OldWestState, die: int) -> Chance:
        return d6(msg("ow.roll.pluck", name=state.fighters[self.fighter_id].name,
                      need=PLUCK_PASS),
                  {"roll": "pluck", "model": self.fighter_id, "test": self.test, "die": die,
                   "need": PLUCK_PASS})

    def rolled_first(self, state: OldWestState, value: int) -> Step:
        self.first = value
        return self.ask(self._die(state, 2), self.rolled_second)

    def rolled_second(self, state: OldWestState, value: int) -> Step:
        self.second = value
        total = self.first + self.second + state.fighters[self.fighter_id].pluck
        cap = state.rules.fame_cap
        room = max(0, cap - self.first) + max(0, cap - self.second)
        return reach_with_fame(self, state, FameToReach(self.fighter_id, total, PLUCK_PASS,
                                                        room, "OW-FAM-5"), self.judged)

    def judged(self, state: OldWestState, spent: int) -> Step:
        model = state.fighters[self.fighter_id]
        total = self.first + self.second + model.pluck + spent
        passed = total >= PLUCK_PASS
        state.emit(msg("ow.pluck-passed" if passed else "ow.pluck-failed", name=model.name,
                       first=self.first, second=self.second, pluck=model.pluck, total=total,
                       need=PLUCK_PASS), clause=PLUCK_CLAUSES[self.test],
                   facts=frozen({"kind": "pluck-test", "model": self.fighter_id, "test": self.test,
                                 "dice": fact_list([self.first, self.second]),
                                 "pluck": model.pluck, "fame": spent, "total": total,
                                 "need": PLUCK_PASS, "passed": passed}))
        return done(passed)


@dataclass
class Dares(Frame):
    """Charging or shooting an enemy with a Fearsome Reputation needs a
    passed Pluck test first (OW-FEAR-1); a model that fails does nothing more
    this phase (OW-FEAR-2). Returns whether it dares."""

    fighter_id: str
    target_id: str

    def start(self, state: OldWestState) -> Step:
        if not takes_daring(state.fighters[self.target_id]):
            return done(True)
        return self.call(PluckTest(self.fighter_id, "fearsome"), self.tested)

    def tested(self, state: OldWestState, passed: bool) -> Step:
        if passed:
            return done(True)
        fighter = state.fighters[self.fighter_id]
        fighter.done = True
        state.emit(msg("ow.too-scared", name=fighter.name, target=state.name(self.target_id)),
                   clause="OW-FEAR-2",
                   facts={"kind": "too-scared", "model": self.fighter_id,
                          "target": self.target_id})
        return done(False)


def takes_daring(target: Fighter) -> bool:
    """Does charging or shooting ``target`` need a passed Pluck test first:
    has it a Fearsome Reputation (OW-FEAR-1)?"""
    return target.fearsome


def dare(frame: Frame, state: OldWestState, fighter_id: str, target_id: str,
         then: Then) -> Step:
    """``frame`` goes on with ``then`` and whether ``fighter_id`` dares to
    charge or shoot ``target_id`` (:class:`Dares`): at once, daring, where the
    target has no Fearsome Reputation (most: nothing to roll, OW-FEAR-1)."""
    if not takes_daring(state.fighters[target_id]):
        return then(state, True)
    return frame.call(Dares(fighter_id, target_id), then)


@dataclass
class WoundRoll(Frame):
    """Roll on the Wound Table (OW-WND-1..3); a Hero striker may add Fame to
    each die, and points spent on the first die of a 6/x carry over to the
    second (OW-FAM-7). ``striker_id`` None: no one can spend Fame (a fall).
    ``target`` names ``target_id``'s rider or mount (``part``) in words.
    Returns whether it wounds."""

    striker_id: str | None
    strength: int
    toughness: int
    target: Msg
    target_id: str
    part: Part
    first: int = 0
    carry: int = 0
    second: int = 0

    def _by(self, state: OldWestState) -> Msg:
        """Who wounds: the striker, or the fall."""
        if self.striker_id is None:
            return msg("ow.the-fall")
        return msg("ow.name", name=state.name(self.striker_id))

    def _die(self, what: Msg, die: int, need: int) -> Chance:
        return d6(what, {"roll": "wound", "model": self.striker_id, "target": self.target_id,
                         "part": self.part, "die": die, "need": need})

    def _facts(self, die: int, roll: int, fame: int, need: int, result: str) -> Facts:
        return frozen({"kind": "wound-roll", "model": self.striker_id, "target": self.target_id,
                       "part": self.part, "strength": self.strength, "toughness": self.toughness,
                       "die": die, "roll": roll, "fame": fame, "need": need, "result": result})

    def start(self, state: OldWestState) -> Step:
        need = wound_need(self.strength, self.toughness)
        if need is None:
            state.emit(msg("ow.cannot-wound", target=self.target, strength=self.strength,
                           toughness=self.toughness), clause="OW-WND-3",
                       facts={"kind": "cannot-wound", "model": self.striker_id,
                              "target": self.target_id, "part": self.part,
                              "strength": self.strength, "toughness": self.toughness})
            return done(False)
        return self.ask(self._die(msg("ow.roll.wound", target=self.target, need=need.text), 1,
                                  need.first), self.rolled_first)

    def rolled_first(self, state: OldWestState, value: int) -> Step:
        self.first = value
        if self.striker_id is None:
            return self.carried(state, 0)
        need = wound_need(self.strength, self.toughness)
        assert need is not None
        room = max(0, state.rules.fame_cap - value)
        return reach_with_fame(self, state, FameToReach(self.striker_id, value, need.first,
                                                        room, "OW-FAM-6"), self.carried)

    def carried(self, state: OldWestState, spent: int) -> Step:
        self.carry = spent
        need = wound_need(self.strength, self.toughness)
        assert need is not None
        roll = rolled(self.first, spent)
        if self.first + spent < need.first:
            state.emit(msg("ow.no-wound", target=self.target, roll=roll, need=need.text),
                       clause="OW-WND-1",
                       facts=self._facts(1, self.first, spent, need.first, "no-wound"))
            return done(False)
        if need.second is None:
            state.emit(msg("ow.wounds", by=self._by(state), target=self.target, roll=roll,
                           need=need.text), clause="OW-WND-1",
                       facts=self._facts(1, self.first, spent, need.first, "wounds"))
            return done(True)
        state.emit(msg("ow.wound-first", by=self._by(state), target=self.target, roll=roll,
                       need=need.text), clause="OW-WND-2",
                   facts=self._facts(1, self.first, spent, need.first, "second-die"))
        return self.ask(self._die(msg("ow.roll.wound-second", target=self.target,
                                      need=need.second), 2, need.second), self.rolled_second)

    def rolled_second(self, state: OldWestState, value: int) -> Step:
        self.second = value
        if self.striker_id is None:
            return self.judged(state, 0)
        need = wound_need(self.strength, self.toughness)
        assert need is not None and need.second is not None
        return reach_with_fame(self, state, FameToReach(self.striker_id, value + self.carry,
                                                        need.second, 99, "OW-FAM-7"),
                               self.judged)

    def judged(self, state: OldWestState, spent: int) -> Step:
        need = wound_need(self.strength, self.toughness)
        assert need is not None and need.second is not None
        total = self.second + self.carry + spent
        wounded = total >= need.second
        roll = rolled(self.second, self.carry + spent)
        facts = self._facts(2, self.second, self.carry + spent, need.second,
                            "wounds" if wounded else "no-wound")
        if wounded:
            state.emit(msg("ow.wounds-second", by=self._by(state), target=self.target,
                           roll=roll, need=need.second), clause="OW-WND-2", facts=facts)
        else:
            state.emit(msg("ow.no-wound-second", target=self.target, roll=roll,
                           need=need.second), clause="OW-WND-2", facts=facts)
        return done(wounded)


@dataclass
class TakeWound(Frame):
    """``target_id`` (``part`` "rider" or "mount") loses a Wound; out of action
    at its last (OW-WDS-1). A Hero may first spend Fortune (house rule)."""

    target_id: str
    part: str
    clause: str

    def start(self, state: OldWestState) -> Step:
        model = state.fighters[self.target_id]
        if self.part == "mount" and model.mount is not None:
            model.mount.wounds -= 1
            if model.mount.wounds <= 0:
                return self.call(MountKilled(self.target_id), self.finished)
            state.emit(msg("ow.mount-wounded", mount=mount_of(model), left=model.mount.wounds),
                       clause=self.clause, facts={"kind": "mount-wounded",
                                                  "model": self.target_id,
                                                  "left": model.mount.wounds})
            return done()
        return save_with_fortune(self, state, self.target_id, self.saved)

    def finished(self, state: OldWestState, _: object) -> Step:
        return done()

    def saved(self, state: OldWestState, saved: bool) -> Step:
        if saved:
            return done()
        model = state.fighters[self.target_id]
        model.wounds -= 1
        if model.wounds > 0:
            state.emit(msg("ow.wounded", name=model.name, left=model.wounds), clause="OW-WDS-1",
                       facts={"kind": "wounded", "model": self.target_id, "left": model.wounds})
            return done()
        state.remove_from_table(self.target_id, "out")
        state.emit(msg("ow.out-of-action", name=model.name), clause=self.clause,
                   facts=frozen({"kind": "out-of-action", "model": self.target_id}))
        return done()


@dataclass
class FortuneSaves(Frame):
    """House rule (Fortune, from the full game): a Hero about to lose a Wound
    may spend a Fortune point and roll; on ``fortune_save`` or more the wound
    is not lost. Returns whether it was saved."""

    hero_id: str

    def start(self, state: OldWestState) -> Step:
        hero = state.fighters[self.hero_id]
        if not has_fortune(hero):
            return done(False)
        options = [Option(False, msg("ow.opt.keep-fortune"),
                          {"kind": "fortune", "model": self.hero_id, "spend": False}),
                   Option(True, msg("ow.opt.fortune"),
                          {"kind": "fortune", "model": self.hero_id, "spend": True})]
        question = msg("ow.ask.fortune", name=hero.name, left=hero.fortune,
                       need=state.rules.fortune_save)
        return self.ask(Decision.single(hero.posse, question, options), self.chose)

    def chose(self, state: OldWestState, spend: bool) -> Step:
        if not spend:
            return done(False)
        hero = state.fighters[self.hero_id]
        hero.fortune -= 1
        return self.ask(d6(msg("ow.roll.fortune", name=hero.name),
                           {"roll": "fortune", "model": self.hero_id,
                            "need": state.rules.fortune_save}), self.rolled)

    def rolled(self, state: OldWestState, roll: int) -> Step:
        hero = state.fighters[self.hero_id]
        saved = roll >= state.rules.fortune_save
        state.emit(msg("ow.fortune-saved" if saved else "ow.fortune-failed", name=hero.name,
                       roll=roll, need=state.rules.fortune_save, left=hero.fortune),
                   clause="OW-HRO-1",
                   facts={"kind": "fortune", "model": self.hero_id, "roll": roll,
                          "need": state.rules.fortune_save, "saved": saved,
                          "left": hero.fortune})
        return done(saved)


def has_fortune(hero: Fighter) -> bool:
    """Has ``hero`` a Fortune point left to spend on a wound (house rule)?"""
    return hero.fortune > 0


def save_with_fortune(frame: Frame, state: OldWestState, hero_id: str, then: Then) -> Step:
    """``frame`` goes on with ``then`` and whether ``hero_id`` saves the wound
    with Fortune (:class:`FortuneSaves`): at once, unsaved, where it has no
    Fortune left (most models: nothing to ask)."""
    if not has_fortune(state.fighters[hero_id]):
        return then(state, False)
    return frame.call(FortuneSaves(hero_id), then)


@dataclass
class MountKilled(Frame):
    """The mount dies: the rider rolls on the Falling from a Horse table
    (OW-RID-3; the table itself is a house rule)."""

    rider_id: str
    result: str = ""

    def start(self, state: OldWestState) -> Step:
        rider = state.fighters[self.rider_id]
        mount = mount_of(rider)
        state.dismount(self.rider_id)
        state.emit(msg("ow.mount-killed", mount=mount), clause="OW-RID-3",
                   facts={"kind": "mount-killed", "model": self.rider_id})
        return self.ask(d6(msg("ow.roll.fall-horse", name=rider.name),
                           {"roll": "fall-from-mount", "model": self.rider_id}), self.rolled)

    def rolled(self, state: OldWestState, roll: int) -> Step:
        rider = state.fighters[self.rider_id]
        self.result = FALL_FROM_HORSE[roll]
        state.emit(msg(f"ow.fall-horse.{self.result}", name=rider.name, roll=roll),
                   clause="OW-RID-3", facts={"kind": "fell-from-mount", "model": self.rider_id,
                                             "roll": roll, "result": self.result})
        if self.result == "hurt":
            return self.call(Hit(None, state.rules.fall_strength, self.rider_id, "rider",
                                 "OW-RID-3"), self.landed)
        return self.landed(state, None)

    def landed(self, state: OldWestState, _: object) -> Step:
        if self.result in ("hurt", "prone") and state.fighters[self.rider_id].active:
            state.set_prone(self.rider_id, True)
        return done()


@dataclass
class Fall(Frame):
    """A model going over a drop higher than 2" takes falling damage
    (OW-SUR-5); house rule: one Strength 3 hit per full inch fallen, and it
    lands prone."""

    faller_id: str
    height: float
    hits_left: int = 0

    def start(self, state: OldWestState) -> Step:
        model = state.fighters[self.faller_id]
        if self.height <= state.rules.fall_safe_height:
            state.emit(msg("ow.fall-safe", name=model.name, height=tenths(self.height)),
                       clause="OW-SUR-5", facts={"kind": "fell", "model": self.faller_id,
                                                 "height": self.height, "hurt": False})
            return done()
        state.emit(msg("ow.falls", name=model.name, height=tenths(self.height)),
                   clause="OW-SUR-5", facts={"kind": "fell", "model": self.faller_id,
                                             "height": self.height, "hurt": True})
        self.hits_left = int(self.height)
        return self.more(state, None)

    def more(self, state: OldWestState, _: object) -> Step:
        active = state.fighters[self.faller_id].active
        if self.hits_left > 0 and active:
            self.hits_left -= 1
            return self.call(Hit(None, state.rules.fall_strength, self.faller_id, "rider",
                                 "OW-SUR-5"), self.more)
        if active:
            state.set_prone(self.faller_id, True)
        return done()


@dataclass
class Hit(Frame):
    """One hit of ``strength`` on ``target_id``'s rider or mount: roll to
    wound, then take it. Returns whether it wounded."""

    striker_id: str | None
    strength: int
    target_id: str
    part: Part
    clause: str
    on_mount: bool = False

    def start(self, state: OldWestState) -> Step:
        model = state.fighters[self.target_id]
        mount = model.mount if self.part == "mount" else None
        self.on_mount = mount is not None
        toughness = mount.toughness if mount is not None else model.toughness
        target = mount_of(model) if mount is not None else msg("ow.name", name=model.name)
        return self.call(WoundRoll(self.striker_id, self.strength, toughness, target,
                                   self.target_id, "mount" if self.on_mount else "rider"),
                         self.rolled)

    def rolled(self, state: OldWestState, wounded: bool) -> Step:
        if not wounded:
            return done(False)
        return self.call(TakeWound(self.target_id, "mount" if self.on_mount else "rider",
                                   self.clause), self.taken)

    def taken(self, state: OldWestState, _: object) -> Step:
        return done(True)
