"""Bots' play carried on across writes: ``games.bots_at``, the moment from
which any serving process may play on a game whose bots are left to answer.

Revision ID: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("bots_at", sa.BigInteger, nullable=True))
    op.create_index("ix_games_bots_at", "games", ["bots_at"])


def downgrade() -> None:
    op.drop_index("ix_games_bots_at", "games")
    with op.batch_alter_table("games") as games:  # SQLite rebuilds the table
        games.drop_column("bots_at")
