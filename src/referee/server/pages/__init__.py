"""Pages for people: the start page, creating a game, the game master's desk
and a seat's page, rendered on the server (Jinja2 and htmx) from the same
seat views the JSON API serves."""
