"""The first tables: games, inputs, tokens, ready marks, table talk.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("ruleset", sa.String(64), nullable=False),
        sa.Column("ruleset_version", sa.String(32), nullable=False),
        sa.Column("scenario", sa.Text, nullable=False),
        sa.Column("players", sa.Text, nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.Column("seed_hash", sa.String(64), nullable=False),
        sa.Column("webhook", sa.Text, nullable=True),
        sa.Column("deadline_rule", sa.String(100), nullable=True),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("turn", sa.Integer, nullable=False),
        sa.Column("deadline_at", sa.BigInteger, nullable=True),
        sa.Column("paused", sa.Boolean, nullable=False),
        sa.Column("paused_left", sa.BigInteger, nullable=True),
        sa.Column("over", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_games_deadline_at", "games", ["deadline_at"])
    op.create_table(
        "inputs",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("receipt", sa.String(64), nullable=True),
        sa.Column("at", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "tokens",
        sa.Column("hash", sa.String(64), primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("seat", sa.String(100), nullable=True),
        sa.Column("lang", sa.String(8), nullable=False),
    )
    op.create_index("ix_tokens_game_id", "tokens", ["game_id"])
    op.create_table(
        "ready",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("turn", sa.Integer, primary_key=True),
        sa.Column("seat", sa.String(100), primary_key=True),
    )
    op.create_table(
        "messages",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("sender", sa.String(100), nullable=False),
        sa.Column("audience", sa.Text, nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("turn", sa.Integer, nullable=False),
        sa.Column("at", sa.BigInteger, nullable=False),
    )


def downgrade() -> None:
    for table in ("messages", "ready", "tokens", "inputs", "games"):
        op.drop_table(table)
