"""The smallest real game, to show how a game is added (docs/adding-a-game.md)."""
