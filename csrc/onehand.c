/* handrank: one hold'em hand of 64-bit ids (onehand.h). */

#include "onehand.h"

#include <string.h>

extern const hr_game hr_games[];   /* written by the generator; 0 = hold'em */

/* n ids of 8 bytes each: every id is range-checked as an unsigned 64-bit
 * number before it is narrowed (a negative id is huge there), then the
 * byte ids take hr_eval's own checks (deck, repeats). */
static int eval_i64(const char *ids, int n)
{
    uint8_t row[HR_MAX_HAND];
    for (int i = 0; i < n; i++) {
        uint64_t id;
        memcpy(&id, ids + 8 * i, sizeof id);
        if (id >= HR_N_CARDS)
            return 0;
        row[i] = (uint8_t)id;
    }
    return hr_eval(&hr_games[0], row, n);
}

int hr_eval5_i64_holdem(const char *ids) { return eval_i64(ids, 5); }
int hr_eval6_i64_holdem(const char *ids) { return eval_i64(ids, 6); }
int hr_eval7_i64_holdem(const char *ids) { return eval_i64(ids, 7); }
