"""The detectives' lab: bot tournaments, their statistics, ratings and plots.

`sleuth tournament GAME --bots a,b` is the command; `sleuth.lab.tournament` plays the
games, `sleuth.lab.report` sums them up (win rates with intervals, seat effects,
ratings) and draws them. Ratings and plots need the `lab` extra
(`pip install -e '.[lab]'`: openskill and matplotlib).
"""
