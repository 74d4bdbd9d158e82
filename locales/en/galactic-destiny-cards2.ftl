# Galactic Destiny: the card engine, continued (issue #28): veto, repeal, election, moves.

gd-order-refused-card-veto-step = "{ $card }" strikes an agenda item: it is played in S2 (senate: votes), once the agenda is numbered
gd-order-refused-card-law-not-in-force = the law "{ $law }" is not in force: nothing to repeal
gd-order-refused-card-answers-attempts = "{ $card }" aims at an assassination attempt: write RESPONSE "{ $card }" IF ASSASSINATION
gd-attempt-stopped-by-card = the attempt is stopped by a card played in answer
