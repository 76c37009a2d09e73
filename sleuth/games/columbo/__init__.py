"""The Columbo Detective Game (Milton Bradley, 1973): evidence, challenges and the lawn."""

from sleuth.games.columbo.options import ColumboOptions
from sleuth.games.columbo.state import Columbo

__all__ = ["Columbo", "ColumboOptions"]
