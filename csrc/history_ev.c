/* handrank: the all-in EV of fast-path hands (see history.h).
 *
 * For each hold'em hand the fast path recorded as all in before the river,
 * the pots are cut from the record as settle cuts them (and as
 * src/handrank/history/replay.py's pots_of does), and each contested pot's
 * exact share counts come from hr_equity_exact over the pot's contenders,
 * the hole cards of every other seat still in removed from the deck: the
 * same call, on the same cards, as the Python all-in EV makes, so the same
 * whole-number counts.  A heads-up pot with no board and no other live hand
 * reads its counts from the preflop class table (preflop_hu.h) instead:
 * hr_equity_exact's integers, stored.  The floating-point EV is left to the caller (one
 * formula, in one place: summary.py), so its bits cannot depend on how a C
 * compiler contracts a multiply-add.
 *
 * Reentrant: no allocation, no I/O, no globals.
 */
#include <string.h>

#include "equity.h"
#include "history.h"
#include "preflop_hu.h"

static int pop12(uint32_t m)
{
    int c = 0;
    for (; m; m &= m - 1)
        c++;
    return c;
}

/* one hand: 0 done, 1 a hand still in unknown (no EV), 2 left to Python */
static int one_hand(const hr_game *g, const int64_t *r, const uint32_t *hu_keys,
                    const uint32_t *hu_counts, int64_t n_hu, double *o)
{
    int n = (int)r[HR_PHH_SEATS];
    if (n < 2 || n > HR_PHH_MAX_SEATS || (r[HR_PHH_FLAGS] & HR_PHH_OMAHA))
        return 2;
    uint32_t full = (1u << n) - 1, out = (uint32_t)r[HR_PHH_OUT] & full;
    uint32_t live = full & ~out, known = (uint32_t)r[HR_PHH_KNOWN];
    if (live & ~known)
        return 1;
    int64_t packed = r[HR_PHH_ALLIN_BOARD];
    int nb = (int)(packed & 255);
    if (nb < 0 || nb > 4)
        return 2;
    uint8_t board[5];
    for (int k = 0; k < nb; k++)
        board[k] = (uint8_t)(packed >> (8 + 8 * k));
    uint8_t hole[HR_PHH_MAX_SEATS][2];
    for (int s = 0; s < n; s++) {
        if (!(live >> s & 1))
            continue;
        int64_t h = r[HR_PHH_HOLES + s];
        if ((h & 255) != 2)
            return 2;
        hole[s][0] = (uint8_t)(h >> 8);
        hole[s][1] = (uint8_t)(h >> 16);
    }
    const int64_t *chips = r + HR_PHH_CHIPS;
    int64_t dead = r[HR_PHH_DEAD];
    int np = 0;
    if (pop12(live) == 1) {
        int64_t total = dead;
        for (int s = 0; s < n; s++)
            total += chips[s];
        o[0] = (double)total;
        o[1] = (double)live;
        np = 1;
    } else {
        int64_t level[HR_PHH_MAX_SEATS];      /* live contributions, sorted, distinct */
        int nl = hr_pot_levels(chips, n, (uint64_t)live, level);
        int64_t low = 0;
        for (int i = 0; i < nl; i++) {
            int64_t high = level[i], amount = i == 0 ? dead : 0;
            for (int s = 0; s < n; s++) {
                int64_t c = chips[s];
                amount += (c < high ? c : high) - (c < low ? c : low);
                if (i == nl - 1 && c > high)
                    amount += c - high;
            }
            low = high;
            if (amount == 0)
                continue;
            uint32_t elig = 0;
            for (int s = 0; s < n; s++)
                if ((live >> s & 1) && chips[s] >= high)
                    elig |= 1u << s;
            double *p = o + np * HR_PHH_EV_POT;
            p[0] = (double)amount;
            p[1] = (double)elig;
            np++;
            int ne = pop12(elig);
            if (ne == 1)
                continue;
            if (ne > HR_MAX_PLAYERS)
                return 2;
            uint8_t combos[2 * HR_PHH_MAX_SEATS], deadc[2 * HR_PHH_MAX_SEATS];
            double w[HR_PHH_MAX_SEATS], res[3 * HR_MAX_PLAYERS + 1];
            int32_t offs[HR_PHH_MAX_SEATS + 1];
            int k = 0, nd = 0;
            for (int s = 0; s < n; s++) {
                if (elig >> s & 1) {
                    combos[2 * k] = hole[s][0], combos[2 * k + 1] = hole[s][1];
                    w[k] = 1.0, offs[k] = k;
                    k++;
                } else if (live >> s & 1) {
                    deadc[nd++] = hole[s][0], deadc[nd++] = hole[s][1];
                }
            }
            offs[k] = k;
            memset(res, 0, sizeof res);
            int64_t hu[3];
            if (ne == 2 && nb == 0 && nd == 0 && n_hu > 0 &&
                hr_hu_preflop_counts(hu_keys, hu_counts, n_hu, combos, combos + 2, hu)) {
                /* hr_equity_exact's sums, whole numbers below 2**53: the same doubles */
                res[4] = (double)(HR_SHARE_UNIT * hu[0] + HR_SHARE_UNIT / 2 * hu[2]);
                res[5] = (double)(HR_SHARE_UNIT * hu[1] + HR_SHARE_UNIT / 2 * hu[2]);
                res[6] = (double)HR_HU_BOARDS;
            } else if (hr_equity_exact(g, ne, combos, w, offs, board, nb, deadc, nd, 0, 1,
                                       res, NULL) != 1 || res[3 * ne] <= 0) {
                return 2;
            }
            p[2] = res[3 * ne];
            k = 0;
            for (int s = 0; s < n; s++)
                if (elig >> s & 1)
                    p[3 + s] = res[2 * ne + k++];
        }
    }
    o[HR_PHH_EV_WIDTH - 1] = (double)np;
    return 0;
}

int64_t hr_phh_allin_pots(const hr_game *g, const int64_t *rec, const int64_t *rows,
                          int64_t n_rows, const uint32_t *hu_keys, const uint32_t *hu_counts,
                          int64_t n_hu, double *out, int8_t *status)
{
    if (n_rows < 0)
        return -1;
    for (int64_t i = 0; i < n_rows; i++) {
        double *o = out + i * HR_PHH_EV_WIDTH;
        memset(o, 0, sizeof(double) * HR_PHH_EV_WIDTH);
        status[i] = (int8_t)one_hand(g, rec + rows[i] * HR_PHH_WIDTH, hu_keys, hu_counts, n_hu, o);
    }
    return n_rows;
}
