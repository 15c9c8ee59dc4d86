/* handrank: Omaha hi-lo; see hilo.h.
 *
 * A block of deals goes through the Omaha kernel (which also validates
 * them); then each deal's low is hr_hilo_low[board set * 256 + hole set],
 * the sets being ORs of hr_hilo_low_bit over the cards (a 256-entry table:
 * any byte indexes inside it, and any two sets inside the 65,536 entries).
 */
#include "hilo.h"

#include "handrank.h"
#include "omaha.h"
#include "generated/tables.h"

int64_t hr_eval_omaha_hilo_batch(const hr_game *g, const uint8_t *holes, int h,
                                 const uint8_t *boards, int64_t n, uint16_t *out)
{
    uint16_t high[HR_HILO_BLOCK];
    const uint8_t *bit = hr_hilo_low_bit;
    if (h < HR_OMAHA_MIN_HOLE || h > HR_OMAHA_MAX_HOLE)
        return -2;
    for (int64_t lo = 0; lo < n; lo += HR_HILO_BLOCK) {
        int64_t m = n - lo < HR_HILO_BLOCK ? n - lo : HR_HILO_BLOCK;
        const uint8_t *hs = holes + lo * h, *bs = boards + lo * HR_OMAHA_BOARD;
        int64_t bad = hr_eval_omaha_batch(g, hs, h, bs, m, high);
        int64_t done = bad < 0 ? m : bad;
        uint16_t *o = out + 2 * lo;
        for (int64_t i = 0; i < done; i++) {
            const uint8_t *b = bs + i * HR_OMAHA_BOARD, *p = hs + i * h;
            unsigned board_set = bit[b[0]] | bit[b[1]] | bit[b[2]] | bit[b[3]] | bit[b[4]];
            unsigned hole_set = 0;
            for (int j = 0; j < h; j++)
                hole_set |= bit[p[j]];
            o[2 * i] = high[i];
            o[2 * i + 1] = hr_hilo_low[(board_set << 8) | hole_set];
        }
        if (bad >= 0)
            return lo + bad;
    }
    return -1;
}

int hr_eval_omaha_hilo(const hr_game *g, const uint8_t *hole, int h, const uint8_t *board,
                       uint16_t *out)
{
    return hr_eval_omaha_hilo_batch(g, hole, h, board, 1, out) == -1;
}
