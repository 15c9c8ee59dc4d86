/* hr_matrix_tally and hr_range_tally given negative counts, for
 * tests/test_analysis.py, built with -fsanitize=undefined: each call must
 * return -1 and write nothing, and (the sanitizer's part) must not form a
 * pointer outside its buffers before it has checked the counts.  Prints
 * "ok" and exits 0, or names the first call that failed and exits 1.
 */
#include "matrix.h"

#include <stdint.h>
#include <stdio.h>

int main(void)
{
    static const int64_t counts[] = {-1, -7, -(INT64_MAX / 16), -(INT64_MAX / 4), INT64_MIN};
    int16_t s[4] = {100, 200, 150, HR_NOT_DEALT};
    uint16_t scratch[4] = {0};
    uint32_t win[4] = {0}, tie[4] = {0};
    uint8_t hero[4] = {51, 47, 0, 5}, vil[4] = {46, 42, 5, 0};
    double weights[2] = {1.0, 1.0}, rwin[2] = {0.0}, rtie[2] = {0.0};
    int32_t twin[2] = {-1, 1}, rs[5 * 2 + 285];
    double vs[3 * 2 + 53];
    for (size_t c = 0; c < sizeof counts / sizeof *counts; c++) {
        int64_t n = counts[c];
        if (hr_matrix_tally(s, 2, s + 2, n, 1, 0, 2, scratch, win, tie) != -1 ||
            hr_matrix_tally(s, n, s + 2, 2, 1, 0, 0, scratch, win, tie) != -1 ||
            hr_matrix_tally(s, 2, s + 2, 2, n, 0, 2, scratch, win, tie) != -1 ||
            hr_range_tally(s, 2, s + 2, n, 1, hero, vil, weights, twin, rs, vs, rwin, rtie) != -1 ||
            hr_range_tally(s, n, s + 2, 2, 1, hero, vil, weights, twin, rs, vs, rwin, rtie) != -1 ||
            hr_range_tally(s, 2, s + 2, 2, n, hero, vil, weights, twin, rs, vs, rwin, rtie) != -1) {
            printf("a count of %lld was not rejected\n", (long long)n);
            return 1;
        }
    }
    for (int i = 0; i < 4; i++)
        if (win[i] || tie[i] || scratch[i] || (i < 2 && (rwin[i] != 0.0 || rtie[i] != 0.0))) {
            printf("a rejected call wrote to its output\n");
            return 1;
        }
    printf("ok\n");
    return 0;
}
