"""`python -m agent` runs the memlane CLI (a shim: the CLI lives in agent/cli/)."""

from agent.cli.main import main

main()
