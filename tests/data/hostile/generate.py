#!/usr/bin/env python3
"""Writes the hostile mail corpus under tests/data/hostile/mails/.

Deterministic: running it again rewrites the same bytes (the RNG is seeded).
Every file is one raw message as a mailbox could deliver it; the categories
are in the file names (see README.md). Placeholders replaced by the test
(tests/hostile_mail.rs) before the referee sees the bytes:

  %PW%   the password of the Atréides (game `stel`, leto@players.test)
  %HPW%  the password of the Harkonnen (game `stel`, vlad@players.test)
  %GPW%  the password of Orion (game `gal`, orion@players.test)

Usage: python3 tests/data/hostile/generate.py
"""

import base64
import os
import random
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "mails")
RNG = random.Random(20260105)

REFEREE = b"arbitre@referee.test"
LETO = b"leto@players.test"
VLAD = b"vlad@players.test"
ORION = b"orion@players.test"
EVIL = b"evil@attacker.test"
VICTIM = b"victim@victim.test"

files = []


def add(name, raw):
    files.append((name, raw))


def mail(headers, body, nl=b"\r\n", mid=True, date=True):
    """headers: list of (name, value) bytes; a Message-ID and a Date are
    added unless given or disabled."""
    n = len(files) + 1
    hs = list(headers)
    names = [h[0].lower() for h in hs]
    if mid and b"message-id" not in names:
        hs.append((b"Message-ID", b"<hostile-%d@attacker.test>" % n))
    if date and b"date" not in names:
        hs.append((b"Date", b"Mon, 05 Jan 2026 10:00:00 +0000"))
    if b"to" not in names:
        hs.append((b"To", REFEREE))
    head = b"".join(k + b": " + v + nl for k, v in hs)
    return head + nl + body


def orders(lines, game=b"stel", family=b"Atr\xc3\xa9ides", pw=b"%PW%", nl=b"\n", end=True):
    head = [b"PARTIE " + game]
    if family is not None:
        head.append(b"FAMILLE " + family)
    if pw is not None:
        head.append(b"MOTDEPASSE " + pw)
    body = nl.join(head + list(lines))
    if end:
        body += nl + b"FIN" + nl
    return body


def plain(frm=LETO, subject=b"Ordres", ct=b"text/plain; charset=utf-8", cte=None, extra=()):
    hs = [(b"From", frm), (b"Subject", subject), (b"MIME-Version", b"1.0"), (b"Content-Type", ct)]
    if cte:
        hs.append((b"Content-Transfer-Encoding", cte))
    hs.extend(extra)
    return hs


def b64(data, width=76):
    s = base64.b64encode(data)
    return b"\r\n".join(s[i : i + width] for i in range(0, len(s), width))


STEL_LINES = [b"LIEU Adrien FLOTTE 1", b"LIEU Apolline STELLARIUM", b"FORMATION L\xc3\xa9on PRETRE"]

# ---------------------------------------------------------------- huge bodies
add("huge-body-over-limit-orders-first.eml", mail(plain(), orders(STEL_LINES, end=False) + b"\n" + (b"LIEU Adrien STELLARIUM # padding\n" * 33000)))
add("huge-body-base64-600kb.eml", mail(plain(cte=b"base64"), b64(orders(STEL_LINES) + b"A" * (400 * 1024))))
add("huge-attachment-text-600kb.eml", mail(
    plain(ct=b"multipart/mixed; boundary=zz"),
    b"--zz\r\nContent-Type: text/plain\r\n\r\nvoir pi\xc3\xa8ce jointe\r\n--zz\r\nContent-Type: text/plain; name=o.txt\r\nContent-Disposition: attachment; filename=o.txt\r\n\r\n"
    + orders(STEL_LINES) + b"B" * (600 * 1024) + b"\r\n--zz--\r\n"))

# --------------------------------------------------------- deep MIME nesting
def nested(depth, kind=b"multipart/mixed", inner=None, same_boundary=False, close=True):
    inner = inner if inner is not None else b"Content-Type: text/plain\r\n\r\n" + orders(STEL_LINES, nl=b"\r\n")
    part = inner
    for i in range(depth):
        bnd = b"b" if same_boundary else b"b%d" % i
        if kind == b"message/rfc822":
            part = b"Content-Type: message/rfc822\r\n\r\nSubject: level %d\r\n" % i + part
        else:
            part = (b"Content-Type: " + kind + b"; boundary=\"" + bnd + b"\"\r\n\r\n--" + bnd + b"\r\n" + part + b"\r\n"
                    + (b"--" + bnd + b"--\r\n" if close else b""))
    return part


def nested_mail(depth, **kw):
    body = nested(depth, **kw)
    head, _, rest = body.partition(b"\r\n\r\n")
    ct = head.split(b": ", 1)[1]
    return mail([(b"From", LETO), (b"Subject", b"nested"), (b"MIME-Version", b"1.0"), (b"Content-Type", ct)], rest)


for depth in (10, 100, 1000):
    add(f"mime-nested-multipart-{depth}.eml", nested_mail(depth))
add("mime-nested-multipart-3000.eml", nested_mail(3000))
add("mime-nested-multipart-1000-unclosed.eml", nested_mail(1000, close=False))
add("mime-nested-multipart-1000-same-boundary.eml", nested_mail(1000, same_boundary=True))
add("mime-nested-alternative-1000.eml", nested_mail(1000, kind=b"multipart/alternative"))
add("mime-nested-rfc822-1000.eml", nested_mail(1000, kind=b"message/rfc822"))
add("mime-nested-rfc822-100.eml", nested_mail(100, kind=b"message/rfc822"))
add("mime-multipart-no-boundary.eml", mail(plain(ct=b"multipart/mixed"), b"--\r\n" + orders(STEL_LINES)))
add("mime-multipart-empty-boundary.eml", mail(plain(ct=b"multipart/mixed; boundary=\"\""), b"--\r\nContent-Type: text/plain\r\n\r\n" + orders(STEL_LINES) + b"\r\n----\r\n"))
add("mime-multipart-boundary-never-used.eml", mail(plain(ct=b"multipart/mixed; boundary=nope"), orders(STEL_LINES)))
add("mime-multipart-5000-empty-parts.eml", mail(plain(ct=b"multipart/mixed; boundary=p"), b"".join(b"--p\r\n\r\n" for _ in range(5000)) + b"--p--\r\n"))
add("mime-multipart-2000-text-attachments.eml", mail(plain(ct=b"multipart/mixed; boundary=p"),
    b"".join(b"--p\r\nContent-Type: text/plain\r\nContent-Disposition: attachment; filename=a%d.txt\r\n\r\n" % i + orders(STEL_LINES, nl=b"\r\n") for i in range(2000)) + b"--p--\r\n"))
add("mime-boundary-1000-chars.eml", mail(plain(ct=b"multipart/mixed; boundary=" + b"q" * 1000), b"--" + b"q" * 1000 + b"\r\nContent-Type: text/plain\r\n\r\n" + orders(STEL_LINES) + b"\r\n--" + b"q" * 1000 + b"--\r\n"))
add("mime-content-type-garbage.eml", mail(plain(ct=b"\x00\xff/;;;==;boundary"), orders(STEL_LINES)))
add("mime-content-type-10k-params.eml", mail(plain(ct=b"text/plain" + b"".join(b"; p%d=v" % i for i in range(10000))), orders(STEL_LINES)))
add("mime-rfc2231-broken-params.eml", mail(plain(ct=b"text/plain; charset*=utf-8''%ZZ%; name*0*=x; name*99999999999=y"), orders(STEL_LINES)))
add("mime-message-rfc822-orders-inside.eml", mail(plain(ct=b"message/rfc822"), b"From: " + VLAD + b"\r\nSubject: inner\r\n\r\n" + orders(STEL_LINES, family=b"Harkonnen", pw=b"%HPW%")))

# ---------------------------------------------------------- broken encodings
add("enc-base64-invalid-chars.eml", mail(plain(cte=b"base64"), b"!!!!@@@@####$$$$%%%%^^^^&&&&****\r\n" + b64(orders(STEL_LINES))))
add("enc-base64-bad-padding.eml", mail(plain(cte=b"base64"), b64(orders(STEL_LINES)) + b"====\r\n=A==\r\n"))
add("enc-base64-truncated.eml", mail(plain(cte=b"base64"), b64(orders(STEL_LINES))[:-7]))
add("enc-base64-binary-garbage.eml", mail(plain(cte=b"base64"), b64(bytes(RNG.randrange(256) for _ in range(20000)))))
add("enc-base64-of-nul-bytes.eml", mail(plain(cte=b"base64"), b64(b"\x00" * 50000)))
add("enc-base64-whitespace-only.eml", mail(plain(cte=b"base64"), b" \r\n\t\r\n" * 100))
add("enc-qp-bad-escapes.eml", mail(plain(cte=b"quoted-printable"), b"PARTIE stel=ZZ\r\nFAMILLE Atr=C3=\r\n=\r\n=G1=1=\r\nMOTDEPASSE %PW%=\r\n=\r\nLIEU Adrien FLOTTE 1=3\r\nFIN="))
add("enc-qp-soft-break-chain.eml", mail(plain(cte=b"quoted-printable"), b"=\r\n" * 100000 + orders(STEL_LINES, nl=b"\r\n")))
add("enc-qp-encoded-crlf-in-lines.eml", mail(plain(cte=b"quoted-printable"), b"PARTIE stel=0D=0AFAMILLE Atr=C3=A9ides=0DMOTDEPASSE %PW%=0ALIEU Adrien FLOTTE 1=0D=0AFIN"))
add("enc-qp-nul-escapes.eml", mail(plain(cte=b"quoted-printable"), orders([b"LIEU Adrien=00 FLOTTE=00 1", b"=00=00=00"])))
add("enc-unknown-cte.eml", mail(plain(cte=b"x-uuencode-of-doom"), orders(STEL_LINES)))
add("enc-cte-binary-with-crlf-noise.eml", mail(plain(cte=b"binary"), b"\r\r\r\n\n\r" + orders(STEL_LINES, nl=b"\r\r\n")))
for cs in [b"x-unknown", b"utf-7", b"utf-16", b"utf-32le", b"../../../etc/passwd", b"\"\"", b"iso-2022-jp", b"ebcdic-cp-us", b"gb18030", b"koi8-r", b"a" * 5000]:
    tag = cs.decode("latin-1").replace("/", "_").replace('"', "q").replace(".", "d")[:24]
    add(f"enc-charset-{tag}.eml", mail(plain(ct=b"text/plain; charset=" + cs), orders(STEL_LINES)))
add("enc-charset-utf16-bom-body.eml", mail(plain(ct=b"text/plain; charset=utf-16"), "\ufeff".encode("utf-16-le") + orders(STEL_LINES).decode().encode("utf-16-le")))
add("enc-charset-declared-utf8-latin1-bytes.eml", mail(plain(), orders([b"LIEU Adrien FLOTTE 1", b"FORMATION L\xe9on PRETRE"], family=b"Atr\xe9ides")))
add("enc-charset-declared-ascii-8bit.eml", mail(plain(ct=b"text/plain; charset=us-ascii"), orders(STEL_LINES)))
add("enc-word-broken-subject.eml", mail(plain(subject=b"=?utf-8?B?!!!!?= =?unknown?Q?=FF=FE?= =?utf-8?Q?[stel]?= =?=?=?utf-8?b??="), orders(STEL_LINES)))
add("enc-word-10k-encoded-words.eml", mail(plain(subject=b" ".join(b"=?utf-8?B?w6k=?=" for _ in range(10000))), orders(STEL_LINES)))
add("enc-word-from-name-broken.eml", mail(plain(frm=b"=?utf-8?B?////?= =?x?Q?=?= <" + LETO + b">"), orders(STEL_LINES)))
add("enc-word-in-address.eml", mail(plain(frm=b"<=?utf-8?Q?leto=40players.test?=>"), orders(STEL_LINES)))

# ------------------------------------------------------------- invalid UTF-8
add("utf8-invalid-body.eml", mail(plain(), orders([b"LIEU Adrien \xff\xfe FLOTTE 1", b"\xc0\xaf\xc0\xaf", b"\xed\xa0\x80 surrogate", b"\xf4\x90\x80\x80 beyond", b"\x80\x80\x80 continuation"])))
add("utf8-invalid-headers.eml", mail([(b"From", b"\xff\xfe <" + LETO + b">"), (b"Subject", b"\xc3\x28 \xa0\xa1"), (b"Content-Type", b"text/plain; charset=utf-8")], orders(STEL_LINES)))
add("utf8-invalid-family-name.eml", mail(plain(), orders(STEL_LINES, family=b"Atr\xc3ides")))
add("utf8-invalid-password.eml", mail(plain(), orders(STEL_LINES, pw=b"\xff%PW%\xfe")))
add("utf8-overlong-nul.eml", mail(plain(), orders([b"LIEU Adrien\xc0\x80FLOTTE 1"])))
add("utf8-random-bytes-body.eml", mail(plain(), bytes(RNG.randrange(256) for _ in range(100000))))
add("utf8-random-bytes-everything.eml", bytes(RNG.randrange(256) for _ in range(50000)))
add("utf8-truncated-multibyte-at-limit.eml", mail(plain(), b"\xc3\xa9" * (512 * 1024) + b"\xc3"))
add("utf8-invalid-join.eml", mail(plain(frm=EVIL), b"PARTIE stel\nINSCRIPTION \xff\xfeMaison\n"))

# ---------------------------------------------------------------- HTML bombs
def html_mail(html, frm=LETO, name=None):
    return mail(plain(frm=frm, ct=b"text/html; charset=utf-8"), html)

add("html-nested-div-30k.eml", html_mail(b"<div>" * 30000 + orders(STEL_LINES, nl=b"<br>") + b"</div>" * 30000))
add("html-nested-table-10k.eml", html_mail(b"<table><tr><td>" * 10000 + b"PARTIE stel" + b"</td></tr></table>" * 10000))
add("html-unclosed-tags-50k.eml", html_mail(b"<b><i><u><span><p>" * 10000 + orders(STEL_LINES, nl=b"<br>")))
add("html-entities-numeric-48k.eml", html_mail(b"&#x1F600;&#128512;&#0;&#xD800;&#1114112;&#99999999999;" * 8000 + orders(STEL_LINES, nl=b"<br>")))
add("html-entities-named-unknown.eml", html_mail(b"&notanentity;&amp&amp;amp;&lt&gt&#;&#x;&" * 8000 + orders(STEL_LINES, nl=b"<br>")))
add("html-entity-huge-number.eml", html_mail(b"&#" + b"9" * 100000 + b";" + orders(STEL_LINES, nl=b"<br>")))
add("html-comment-unterminated.eml", html_mail(orders(STEL_LINES, nl=b"<br>") + b"<!--" + b"x" * 200000))
add("html-comment-bomb.eml", html_mail(b"<!--<!--<!--" * 30000 + b"-->" + orders(STEL_LINES, nl=b"<br>")))
add("html-script-style-huge.eml", html_mail(b"<script>" + b"var a='</scr'+'ipt>';" * 10000 + b"</script><style>" + b"p{}" * 30000 + b"</style>" + orders(STEL_LINES, nl=b"<br>")))
add("html-attribute-huge.eml", html_mail(b"<div title=\"" + b"A" * 300000 + b"\">" + orders(STEL_LINES, nl=b"<br>") + b"</div>"))
add("html-br-flood.eml", html_mail(b"<br>" * 100000 + orders(STEL_LINES, nl=b"<br>")))
add("html-p-flood-orders-each.eml", html_mail(b"".join(b"<p>LIEU Adrien FLOTTE 1</p>" for _ in range(10000)), ))
add("html-cdata-and-pi.eml", html_mail(b"<![CDATA[" + b"]]" * 50000 + b"<?xml ?>" * 1000 + orders(STEL_LINES, nl=b"<br>")))
add("html-lt-only.eml", html_mail(b"<" * 200000))
add("html-invalid-utf8.eml", html_mail(b"<div>\xff\xfe\xfd</div>" * 10000 + orders(STEL_LINES, nl=b"<br>")))
add("html-alternative-blank-plain-bomb.eml", mail(plain(ct=b"multipart/alternative; boundary=a"),
    b"--a\r\nContent-Type: text/plain\r\n\r\n \r\n--a\r\nContent-Type: text/html\r\n\r\n" + b"<div>" * 50000 + orders(STEL_LINES, nl=b"<br>") + b"\r\n--a--\r\n"))
add("html-base64-bomb.eml", mail(plain(ct=b"text/html; charset=utf-8", cte=b"base64"), b64(b"<div>" * 50000 + orders(STEL_LINES, nl=b"<br>"))))

# ----------------------------------------------------------- 10,000-line orders
add("orders-10000-lines-valid-shape.eml", mail(plain(), orders([STEL_LINES[i % 3] for i in range(10000)])))
add("orders-10000-lines-garbage.eml", mail(plain(), orders([bytes(RNG.choice(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ \"#'") for _ in range(40)) for _ in range(10000)])))
add("orders-10000-lines-long-names.eml", mail(plain(), orders([b"LIEU " + b"N" * 15 + b" " + b"\"" + b"S" * 15 + b"\"" for _ in range(10000)])))
add("orders-10000-lines-galaxy.eml", mail(plain(frm=ORION), orders([b"DEPLACER F1 +1+1", b"CONSTRUIRE F2 1P 1C 1N +0+0", b"REUNIR F1 F2 F3 F4 F5 F6 F7 F8 F9"] * 3334, game=b"gal", family=b"Orion", pw=b"%GPW%")))
add("orders-10000-messages.eml", mail(plain(), orders([b"MESSAGE Harkonnen\nbonjour\nFINMESSAGE"] * 10000)))
add("orders-10000-message-tous.eml", mail(plain(), orders([b"MESSAGE TOUS ANONYME"] + [b"spam spam spam"] * 10000 + [b"FINMESSAGE"])))
add("orders-10000-help.eml", mail(plain(), orders([b"AIDE"] * 10000)))
add("orders-10000-report.eml", mail(plain(), orders([b"RAPPORT"] * 10000)))
add("orders-10000-cancel.eml", mail(plain(), orders([b"ANNULER", b"LIEU Adrien FLOTTE 1"] * 5000)))
add("orders-10000-family-headers.eml", mail(plain(), orders([b"FAMILLE Harkonnen", b"MOTDEPASSE nope", b"TOUR 1"] * 3334)))
add("orders-10000-joins.eml", mail(plain(frm=EVIL), b"PARTIE stel\n" + b"".join(b"INSCRIPTION Maison%d\n" % i for i in range(10000))))
add("orders-100k-blank-and-comment-lines.eml", mail(plain(), orders([b"", b"# rien", b"   \t"] * 33334)))
add("orders-10000-unclosed-quotes.eml", mail(plain(), orders([b"EXPEDITION \"Etoile CAPITAINE Adrien \xe2\x80\x9c"] * 10000)))
add("orders-10000-amounts-overflow.eml", mail(plain(), orders([b"ENCHERE 99999999999999999999999999 \"Nef\"", b"PERSONNAGE 18446744073709551616 X H +99999999999999999999", b"NAISSANCES Adrien -1"] * 3334)))
add("orders-galaxy-overflow-coordinates.eml", mail(plain(frm=ORION), orders([b"DEPLACER F1 +2147483647-2147483648", b"DEPLACER F1 +99999999999999999999+1", b"DIVISER F1 F2 99999999999P 0C -1N", b"DEFENSE +0+0 18446744073709551615", b"DON Vega 9223372036854775808", b"DATA +0+0 +1+1"], game=b"gal", family=b"Orion", pw=b"%GPW%")))

# ------------------------------------------------------------------ NUL bytes
add("nul-in-body.eml", mail(plain(), orders([b"LIEU\x00Adrien FLOTTE 1", b"\x00" * 1000, b"FORMATION L\xc3\xa9on\x00PRETRE"])))
add("nul-in-subject.eml", mail(plain(subject=b"Ordres\x00[stel]\x00"), orders(STEL_LINES)))
add("nul-in-from.eml", mail(plain(frm=b"leto\x00@players.test"), orders(STEL_LINES)))
add("nul-in-from-name.eml", mail(plain(frm=b"Leto\x00Bcc: victim@victim.test <" + LETO + b">"), orders(STEL_LINES)))
add("nul-in-header-name.eml", mail(plain(extra=[(b"X-\x00Arbitre-Loop", b"x")]), orders(STEL_LINES)))
add("nul-in-message-id.eml", mail(plain(extra=[(b"Message-ID", b"<a\x00b@x>")]), orders(STEL_LINES)))
add("nul-in-family-name.eml", mail(plain(), orders(STEL_LINES, family=b"Atr\x00\xc3\xa9ides")))
add("nul-in-password.eml", mail(plain(), orders(STEL_LINES, pw=b"%PW%\x00")))
add("nul-in-game-id.eml", mail(plain(), orders(STEL_LINES, game=b"st\x00el")))
add("nul-only-message.eml", b"\x00" * 10000)
add("nul-in-join-name.eml", mail(plain(frm=EVIL), b"PARTIE stel\nINSCRIPTION Mai\x00son\n"))

# ------------------------------------------------- overlong headers and lines
add("overlong-subject-300kb.eml", mail(plain(subject=b"[stel] " + b"S" * (300 * 1024)), orders(STEL_LINES)))
add("overlong-from-name-200k.eml", mail(plain(frm=b"\"" + b"N" * 200000 + b"\" <" + LETO + b">"), orders(STEL_LINES)))
add("overlong-from-address-10k.eml", mail(plain(frm=b"<" + b"a" * 10000 + b"@players.test>"), orders(STEL_LINES)))
add("overlong-from-domain-10k.eml", mail(plain(frm=b"<leto@" + b"d." * 5000 + b"test>"), b"PARTIE stel\nINSCRIPTION Longdomaine\n"))
add("overlong-message-id-100k.eml", mail(plain(extra=[(b"Message-ID", b"<" + b"m" * 100000 + b"@x>")]), orders(STEL_LINES)))
add("overlong-references-20k-ids.eml", mail(plain(extra=[(b"References", b" ".join(b"<r%d@x>" % i for i in range(20000))), (b"In-Reply-To", b"<" + b"i" * 50000 + b">")]), orders(STEL_LINES)))
add("overlong-header-folded-100k-lines.eml", mail(plain(extra=[(b"X-Folded", b"\r\n ".join(b"f" for _ in range(100000)))]), orders(STEL_LINES)))
add("overlong-100k-headers.eml", mail(plain(extra=[(b"X-H%d" % i, b"v") for i in range(30000)]), orders(STEL_LINES)))
add("overlong-3k-received.eml", mail([(b"Received", b"from mx%d.attacker.test by mx.referee.test; Mon, 5 Jan 2026 10:00:00 +0000" % i) for i in range(3000)] + plain(), orders(STEL_LINES)))
add("overlong-header-name-100k.eml", mail(plain(extra=[(b"X-" + b"h" * 100000, b"v")]), orders(STEL_LINES)))
add("overlong-body-line-over-limit-no-newline-unknown-sender.eml", mail(plain(frm=EVIL), b"w" * (1100 * 1024)))
add("overlong-orders-line-30k-tokens.eml", mail(plain(), orders([b"EXPEDITION \"Nef\" CAPITAINE Adrien INVITES " + b", ".join(b"Adrien" for _ in range(30000))])))

# ------------------------------------------------------------ missing headers
add("missing-from.eml", mail([(b"Subject", b"Ordres")], orders(STEL_LINES)))
add("missing-from-join.eml", mail([(b"Subject", b"x")], b"PARTIE stel\nINSCRIPTION Fant\xc3\xb4me\n"))
add("missing-message-id.eml", mail(plain(), orders(STEL_LINES), mid=False))
add("missing-date.eml", mail(plain(), orders(STEL_LINES), date=False))
add("missing-subject.eml", mail([(b"From", LETO)], orders(STEL_LINES)))
add("missing-everything-but-body.eml", b"\r\n" + orders(STEL_LINES))
add("missing-blank-line.eml", b"From: leto@players.test\r\nSubject: x\r\n" + orders(STEL_LINES, nl=b"\r\n"))
add("missing-body.eml", mail(plain(), b""))
add("missing-headers-body-only.eml", orders(STEL_LINES))
add("missing-empty-file.eml", b"")
add("missing-whitespace-file.eml", b" \r\n\t\r\n\r\n")
add("missing-from-empty-value.eml", mail([(b"From", b""), (b"Subject", b"x")], orders(STEL_LINES)))
add("missing-from-group-empty.eml", mail([(b"From", b"undisclosed-recipients:;"), (b"Subject", b"x")], orders(STEL_LINES)))
add("missing-from-name-only.eml", mail([(b"From", b"Leto Atreides"), (b"Subject", b"x")], orders(STEL_LINES)))
add("missing-colon-headers.eml", b"From leto@players.test\r\nSubject x\r\n\r\n" + orders(STEL_LINES))

# ---------------------------------------------------------- duplicate headers
add("dup-from-registered-then-evil.eml", mail([(b"From", LETO), (b"From", EVIL), (b"Subject", b"x")], orders(STEL_LINES)))
add("dup-from-evil-then-registered.eml", mail([(b"From", EVIL), (b"From", LETO), (b"Subject", b"x")], orders(STEL_LINES)))
add("dup-from-list-two-addresses.eml", mail([(b"From", LETO + b", " + VICTIM), (b"Subject", b"x")], orders(STEL_LINES, pw=b"faux")))
add("dup-from-list-victim-first.eml", mail([(b"From", VICTIM + b", " + LETO), (b"Subject", b"x")], orders(STEL_LINES)))
add("dup-message-id.eml", mail(plain(extra=[(b"Message-ID", b"<dup-a@attacker.test>"), (b"Message-ID", b"<dup-b@attacker.test>")]), orders(STEL_LINES)))
add("dup-subject.eml", mail([(b"From", LETO), (b"Subject", b"[gal]"), (b"Subject", b"[stel]")], orders(STEL_LINES)))
add("dup-content-type.eml", mail([(b"From", LETO), (b"Content-Type", b"text/html"), (b"Content-Type", b"multipart/mixed; boundary=x"), (b"Content-Type", b"text/plain")], orders(STEL_LINES)))
add("dup-cte.eml", mail(plain(cte=b"base64", extra=[(b"Content-Transfer-Encoding", b"quoted-printable")]), orders(STEL_LINES)))
add("dup-return-path-empty-second.eml", mail(plain(extra=[(b"Return-Path", b"<" + LETO + b">"), (b"Return-Path", b"<>")]), orders(STEL_LINES)))
add("dup-to-many.eml", mail(plain(extra=[(b"To", b", ".join(b"u%d@victim.test" % i for i in range(5000)))]), orders(STEL_LINES, pw=b"faux")))

# ------------------------------------------------------- header injection
INJ = b"victim@victim.test"
add("inj-subject-encoded-crlf-bcc.eml", mail(plain(subject=b"=?utf-8?Q?Ordres=0D=0ABcc:_victim@victim.test?="), orders(STEL_LINES)))
add("inj-subject-encoded-crlf-to-unknown.eml", mail(plain(frm=EVIL, subject=b"=?utf-8?B?" + base64.b64encode(b"x\r\nTo: victim@victim.test\r\nBcc: victim@victim.test") + b"?="), b"bonjour"))
add("inj-subject-raw-lf.eml", mail(plain(frm=EVIL, subject=b"x\nBcc: victim@victim.test"), b"hello"))
add("inj-subject-raw-cr.eml", mail(plain(frm=EVIL, subject=b"x\rBcc: victim@victim.test\r"), b"hello"))
add("inj-from-name-encoded-crlf.eml", mail(plain(frm=b"=?utf-8?Q?Leto=0D=0ABcc:=20victim@victim.test?= <" + LETO + b">"), orders(STEL_LINES)))
add("inj-from-name-encoded-crlf-unknown.eml", mail(plain(frm=b"=?utf-8?Q?Evil=0D=0ACc:=20victim@victim.test?= <" + EVIL + b">"), b"PARTIE nulle\n"))
add("inj-from-address-encoded-crlf.eml", mail(plain(frm=b"\"x\r\nBcc: victim@victim.test\" <" + EVIL + b">"), b"salut"))
add("inj-from-address-with-crlf-in-local.eml", mail(plain(frm=b"<\"evil\r\nBcc: victim@victim.test\"@attacker.test>"), b"salut"))
add("inj-from-address-comma-in-quotes.eml", mail(plain(frm=b"\"victim@victim.test, evil\" <" + EVIL + b">"), b"PARTIE stel\nINSCRIPTION Virgule\n"))
add("inj-from-address-angle-trick.eml", mail(plain(frm=b"" + VICTIM + b" <" + EVIL + b">"), b"PARTIE stel\nINSCRIPTION Chevrons\n"))
add("inj-from-address-route.eml", mail(plain(frm=b"<@victim.test:evil@attacker.test>"), b"PARTIE stel\n"))
add("inj-from-address-semicolon.eml", mail(plain(frm=b"evil@attacker.test;victim@victim.test"), b"PARTIE stel\n"))
add("inj-reply-to-third-party.eml", mail(plain(frm=EVIL, extra=[(b"Reply-To", VICTIM), (b"Sender", VICTIM), (b"Errors-To", VICTIM)]), orders(STEL_LINES)))
add("inj-reply-to-registered-from-evil.eml", mail(plain(frm=EVIL, extra=[(b"Reply-To", LETO)]), orders(STEL_LINES, pw=b"%PW%")))
add("inj-join-name-crlf-encoded-qp.eml", mail(plain(frm=EVIL, cte=b"quoted-printable"), b"PARTIE stel\r\nINSCRIPTION Maison=0D=0ABcc: victim@victim.test\r\n"))
add("inj-join-name-header-like.eml", mail(plain(frm=EVIL), b"PARTIE stel\nINSCRIPTION Bcc: victim@victim.test\n"))
add("inj-join-name-with-angle.eml", mail(plain(frm=EVIL), b"PARTIE stel\nINSCRIPTION <victim@victim.test>\n"))
add("inj-join-name-unicode-line-separator.eml", mail(plain(frm=EVIL), "PARTIE stel\nINSCRIPTION Maison\u2028Bcc: victim@victim.test\u0085x\n".encode()))
add("inj-family-header-crlf.eml", mail(plain(), b"PARTIE stel\nFAMILLE Atr\xc3\xa9ides\rBcc: victim@victim.test\nMOTDEPASSE %PW%\nLIEU Adrien FLOTTE 1\n"))
add("inj-message-relay-with-headers.eml", mail(plain(), orders([b"MESSAGE Harkonnen", b"Bcc: victim@victim.test", b"To: victim@victim.test", b"", b".", b"FINMESSAGE"])))
add("inj-message-relay-unknown-family-address.eml", mail(plain(), orders([b"MESSAGE victim@victim.test", b"coucou", b"FINMESSAGE"])))
add("inj-message-id-with-path.eml", mail(plain(extra=[(b"Message-ID", b"<../../../games/stel/game.json>")]), orders(STEL_LINES)))
add("inj-message-id-with-slash-nul.eml", mail(plain(frm=EVIL, extra=[(b"Message-ID", b"<a/b\\c\x00d@e>")]), b"hi"))
add("inj-message-id-dot.eml", mail(plain(frm=EVIL, extra=[(b"Message-ID", b"<..>")]), b"hi"))
add("inj-game-path-traversal.eml", mail(plain(frm=EVIL), b"PARTIE ../../../etc\nINSCRIPTION Traverse\n"))
add("inj-game-id-uppercase-accents.eml", mail(plain(), orders(STEL_LINES, game=b"ST\xc3\x89L")))
add("inj-family-path-traversal.eml", mail(plain(), orders(STEL_LINES, family=b"../../game.json")))

# --------------------------------------------------------------- forged loops
add("loop-our-header.eml", mail(plain(extra=[(b"X-Arbitre-Loop", b"arbitre; arbitre@referee.test")]), orders(STEL_LINES)))
add("loop-our-header-other-value.eml", mail(plain(extra=[(b"X-Arbitre-Loop", b"anything")]), orders(STEL_LINES)))
add("loop-our-header-lowercase.eml", mail(plain(extra=[(b"x-arbitre-loop", b"")]), orders(STEL_LINES)))
add("loop-our-header-in-body-only.eml", mail(plain(), b"X-Arbitre-Loop: arbitre; arbitre@referee.test\n" + orders(STEL_LINES)))
add("loop-from-referee.eml", mail(plain(frm=b"Arbitre <ARBITRE@referee.test>"), orders(STEL_LINES)))
add("loop-from-referee-join.eml", mail(plain(frm=REFEREE), b"PARTIE stel\nINSCRIPTION Miroir\n"))
add("loop-auto-submitted-replied.eml", mail(plain(extra=[(b"Auto-Submitted", b"auto-replied")]), orders(STEL_LINES)))
add("loop-auto-submitted-garbage.eml", mail(plain(frm=EVIL, extra=[(b"Auto-Submitted", b"\xff\xfe;;;(")]), b"hi"))
add("loop-auto-submitted-empty.eml", mail(plain(frm=EVIL, extra=[(b"Auto-Submitted", b"")]), b"hi"))
add("loop-precedence-bulk.eml", mail(plain(extra=[(b"Precedence", b"bulk")]), orders(STEL_LINES)))
add("loop-precedence-auto-reply.eml", mail(plain(frm=EVIL, extra=[(b"Precedence", b"auto_reply")]), b"hi"))
add("loop-list-id.eml", mail(plain(extra=[(b"List-Id", b"<players.list.test>")]), orders(STEL_LINES)))
add("loop-return-path-empty.eml", mail(plain(extra=[(b"Return-Path", b"<>")]), orders(STEL_LINES)))
add("loop-mailer-daemon.eml", mail(plain(frm=b"MAILER-DAEMON@mx.attacker.test"), orders(STEL_LINES)))
add("loop-postmaster-return-path.eml", mail(plain(frm=EVIL, extra=[(b"Return-Path", b"<postmaster@attacker.test>")]), b"hi"))
add("loop-x-autoreply.eml", mail(plain(frm=EVIL, extra=[(b"X-Autoreply", b"yes")]), b"hi"))
add("loop-bounce-quoting-our-mail.eml", mail(plain(frm=b"Mail Delivery System <MAILER-DAEMON@mx.victim.test>", ct=b"multipart/report; report-type=delivery-status; boundary=r", extra=[(b"Return-Path", b"<>")]),
    b"--r\r\nContent-Type: text/plain\r\n\r\nDelivery failed\r\n--r\r\nContent-Type: message/rfc822\r\n\r\nFrom: arbitre@referee.test\r\nX-Arbitre-Loop: arbitre; arbitre@referee.test\r\n\r\nPARTIE stel\r\n--r--\r\n"))
add("loop-auto-submitted-no-with-comment.eml", mail(plain(extra=[(b"Auto-Submitted", b"no (really)")]), orders(STEL_LINES, pw=b"faux")))

# -------------------------------------------------------------- absurd dates
for i, d in enumerate([b"Fri, 31 Dec 9999 23:59:59 +9999", b"Mon, 01 Jan 0000 00:00:00 -9999", b"yesterday", b"", b"\xff\xff",
                       b"Thu, 01 Jan 1970 00:00:00 +0000", b"Sun, 99 Foo 2026 99:99:99 +0000", b"-1", b"Mon, 05 Jan 2026 10:00:00 +0000" * 5000]):
    add(f"date-absurd-{i}.eml", mail(plain(extra=[(b"Date", d)]), orders(STEL_LINES), date=False))

# ------------------------------------------------------- spoofing and auth
add("auth-spoofed-from-with-password.eml", mail(plain(frm=b"Leto <" + LETO + b">", extra=[(b"Return-Path", b"<" + EVIL + b">"), (b"Received", b"from attacker.test")]), orders(STEL_LINES)))
add("auth-evil-from-right-password.eml", mail(plain(frm=EVIL), orders(STEL_LINES)))
add("auth-evil-from-no-password.eml", mail(plain(frm=EVIL), orders(STEL_LINES, pw=None)))
add("auth-right-from-wrong-password.eml", mail(plain(), orders(STEL_LINES, pw=b"mauvais-mot-de-passe")))
add("auth-right-from-empty-password.eml", mail(plain(), orders(STEL_LINES, pw=b"")))
add("auth-right-from-other-family-password.eml", mail(plain(), orders(STEL_LINES, pw=b"%HPW%")))
add("auth-password-100k.eml", mail(plain(), orders(STEL_LINES, pw=b"p" * 100000)))
add("auth-password-case-changed.eml", mail(plain(), orders(STEL_LINES, pw=b"%PW%".lower())))
add("auth-from-uppercase-registered.eml", mail(plain(frm=LETO.upper()), orders(STEL_LINES)))
add("auth-from-display-name-is-registered.eml", mail(plain(frm=b"\"" + LETO + b"\" <" + EVIL + b">"), orders(STEL_LINES)))
add("auth-from-comment-is-registered.eml", mail(plain(frm=EVIL + b" (" + LETO + b")"), orders(STEL_LINES)))
add("auth-from-lookalike-unicode.eml", mail(plain(frm="l\u0435to@players.test".encode()), orders(STEL_LINES)))
add("auth-from-trailing-dot-domain.eml", mail(plain(frm=b"leto@players.test."), orders(STEL_LINES)))
add("auth-from-plus-tag.eml", mail(plain(frm=b"leto+x@players.test"), orders(STEL_LINES)))
add("auth-other-familys-characters.eml", mail(plain(frm=VLAD), orders([b"LIEU Adrien FLOTTE 1", b"LIEU Adrien/Atr\xc3\xa9ides STELLARIUM", b"FORMATION L\xc3\xa9on/Atr\xc3\xa9ides GUERRIER"], family=b"Harkonnen", pw=b"%HPW%")))
add("auth-powers-not-held.eml", mail(plain(), orders([b"EMPEREUR GUERRE", b"ARCHIPAPE EXCOMMUNIER Adrien/Harkonnen", b"GENERAL COUP-D-ETAT", b"MAITRE FERMER Mologatai", b"COMMANDEUR INTERDIRE \"Nef\""])))
add("auth-galaxy-fleets-not-owned.eml", mail(plain(frm=ORION), orders([b"DEPLACER F9 +1+1", b"ATTAQUER F8 FLOTTE", b"REUNIR F7 F6", b"CHANGER +5+5 GATE", b"DEFENSE +7+7 10"], game=b"gal", family=b"Orion", pw=b"%GPW%")))
add("auth-galaxy-wrong-password.eml", mail(plain(frm=ORION), orders([b"DEPLACER F1 +1+1"], game=b"gal", family=b"Orion", pw=b"%PW%")))
add("auth-stale-turn.eml", mail(plain(), orders([b"TOUR 0"] + STEL_LINES)))
add("auth-future-turn.eml", mail(plain(), orders([b"TOUR 4294967296"] + STEL_LINES)))
add("auth-negative-turn.eml", mail(plain(), orders([b"TOUR -1"] + STEL_LINES)))
add("auth-turn-not-a-number.eml", mail(plain(), orders([b"TOUR \xe2\x85\xa0"] + STEL_LINES)))
add("auth-cross-game-family.eml", mail(plain(frm=ORION), orders([b"LIEU Adrien FLOTTE 1"], game=b"stel", family=b"Orion", pw=b"%GPW%")))
add("auth-registered-join-again.eml", mail(plain(), b"PARTIE stel\nINSCRIPTION Deuxi\xc3\xa8me\n"))
add("auth-join-taken-name-accent-variant.eml", mail(plain(frm=EVIL), b"PARTIE stel\nINSCRIPTION ATREIDES\n"))
add("auth-join-galaxy-full.eml", mail(plain(frm=EVIL), b"PARTIE gal\nINSCRIPTION Intrus\n"))
add("auth-pnj-family-name-with-password.eml", mail(plain(frm=VLAD), orders([b"ANNULER"], family=b"Harkonnen", pw=b"%HPW%")))

# -------------------------------------------------------- registration names
for i, name in enumerate([
    "北京" * 20, "ß" * 40, "ŉ" * 40, "ﬃ" * 40, "İ" * 40, "A\u0301" * 20, "\u0301" * 40, "Ꭰ" * 40, "𝔄𝔗ℜ" * 13,
    "Maison\u202eedisiurt", "Mai\u200bson", "\u00a0Maison\u00a0", "CON", "NUL", ".", "..", "'-'", "' '", "a" * 41,
    "Дом", "ＦＵＬＬＷＩＤＴＨ", "Maison 𝟘𝟙", "x" + "\u0300" * 1000, "Ǆ" * 40, "ﷺ" * 40, "Ⅷ" * 40,
]):
    add(f"join-name-{i:02}.eml", mail(plain(frm=b"joiner%d@players.test" % i), ("PARTIE stel\nINSCRIPTION " + name + "\n").encode()))
add("join-name-quoted-huge.eml", mail(plain(frm=b"joinerq@players.test"), b"PARTIE stel\nINSCRIPTION \"" + b"Q" * 100000 + b"\"\n"))
add("join-name-empty.eml", mail(plain(frm=b"joinere@players.test"), b"PARTIE stel\nINSCRIPTION\n"))
add("join-name-only-comment.eml", mail(plain(frm=b"joinerc@players.test"), b"PARTIE stel\nINSCRIPTION # rien\n"))
add("join-unknown-game.eml", mail(plain(frm=EVIL), b"PARTIE " + b"g" * 10000 + b"\nINSCRIPTION X\n"))

# --------------------------------------------------------- unicode and quotes
add("uni-bidi-orders.eml", mail(plain(), orders(["LIEU \u202eneirdA\u202c FLOTTE 1".encode(), "LIEU Adrien\u2066 FLOTTE\u2069 1".encode()])))
add("uni-homoglyph-family.eml", mail(plain(), orders(STEL_LINES, family="Аtréides".encode())))
add("uni-fullwidth-keywords.eml", mail(plain(), "ＰＡＲＴＩＥ stel\nＦＡＭＩＬＬＥ Atréides\nＭＯＴＤＥＰＡＳＳＥ %PW%\nＬＩＥＵ Adrien FLOTTE 1\n".encode()))
add("uni-combining-mark-flood.eml", mail(plain(), orders([("LIEU A" + "\u0301" * 100000 + "drien FLOTTE 1").encode()])))
add("uni-zalgo-10k-lines.eml", mail(plain(), orders([("L\u0336I\u0336E\u0336U\u0336 " + "\u0489" * 8).encode()] * 10000)))
add("uni-emoji-orders.eml", mail(plain(), orders(["LIEU 👨‍👩‍👧‍👦 🚀 1".encode()] * 1000)))
add("uni-bom-everywhere.eml", mail(plain(), ("\ufeff" * 1000 + "PARTIE\ufeff stel\n\ufeffFAMILLE Atréides\nMOTDEPASSE %PW%\n\ufeffLIEU Adrien FLOTTE 1\n").encode()))
add("uni-typographic-quotes-unbalanced.eml", mail(plain(), orders(["EXPEDITION “Nef CAPITAINE Adrien «".encode()] * 100)))
add("uni-expanding-uppercase.eml", mail(plain(), orders([("LIEU " + "ß" * 50000 + " FLOTTE 1").encode(), ("LIEU " + "ŉ" * 50000).encode()])))

# ------------------------------------------------------------- line endings
add("eol-cr-only.eml", mail(plain(), orders(STEL_LINES, nl=b"\r"), nl=b"\r"))
add("eol-lf-only.eml", mail(plain(), orders(STEL_LINES, nl=b"\n"), nl=b"\n"))
add("eol-crcrlf.eml", mail(plain(), orders(STEL_LINES, nl=b"\r\r\n"), nl=b"\r\r\n"))
add("eol-mixed-random.eml", mail(plain(), b"".join(l + RNG.choice([b"\r", b"\n", b"\r\n", b"\n\r"]) for l in [b"PARTIE stel", b"FAMILLE Atr\xc3\xa9ides", b"MOTDEPASSE %PW%"] + STEL_LINES)))
add("eol-none-at-all.eml", b"From: " + LETO + b" Subject: x PARTIE stel FAMILLE Atreides MOTDEPASSE %PW% LIEU Adrien FLOTTE 1")
add("eol-vertical-tab-form-feed.eml", mail(plain(), b"PARTIE stel\x0bFAMILLE Atr\xc3\xa9ides\x0cMOTDEPASSE %PW%\x85LIEU Adrien FLOTTE 1\n"))

# ------------------------------------------------------------ quoting bombs
add("quote-depth-10000.eml", mail(plain(), b"".join(b">" * i + b" PARTIE stel\n" for i in range(1, 300)) + b">" * 10000 + b" FAMILLE Atr\xc3\xa9ides\n"))
add("quote-10k-original-separators.eml", mail(plain(), b"-----Original Message-----\n" * 10000 + orders(STEL_LINES)))
add("quote-alternating-depths.eml", mail(plain(), b"".join((b"> " * (i % 7)) + l + b"\n" for i, l in enumerate([b"PARTIE stel", b"FAMILLE Atr\xc3\xa9ides", b"MOTDEPASSE %PW%"] * 3000 + STEL_LINES))))
add("quote-attribution-flood.eml", mail(plain(), b"Le lundi, Leto a \xc3\xa9crit :\n> x\n" * 10000 + orders(STEL_LINES)))
add("quote-signature-flood.eml", mail(plain(), b"-- \n" * 10000 + orders(STEL_LINES)))
add("quote-only-block-spaced.eml", mail(plain(), b"".join(b"> > > " + l + b"\n" for l in orders(STEL_LINES).split(b"\n"))))
add("quote-unbalanced-message-blocks.eml", mail(plain(), orders([b"MESSAGE Harkonnen"] * 5000 + [b"FINMESSAGE"] * 3)))

# ---------------------------------------------------------------- flowed text
add("flowed-100k-soft-lines.eml", mail(plain(ct=b"text/plain; charset=utf-8; format=flowed; delsp=yes"), b"PARTIE stel \n" + b"x \n" * 100000 + b"\n" + orders(STEL_LINES)))
add("flowed-quoted-depth-flood.eml", mail(plain(ct=b"text/plain; format=flowed"), b"".join(b">" * (i % 50) + b" a \n" for i in range(10000))))
add("flowed-space-stuffed-orders.eml", mail(plain(ct=b"text/plain; format=flowed"), b"".join(b" " + l + b"\n" for l in orders(STEL_LINES).split(b"\n"))))

# ---------------------------------------------------------- subject tags, misc
add("subject-tag-flood.eml", mail(plain(subject=b"[" * 100000 + b"stel" + b"]" * 100000), b"FAMILLE Atr\xc3\xa9ides\nMOTDEPASSE %PW%\nLIEU Adrien FLOTTE 1\n"))
add("subject-tag-only-with-orders.eml", mail(plain(subject=b"[SPAM][EXTERNAL][stel]"), b"FAMILLE Atr\xc3\xa9ides\nMOTDEPASSE %PW%\nLIEU Adrien FLOTTE 1\n"))
add("subject-tag-10k-bracketed-words.eml", mail(plain(subject=b"".join(b"[t%d]" % i for i in range(10000))), b"FAMILLE Atr\xc3\xa9ides\n"))
add("misc-attachment-filename-traversal.eml", mail(plain(ct=b"multipart/mixed; boundary=m"),
    b"--m\r\nContent-Type: text/plain; name=\"../../../../etc/passwd\"\r\nContent-Disposition: attachment; filename=\"../../../../etc/passwd\"\r\n\r\n" + orders(STEL_LINES) + b"\r\n--m--\r\n"))
add("misc-binary-attachment-declared-text.eml", mail(plain(ct=b"multipart/mixed; boundary=m"),
    b"--m\r\nContent-Type: text/plain\r\n\r\nhi\r\n--m\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Disposition: attachment; filename=o.txt\r\nContent-Transfer-Encoding: base64\r\n\r\n" + b64(bytes(RNG.randrange(256) for _ in range(100000))) + b"\r\n--m--\r\n"))
add("misc-all-commands-at-once.eml", mail(plain(), orders([b"AIDE", b"RAPPORT", b"ANNULER", b"MESSAGE TOUS", b"bonjour", b"FINMESSAGE", b"MESSAGE Inconnue ANONYME", b"x", b"FINMESSAGE"] + STEL_LINES)))
add("misc-relay-to-unknown-family.eml", mail(plain(), orders([b"MESSAGE Fremen", b"Alliance ?", b"FINMESSAGE"])))
add("misc-relay-anonymous-huge.eml", mail(plain(), orders([b"MESSAGE TOUS ANONYME"] + [b"A" * 1000] * 200 + [b"FINMESSAGE"])))
add("misc-template-injection.eml", mail(plain(subject=b"{{ referee_address }} {% raw %}"), orders([b"LIEU {{ password }} {% for x in y %}", b"MESSAGE Harkonnen", b"{{ __tera_context }}", b"FINMESSAGE"], family=b"Atr\xc3\xa9ides")))
add("misc-template-injection-join.eml", mail(plain(frm=EVIL), b"PARTIE stel\nINSCRIPTION {{ password }}\n"))
add("misc-galaxy-join-message-and-orders.eml", mail(plain(frm=ORION), orders([b"MESSAGE Vega", b"paix", b"FINMESSAGE", b"ALLIANCE Vega", b"DON Vega 1000000", b"COLONISER +0+0 0000"], game=b"gal", family=b"Orion", pw=b"%GPW%")))
add("misc-galaxy-gift-to-self.eml", mail(plain(frm=ORION), orders([b"DON Orion 5", b"ALLIANCE Orion", b"DON Inconnu 5"], game=b"gal", family=b"Orion", pw=b"%GPW%")))

# Random mutations of a valid authenticated mail (fixed seed).
for i in range(30):
    b = bytearray(mail(plain(), orders(STEL_LINES)))
    for _ in range(RNG.randrange(1, 40)):
        op = RNG.randrange(3)
        pos = RNG.randrange(len(b))
        if op == 0:
            b[pos] = RNG.randrange(256)
        elif op == 1:
            del b[pos]
        else:
            b[pos:pos] = bytes([RNG.choice(b"\r\n\x00=:<>\"\\;-> \xff\xc3")])
    add(f"mutant-{i:02}.eml", bytes(b))


def main():
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    os.makedirs(OUT)
    names = set()
    total = 0
    for i, (name, raw) in enumerate(files, 1):
        fname = f"{i:03}-{name}"
        assert fname not in names
        names.add(fname)
        with open(os.path.join(OUT, fname), "wb") as f:
            f.write(raw)
        total += len(raw)
    print(f"{len(files)} mails, {total / 1e6:.1f} MB, in {OUT}")


if __name__ == "__main__":
    main()
