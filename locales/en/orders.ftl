# The game-independent order language: problems of header and command lines (src/orders/problem.rs).
# $kw: the keyword as the player wrote it (TOUR, TURN, FAMILLE …).

orders-end-message-without-message = ENDMESSAGE without an open MESSAGE: line ignored.
orders-game-id-missing = GAME: the game's id is missing.
orders-game-extra-text = GAME: extra text after "{ $id }", ignored.
orders-game-repeated = GAME repeated with "{ $id }": the first, "{ $first }", is kept.
orders-family-name-missing = { $kw }: the name is missing.
orders-family-repeated = { $kw } repeated with "{ $name }": the first, "{ $first }", is kept.
orders-password-missing = PASSWORD: the password is missing.
orders-password-one-word = PASSWORD: a single word is expected; the first is kept.
orders-password-repeated = PASSWORD repeated with another value: the first is kept.
orders-turn-missing = { $kw }: the turn number is missing (for example { $kw } 3).
orders-turn-not-a-number = { $kw } "{ $text }": a turn number is expected (for example { $kw } 3).
orders-turn-backwards = { $kw } { $n } after { $kw } { $current }: turns follow one another in order; line ignored, the orders that follow stay for turn { $current }.
orders-join-name-missing = { $kw }: the family's name is missing.
orders-absence-dates = { $kw } "{ $text }": two dates are expected, the first and the last day away (for example { $kw } 2026-04-01 2026-04-14, or { $kw } 01/04/2026 14/04/2026, day first); { $kw } CANCEL withdraws an absence.
orders-absence-backwards = { $kw }: the last day away comes before the first; write the first day, then the last.
orders-message-unclosed = MESSAGE without ENDMESSAGE: the message stops at the end of the orders.
orders-message-no-recipient = MESSAGE: the recipient is missing (a family, or ALL); message not relayed.
orders-message-empty = Empty MESSAGE: nothing is relayed.
orders-message-too-long = MESSAGE of { $chars } characters: { $max } at most; message not relayed.
orders-line-too-long = Line of { $chars } characters: { $max } at most; line ignored.
orders-report-not-a-number = { $kw } "{ $text }": a turn number is expected (for example { $kw } 3), or { $kw } alone for the latest report.
orders-address-missing = { $kw }: one address is expected (for example { $kw } new@example.com), or { $kw } CODE followed by the code the new address received.
orders-reply-no-token = { $kw }: the reply code of the message received is expected (for example { $kw } K7F3Q9X2HM); reply not relayed.
