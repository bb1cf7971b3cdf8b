# One-command dev loop. `make demo` and `make test` work on a fresh machine.
VENV ?= .venv
BIN := $(VENV)/bin
PYTHON ?= python3

.PHONY: demo test lint fix eval-smoke eval clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[dev]"
	touch $@

demo: $(BIN)/.installed           ## set up and run the main job on the shipped demo history
	$(BIN)/memlane demo

test: $(BIN)/.installed           ## the full test suite (offline)
	$(BIN)/python -m pytest

lint: $(BIN)/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

fix: $(BIN)/.installed
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

eval: $(BIN)/.installed           ## LoCoMo + TMD evaluation on ../shared/data (minutes)
	$(BIN)/memlane eval locomo ../shared/data/locomo/locomo10-dev.json --out out/locomo
	$(BIN)/memlane eval tmd ../shared/data/tmd --out out/tmd

clean:
	rm -rf $(VENV) out .pytest_cache .mypy_cache .ruff_cache
