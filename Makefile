# Barkeep: `make run` starts the bot, `make test` runs the tests. Both set up .venv first.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python

.PHONY: run install test test-postgres lint format bench clean

# Barkeep exits 2 (a setting to fix) or 3 (Discord unreachable) when it stopped and said why:
# that advice stays the last thing on the screen, with no make error line under it.
run: $(VENV)/.run
	@echo "Starting Barkeep (Ctrl-C stops it)..."
	@$(PY) -m bot || { status=$$?; [ $$status -eq 2 ] || [ $$status -eq 3 ] || exit $$status; }

# install (or update) without starting: for a copy that runs as a service
install: $(VENV)/.run

test: $(VENV)/.test
	$(PY) -m pytest

# the store, table-service and end-to-end tests again, on PostgreSQL: a throwaway server of their
# own (PostgreSQL's programs installed, no server running; tests/pgcluster.py)
test-postgres: $(VENV)/.test
	BARKEEP_TEST_BACKEND=postgres $(PY) -m pytest

lint: $(VENV)/.test
	$(VENV)/bin/ruff check bot cogs tests bench
	$(VENV)/bin/ruff format --check bot cogs tests bench
	$(VENV)/bin/mypy

format: $(VENV)/.test
	$(VENV)/bin/ruff format bot cogs tests bench
	$(VENV)/bin/ruff check --fix bot cogs tests bench

bench: $(VENV)/.test
	$(PY) bench/answer_times.py --processes
	$(PY) bench/pyramid_game.py
	$(PY) bench/startup.py
	$(PY) bench/load.py
	$(PY) bench/spit.py
	$(PY) bench/spit.py --think 0.15
	$(PY) bench/pictures.py
	$(PY) bench/burst.py
	$(PY) bench/latency.py

$(VENV)/bin/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null \
	  || { echo "Barkeep needs Python 3.11 or newer; $(PYTHON) is $$($(PYTHON) --version 2>/dev/null || echo "not found")."; \
	  echo "Install Python 3.11 or newer (Debian or Ubuntu: sudo apt install python3.11 python3.11-venv),"; \
	  echo "then name it: make run PYTHON=python3.11"; exit 1; }
	@echo "Creating $(VENV), Barkeep's own Python environment..."
	@$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); \
	  echo "Could not create $(VENV). On Debian or Ubuntu: sudo apt install python3-venv (or python3.11-venv for PYTHON=python3.11), then make run again."; \
	  exit 1; }

$(VENV)/.run: pyproject.toml | $(VENV)/bin/python
	@echo "Installing Barkeep and its libraries into $(VENV) (a minute the first time)..."
	$(PY) -m pip install --disable-pip-version-check -e .
	@touch $@

$(VENV)/.test: pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test]'
	@touch $@ $(VENV)/.run

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache *.egg-info
