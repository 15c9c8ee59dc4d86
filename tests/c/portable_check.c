/* Drives the C core built as plain C (-DHR_PORTABLE: no builtins, no
 * intrinsics, no 128-bit integers, no CPU dispatch), for tests/test_kernels.py.
 *
 *   portable_check batch GAME K IN OUT   rows of K ids from IN -> OUT: the
 *       index hr_eval_batch returns (int64), then hr_eval_batch's values and
 *       hr_eval's value per row (uint16 each, n of them)
 *   portable_check selftest K            hr_selftest over every K-card hand:
 *       prints the number of hands that differ, the hand count and the
 *       category counts (hold'em)
 */
#include "handrank.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int batch(int game, int k, const char *in, const char *out_path)
{
    const hr_game *g = hr_game_at(game);
    FILE *f = fopen(in, "rb");
    if (!g || !f)
        return 2;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    int64_t n = size / k;
    uint8_t *cards = malloc((size_t)size + 1);
    uint16_t *fast = calloc((size_t)n + 1, 2), *slow = calloc((size_t)n + 1, 2);
    if (!cards || !fast || !slow || fread(cards, 1, (size_t)size, f) != (size_t)size)
        return 2;
    fclose(f);
    int64_t bad = hr_eval_batch(g, cards, n, k, fast);
    for (int64_t i = 0; i < n; i++)
        slow[i] = (uint16_t)hr_eval(g, cards + i * k, k);
    FILE *o = fopen(out_path, "wb");
    if (!o)
        return 2;
    fwrite(&bad, sizeof bad, 1, o);
    fwrite(fast, 2, (size_t)n, o);
    fwrite(slow, 2, (size_t)n, o);
    fclose(o);
    return 0;
}

static int selftest(int k)
{
    const hr_game *g = hr_game_at(0);
    uint64_t *hist = calloc(g->classes + 1, sizeof *hist), cats[HR_N_CATEGORIES + 1] = {0};
    uint64_t total = 0;
    int64_t bad = hr_selftest(g, k, 0, 1, hist);
    for (uint32_t s = 0; s <= g->classes; s++) {
        total += hist[s];
        cats[g->category[s]] += hist[s];
    }
    printf("%lld %llu", (long long)bad, (unsigned long long)total);
    for (int c = 1; c <= HR_N_CATEGORIES; c++)
        printf(" %llu", (unsigned long long)cats[c]);
    printf("\n");
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 6 && !strcmp(argv[1], "batch"))
        return batch(atoi(argv[2]), atoi(argv[3]), argv[4], argv[5]);
    if (argc == 3 && !strcmp(argv[1], "selftest"))
        return selftest(atoi(argv[2]));
    return 2;
}
