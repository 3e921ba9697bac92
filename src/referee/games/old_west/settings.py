"""The house-rule settings of an Old West scenario (``[house_rules]``): each
fills a gap the fragment of the book leaves, or names a number a group may
want to change. docs/rulesets/old_west.md says where each comes from.

A module of its own, light to import: the odds read the settings' defaults
here without loading the scenario format, its geometry or the rules. Where a
default is the book's own number, it is read from :mod:`.tables`.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from referee.games.old_west.tables import (
    BACK_OFF_INCHES,
    FALL_HURTS_ABOVE,
    FORTUNE_SAVE,
    HEROIC_ACTION_COST,
)

MAX_BASE_MM = 200.0
"""The largest base a scenario may give (a wagon or a stagecoach fits)."""
MAX_HEIGHT = 120.0
"""The tallest obstacle, drop or setting of height, in inches (10 feet)."""


class HouseRules(BaseModel):
    """Settings for what the fragment of the book does not say. Each is a house
    rule; docs/rulesets/old_west.md says where it comes from."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    max_turns: int = Field(12, ge=1, le=200, description="the game ends in a draw after this turn")
    foot_base_mm: float = Field(25.0, gt=0, le=MAX_BASE_MM)
    mounted_base_mm: float = Field(50.0, gt=0, le=MAX_BASE_MM,
                                   description="round base of a rider")
    back_off_inches: float = Field(BACK_OFF_INCHES, gt=0, le=12,
                                   description="the book's 1 inch (OW-BCK-1)")
    back_off_reach: float = Field(4.0, gt=0, le=24,
                                  description="farthest a loser may travel through a gap to "
                                              "end clear (OW-MUL-3)")
    across_reach: float = Field(0.5, ge=0, le=12,
                                description="how far from an obstacle two bases may stand and "
                                            "still fight across it")
    barrier_height: float = Field(1.0, gt=0, le=MAX_HEIGHT,
                                  description="obstacles up to this may be jumped")
    barrier_cost: float = Field(2.0, ge=0, le=24,
                                description="inches of move spent to jump a barrier")
    sight_height: float = Field(2.0, gt=0, le=MAX_HEIGHT,
                                description="obstacles this high block sight")
    in_the_way: int = Field(4, ge=2, le=6, description="roll for a shot to get past cover")
    tie_die_advantage_wins_low: bool = Field(True, description="OW-FGT-3: 1–3 wins for the "
                                                               "side with Advantage")
    fame_cap: int = Field(6, ge=6, le=12, description="a die changed by Fame stops here")
    fortune_save: int = Field(FORTUNE_SAVE, ge=2, le=6,
                              description="roll for a Fortune point to save a wound")
    whuppin_cost: int = Field(HEROIC_ACTION_COST, ge=0, le=3,
                              description="Fame for Tike for Whuppin' (OW-WHP-1)")
    heroic_action_cost: int = Field(HEROIC_ACTION_COST, ge=0, le=3,
                                    description="the book's 1 Fame (OW-HAC-2)")
    fall_safe_height: float = Field(FALL_HURTS_ABOVE, ge=0, le=MAX_HEIGHT,
                                    description="the book: falls over 2\" hurt")
    fall_strength: int = Field(3, ge=1, le=10, description="Strength of each falling hit")
    rider_hit_on: int = Field(4, ge=1, le=7, description="a shot at a rider hits the rider on "
                                                         "this or more, else the mount")


DEFAULTS = HouseRules()
"""Every setting at its default: what a scenario that sets none plays by."""
