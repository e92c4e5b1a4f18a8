"""The player display: a second-screen window showing the players the fight without GM-only things."""
