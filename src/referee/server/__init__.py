"""The referee server: many games at once over a JSON API, each seat with its
own secret token, turns closing at a deadline or when every seat is ready,
fair dice drawn from a committed seed, and storage that loses nothing (an
append-only table of inputs; the game in memory is a cache rebuilt from it).

Layers, bottom up: :mod:`.settings` (what a server is started with),
:mod:`.schema` and :mod:`.database` (tables, engine, migrations),
:mod:`.dice`, :mod:`.tokens` and :mod:`.deadlines` (small pure helpers),
:mod:`.store` (games, turns and the write path, a package of small
modules), :mod:`.notify` (live updates), :mod:`.webhooks`, :mod:`.api`
(the routes), :mod:`.fast_answers` (the answer route, the one called most,
answered in front of the framework) and :mod:`.app` (the application).
Rules never import any of it.
"""
