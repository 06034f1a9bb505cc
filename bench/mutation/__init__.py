"""Mutation testing of the game engines: ``python -m bench.mutation`` (see the README, "Testing")."""
