/* handrank: exact equity against players dealt at random (csrc/exact_random.h). */
#include "exact_random.h"

#include "lookup.h"
#include "port.h"

#include <stddef.h>
#include <string.h>

#define XR_CARDS 52
#define XR_BOARD 5

/* Unordered pairs of disjoint combos within a set of `total` combos whose
 * cards are counted in per[0..r): C(total, 2) minus the pairs sharing a card. */
static int64_t xr_pairs_within(int64_t total, const int32_t *per, int r)
{
    int64_t s = total * (total - 1) / 2;
    for (int c = 0; c < r; c++)
        s -= (int64_t)per[c] * (per[c] - 1) / 2;
    return s;
}

/* Pairs (x, y), x from one set and y from another (disjoint sets), with x and
 * y disjoint. */
static int64_t xr_pairs_between(int64_t nx, int64_t ny, const int32_t *px, const int32_t *py,
                                int r)
{
    int64_t s = nx * ny;
    for (int c = 0; c < r; c++)
        s -= (int64_t)px[c] * py[c];
    return s;
}

typedef struct {
    const hr_game *g;
    int n_fixed, k, r;          /* known hands, random players, cards left for them */
    uint64_t fkey[HR_XR_MAX_FIXED], fmask[HR_XR_MAX_FIXED];
    int64_t *out;
    /* scratch */
    uint16_t strength[XR_CARDS][XR_CARDS];
    uint32_t count[8192];       /* by strength; zero between uses */
} xr_ctx;

/* One board: key and mask of its five cards, the r cards left for the random
 * players, counted w times. */
static void xr_board(xr_ctx *x, uint64_t key, uint64_t mask, const uint8_t *rest, int64_t w)
{
    const hr_game *g = x->g;
    const int r = x->r, nf = x->n_fixed;
    const int64_t u = HR_XR_SHARE_UNIT;
    unsigned f[HR_XR_MAX_FIXED], top = 0;
    int t = 0;
    int32_t pl[XR_CARDS], pe[XR_CARDS];
    int64_t nl = 0, ne = 0, ng = 0;
    int64_t *out = x->out;
    for (int i = 0; i < nf; i++) {
        f[i] = hr_lookup(g, key + x->fkey[i], mask + x->fmask[i]);
        if (f[i] > top) {
            top = f[i];
            t = 0;
        }
        t += f[i] == top;
    }
    memset(pl, 0, sizeof(int32_t) * (size_t)r);
    memset(pe, 0, sizeof(int32_t) * (size_t)r);
    for (int a = 0; a < r; a++) {
        const uint64_t ka = key + g->card_key[rest[a]], ma = mask + g->card_mask[rest[a]];
        for (int b = a + 1; b < r; b++) {
            unsigned s = hr_lookup(g, ka + g->card_key[rest[b]], ma + g->card_mask[rest[b]]);
            x->strength[a][b] = x->strength[b][a] = (uint16_t)s;
            if (s < top) {
                nl++;
                pl[a]++;
                pl[b]++;
            } else if (s == top) {
                ne++;
                pe[a]++;
                pe[b]++;
            } else {
                ng++;
            }
        }
    }
    int64_t fw, ft, fs, rw, rt, rs, total;
    if (x->k == 1) {
        /* one random player: each combo is one deal */
        total = nl + ne + ng;
        fw = t == 1 ? nl : 0;
        ft = (t > 1 ? nl : 0) + ne;
        fs = nl * (u / t) + ne * (u / (t + 1));
        rw = ng;
        rt = ne;
        rs = ng * u + ne * (u / (t + 1));
    } else {
        /* two: unordered pairs of disjoint combos, by the classes of the two */
        const int64_t ll = xr_pairs_within(nl, pl, r);
        const int64_t le = xr_pairs_between(nl, ne, pl, pe, r);
        const int64_t ee = xr_pairs_within(ne, pe, r);
        const int64_t pairs = (int64_t)r * (r - 1) / 2 * ((int64_t)(r - 2) * (r - 3) / 2) / 2;
        /* pairs above the known hands with equal strengths (they split the pot) */
        int64_t same = 0, shared = 0;
        if (ng > 1) {
            uint32_t *cnt = x->count;
            for (int a = 0; a < r; a++)
                for (int b = a + 1; b < r; b++) {
                    unsigned s = x->strength[a][b];
                    if (s > top)
                        same += cnt[s]++;
                }
            for (int a = 0; a < r; a++)
                for (int b = a + 1; b < r; b++)
                    cnt[x->strength[a][b]] = 0;
            for (int a = 0; a < r; a++) {
                for (int b = 0; b < r; b++) {
                    unsigned s = x->strength[a][b];
                    if (b != a && s > top)
                        shared += cnt[s]++;
                }
                for (int b = 0; b < r; b++)
                    cnt[x->strength[a][b]] = 0;
            }
        }
        const int64_t sg = same - shared;
        const int64_t alone = pairs - ll - le - ee - sg;   /* one random player on top */
        total = 2 * pairs;
        fw = t == 1 ? 2 * ll : 0;
        ft = (t > 1 ? 2 * ll : 0) + 2 * le + 2 * ee;
        fs = 2 * ll * (u / t) + 2 * le * (u / (t + 1)) + 2 * ee * (u / (t + 2));
        /* the first random player, over ordered pairs (his combo, the other's) */
        rw = alone;
        rt = le + 2 * ee + 2 * sg;
        rs = alone * u + le * (u / (t + 1)) + 2 * ee * (u / (t + 2)) + sg * u;
    }
    for (int i = 0; i < nf; i++) {
        if (f[i] != top)
            continue;
        out[3 * i] += w * fw;
        out[3 * i + 1] += w * ft;
        out[3 * i + 2] += w * fs;
    }
    out[3 * nf] += w * rw;
    out[3 * nf + 1] += w * rt;
    out[3 * nf + 2] += w * rs;
    out[3 * nf + 3] += w * total;
    out[3 * nf + 4] += 1;
}

int64_t hr_exact_random(const hr_game *g, int n_fixed, const uint8_t *fixed, int k_random,
                        const uint8_t *board, int n_board, const uint8_t *deck, int n_deck,
                        const uint8_t *perms, int n_perms, int64_t part, int64_t parts,
                        int64_t *out, const volatile int32_t *cancel)
{
    xr_ctx x;
    uint64_t seen = 0, bkey = HR_SUIT_INIT, bmask = 0;
    const int m = XR_BOARD - n_board;
    int c[XR_BOARD];
    int64_t counter = 0, taken = 0;
    if (n_fixed < 1 || n_fixed > HR_XR_MAX_FIXED || k_random < 1 || k_random > HR_XR_MAX_RANDOM
        || n_board < 0 || n_board > XR_BOARD || n_deck < 0 || n_deck > XR_CARDS
        || n_perms < 1 || n_perms > 24 || parts < 1 || part < 0 || part >= parts
        || n_deck - m < 2 * k_random || g->classes >= 8192)
        return -2;
    for (int i = 0; i < 2 * n_fixed; i++) {
        if (fixed[i] >= XR_CARDS || (seen >> fixed[i] & 1u))
            return -2;
        seen |= (uint64_t)1 << fixed[i];
    }
    for (int i = 0; i < n_board; i++) {
        if (board[i] >= XR_CARDS || (seen >> board[i] & 1u))
            return -2;
        seen |= (uint64_t)1 << board[i];
        bkey += g->card_key[board[i]];
        bmask += g->card_mask[board[i]];
    }
    for (int i = 0; i < n_deck; i++) {
        if (deck[i] >= XR_CARDS || (seen >> deck[i] & 1u))
            return -2;
        seen |= (uint64_t)1 << deck[i];
    }
    for (int i = 0; i < 4 * n_perms; i++)
        if (perms[i] > 3)
            return -2;
    x.g = g;
    x.n_fixed = n_fixed;
    x.k = k_random;
    x.r = n_deck - m;
    x.out = out;
    memset(x.count, 0, sizeof x.count);
    memset(x.strength, 0, sizeof x.strength);
    for (int i = 0; i < n_fixed; i++) {
        x.fkey[i] = g->card_key[fixed[2 * i]] + g->card_key[fixed[2 * i + 1]];
        x.fmask[i] = g->card_mask[fixed[2 * i]] + g->card_mask[fixed[2 * i + 1]];
    }
    for (int i = 0; i < m; i++)
        c[i] = i;
    for (;;) {
        if (counter % parts == part) {
            uint64_t xm = 0;
            int stab = 0, least = 1;
            if ((taken & 255) == 0 && cancel && *cancel)
                return taken;
            taken++;
            for (int i = 0; i < m; i++)
                xm |= (uint64_t)1 << deck[c[i]];
            for (int p = 0; p < n_perms && least; p++) {
                const uint8_t *sig = perms + 4 * p;
                uint64_t pm = 0;
                for (int i = 0; i < m; i++) {
                    unsigned card = deck[c[i]];
                    pm |= (uint64_t)1 << ((card & ~3u) | sig[card & 3u]);
                }
                if (pm < xm)
                    least = 0;
                stab += pm == xm;
            }
            if (least) {
                uint64_t key = bkey, mask = bmask;
                uint8_t rest[XR_CARDS];
                int nr = 0, j = 0;
                for (int i = 0; i < m; i++) {
                    key += g->card_key[deck[c[i]]];
                    mask += g->card_mask[deck[c[i]]];
                }
                for (int i = 0; i < n_deck; i++) {
                    if (j < m && c[j] == i)
                        j++;
                    else
                        rest[nr++] = deck[i];
                }
                xr_board(&x, key, mask, rest, n_perms / stab);
            }
        }
        counter++;
        /* next m-subset of 0..n_deck-1, lexicographic */
        {
            int i = m - 1;
            while (i >= 0 && c[i] == n_deck - m + i)
                i--;
            if (i < 0)
                break;
            c[i]++;
            for (int q = i + 1; q < m; q++)
                c[q] = c[q - 1] + 1;
        }
    }
    return taken;
}
