/* handrank: one hold'em hand of 16-, 32- or 64-bit ids (onehand.h). */

#include "onehand.h"
#include "port.h"

#include <string.h>

extern const hr_game hr_games[];   /* written by the generator; 0 = hold'em */

/* n ids of `width` bytes each (2, 4 or 8), read as unsigned numbers: every
 * id is range-checked before it is narrowed (a negative id of a signed
 * dtype is huge there), then the byte ids take hr_eval's own checks (deck,
 * repeats).  The width is a constant at each entry point below. */
static HR_INLINE int eval_wide(const char *ids, int n, int width)
{
    uint8_t row[HR_MAX_HAND];
    for (int i = 0; i < n; i++) {
        uint64_t id;
        if (width == 2) {
            uint16_t v;
            memcpy(&v, ids + 2 * i, sizeof v);
            id = v;
        } else if (width == 4) {
            uint32_t v;
            memcpy(&v, ids + 4 * i, sizeof v);
            id = v;
        } else {
            memcpy(&id, ids + 8 * i, sizeof id);
        }
        if (id >= HR_N_CARDS)
            return 0;
        row[i] = (uint8_t)id;
    }
    return hr_eval(&hr_games[0], row, n);
}

int hr_eval5_i64_holdem(const char *ids) { return eval_wide(ids, 5, 8); }
int hr_eval6_i64_holdem(const char *ids) { return eval_wide(ids, 6, 8); }
int hr_eval7_i64_holdem(const char *ids) { return eval_wide(ids, 7, 8); }
int hr_eval5_u32_holdem(const char *ids) { return eval_wide(ids, 5, 4); }
int hr_eval6_u32_holdem(const char *ids) { return eval_wide(ids, 6, 4); }
int hr_eval7_u32_holdem(const char *ids) { return eval_wide(ids, 7, 4); }
int hr_eval5_u16_holdem(const char *ids) { return eval_wide(ids, 5, 2); }
int hr_eval6_u16_holdem(const char *ids) { return eval_wide(ids, 6, 2); }
int hr_eval7_u16_holdem(const char *ids) { return eval_wide(ids, 7, 2); }
