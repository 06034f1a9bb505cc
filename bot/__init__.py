"""The running service: configuration, storage, the game service and the Discord bot."""
