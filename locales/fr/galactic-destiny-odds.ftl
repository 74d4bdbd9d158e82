# Galactic Destiny: the odds the acknowledgements and the private reports print (design note §7).
gd-odds-note-campaign = chance de battre le lancé du secteur : { $chance } % (sans l'influence que son propriétaire peut y mettre en K, ni cartes, ni campagnes rivales)
