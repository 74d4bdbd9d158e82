# Galactic Destiny: the odds the acknowledgements and the private reports print (design note §7).
gd-odds-note-campaign = chance to beat the sector's roll: { $chance } % (without the influence its owner may put in it in K, cards or rival campaigns)
