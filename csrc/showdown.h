/* handrank: showdown of many hold'em deals at once (the C side of
 * handrank.showdown.showdown_batch).  src/handrank/_build_ffi.py mirrors
 * these declarations in CDEF_SHOWDOWN.
 */
#ifndef HANDRANK_SHOWDOWN_H
#define HANDRANK_SHOWDOWN_H

#include <stdint.h>

#include "handrank.h"

/* 5 board cards + 2 hole cards each must fit in one 52-card deck. */
#define HR_SHOWDOWN_MAX_PLAYERS 23

/* n deals of `players` players: boards is (n, 5), hole is (n, players, 2),
 * both row-major card ids.  For each deal the board's key is summed once,
 * each player's two hole cards are added to it, and out (n, players) gets
 * each player's share of one pot: 1 for the single best hand, 1/k for each
 * of k equal best hands, 0 otherwise.  Returns -1, or stops at the first
 * deal with a card not in the deck or a card repeated anywhere in the deal
 * (board and every hand) and returns its index; -2 if players is not in
 * 1..HR_SHOWDOWN_MAX_PLAYERS. */
int64_t hr_showdown_batch(const hr_game *g, const uint8_t *boards, const uint8_t *hole,
                          int64_t n, int players, double *out);

#endif
