"""The table every game is played at: board messages, panels, the move path, challenges, rematches."""
