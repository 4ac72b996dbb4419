# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test quick bench witness startup clean print-tools

$(STAMP): pyproject.toml
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	$(BIN)/python -c "import trainer.engine.kernels"  # compile the engine's inner loops once (cached)
	$(BIN)/python -c "from trainer.engine.compiled import build; build()" \
	    || echo "the engine's loops were not built ahead of time: numba's are used (half a second more a process)"
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/literature daily

# The worksheet print test prints HTML to PDF in headless Chromium (DejaVu for the suit symbols): install them where we can
# (root with apt-get, as in CI); elsewhere that test is skipped, and this says so.
print-tools:
	@if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 \
	    || command -v google-chrome >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing chromium (apt-get) for the worksheet print test"; \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium fonts-dejavu-core >/dev/null \
	    || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive \
	         apt-get install -y -q --no-install-recommends chromium fonts-dejavu-core >/dev/null; } \
	    || echo "could not install chromium: the worksheet print test will be skipped"; \
	else echo "chromium is not installed: the worksheet print test will be skipped (apt-get install chromium)"; fi

test: $(STAMP) print-tools
	$(BIN)/ruff check trainer puzzles tests benchmarks conftest.py
	$(BIN)/mypy --strict trainer puzzles
	$(BIN)/pytest -q -n auto --maxprocesses 4 trainer puzzles tests

# A developer's subset: every test and doctest but those marked slow (pyproject.toml's markers), stopping at the
# first failure: about 2 minutes on a 2-core machine. `make test` runs everything, the slow tests too.
quick: $(STAMP)
	$(BIN)/pytest -q -x -n auto --maxprocesses 4 -m "not slow" trainer puzzles tests

bench: $(STAMP)
	$(BIN)/python benchmarks/solve.py

# One witness drawn on the hardest positions, and the second solver (python-constraint) over the shipped pack.
witness: $(STAMP)
	$(BIN)/python benchmarks/witness.py

# Start-up as a user meets it: whole processes (--help, a one-off solve), the minimum of 5 runs against the goals.
startup: $(STAMP)
	$(BIN)/python benchmarks/startup.py

clean:
	rm -rf $(VENV)
