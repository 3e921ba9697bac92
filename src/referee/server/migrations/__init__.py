"""Alembic migrations of the server's database (applied on start and by
``referee db upgrade``)."""
