# Galactic Destiny: rebellion and peace ("La lutte pour toujours : La rébellion.").

gd-rebel-refused-first-turn = no rebellion may be declared in the first game turn
gd-rebel-refused-rebel-exists = { $party } is in rebellion already: one party at a time, wait until its rebellion ends
gd-rebel-refused-not-your-sector = sector { $sector } is not yours
gd-rebel-refused-no-rebel = no party is in rebellion
gd-rebel-refused-peace-s1 = a party in the senate proposes peace in the senate's filing step (S1): it is voted in S2
gd-rebel-refused-outside-senate = your senators fled the senate: in rebellion you file and vote nothing in the senate
gd-rebel-refused-sheltered = { $senator } is a rebel: neither prosecuted by the senate nor targeted by a "Senate" action
gd-rebel-note-declared = your senators leave the senate{ $ministries ->
    [0] {""}
    [one] {" "}and give up their ministry
   *[other] {" "}and give up their { $ministries } ministries
  }; sector { $sector } joins you{ $others ->
    [0] {""}
    [one] ; for your other sector, a die: on a { $face } it joins you, otherwise it becomes neutral
   *[other] ; for each of your { $others } other sectors, a die: on a { $face } it joins you, otherwise it becomes neutral
  }. Your senate lines of this step have no effect.
gd-rebel-note-offer = peace offered { $voted ->
    [yes] : the senate voted it this turn, peace is signed when the step is played
   *[other] until the end of the game turn: peace is signed if the senate votes it
  }
gd-rebel-note-proposal = peace with { $party } proposed, voted in S2 (item 5); signed if the rebel offers it too this turn
gd-rebel-note-deal-free = a promise with a rebel binds nobody: no corruption
gd-rebel-sector-roll = sector { $sector }: { $roll }{ $joins ->
    [yes] {" "}(joins)
   *[other] {" "}(becomes neutral)
  }
gd-ev-rebel-declared = { $party } declares rebellion: its senators flee the senate{ $ministries ->
    [0] {""}
   *[other] , giving up { $posts }
  }; sector { $sector } joins it{ $rolls ->
    [0] .
   *[other] ; dice for its other sectors (6: joins): { $dice }.
  }
gd-ev-rebel-peace-offered = { $party }, in rebellion, offers the senate peace for this game turn.
gd-ev-rebel-peace-voted = The senate offers { $party } peace for this game turn.
gd-ev-rebel-peace-made = Peace is signed: { $party } leaves the rebellion and rejoins the senate, without ministries.
gd-item-peace = peace with the rebel party, proposed by { $by }
gd-rebel-map-key = in rebellion
