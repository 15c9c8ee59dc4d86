/* Omaha anchor: phevaluator's C PLO4 evaluator (evaluate_plo4_cards, exported
 * by its installed extension module) called in a C loop over the same deals
 * handrank's evaluate_batch gets, so neither side pays a per-hand Python
 * call.  Built with gcc -O3 as a shared library by benchmarks/bench_omaha.py,
 * which passes the function's address (found with ctypes in phevaluator's own
 * module) and times both in one process. */
#include <stdint.h>

typedef int (*plo4_fn)(int, int, int, int, int, int, int, int, int);

/* rows: n deals of 9 ids (5 board, then 4 hole); out: n ranks. */
long ph_plo4_batch(void *fn, const uint8_t *rows, long n, int32_t *out)
{
    plo4_fn f = (plo4_fn)fn;
    for (long i = 0; i < n; i++) {
        const uint8_t *r = rows + 9 * i;
        out[i] = f(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8]);
    }
    return n;
}
