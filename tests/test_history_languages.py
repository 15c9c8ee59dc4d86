# ruff: noqa: E501 - the hand histories keep their long header lines as PokerStars writes them
"""PokerStars hands written in Portuguese, and with French headers over English lines.

The formats were learned from public samples; the hands below are written
for these tests.  The oracle: the same hand written in English reads to an
equal Hand (the English reader is tested on its own), and the replay agrees
with the record, chip for chip.
"""

from __future__ import annotations

from dataclasses import replace

from handrank.history import read

PT = """Mão PokerStars #880000000001: Torneio #42, $ 1+$ 0.10 USD Hold'em No Limit - Nível II (10/20) - 2025/01/02 10:00:00 ET
Mesa '42 3' 9-max Lugar #3 é o botão
Lugar 1: ana (1500 em fichas)
Lugar 2: beto (1200 em fichas)
Lugar 3: caio (900 em fichas)
ana: coloca ante 5
beto: coloca ante 5
caio: coloca ante 5
ana: paga o small blind 10
beto: paga o big blind 20
*** CARTAS DA MÃO ***
caio recebe [Qs Qh]
caio: aumenta 40 para 60
ana: desiste
beto: iguala 40
*** FLOP *** [2d 7c Jh]
beto: passa
caio: aposta 100
beto: aumenta 1035 para 1135 e está all-in
caio: iguala 735 e está all-in
beto: mostra [Jc Ts] (par de Valetes)
caio: mostra [Qs Qh] (par de Damas)
*** TURN *** [2d 7c Jh] [3s]
*** RIVER *** [2d 7c Jh 3s] [9d]
Aposta não-igualada (300) voltou para beto
caio recebeu 1815 do pote
*** SUMÁRIO ***
Total pote 1815 | comissão 0
Mesa [2d 7c Jh 3s 9d]
Lugar 1: ana (small blind) desistiu antes Flop
Lugar 2: beto (big blind) mostrou [Jc Ts] e perdeu
Lugar 3: caio (Botão) mostrou [Qs Qh] e ganhou (1815)
"""

EN = """PokerStars Hand #880000000001: Tournament #42, $1+$0.10 USD Hold'em No Limit - Level II (10/20) - 2025/01/02 10:00:00 ET
Table '42 3' 9-max Seat #3 is the button
Seat 1: ana (1500 in chips)
Seat 2: beto (1200 in chips)
Seat 3: caio (900 in chips)
ana: posts the ante 5
beto: posts the ante 5
caio: posts the ante 5
ana: posts small blind 10
beto: posts big blind 20
*** HOLE CARDS ***
Dealt to caio [Qs Qh]
caio: raises 40 to 60
ana: folds
beto: calls 40
*** FLOP *** [2d 7c Jh]
beto: checks
caio: bets 100
beto: raises 1035 to 1135 and is all-in
caio: calls 735 and is all-in
beto: shows [Jc Ts] (a pair of Jacks)
caio: shows [Qs Qh] (a pair of Queens)
*** TURN *** [2d 7c Jh] [3s]
*** RIVER *** [2d 7c Jh 3s] [9d]
Uncalled bet (300) returned to beto
caio collected 1815 from pot
*** SUMMARY ***
Total pot 1815 | Rake 0
Board [2d 7c Jh 3s 9d]
"""

PT_FOLD = """Mão PokerStars #880000000002: Torneio #42, $ 1+$ 0.10 USD Hold'em No Limit - Nível II (10/20) - 2025/01/02 10:01:00 ET
Mesa '42 3' 9-max Lugar #1 é o botão
Lugar 1: ana (1490 em fichas)
Lugar 2: beto (275 em fichas)
Lugar 3: caio (1805 em fichas)
beto: paga o small blind 10
caio: paga o big blind 20
*** CARTAS DA MÃO ***
ana: aumenta 40 para 60
beto: desiste
caio: desiste
Aposta não-igualada (40) voltou para ana
ana recebeu 50 do pote
ana: não mostra a mão
*** SUMÁRIO ***
Total pote 50 | comissão 0
"""

FR = """Main PokerStars n°880000000003 :  Hold'em No Limit (10/20) - 02/01/2025 10:00:00 CET [02/01/2025 4:00:00 ET]
Table 'Vega IV' 6-max (argent fictif) Seat #1 is the button
Seat 1: eve (2000 in chips)
Seat 2: fox (2000 in chips)
eve : posts small blind 10
fox : posts big blind 20
*** HOLE CARDS ***
eve : raises 40 to 60
fox : calls 40
*** FLOP *** [Ah 5d 5c]
fox : checks
eve : bets 100
fox : folds
Uncalled bet (100) returned to eve
eve collected 120 from pot
*** SUMMARY ***
Total pot 120 | Rake 0
"""


def test_portuguese_hand_equals_its_english_writing():
    (pt,) = read(text=PT)
    (en,) = read(text=EN)
    assert pt == en
    r = pt.replay()
    # caio (p3, button): 5 + 60 + 835 = 900, all in; beto (p2): 5 + 60 + 1135, 300 of it
    # uncalled; ana 5 + 10.  Pot: 15 (antes, dead) + 10 + 2 x 895 = 1815: caio's queens
    assert r.agrees_with_record is True and r.payouts == [0, 300, 1815]
    assert pt.players == ["ana", "beto", "caio"]


def test_portuguese_fold_out_and_file(tmp_path):
    f = tmp_path / "pt.txt"
    f.write_text(PT + "\n\n" + PT_FOLD, encoding="utf-8")
    hands = list(read(f))
    assert [h.extra["hand"] for h in hands] == [880000000001, 880000000002]
    r = hands[1].replay()
    # p1 beto (small blind), p2 caio (big blind), p3 ana (button): ana's 60, 40 uncalled
    assert r.agrees_with_record is True and r.payouts == [0, 0, 90]
    assert r.net == [-10, -20, 30]


def test_french_header_over_english_lines():
    (fr,) = read(text=FR)
    en_text = ("PokerStars Hand #880000000003:  Hold'em No Limit (10/20) - 2025/01/02 ET\n"
               + FR.split("\n", 1)[1].replace(" : ", ": "))
    (en,) = read(text=en_text)
    assert replace(fr, source=None) == replace(en, source=None)
    r = fr.replay()
    assert r.agrees_with_record is True and r.net == [-6000, 6000]   # cents
