#!/usr/bin/env python3
"""Writes the checked-in seed corpora fuzz/corpus/<target>/seed-* from the
test data (tests/data/): real client mails, the hostile corpus (its small
files), the orders of orders.md, the Stellarium rules cases and the Galaxy
scenarios. libFuzzer adds its own finds beside them (not checked in).

Usage: python3 fuzz/seeds.py
"""

import glob
import hashlib
import json
import os
import re
import shutil

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "fuzz", "corpus")


def write(target, name, data):
    d = os.path.join(CORPUS, target)
    os.makedirs(d, exist_ok=True)
    h = hashlib.sha256(data).hexdigest()[:12]
    safe = re.sub(r"[^A-Za-z0-9._-]", "_", name)[:60]
    with open(os.path.join(d, f"seed-{safe}-{h}"), "wb") as f:
        f.write(data)


def main():
    for t in ["mail_intake", "referee_intake", "stellarium_orders", "galaxy_orders"]:
        d = os.path.join(CORPUS, t)
        for f in glob.glob(os.path.join(d, "seed-*")):
            os.remove(f)

    # Mails: the client samples, and the hostile corpus up to 64 KiB (the
    # fuzz script runs libFuzzer with -max_len=65536).
    mails = sorted(glob.glob(os.path.join(ROOT, "tests/data/mail/*.eml")))
    hostile = [p for p in sorted(glob.glob(os.path.join(ROOT, "tests/data/hostile/mails/*.eml"))) if os.path.getsize(p) <= 65536]
    for p in mails + hostile:
        data = open(p, "rb").read()
        write("mail_intake", os.path.basename(p), data)
        write("referee_intake", os.path.basename(p), data)

    # Authenticated mails for the referee target (%PW% / %GPW% are replaced
    # by the real passwords inside the target).
    stel = b"From: leto@players.test\r\nTo: arbitre@referee.test\r\nSubject: Ordres\r\nMessage-ID: <s%d@players.test>\r\n\r\nPARTIE stel\r\nFAMILLE Atr\xc3\xa9ides\r\nMOTDEPASSE %%PW%%\r\n%s\r\nFIN\r\n"
    gal = b"From: orion@players.test\r\nTo: arbitre@referee.test\r\nSubject: Ordres\r\nMessage-ID: <g%d@players.test>\r\n\r\nPARTIE gal\r\nFAMILLE Orion\r\nMOTDEPASSE %%GPW%%\r\n%s\r\nFIN\r\n"
    every = open(os.path.join(ROOT, "tests/data/stellarium/orders_md_every_turn.txt"), "rb").read()
    sections = [s for s in re.split(rb"\n## [^\n]*\n", every) if s.strip()]
    for i, s in enumerate(sections):
        write("referee_intake", f"stel-orders-{i}", stel % (i, s.replace(b"\n", b"\r\n")))
    for i, cmd in enumerate([b"AIDE", b"RAPPORT", b"ANNULER", b"TOUR 0", b"TOUR 1\r\nLIEU Adrien STELLARIUM",
                             b"MESSAGE Harkonnen\r\nbonjour\r\nFINMESSAGE", b"MESSAGE TOUS ANONYME\r\nsalut\r\nFINMESSAGE"]):
        write("referee_intake", f"stel-cmd-{i}", stel % (100 + i, cmd))
    for i, lines in enumerate([b"DEPLACER F1 +1+1", b"CONSTRUIRE F2 1P 1C 1N +0+0\r\nDEFENSE +0+0 3", b"DON Vega 2\r\nALLIANCE Lyra",
                               b"ATTAQUER F1 ETOILE\r\nPOURSUIVRE F1 +2-1\r\nSAUT F1", b"REUNIR F1 F2\r\nDIVISER F1 F3 1P 0C 0N"]):
        write("referee_intake", f"gal-orders-{i}", gal % (i, lines))
    write("referee_intake", "join", b"From: new@players.test\r\nSubject: x\r\n\r\nPARTIE stel\r\nINSCRIPTION Nouvelle Maison\r\n")

    # Stellarium parser: first byte = state (bit 0: turn 1) and family.
    turn0 = open(os.path.join(ROOT, "tests/data/stellarium/orders_md_turn0.txt"), "rb").read()
    for sel in (0, 2):
        write("stellarium_orders", f"turn0-{sel}", bytes([sel]) + turn0)
    for i, s in enumerate(sections):
        write("stellarium_orders", f"every-{i}", bytes([1 + 2 * (i % 4)]) + s)
    for p in sorted(glob.glob(os.path.join(ROOT, "tests/data/stellarium/cases/*.json"))):
        case = json.load(open(p, encoding="utf-8"))
        for j, (fam, lines) in enumerate(sorted((case.get("orders") or {}).items())):
            write("stellarium_orders", os.path.basename(p)[:40] + f"-{j}", bytes([1 + 2 * j]) + "\n".join(lines).encode())

    # Galaxy parser: the forms of orders.md §7 and the scenarios' orders.
    base = ["DEPLACER F1 +1+1", "POURSUIVRE F1 +2-3", "ATTAQUER F1 FLOTTE", "CONSTRUIRE F2 2P 1C 1N +0+0", "DEFENSE +0+0 5",
            "COLONISER +1+0", "CHANGER +0+0 RADAR", "DON Vega 3", "ALLIANCE Lyra", "DATA +1+1 +2-2", "SAUT F1",
            "REUNIR F1 F2 F3", "DIVISER F1 F4 1P 0C 0N", "MOVE F1 -3+2", "ATTACK F1 STAR"]
    for sel in (0, 1, 3, 5):
        write("galaxy_orders", f"basic-{sel}", bytes([sel]) + "\n".join(base).encode())
    for p in sorted(glob.glob(os.path.join(ROOT, "tests/data/galaxy/scenarios/*.toml"))):
        text = open(p, encoding="utf-8").read()
        found = re.findall(r'"((?:DEPLACER|POURSUIVRE|ATTAQUER|CONSTRUIRE|DEFENSE|COLONISER|CHANGER|DON|ALLIANCE|DATA|SAUT|REUNIR|DIVISER)[^"]*)"', text)
        if found:
            write("galaxy_orders", os.path.basename(p), bytes([1]) + "\n".join(found).encode())

    for t in sorted(os.listdir(CORPUS)):
        print(t, len(glob.glob(os.path.join(CORPUS, t, "seed-*"))), "seeds")


if __name__ == "__main__":
    main()
