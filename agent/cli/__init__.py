"""Every click command of memlane, the REPL and the renderers: the one package that imports all."""

from agent.cli.main import COMMANDS, cli, main

__all__ = ["COMMANDS", "cli", "main"]
