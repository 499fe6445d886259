"""Where the module is (python/, built by `make python`), and the closing line
tests/run.sh adds up: "python: N passed, N failed"."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))


def pytest_terminal_summary(terminalreporter):
    stats = terminalreporter.stats
    passed = len(stats.get("passed", []))
    failed = len(stats.get("failed", [])) + len(stats.get("error", []))
    terminalreporter.write_line(f"python: {passed} passed, {failed} failed")
