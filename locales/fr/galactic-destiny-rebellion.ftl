# Galactic Destiny : la rébellion et la paix (« La lutte pour toujours : La rébellion. »).

gd-rebel-refused-first-turn = on ne peut pas déclarer la rébellion pendant le premier tour de jeu
gd-rebel-refused-rebel-exists = { $party } est déjà en rébellion : un seul parti à la fois, il faut attendre la fin de sa rébellion
gd-rebel-refused-not-your-sector = le secteur { $sector } n'est pas à vous
gd-rebel-refused-no-rebel = aucun parti n'est en rébellion
gd-rebel-refused-peace-s1 = un parti du sénat propose la paix dans l'étape des dépôts du sénat (S1) : elle est votée en S2
gd-rebel-refused-outside-senate = vos sénateurs ont fui le sénat : en rébellion, vous ne déposez ni ne votez rien au sénat
gd-rebel-refused-sheltered = { $senator } est un rebelle : ni poursuivi par le sénat ni visé par une action de période « Sénat »
gd-rebel-note-declared = vos sénateurs quittent le sénat{ $ministries ->
    [0] {""}
    [one] {" "}et abandonnent leur ministère
   *[other] {" "}et abandonnent leurs { $ministries } ministères
  } ; le secteur { $sector } vous rejoint{ $others ->
    [0] {""}
    [one] {" "}; pour votre autre secteur, un dé : sur un { $face } il vous rejoint, sinon il devient neutre
   *[other] {" "}; pour chacun de vos { $others } autres secteurs, un dé : sur un { $face } il vous rejoint, sinon il devient neutre
  }. Vos lignes de sénat de cette étape sont sans effet.
gd-rebel-note-offer = offre de paix { $voted ->
    [yes] : le sénat l'a votée ce tour, la paix est signée à l'exécution
   *[other] valable jusqu'à la fin du tour de jeu : la paix est signée si le sénat la vote
  }
gd-rebel-note-proposal = proposition de paix avec { $party }, votée en S2 (point 5) ; signée si le rebelle l'offre aussi ce tour
gd-rebel-note-deal-free = un accord avec un rebelle ne lie personne : aucune corruption
gd-rebel-sector-roll = secteur { $sector } : { $roll }{ $joins ->
    [yes] {" "}(rejoint)
   *[other] {" "}(devient neutre)
  }
gd-ev-rebel-declared = { $party } déclare la rébellion : ses sénateurs fuient le sénat{ $ministries ->
    [0] {""}
   *[other] {" "}en abandonnant { $posts }
  } ; le secteur { $sector } le rejoint{ $rolls ->
    [0] .
   *[other] {" "}; dés pour ses autres secteurs (6 : rejoint) : { $dice }.
  }
gd-ev-rebel-peace-offered = { $party }, en rébellion, offre la paix au sénat pour ce tour de jeu.
gd-ev-rebel-peace-voted = Le sénat offre la paix à { $party } pour ce tour de jeu.
gd-ev-rebel-peace-made = La paix est signée : { $party } quitte la rébellion et rejoint le sénat, sans ministère.
gd-item-peace = paix avec le parti rebelle, proposée par { $by }
gd-rebel-map-key = en rébellion
