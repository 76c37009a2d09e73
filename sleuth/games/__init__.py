"""The games. Importing this package registers each with the core."""

import sleuth.games.columbo  # noqa: F401
import sleuth.games.kojak  # noqa: F401
import sleuth.games.manhunt  # noqa: F401
from sleuth.games import stop_thief  # noqa: F401
