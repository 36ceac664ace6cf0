# Every target bootstraps itself: it makes .venv if missing and installs the project
# with its dev extra whenever pyproject.toml is newer than the last install.

SHELL := /bin/bash
.DEFAULT_GOAL := help

VENV  := .venv
BIN   := $(VENV)/bin
STAMP := $(VENV)/.installed

# The first of these that is Python >= 3.11; override with `make PYTHON=/path/to/python`.
PYTHON ?= $(shell for p in python3.11 python3.12 python3.13 python3.14 python3; do \
	  command -v $$p >/dev/null 2>&1 && \
	  $$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null && \
	  { echo $$p; break; }; done)

export PIP_NO_INPUT := 1
export PIP_DISABLE_PIP_VERSION_CHECK := 1

.PHONY: help play test lint typecheck pytest bench soak clean distclean

help:
	@echo "make play       open the game"
	@echo "make test       ruff, mypy and the test suite (what CI runs)"
	@echo "make lint | typecheck | pytest   one step of make test"
	@echo "make bench      performance figures -> bench/results/latest.json"
	@echo "make soak       long random-game runs (not part of make test)"
	@echo "make clean      caches and build output; make distclean also removes .venv"

$(BIN)/python:
	@test -n "$(PYTHON)" || { echo "make: need Python 3.11 or newer on PATH (python3.11 or python3)" >&2; exit 1; }
	@echo "== creating $(VENV) with $(PYTHON)"
	@$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	@echo "== installing the project into $(VENV) (pip install -e '.[dev]'; the first time takes a few minutes)"
	@$(BIN)/python -m pip install -qq -e '.[dev]'
	@touch $@

play: $(STAMP)
	@$(BIN)/allegiance play

test: $(STAMP)
	@failed=""; \
	echo "== ruff check ."; $(BIN)/ruff check --quiet --output-format=concise . || failed="$$failed ruff"; \
	echo "== mypy shared server client bench"; \
	  $(BIN)/mypy --no-error-summary shared server client bench || failed="$$failed mypy"; \
	echo "== pytest -m 'not soak'"; \
	  $(BIN)/python -m pytest -m "not soak" || failed="$$failed pytest"; \
	if [ -n "$$failed" ]; then echo "== make test FAILED:$$failed"; exit 1; fi; \
	echo "== make test passed"

lint: $(STAMP)
	@$(BIN)/ruff check .

typecheck: $(STAMP)
	@$(BIN)/mypy shared server client bench

pytest: $(STAMP)
	@$(BIN)/python -m pytest -m "not soak"

bench: $(STAMP)
	@$(BIN)/python -m bench.run

soak: $(STAMP)
	@$(BIN)/python -m pytest -m soak; rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "== no soak tests yet"; exit 0; fi; exit $$rc

clean:
	rm -rf build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache snapshot_report.html
	rm -f bench/results/*.json
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
