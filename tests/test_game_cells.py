"""Every cell answers, the same way: every public operation x every game x {name, Game}.

Each operation is called twice on the same small spot of each game of
``hr.games()``, once with ``game=<name>`` and once with ``game=hr.game(<name>)``.
A cell passes when both calls give the same answer, or both raise
:class:`handrank.UnsupportedGameError` naming the operation and the game.
Which cells may raise it is fixed here from what the game is, not from the
code under test: an operation that needs an exchange of cards (``draw_odds``,
``best_hold``) in a game without one, an operation about a board
(``analyze``, ``equity_matrix``, ``range_equity``) in a game without one, a
board given to a game without one.  Every other cell must answer.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import handrank as hr
from handrank.core import _compat
from handrank.ranges.omaha import OmahaRange

HILO = sys.modules["handrank.equity.hilo"]     # (hr.equity is the function)

NAMES = list(hr.games())

# one spot a game: two players' hands (and a board where the game has one),
# dealt from the game's own deck with a fixed seed
SEED = 20261207


def spot(g: hr.Game) -> tuple[str, str, str, str, str | None]:
    """(hand 0, hand 1, a second hand for player 0, a third, board or None)."""
    k, b = g.hole_cards, g.board_cards
    ids = hr.deal(1, 4 * k + b * max(g.boards, 1), seed=SEED, game=g)[0]
    hands = [hr.cards_str(ids[i * k:(i + 1) * k]) for i in range(4)]
    # two boards (double board): one string with '|' between them
    board = " | ".join(hr.cards_str(ids[4 * k + j * b:4 * k + (j + 1) * b])
                       for j in range(g.boards)) if b else None
    return hands[0], hands[1], hands[2], hands[3], board


def _joined(*hands: str) -> str:
    """Range text of exact hands: each hand's cards written together, comma-separated."""
    return ",".join(h.replace(" ", "") for h in hands)


def ops(game: Any, g: hr.Game) -> dict[str, Callable[[], Any]]:
    """Each public operation on `g`'s spot, called with ``game=game``."""
    a, b, a2, a3, board = spot(g)
    ids_a, ids_b = hr.cards(a), hr.cards(b)
    boards = None if board is None else [hr.cards(board.replace("|", " "))]
    bd = board or ""
    # a range of two exact hands for player 0 (the notation every game reads)
    rng = _joined(a, a2)
    strength = hr.evaluate(a, board=board, game=g)
    out: dict[str, Callable[[], Any]] = {
        "evaluate": lambda: hr.evaluate(a, board=board, game=game),
        "evaluate_batch": lambda: hr.evaluate_batch([ids_a, ids_b],
                                                    boards=None if boards is None
                                                    else boards * 2, game=game),
        "best_five": lambda: hr.best_five(a, board=board, game=game),
        "category": lambda: hr.category(strength, game=game),
        "describe": lambda: hr.describe(strength, game=game),
        "equity": lambda: hr.equity([a, b], board=bd, game=game),
        "equity_range": lambda: hr.equity([rng, b], board=bd, game=game, exact=True),
        "settle": lambda: hr.settle(board, [a, b], [10, 7], game=game),
        "explain": lambda: hr.explain(a, b, board, game=game),
        "showdown_batch": lambda: hr.showdown_batch(boards, [[ids_a, ids_b]], game=game),
        "equity_matrix": lambda: hr.equity_matrix(rng, _joined(b, a3), bd, game=game),
        "range_equity": lambda: hr.range_equity(rng, _joined(b, a3), bd, game=game),
        "analyze": lambda: hr.analyze(rng, bd, game=game),
        "draw_odds": lambda: hr.draw_odds(a, game=game),
        "best_hold": lambda: hr.best_hold(a, game=game),
        "deal": lambda: hr.deal(3, 5, seed=1, game=game),
    }
    if board is None:
        # a board where the game has none
        extra = hr.cards_str([c for c in g.deck if c not in ids_a + ids_b][:3])
        out["evaluate with a board"] = lambda: hr.evaluate(a, board=extra, game=game)
        out["best_five with a board"] = lambda: hr.best_five(a, board=extra, game=game)
        out["equity with a board"] = lambda: hr.equity([a, b], board=extra, game=game)
        out["settle with a board"] = lambda: hr.settle(extra, [a, b], [10, 7], game=game)
        out["explain with a board"] = lambda: hr.explain(a, b, extra, game=game)
    return out


OPS = list(ops("holdem", hr.game("holdem"))) + ["evaluate with a board", "best_five with a board",
                                                 "equity with a board", "settle with a board",
                                                 "explain with a board"]


def unsupported(op: str, g: hr.Game) -> bool:
    """Whether `op` has no meaning in `g` (from what the game is)."""
    if op in ("draw_odds", "best_hold"):
        # an exchange of cards, and no board (every part ranks the hand alone)
        return g.exchanges == 0 or g.board_cards > 0
    if op in ("analyze", "equity_matrix", "range_equity"):
        # operations about a board: none in a game without one
        return g.board_cards == 0
    return op.endswith("with a board")


def plain(x: Any) -> Any:
    """A value as plain data to compare (arrays with dtype and shape; NaN by its repr)."""
    if isinstance(x, np.ndarray):
        return ("array", x.dtype.str, x.shape, repr(x.tolist()))
    if isinstance(x, enum.Enum):
        return repr(x)
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return (type(x).__name__, {f.name: plain(getattr(x, f.name))
                                   for f in dataclasses.fields(x)})
    if isinstance(x, (list, tuple)):
        return (type(x).__name__, [plain(v) for v in x])
    if isinstance(x, dict):
        return ("dict", sorted((k, plain(v)) for k, v in x.items()))
    if isinstance(x, float):
        return repr(x)
    if isinstance(x, (np.integer, np.floating)):
        return (x.dtype.str, repr(x.item()))
    return (type(x).__name__, repr(x))


def outcome(f: Callable[[], Any]) -> tuple[str, Any]:
    try:
        return "answer", plain(f())
    except hr.UnsupportedGameError as err:
        return "unsupported", str(err)


@pytest.mark.parametrize("name", NAMES)
def test_every_operation_answers_the_same_by_name_and_by_game(name: str) -> None:
    g = hr.game(name)
    by_name, by_game = ops(name, g), ops(g, g)
    assert set(by_name) <= set(OPS)
    for op in by_name:
        x, y = outcome(by_name[op]), outcome(by_game[op])
        assert x == y, (name, op, x, y)
        kind, value = x
        if unsupported(op, g):
            assert kind == "unsupported", (name, op, value)
            op_name = op.split(" ")[0]
            assert op_name in value and repr(name) in value, (name, op, value)
        else:
            assert kind == "answer", (name, op, value)


# the names that took Omaha hands of 4 to 6 cards before each game dealt its own count
OLD_OMAHA_NAMES = ("omaha", "omaha-hilo")


def _bad_spots(g: hr.Game) -> dict[str, tuple[str, str, str | None]]:
    """Spots each operation must refuse (or answer) alike by name and by Game."""
    a, b, _, _, board = spot(g)
    out = {"a bad card": ("Zz " + a.split(" ", 1)[1], b, board),
           "a short hand": (a.rsplit(" ", 1)[0], b, board),
           "a card twice": (a, a.split()[0] + " " + b.split(" ", 1)[1], board)}
    if board is not None:
        out["a short board"] = (a, b, board.rsplit(" ", 3)[0])
    return out


def failure(f: Callable[[], Any]) -> tuple[str, Any]:
    """An answer, or the type and text of the error it raised."""
    try:
        return "answer", plain(f())
    except Exception as err:        # every error type: the two spellings must agree
        return type(err).__name__, str(err)


def _calls(a: str, b: str, board: str | None, game: Any) -> dict[str, Callable[[], Any]]:
    bd = board or ""
    return {"evaluate": lambda: hr.evaluate(a, board=board, game=game),
            "best_five": lambda: hr.best_five(a, board=board, game=game),
            "equity": lambda: hr.equity([a, b], board=bd, game=game, trials=2000, seed=1),
            "settle": lambda: hr.settle(board, [a, b], [10, 7], game=game),
            "explain": lambda: hr.explain(a, b, board, game=game)}


@pytest.mark.parametrize("name", NAMES)
def test_every_error_is_the_same_by_name_and_by_game(name: str) -> None:
    # one door: a name resolves to its Game before anything is checked, so a
    # spot either spelling refuses, the other refuses with the same error
    g = hr.game(name)
    for what, (a, b, board) in _bad_spots(g).items():
        for game in (name, g):
            got = {op: failure(f) for op, f in _calls(a, b, board, game).items()}
            if game is name:
                want = got
            elif name in OLD_OMAHA_NAMES and what == "a short hand":
                # the old names took Omaha hands of 4 to 6 cards (another size than
                # the game's warns and runs), and their message says so
                for op, (kind, text) in want.items():
                    assert kind == got[op][0], (name, op, want, got)
                    assert text == got[op][1] or "expected 4 to 6 cards" in text, (name, op)
            else:
                assert got == want, (name, what)
        # a bad card is refused everywhere, a card in both hands where both meet
        both = ("equity", "settle", "explain")
        if what in ("a bad card", "a card twice"):
            for op, (kind, _text) in want.items():
                if what == "a card twice" and op not in both:
                    continue
                assert kind != "answer", (name, what, op)
                assert isinstance(getattr(hr, kind, None), type), (name, what, op, kind)


def test_an_unknown_game_is_the_same_error_in_every_operation() -> None:
    for game in ("holdm", None, 5):
        with pytest.raises(ValueError, match="unknown game"):
            hr.settle("As Kd 7h 7c 2s", ["Ah Ad", "Kc Ks"], [1, 1], game=game)
        with pytest.raises(ValueError, match="unknown game"):
            hr.equity(["Ah Ad", "Kc Ks"], game=game)
        with pytest.raises(ValueError, match="unknown game"):
            hr.explain("Ah Ad", "Kc Ks", "As Kd 7h 7c 2s", game=game)
    with pytest.raises(ValueError, match="unknown game 'holdm'.*did you mean 'holdem'"):
        hr.evaluate("As Kd 7h 7c 2s", game="holdm")


def test_the_error_is_a_handrank_error_and_a_value_error() -> None:
    assert issubclass(hr.UnsupportedGameError, hr.HandrankError)
    assert issubclass(hr.UnsupportedGameError, ValueError)
    assert "UnsupportedGameError" in hr.__all__
    with pytest.raises(hr.UnsupportedGameError, match="draw_odds does not apply to game 'holdem'"):
        hr.draw_odds("As Ad", game="holdem")
    with pytest.raises(hr.UnsupportedGameError, match="analyze .* game 'razz'"):
        hr.analyze("AsAd", "2c 3d 4h", game=hr.game("razz"))
    with pytest.raises(hr.UnsupportedGameError, match="evaluate: game 'stud' has no board"):
        hr.evaluate("As Ad Kc Kd 2c 3c 4c", board="5h", game=hr.game("stud"))


@pytest.mark.parametrize("name", [n for n in NAMES if hr.game(n).exchanges])
def test_draw_odds_takes_the_game_with_its_options(name: str) -> None:
    g = hr.game(name)
    hand = spot(g)[0]
    a = hr.draw_odds(hand, game=name)
    b = hr.draw_odds(hand, game=g)
    assert a.holds == b.holds and (a.categories == b.categories).all()
    assert (a.expected == b.expected).all()


def test_draw_odds_fechado_options_through_the_game() -> None:
    # six players: the 40-card deck (5s to As); the mao exchanges four
    hand = "As Ad Kc Qh 5s"
    g = hr.game("fechado", players=6, mao=True)
    d = hr.draw_odds(hand, game=g)
    assert len(d.game.deck) == 40 and d.game.max_discard == 4
    # every hold of at least one card: 2**5 - 1 (keeping none replaces five)
    assert len(d.holds) == 31
    with pytest.raises(hr.InvalidCardError, match="not in the 32-card deck"):
        hr.draw_odds(hand, game=hr.game("fechado"))


@pytest.mark.parametrize("name", NAMES)
def test_explain_has_one_shape(name: str) -> None:
    # the stronger hand first whichever seat holds it, no seat numbers, and
    # one sentence a half in a game of two halves
    g = hr.game(name)
    a, b, _, _, board = spot(g)
    text = hr.explain(a, b, board, game=g)
    swapped = hr.explain(b, a, board, game=name)
    if "split" in text:     # the idle cards are named in argument order
        assert text.split(";")[0] == swapped.split(";")[0]
    else:
        assert text == swapped
    assert "seat" not in text
    if len(g.parts) > 1:   # one sentence a part, named: "board 1: ...; board 2: ..."
        assert text.startswith(f"{g.halves[0]}: ") and f"; {g.halves[1]}: " in text
    elif g.split:
        assert text.startswith("high: ") and "; low: " in text
    else:
        assert " beats " in text or text.startswith("split: ")


def test_explain_words_in_omaha_are_holdems() -> None:
    text = hr.explain("As Ah Kd Qd", "Ks Kh 2c 3c", "Ac 7d 2d 9h 3s", game="omaha")
    assert text == "A-A-A-9-7 beats 3-3-2-2-A: three of a kind beats two pair"
    assert hr.explain("Ad Kh", "Ac Kd", "Qc Jd Ts 2h 3s") == \
        "split: both play A-K-Q-J-T; suits never decide"
    assert hr.explain("Ad Kh 5c 4c", "Ac Kd 6h 6s", "Qc Jd Ts 2h 3s", game="omaha") == \
        "split: both play A-K-Q-J-T; the 5, the 4, the 6 and the 6 do not play"


# ------------------------------------------------------- Omaha ranges of exact hands

OMAHA_SPOTS = [("omaha", "AsKsQdJd,7c7h2c2h"), ("omaha5", "AsKsQdJdTc,7c7h2c2h3d"),
               ("omaha6", "AsKsQdJdTc9c,7c7h2c2h3d3s"), ("omaha-hilo", "As2sQdJd,7c7h2c3h"),
               ("omaha5-hilo", "As2sQdJdTc,7c7h2c2h3d")]


@pytest.mark.parametrize("name, text", OMAHA_SPOTS)
def test_omaha_range_of_exact_hands_in_every_operation(name: str, text: str) -> None:
    board = "Qh 8h 4d 4s"
    k = hr.game(name).hole_cards
    villain = "KcKd9s9h8c8d6c"[:2 * k]
    r = OmahaRange(text)
    assert len(r) == 2
    got = hr.range_equity(text, villain, board=board, game=name)
    want = hr.range_equity(r, villain, board=board, game=name)
    assert got.overall == want.overall and len(got.combos) == 2
    m = hr.equity_matrix(text, villain, board, game=name)
    assert m.equity.shape == (2, 1)
    assert (m.equity == hr.equity_matrix(r, villain, board, game=name).equity).all()
    a = hr.analyze(text, board, game=name)
    assert len(a.combos) == 2
    e = hr.equity([text, villain], board=board, game=name, exact=True)
    assert (e.equity == hr.equity([r, villain], board=board, game=name, exact=True).equity).all()
    # the mean of the two hands' own exact equities (each meets the villain alike)
    one = [hr.equity([h, villain], board=board, game=name, exact=True).equity
           for h in text.split(",")]
    assert np.allclose(e.equity, (one[0] + one[1]) / 2, rtol=0, atol=1e-12)


def test_one_hand_written_with_commas_stays_one_hand() -> None:
    a = hr.equity(["As,Ks,Qd,Jd", "random"], board="Qh 8h 2d 4s 5c", game="omaha", exact=True)
    b = hr.equity(["AsKsQdJd", "random"], board="Qh 8h 2d 4s 5c", game="omaha", exact=True)
    c = hr.equity(["AsKs, QdJd", "random"], board="Qh 8h 2d 4s 5c", game="omaha", exact=True)
    assert (a.equity == b.equity).all() and (c.equity == b.equity).all()


@pytest.mark.parametrize("name", ["stud", "razz", "draw", "badugi", "stud-hilo"])
def test_lists_of_exact_hands_in_games_without_a_board(name: str) -> None:
    g = hr.game(name)
    a, b, a2, _, _ = spot(g)
    text = _joined(a, a2)
    e = hr.equity([text, b], game=name, exact=True)
    one = [hr.equity([h, b], game=name, exact=True) for h in (a, a2)]
    assert e.exact and np.allclose(e.equity, (one[0].equity + one[1].equity) / 2,
                                   rtol=0, atol=1e-12)
    assert e.samples == one[0].samples + one[1].samples


# ------------------------------------------------ exact equity of one random hand on the river

@pytest.mark.parametrize("name, hero, dead", [
    ("omaha5", "AsKsQdJdTc", ""), ("omaha5-hilo", "As2sQdJdTc", ""),
    ("omaha5-hilo", "3c4d7d9sKh", ""), ("omaha6", "AsKsQdJdTc9c", "2s3s4h5h6s7s8s9d"),
    ("omaha-hilo", "As2s3dKd", "")])
def test_river_strength_classes_equal_the_listing(name: str, hero: str, dead: str) -> None:
    hilo = HILO
    g = hr.game(name)
    board = "Qh 8h 2d 4s 5c"
    listed = hilo.exact_equity(hilo.table(g, [hero, "random"], board, dead, listed=True))
    river = hilo._river_classes(g, [hero, "random"], board, dead,
                                hr.InvalidRangeError("cannot list"))
    assert river is not None
    grouped, deals = river
    assert deals == listed.samples          # every hand of the random player, once
    got = hilo.exact_equity(grouped)
    for f in ("equity", "win", "tie") + (("high", "low", "scoop") if g.split else ()):
        assert np.allclose(getattr(got, f), getattr(listed, f), rtol=0, atol=1e-12), f


def test_omaha6_river_against_random_is_exact() -> None:
    board = "Qh 8h 2d 4s 5c"
    r = hr.equity(["AsKsQdJdTc9c", "random"], board=board, game="omaha6", exact=True)
    assert r.exact and r.samples == math.comb(52 - 11, 6)
    # the C sampler, another code path, agrees within five standard errors
    mc = hr.equity(["AsKsQdJdTc9c", "random"], board=board, game="omaha6", exact=False,
                   trials=200_000, seed=5)
    assert (np.abs(mc.equity - r.equity) <= 5 * mc.stderr + 1e-12).all(), (mc, r)


# ------------------------------------------------------------ exact=None

def test_exact_none_enumerates_a_hand_against_random_before_the_flop() -> None:
    r = hr.equity(["AhAd", "random"])
    assert r.exact
    assert (r.equity == hr.equity(["AhAd", "random"], exact=True).equity).all()
    # larger spots still sample, with the seed's result
    m = hr.equity(["AhAd", "random", "random"], seed=3, trials=20_000)
    assert not m.exact
    assert (m.equity == hr.equity(["AhAd", "random", "random"], seed=3, trials=20_000,
                                  exact=False).equity).all()


def test_omaha_by_name_with_another_size_is_the_old_spelling_of_that_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the Game decides: hr.game("omaha") deals four cards; the name "omaha" with a
    # five-card hand is the old spelling of omaha5, in every operation that took it
    # (explain included), warning once (core/_compat.py) and answering as omaha5
    monkeypatch.setattr(_compat, "_warned", set())
    hand, other, board = "AsKsQdJdTc", "7c7h2c2h3d", "Qh 8h 2d 4s 5c"
    with pytest.warns(DeprecationWarning, match="game='omaha' with 5-card hands.*'omaha5'"):
        s = hr.evaluate(hand, board=board, game="omaha")
    assert s == hr.evaluate(hand, board=board, game="omaha5")
    assert hr.best_five(hand, board=board, game="omaha") == \
        hr.best_five(hand, board=board, game="omaha5")
    assert hr.settle(board, [hand, other], [3, 3], game="omaha").payouts == \
        hr.settle(board, [hand, other], [3, 3], game="omaha5").payouts
    assert hr.explain(hand, other, board, game="omaha") == \
        hr.explain(hand, other, board, game="omaha5")
    e = hr.equity([hand, other], board="Qh 8h 2d", game="omaha")
    assert (e.equity == hr.equity([hand, other], board="Qh 8h 2d", game="omaha5").equity).all()
    g = hr.game("omaha")
    for call in (lambda: hr.evaluate(hand, board=board, game=g),
                 lambda: hr.settle(board, [hand, other], [3, 3], game=g),
                 lambda: hr.explain(hand, other, board, game=g),
                 lambda: hr.equity([hand, other], board="Qh 8h 2d", game=g)):
        with pytest.raises(hr.InvalidHandError, match="expected 4 cards in .*, got 5"):
            call()
    # the board operations never took the old sizes: the game's own count either way
    for game in ("omaha", g):
        with pytest.raises(hr.InvalidHandError, match="expected 4 cards in player 1's hand"):
            hr.range_equity(hand, other, board="Qh 8h 2d", game=game)
