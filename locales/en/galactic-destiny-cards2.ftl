# Galactic Destiny: the card engine, continued (issue #28): veto, repeal, election, moves.

gd-order-refused-card-veto-step = "{ $card }" strikes an agenda item: it is played in S2 (senate: votes), once the agenda is numbered
gd-order-refused-card-law-not-in-force = the law "{ $law }" is not in force: nothing to repeal
gd-order-refused-card-answers-attempts = "{ $card }" aims at an assassination attempt: write RESPONSE "{ $card }" IF ASSASSINATION
gd-attempt-stopped-by-card = the attempt is stopped by a card played in answer
gd-order-refused-card-not-reroll = "{ $card }" rerolls no die: IF ROLL is for a reroll card (Tactical Reroll)
gd-order-refused-card-rerolls-roll = "{ $card }" answers your battle roll: write RESPONSE "{ $card }" IF ROLL [THRESHOLD <n>]
gd-order-note-answer-roll = standing answer (priority { $priority }) to your battle rolls (until used or the end of the game turn): your lowest die is rerolled when it shows n or less (THRESHOLD n), else only when you are losing and a better die can change the outcome; after the skills' rerolls; paid when used, the new result stands
