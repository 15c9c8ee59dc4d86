"""The public API used the way a user would, checked by ``mypy --strict``.

tests/test_typing.py runs mypy on this file (it must pass) and also runs
:func:`main` (the types must describe what the calls really do).
``assert_type`` fails the type check when a call's static type is not the
one written; at run time it is a no-op.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

import handrank as hr
from handrank.games.hilo import evaluate_omaha_hilo, evaluate_omaha_hilo_batch
from handrank.games.omaha import evaluate_omaha
from handrank.games.variants import variant

if TYPE_CHECKING:
    from typing_extensions import assert_type
else:
    def assert_type(value: object, _type: object) -> object:
        return value


def strength_of(hand: hr.CardsLike, board: str = "") -> int:
    """A user's own helper that passes cards through, annotated with CardsLike."""
    ids = hr.cards(hand) + hr.cards(board)
    return hr.evaluate(ids)


def main() -> None:
    # One hand: text, a list of texts, a list of ids, an integer array.
    s = hr.evaluate("As Ks Qs Js Ts")
    assert_type(s, int)
    assert hr.evaluate(["As", "Ks", "Qs", "Js", "Ts"]) == s
    assert hr.evaluate([51, 47, 43, 39, 35]) == s
    assert hr.evaluate(np.array([51, 47, 43, 39, 35], dtype=np.uint8)) == s
    assert strength_of("As Ks", "Qs Js Ts") == s
    assert_type(hr.cards("As Kd"), list[int])
    assert_type(hr.card("As"), int)
    assert_type(hr.card_str(51), str)
    assert_type(hr.best_five("As Ks Qs Js Ts 2c 3d"), list[int])
    assert_type(hr.describe(s), str)

    # Category: a member for one strength, a uint8 array for an array.
    cat = hr.category(s)
    assert_type(cat, hr.Category)
    assert cat is hr.Category.STRAIGHT_FLUSH
    assert cat.name == "STRAIGHT_FLUSH"

    # Batches: uint16 strengths in, uint8 categories out.
    hands = np.array([[51, 47, 43, 39, 35], [20, 13, 10, 7, 0]], dtype=np.uint8)
    strengths = hr.evaluate_batch(hands, threads=1)
    assert_type(strengths, NDArray[np.uint16])
    cats = hr.category(strengths)
    assert_type(cats, NDArray[np.uint8])
    assert cats.tolist() == [9, 1]
    out = np.empty(2, dtype=np.uint16)
    assert hr.evaluate_batch([[51, 47, 43, 39, 35], [20, 13, 10, 7, 0]], out=out) is out

    # Omaha, hi-lo, variants and low games.
    assert_type(evaluate_omaha("As Ks 2d 3c", "Qs Js Ts 4h 5h"), int)
    hilo = evaluate_omaha_hilo_batch([[51, 47, 0, 5]], [[43, 39, 35, 8, 14]])
    assert_type(hilo, NDArray[np.uint16])
    assert hilo.shape == (1, 2)
    assert_type(evaluate_omaha_hilo("As Ks 2d 3c", "Qs Js Ts 4h 5h"), tuple[int, int])
    short = variant("shortdeck")
    assert_type(short.evaluate("As Ks Qs Js Ts"), int)
    assert hr.evaluate("As Ks Qs Js Ts", game=hr.game("shortdeck")) == short.evaluate(
        "As Ks Qs Js Ts")
    assert hr.evaluate("As Ks Qs Js Ts", game="shortdeck") == short.classes
    assert_type(short.category(short.classes), hr.Category)
    low = hr.lowball("a5")
    assert_type(low.evaluate_batch([[12, 0, 4, 8, 13]]), NDArray[np.uint16])

    # Equity: the result's fields are float64 arrays.
    res = hr.equity(["AhAd", "KsKc"], board="Qh7c2d8s")
    assert_type(res, hr.EquityResult)
    assert_type(res.equity, NDArray[np.float64])
    assert_type(res.stderr, NDArray[np.float64])
    assert res.exact and abs(float(res.equity.sum()) - 1.0) < 1e-9
    ranged = hr.equity([hr.Range("QQ+"), "AKs", [51, 50]], dead=["2c"], trials=2_000, seed=1)
    assert_type(ranged.win, NDArray[np.float64])

    # Ranges and their arrays.
    r = hr.Range("AKs, QQ:0.5")
    assert_type(r.combo_ids, NDArray[np.uint8])
    assert_type(r.combo_weights, NDArray[np.float64])
    ids, weights = r.arrays()
    assert_type(ids, NDArray[np.uint8])
    assert_type(weights, NDArray[np.float64])
    assert_type(r.grid(), NDArray[np.float64])
    assert len(r.without("As")) == len(r) - 1
    assert len(r.without(51)) == len(r) - 1

    # Range analyses.
    m = hr.equity_matrix("AA", "KK", board="2c3d4h")
    assert_type(m.equity, NDArray[np.float64])
    re = hr.range_equity("AA", "KK", board="2c3d4h")
    assert_type(re.by_class(), NDArray[np.float64])
    board_view = hr.analyze("AA,KK", "Ks 7h 2c")
    assert_type(board_view.combos, NDArray[np.uint8])

    # Pots.
    settled = hr.settle("Ks 6d 7c 9h 2s", ["Kh 3c", "Kd 4c", None], [5, 5, 5],
                        folded=[False, False, True])
    assert_type(settled, hr.Settlement)
    assert sum(settled.payouts) == 15
    shares = hr.showdown_batch([[0, 4, 8, 13, 22]], [[[51, 47], [50, 46]]])
    assert_type(shares, NDArray[np.float64])
    assert_type(hr.explain("As Ad", "Ks Kd", "2c 3d 4h 8s 9s"), str)

    # Errors are ordinary exceptions.
    try:
        hr.evaluate("As Zz Qs Js Ts")
    except hr.InvalidCardError as exc:
        message: str = str(exc)
        assert "Zz" in message
    assert_type(hr.backend, str)
    assert hr.backend in ("c", "python")


if __name__ == "__main__":
    main()
