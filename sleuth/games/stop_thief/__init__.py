"""Stop Thief (Parker Brothers, 1979)."""
