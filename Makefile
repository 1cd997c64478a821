# One command for each thing a developer or CI does. `make demo` and `make test` are the
# README's Quick start: each creates .venv and installs what it needs first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev

.PHONY: demo test test-fast lint typecheck check install clean bench serve browser readme docs

$(STAMP): pyproject.toml src/storylens/_version.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/storylens analyze examples/corpus.jsonl examples/wire.jsonl examples/compare.jsonl examples/text examples/html
	$(BIN)/storylens stories

serve: $(STAMP)
	$(BIN)/storylens serve

# Debian's Chromium for the browser tests (as root; .ci/run does the same in CI).
browser:
	test -x /usr/bin/chromium || (apt-get update -qq && apt-get install -y -qq chromium)

# The usage block of docs/usage.md, written again from the command tree, and the tables of
# docs/benchmarks.md from docs/results/ (tests/test_docs.py fails while either is stale).
readme: $(STAMP) docs
	$(BIN)/cog -r docs/usage.md

# docs/benchmarks.md's tables, drawn from the files each bench writes to docs/results/.
docs: $(STAMP)
	$(BIN)/cog -r -I bench docs/benchmarks.md

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

# The full run, as CI: every test, the slow tier (processes, browser, quality floors) included.
test: $(STAMP) lint typecheck
	$(BIN)/pytest -q

# A developer's quick loop: the tests not marked slow (tests/conftest.py --fast).
test-fast: $(STAMP)
	$(BIN)/pytest -q --fast

check: test

bench: $(STAMP)
	cd bench && ../$(BIN)/python quotes.py && ../$(BIN)/python stories.py \
		&& ../$(BIN)/python extraction.py && ../$(BIN)/python pipeline.py
	$(MAKE) docs

clean:
	rm -rf $(VENV) storylens.db storylens.db-wal storylens.db-shm .pytest_cache .mypy_cache
