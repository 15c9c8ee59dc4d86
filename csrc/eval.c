/* handrank: 5-, 6- and 7-card lookups (tables/README.md explains the hash).
 *
 * A hand's key is the sum of its cards' 64-bit keys: the rank key (a number
 * unique to the multiset of ranks) in bits 0..31 and four suit counters,
 * started at 3, in bits 32..47.  A counter that reaches 8 (five or more cards
 * of a suit) is a flush: its 13-bit rank set, taken from the sum of the cards'
 * masks, indexes the flush table.  Otherwise the rank key goes through the
 * perfect hash into the values table.  Nothing is computed that the tables
 * could hold.
 */
#include "handrank.h"
#include "lookup.h"

#include <stddef.h>
#include <string.h>

extern const hr_game hr_games[HR_N_GAMES];   /* written by the generator */

const hr_game *hr_game_at(int index)
{
    return (unsigned)index < HR_N_GAMES ? &hr_games[index] : NULL;
}

int hr_game_count(void) { return HR_N_GAMES; }

int hr_eval(const hr_game *g, const uint8_t *cards, int n)
{
    uint64_t key, mask;
    if (n < HR_MIN_HAND || n > HR_MAX_HAND)
        return 0;
    if (hr_gather(g, cards, n, &key, &mask))
        return 0;
    return (int)hr_lookup(g, key, mask);
}

int hr_eval_bytes(const hr_game *g, const char *cards, int n)
{
    return hr_eval(g, (const uint8_t *)cards, n);
}

/* The rank of a rank character, or -1. */
static int rank_of(unsigned char ch)
{
    static const char ranks[] = "23456789TJQKA";
    if (ch >= 'a' && ch <= 'z')
        ch = (unsigned char)(ch - 'a' + 'A');
    for (int r = 0; r < 13; r++)
        if (ranks[r] == ch)
            return r;
    return -1;
}

/* The suit of the suit at s[0..len), or -1; *used gets its length in bytes.
 * Letters c d h s (either case) or the UTF-8 symbols U+2660..U+2667. */
static int suit_of(const unsigned char *s, size_t len, int *used)
{
    /* U+2660..2667: spade, heart (white), diamond, club, spade (white), heart,
     * diamond (white), club (white) */
    static const signed char symbol[8] = {3, 2, 1, 0, 3, 2, 1, 0};
    switch (s[0]) {
    case 'c': case 'C': *used = 1; return 0;
    case 'd': case 'D': *used = 1; return 1;
    case 'h': case 'H': *used = 1; return 2;
    case 's': case 'S': *used = 1; return 3;
    }
    if (len >= 3 && s[0] == 0xE2 && s[1] == 0x99 && s[2] >= 0xA0 && s[2] <= 0xA7) {
        *used = 3;
        return symbol[s[2] - 0xA0];
    }
    return -1;
}

int hr_eval_text(const hr_game *g, const char *text, size_t len)
{
    const unsigned char *s = (const unsigned char *)text;
    uint8_t row[HR_MAX_HAND];
    int n = 0;
    size_t i = 0;
    while (i < len) {
        unsigned char ch = s[i];
        if (ch == ' ' || ch == ',' || ch == ';' || (ch >= '\t' && ch <= '\r')) {
            i++;
            continue;
        }
        int rank, suit, used;
        if (ch == '1' && i + 1 < len && s[i + 1] == '0') {
            rank = 8;
            i += 2;
        } else {
            rank = rank_of(ch);
            i += 1;
        }
        if (rank < 0 || i >= len || n == HR_MAX_HAND)
            return 0;
        suit = suit_of(s + i, len - i, &used);
        if (suit < 0)
            return 0;
        i += (size_t)used;
        row[n++] = (uint8_t)(4 * rank + suit);
    }
    return hr_eval(g, row, n);
}

int hr_eval5_holdem(const char *cards) { return hr_eval(&hr_games[0], (const uint8_t *)cards, 5); }
int hr_eval6_holdem(const char *cards) { return hr_eval(&hr_games[0], (const uint8_t *)cards, 6); }
int hr_eval7_holdem(const char *cards) { return hr_eval(&hr_games[0], (const uint8_t *)cards, 7); }

int hr_eval_text_holdem(const char *text)
{
    return hr_eval_text(&hr_games[0], text, strlen(text));
}

/* One loop per width, so the compiler unrolls the card loop. */
#define HR_BATCH(K)                                                              \
    static int64_t batch##K(const hr_game *g, const uint8_t *cards, int64_t n,   \
                            uint16_t *out)                                       \
    {                                                                            \
        for (int64_t i = 0; i < n; i++) {                                        \
            uint64_t key, mask;                                                  \
            if (__builtin_expect(hr_gather(g, cards + i * K, K, &key, &mask) != 0, 0)) \
                return i;                                                        \
            out[i] = (uint16_t)hr_lookup(g, key, mask);                             \
        }                                                                        \
        return -1;                                                               \
    }
HR_BATCH(5)
HR_BATCH(6)
HR_BATCH(7)

int64_t hr_eval_batch(const hr_game *g, const uint8_t *cards, int64_t n, int k,
                      uint16_t *out)
{
    switch (k) {
    case 5: return batch5(g, cards, n, out);
    case 6: return batch6(g, cards, n, out);
    case 7: return batch7(g, cards, n, out);
    default: return -2;
    }
}

void hr_enumerate7(const hr_game *g, int start, int stride, uint64_t *hist)
{
    const uint64_t *ck = g->card_key, *cm = g->card_mask;
    if (stride < 1)
        return;
    for (int a = start; a < HR_N_CARDS - 6; a += stride) {
        uint64_t ka = HR_SUIT_INIT + ck[a], ma = cm[a];
        for (int b = a + 1; b < HR_N_CARDS - 5; b++) {
            uint64_t kb = ka + ck[b], mb = ma + cm[b];
            for (int c = b + 1; c < HR_N_CARDS - 4; c++) {
                uint64_t kc = kb + ck[c], mc = mb + cm[c];
                for (int d = c + 1; d < HR_N_CARDS - 3; d++) {
                    uint64_t kd = kc + ck[d], md = mc + cm[d];
                    for (int e = d + 1; e < HR_N_CARDS - 2; e++) {
                        uint64_t ke = kd + ck[e], me = md + cm[e];
                        for (int f = e + 1; f < HR_N_CARDS - 1; f++) {
                            uint64_t kf = ke + ck[f], mf = me + cm[f];
                            /* No suit has four of the six cards: no seventh
                             * card makes a flush, so only the ranks matter. */
                            if ((((kf >> HR_SUIT_SHIFT) + 0x1111u) & HR_FLUSH_BITS) == 0) {
                                uint32_t rf = (uint32_t)kf;
                                for (int h = f + 1; h < HR_N_CARDS; h++)
                                    hist[hr_lookup_ranks(g, rf + (uint32_t)ck[h])]++;
                            } else {
                                for (int h = f + 1; h < HR_N_CARDS; h++)
                                    hist[hr_lookup(g, kf + ck[h], mf + cm[h])]++;
                            }
                        }
                    }
                }
            }
        }
    }
}

/* Odometer over k-card hands (k = 6 or 7) whose first card is start, start +
 * stride, ...; each hand checked against the best of its five-card subsets,
 * each subset's key formed by taking the left-out cards' keys off the sum. */
int64_t hr_selftest(const hr_game *g, int k, int start, int stride, uint64_t *hist)
{
    const uint64_t *ck = g->card_key, *cm = g->card_mask;
    int64_t bad = 0;
    int idx[HR_MAX_HAND];
    if ((k != 6 && k != 7) || stride < 1)
        return -1;
    for (int a = start; a <= HR_N_CARDS - k; a += stride) {
        idx[0] = a;
        for (int j = 1; j < k; j++)
            idx[j] = a + j;
        for (;;) {
            uint64_t key = HR_SUIT_INIT, mask = 0;
            for (int j = 0; j < k; j++) {
                key += ck[idx[j]];
                mask += cm[idx[j]];
            }
            unsigned value = hr_lookup(g, key, mask), best = 0;
            if (k == 7) {
                for (int x = 0; x < 7; x++)
                    for (int y = x + 1; y < 7; y++) {
                        unsigned v = hr_lookup(g, key - ck[idx[x]] - ck[idx[y]],
                                            mask - cm[idx[x]] - cm[idx[y]]);
                        best = v > best ? v : best;
                    }
            } else {
                for (int x = 0; x < 6; x++) {
                    unsigned v = hr_lookup(g, key - ck[idx[x]], mask - cm[idx[x]]);
                    best = v > best ? v : best;
                }
            }
            bad += value != best;
            hist[value]++;
            /* next hand with the same first card */
            int j = k - 1;
            while (j >= 1 && idx[j] == HR_N_CARDS - k + j)
                j--;
            if (j < 1)
                break;
            idx[j]++;
            for (int t = j + 1; t < k; t++)
                idx[t] = idx[t - 1] + 1;
        }
    }
    return bad;
}
