"""Video poker against published tables of optimal play, line by line.

Every figure below was read from the page named beside it and is tested to
the precision it is published with.  A "calculator" page is Wizard of Odds'
Video Poker Strategy Calculator, whose "Perfect Strategy Analysis" table gives,
for one pay table, the number of final hands of each pay line out of
19,933,230,517,200 (every deal times every draw, over a common denominator),
the variance per coin and the return:

* https://wizardofodds.com/games/video-poker/strategy/a-1-b-37-c-1-d-0-d-1-d-2-d-3-d-4-d-6-d-9-d-25-d-25-d-25-d-50-d-800/
  9/6 Jacks or Better: every line (four aces, four 2-4 and four 5-K apart),
  variance 19.51, return 0.995439.
* https://wizardofodds.com/games/video-poker/strategy/a-1-b-37-c-1-d-0-d-1-d-2-d-3-d-4-d-5-d-8-d-25-d-40-d-80-d-50-d-800/
  8/5 Bonus Poker: every line, variance 20.90, return 0.991660.
* https://wizardofodds.com/games/video-poker/strategy/a-1-b-118-c-1-d-0-d-1-d-1-d-3-d-4-d-5-d-9-d-50-d-120-d-240-d-100-d-800/
  a bonus table (straight flush 100, four aces 240, four 2-4 120, four 5-K
  50, 9/5): every line, variance 44.28, return 0.998033.
* https://wizardofodds.com/games/video-poker/strategy/a-1-b-120-c-1-d-0-d-1-d-1-d-2-d-4-d-7-d-9-d-50-d-80-d-160-d-400-d-800-d-50-d-800/
  a 52-card table with kicker lines (four aces with a 2-4 800, four 2-4 with
  an A-4 400, four aces 160, four 2-4 80, four 5-K 50, 9/7, three of a kind
  2): every line, variance 98.28, return 0.995778.
* https://wizardofodds.com/games/video-poker/strategy/a-1-b-57-c-1-d-0-d-1-d-1-d-3-d-4-d-5-d-8-d-50-d-80-d-160-d-160-d-400-d-50-d-800/
  8/5 Double Double Bonus: every line, variance 41.99, return 0.967861.
* https://wizardofodds.com/games/video-poker/strategy/a-1-b-44-c-1-d-0-d-1-d-2-d-3-d-4-d-4-d-10-d-16-d-25-d-200-d-800/
  "Not So Ugly" Deuces Wild 800/200/25/16/10/4/4/3/2/1: every line, variance
  25.78, return 0.997283 (the tables page,
  https://wizardofodds.com/games/video-poker/tables/deuces-wild/, gives the
  same five top lines and "99.73%").
* https://wizardofodds.com/games/video-poker/strategy/a-1-b-44-c-1-d-0-d-1-d-2-d-3-d-4-d-4-d-9-d-15-d-25-d-200-d-800/
  Illinois Deuces 800/200/25/15/9/4/4/3/2/1: variance 25.62, return 0.989131.
* https://wizardofodds.com/games/video-poker/strategy/a-1-b-44-c-1-d-0-d-1-d-2-d-2-d-3-d-5-d-9-d-15-d-25-d-200-d-800/
  full-pay Deuces Wild: variance 25.84, return 1.007620.
* https://wizardofodds.com/games/video-poker/strategy/a-1-b-44-c-1-d-0-d-1-d-2-d-2-d-3-d-4-d-13-d-16-d-25-d-400-d-940/
  Deuces Wild 940/400/25/16/13/4/3/2/2/1: every line, variance 56.11, return
  1.009224.
* https://jp.wizardofodds.com/games/video-poker/strategy/a-1-b-119-c-1-d-0-d-1-d-2-d-2-d-3-d-4-d-8-d-10-d-20-d-600-d-800
  Deuces Wild 800/600/20/10/8/4/3/2/2/1: every line, variance 96.53, return
  0.999226.

Where optimal play has holds of exactly equal value whose final hands fall
in different lines, two optimal strategies give different line counts with
the same return.  Wizard of Odds says so of full-pay Deuces Wild (its tables
page plays that hand "the less volatile way", its calculator the other), and
it happens wherever two lines pay the same (flush and straight at 2, four of
a kind and full house at 4).  The solver takes the first best hold in a fixed
order; where its counts differ from a published table, the test checks that
the difference is exactly such a tie: the total paid over the 19.9 trillion
final hands, an integer, is the published one to the coin, and every line
the tie cannot touch is equal to the unit.

Other sources:

* "Video poker winning hand frequency for 9/6 Jacks or Better"
  (gaminganddestinations.com,
  https://gaminganddestinations.com/video-poker-winning-hand-frequency-for-96-jacks-or-better/):
  "the variance for 9/6JOB is 19.51468 compared to 41.98498 for 9/6 DDB".
* Wizard of Odds, Ask the Wizard, Deuces Wild,
  https://wizardofodds.com/ask-the-wizard/video-poker/deuces-wild/ :
  "The standard deviation of full pay deuces wild is 5.08."
* Microgaming's Joker Poker: the pay table 750/200/100/50/17/7/5/3/2/1/1 per
  coin with 5000 for a five-coin natural royal (optimalgambling.com,
  https://optimalgambling.com/games/joker-poker-video-poker.htm); its
  "average return to the player ... is 98.6%"
  (onlinecasinoaustralian.com, "Microgaming Joker Based Online Video Poker
  Games",
  https://www.onlinecasinoaustralian.com/articles/microgaming-joker-based-online-video-poker-games/).

* John Grochowski, "A shuffle through the gaming mailbag" (Casino City Times,
  2012),
  https://www.casinocitytimes.com/john-grochowski/article/a-shuffle-through-the-gaming-mailbag-60871
  :
  in Double Joker 800/100/50/25/8/5/4/3/2/1 (98.1%) "you'll draw a royal
  about once per 44,931 hands", a wild royal "about once per 2,876 hands".
* "How to play Double Joker Poker" (a blog page at polyva.mystrikingly.com,
  https://polyva.mystrikingly.com/blog/how-to-play-double-joker-poker, text
  in the manner of the column above, author not named): "in full-pay Joker's
  Wild, Kings or better it's 1 in 41,214" (a natural royal).

* Joker Poker two pair or better (no pair pays): the compilation of returns
  of optimal play in the public repository bunchbunchbunch/vpDecisions,
  https://github.com/bunchbunchbunch/vpDecisions/blob/ff11bc475e1292a77ad33ee454fe6c4c1ec98674/docs/PAYTABLES.md
  (sources not named; some of its other rows do not match their tables, see
  docs/howto/videopoker.md), lists three two-pair tables: 1000/100/50/50/20/
  10/6/5/2/1 99.92%, 800/800/100/100/16/8/5/4/2/1 98.59% and 100/800/100/100/
  16/8/5/4/2/1 97.19%; a second public video-poker table list (a "Hit Seeker"
  app, "Reference: VPFree2.com & WizardOfOdds.com", found through the code
  index without its repository's name) gives the first two as "20/10/6 Full
  Pay" 99.92 and "16/8/5" 98.59.  The built-in joker-poker-two-pair is the
  first.  No publication of a named author with these figures was found.

* Deuces and Joker Wild 2000/800/25/12/8/6/3/3/3/2/1 (five of a kind 8):
  "A machine found at WizardOfOdds.com - 98.52%", the comment of the class
  DeucesAndJokerWild in a public Java casino (package
  net.ech.casino.videopoker.machines, by James Echmalian; found through the
  code index without its repository's name).  The built-in
  deuces-joker-wild-8 is that table; the built-in deuces-joker-wild (five of
  a kind 9, the table gamesandcasino.com lists) has no published return.

The wild machines' other published figures (Wizard of Odds' tables page to
the hand for full pay and 99.96% Deuces Wild, winnergambling's Illinois
lines, Double Joker, Joker Poker kings or better) are tested in
tests/test_videopoker_wild.py.
"""

from __future__ import annotations

import math

import pytest

import handrank as hr
from handrank.games import videopoker as V

pytestmark = pytest.mark.skipif(hr.backend != "c", reason="video poker needs the C core")

TOTAL = 19_933_230_517_200

_DEUCES = ("natural-royal-flush", "four-deuces", "wild-royal-flush", "five-of-a-kind",
           "straight-flush", "four-of-a-kind", "full-house", "flush", "straight",
           "three-of-a-kind", "nothing")


def _deuces(pays: str, counts: tuple[int, ...]) -> tuple[dict[str, int], dict[str, int]]:
    """A deuces-wild pay table from "800/200/..." and its published counts, top line first."""
    table = dict(zip(_DEUCES, [*map(int, pays.split("/")), 0]))
    return table, dict(zip(_DEUCES, counts))


def _counts(vp: V.VideoPoker) -> dict[str, int]:
    return dict(zip(vp.classes, (int(c) for c in vp._solution.combinations)))


def _check(vp: V.VideoPoker, published: dict[str, int], variance: float, ret: float,
           *, ties: tuple[str, ...] = ()) -> None:
    """The solution against a published table: lines outside ``ties`` to the unit; the
    total paid to the coin; the variance to 0.01 and the return to 1e-6."""
    assert sum(published.values()) == TOTAL
    ours = _counts(vp)
    assert sum(ours.values()) == TOTAL
    pays = {c: int(vp.paytable[c]) for c in published}
    assert sum(pays[c] * ours[c] for c in published) == sum(
        pays[c] * n for c, n in published.items())
    for line, n in published.items():
        if line not in ties:
            assert ours[line] == n, line
    assert round(vp.variance, 2) == variance
    assert round(vp.expected_return, 6) == ret


# ---------------------------------------------------------------- 52 cards, no wild card

#: 9/6 Jacks or Better, the calculator's lines (its four-of-a-kind split in three).
WOO_JOB_96 = {"royal-flush": 493_512_264, "straight-flush": 2_178_883_296,
              "four-aces": 3_900_253_596, "four-2-4": 10_509_511_320,
              "four-5-k": 32_683_402_848, "full-house": 229_475_482_596,
              "flush": 219_554_786_160, "straight": 223_837_565_784,
              "three-of-a-kind": 1_484_003_070_324, "two-pair": 2_576_946_164_148,
              "jacks-or-better": 4_277_372_890_968, "nothing": 10_872_274_993_896}


#: 8/5 Bonus Poker, the same lines.
WOO_BONUS_85 = {"royal-flush": 495_443_136, "straight-flush": 2_129_604_264,
                "four-aces": 3_903_775_812, "four-2-4": 10_509_866_328,
                "four-5-k": 32_688_417_336, "full-house": 229_516_869_924,
                "flush": 216_873_645_000, "straight": 223_676_319_912,
                "three-of-a-kind": 1_484_391_167_856, "two-pair": 2_577_523_603_752,
                "jacks-or-better": 4_290_810_981_444, "nothing": 10_860_710_822_436}
#: A bonus table with a straight flush of 100 (four aces 240, four 2-4 120), the same lines.
BONUS_SF100 = {"royal-flush": 800, "straight-flush": 100, "four-aces": 240, "four-2-4": 120,
               "four-5-k": 50, "full-house": 9, "flush": 5, "straight": 4, "three-of-a-kind": 3,
               "two-pair": 1, "jacks-or-better": 1, "nothing": 0}
WOO_BONUS_SF100 = {"royal-flush": 513_460_056, "straight-flush": 2_380_735_236,
                   "four-aces": 4_690_390_464, "four-2-4": 10_517_351_424,
                   "four-5-k": 32_475_349_584, "full-house": 216_433_655_424,
                   "flush": 220_628_280_828, "straight": 252_804_878_868,
                   "three-of-a-kind": 1_500_042_920_964, "two-pair": 2_453_408_797_932,
                   "jacks-or-better": 4_217_838_277_464, "nothing": 11_021_496_418_956}
WOO_GROUPED = {"jacks-or-better-9/6": (WOO_JOB_96, 19.51, 0.995439),
               "bonus-poker-8/5": (WOO_BONUS_85, 20.90, 0.991660),
               "sf 100, four aces 240": (WOO_BONUS_SF100, 44.28, 0.998033)}


@pytest.mark.parametrize("name", list(WOO_GROUPED))
def test_52_card_tables_every_line(name):
    published, variance, ret = WOO_GROUPED[name]
    vp = hr.video_poker(BONUS_SF100 if name.startswith("sf 100") else name)
    ours = _counts(vp)
    for group, members in V.GROUPS.items():
        if group != "four-of-a-kind":
            ours[group] = sum(ours.pop(m) for m in members)
    assert ours == published
    assert sum(published.values()) == TOTAL
    assert round(vp.variance, 2) == variance
    assert round(vp.expected_return, 6) == ret


def test_jacks_or_better_9_6_variance():
    vp = hr.video_poker("jacks-or-better-9/6")
    assert round(vp.variance, 5) == 19.51468          # gaminganddestinations.com


def test_double_double_bonus_9_6_variance():
    vp = hr.video_poker("double-double-bonus-9/6")
    assert round(vp.variance, 5) == 41.98498          # gaminganddestinations.com
    assert round(vp.expected_return, 6) == 0.989808


#: The calculator's 52-card tables with kicker lines: pays, counts, variance, return.
_KICKER_LINES = ("royal-flush", "straight-flush", "four-aces-with-2-4", "four-2-4-with-a-4",
                 "four-aces-with-5-k", "four-2-4-with-5-k", "four-5-k", "full-house", "flush",
                 "straight", "three-of-a-kind", "two-pair", "jacks-or-better", "nothing")
WOO_KICKERS = {
    "9/7, four aces with a 2-4 800": (
        (800, 50, 800, 400, 160, 80, 50, 9, 7, 4, 2, 1, 1, 0),
        (439_463_508, 2_348_724_720, 1_402_364_496, 3_440_009_028, 2_952_442_272,
         6_376_626_780, 31_673_324_076, 206_321_656_284, 311_320_443_672, 252_218_322_636,
         1_468_173_074_448, 2_390_581_734_264, 3_944_045_609_748, 11_311_936_721_268),
        98.28, 0.995778),
    "8/5 Double Double Bonus": (
        (800, 50, 400, 160, 160, 80, 50, 8, 5, 4, 3, 1, 1, 0),
        (497_511_012, 2_132_728_608, 1_227_489_228, 2_854_321_032, 3_457_361_460,
         7_662_852_888, 32_536_780_416, 216_627_427_872, 218_972_097_300, 258_156_990_828,
         1_501_655_447_280, 2_454_569_282_448, 4_227_183_284_112, 11_005_696_942_716),
        41.99, 0.967861),
}


@pytest.mark.parametrize("name", list(WOO_KICKERS))
def test_kicker_tables_every_line(name):
    pays, counts, variance, ret = WOO_KICKERS[name]
    vp = hr.video_poker(dict(zip(_KICKER_LINES, pays)))
    _check(vp, dict(zip(_KICKER_LINES, counts)), variance, ret)


# ---------------------------------------------------------------- deuces wild

WOO_DEUCES = {
    "deuces-wild-nsu": (None, (458_696_304, 3_721_737_204, 38_006_962_464, 61_961_233_656,
                               102_392_435_976, 1_216_681_289_508, 520_566_943_104,
                               413_870_908_056, 1_142_885_476_800, 5_325_911_611_716,
                               11_106_773_222_412), 25.78, 0.997283, ()),
    # the calculator's Illinois counts are another optimal strategy: equal-value holds
    # taken the other way (four of a kind and full house both pay 4); only four deuces,
    # which no tie reaches, is the same to the unit
    "deuces-wild-illinois": (None, (459_185_352, 3_727_422_492, 38_063_872_152,
                                    62_248_554_888, 98_332_654_416, 1_222_397_808_492,
                                    522_037_487_616, 407_582_410_776, 1_145_240_154_576,
                                    5_342_453_299_236, 11_090_687_667_204), 25.62, 0.989131,
                             ("natural-royal-flush", "wild-royal-flush", "five-of-a-kind",
                              "straight-flush", "four-of-a-kind", "full-house", "flush",
                              "straight", "three-of-a-kind", "nothing")),
    # the calculator plays full pay's two-way hand the more volatile way; the
    # tables page's counts (equal to the solver's) are in test_videopoker_wild.py
    "deuces-wild-full-pay": (None, (440_202_756, 4_060_462_824, 35_796_957_696,
                                    63_818_309_856, 83_218_233_480, 1_294_427_430_576,
                                    423_165_297_240, 334_262_439_324, 1_117_181_521_956,
                                    5_675_175_572_112, 10_901_684_089_380), 25.84, 1.007620,
                             ("straight-flush", "flush", "straight", "three-of-a-kind",
                              "nothing")),
    "940/400/25/16/13/4/3/2/2/1": ("940/400/25/16/13/4/3/2/2/1",
                                   (455_737_800, 4_032_535_356, 35_047_361_496,
                                    61_938_178_824, 103_447_803_408, 1_272_300_988_752,
                                    419_147_435_916, 335_191_941_888, 1_113_061_260_912,
                                    5_620_512_091_704, 10_968_095_181_144), 56.11, 1.009224,
                                   ("flush", "straight")),
    "800/600/20/10/8/4/3/2/2/1": ("800/600/20/10/8/4/3/2/2/1",
                                  (435_562_560, 4_463_383_488, 26_712_596_496, 64_377_282_552,
                                   77_477_846_544, 1_320_244_764_168, 422_703_294_624,
                                   310_162_817_256, 1_108_501_189_416, 5_707_059_269_928,
                                   10_891_092_510_168), 96.53, 0.999226,
                                  ("flush", "straight")),
}


@pytest.mark.parametrize("name", list(WOO_DEUCES))
def test_deuces_wild_against_the_calculator(name):
    pays, counts, variance, ret, ties = WOO_DEUCES[name]
    if pays is None:
        vp = hr.video_poker(name)
        published = dict(zip(_DEUCES, counts))
    else:
        table, published = _deuces(pays, counts)
        vp = hr.video_poker(table)
        assert vp.family == "deuces-wild"
    _check(vp, published, variance, ret, ties=ties)
    if ties == ("flush", "straight"):
        # flush and straight pay the same here: the tie moves hands between them only
        ours = _counts(vp)
        assert ours["flush"] + ours["straight"] == published["flush"] + published["straight"]


def test_deuces_wild_full_pay_standard_deviation():
    # Wizard of Odds, Ask the Wizard: "The standard deviation of full pay deuces wild is 5.08"
    assert round(math.sqrt(hr.video_poker("deuces-wild-full-pay").variance), 2) == 5.08


# ---------------------------------------------------------------- joker poker

def test_microgaming_joker_poker_kings():
    table = dict(V.WILD_PAYTABLES["joker-poker-kings"],
                 **{"natural-royal-flush": 1000, "four-of-a-kind": 17})
    vp = hr.video_poker(table)
    assert vp.family == "joker-poker"
    assert round(vp.expected_return * 100, 1) == 98.6


def test_royal_frequencies_of_the_joker_machines():
    dj = hr.video_poker("double-joker-8-5").probabilities
    assert round(1 / dj["natural-royal-flush"]) == 44_931        # Grochowski 2012
    assert round(1 / dj["wild-royal-flush"]) == 2_876
    kings = hr.video_poker("joker-poker-kings").probabilities
    assert round(1 / kings["natural-royal-flush"]) == 41_214


#: Joker Poker two pair or better: natural royal, five of a kind, wild royal, straight flush,
#: four of a kind, full house, flush, straight, three of a kind, two pair -> return in percent.
TWO_PAIR = {(1000, 100, 50, 50, 20, 10, 6, 5, 2, 1): 99.92,
            (800, 800, 100, 100, 16, 8, 5, 4, 2, 1): 98.59,
            (100, 800, 100, 100, 16, 8, 5, 4, 2, 1): 97.19}


@pytest.mark.parametrize("pays", list(TWO_PAIR))
def test_joker_poker_two_pair(pays):
    lines = ("natural-royal-flush", "five-of-a-kind", "wild-royal-flush", "straight-flush",
             "four-of-a-kind", "full-house", "flush", "straight", "three-of-a-kind", "two-pair")
    table = {**dict(zip(lines, pays)), "kings-or-better": 0, "nothing": 0}
    vp = hr.video_poker(table)
    assert vp.family == "joker-poker"
    assert round(vp.expected_return * 100, 2) == TWO_PAIR[pays]
    if pays == (1000, 100, 50, 50, 20, 10, 6, 5, 2, 1):
        built_in = hr.video_poker("joker-poker-two-pair")
        assert V.WILD_PAYTABLES["joker-poker-two-pair"] == table
        assert built_in.expected_return == vp.expected_return
        assert built_in.breakdown["kings-or-better"] == 0


def test_deuces_and_joker_wild_five_of_a_kind_8():
    vp = hr.video_poker("deuces-joker-wild-8")
    assert vp.family == "deuces-joker-wild"
    assert round(vp.expected_return * 100, 2) == 98.52
    nine = V.WILD_PAYTABLES["deuces-joker-wild"]
    assert V.WILD_PAYTABLES["deuces-joker-wild-8"] == {**nine, "five-of-a-kind": 8}
