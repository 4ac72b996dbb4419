# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean

$(STAMP): pyproject.toml
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/literature daily

test: $(STAMP)
	$(BIN)/ruff check trainer puzzles tests benchmarks
	$(BIN)/mypy --strict trainer puzzles
	$(BIN)/pytest -q trainer puzzles tests

bench: $(STAMP)
	$(BIN)/python benchmarks/solve.py

clean:
	rm -rf $(VENV)
