"""Benchmarks that print figures (not pass/fail): ``python -m bench``."""
