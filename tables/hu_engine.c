/* tables/hu_engine.c: heads-up preflop hold'em counts by brute force.
 *
 * The engine tables/preflop_hu.py compiles (with the system C compiler, into a
 * temporary directory) to count, for each pair of disjoint hands, the boards
 * of C(48, 5) on which the first hand wins, the second wins, or they tie.  It
 * deals every board, one nested loop per card, and ranks both seven-card
 * hands with the lookup tables/generate.py builds (tables/README.md, "The
 * lookup"), read from a file the script writes from the generator's own
 * arrays.  It includes nothing from csrc/ or src/.
 *
 *     hu_engine TABLES < pairs > counts
 *
 * TABLES (in the machine's byte order): the magic "HUENGIN1", eight uint64 parameters
 * (hash multiplier, hash bits, hash shift, suit shift, flush bits, the hand's
 * starting suit counters, the number of offsets, the number of values), then
 * the offsets (uint32), the values (uint16), the flush table (8,192 uint16)
 * and each of the 52 cards' key and mask (uint64 pairs).
 * stdin: four card ids per pair (bytes: first hand, second hand).
 * stdout: three uint32 per pair: first wins, second wins, ties.
 * A bad file or a bad pair ends the run with a message and exit status 2.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N_CARDS 52
#define N_FLUSH 8192
#define BOARDS 1712304u /* C(48, 5) */

static struct {
    uint64_t mult, bits, shift, suit_shift, flush_bits, suit_init, n_offsets, n_values;
} par;
static uint32_t *offsets;
static uint16_t *values;
static uint16_t flush[N_FLUSH];
static uint64_t card_key[N_CARDS], card_mask[N_CARDS];

static void fail(const char *what, const char *detail)
{
    fprintf(stderr, "hu_engine: %s%s\n", what, detail);
    exit(2);
}

static void read_exact(FILE *f, void *dst, size_t size, size_t n, const char *path)
{
    if (fread(dst, size, n, f) != n)
        fail("table file too short: ", path);
}

static void load(const char *path)
{
    FILE *f = fopen(path, "rb");
    char magic[8];
    if (f == NULL)
        fail("cannot open the table file ", path);
    read_exact(f, magic, 1, sizeof magic, path);
    if (memcmp(magic, "HUENGIN1", sizeof magic) != 0)
        fail("not a table file of tables/preflop_hu.py: ", path);
    read_exact(f, &par, sizeof(uint64_t), 8, path);
    if (par.bits < 1 || par.bits > 32 || par.shift >= par.bits ||
        par.n_offsets != (uint64_t)1 << (par.bits - par.shift) ||
        par.n_values < 1 || par.n_values > ((uint64_t)1 << 32) || par.suit_shift > 48)
        fail("table file parameters out of range: ", path);
    /* strength() reads bit 3 of each suit's four-bit counter, and only those */
    if (par.flush_bits != UINT64_C(0x8888))
        fail("table file flush bits are not bit 3 of each suit's counter (0x8888): ", path);
    offsets = malloc(par.n_offsets * sizeof *offsets);
    values = malloc(par.n_values * sizeof *values);
    if (offsets == NULL || values == NULL)
        fail("out of memory reading ", path);
    read_exact(f, offsets, sizeof *offsets, par.n_offsets, path);
    read_exact(f, values, sizeof *values, par.n_values, path);
    read_exact(f, flush, sizeof *flush, N_FLUSH, path);
    for (int c = 0; c < N_CARDS; c++) {
        read_exact(f, &card_key[c], sizeof(uint64_t), 1, path);
        read_exact(f, &card_mask[c], sizeof(uint64_t), 1, path);
    }
    if (fgetc(f) != EOF)
        fail("table file longer than its parameters say: ", path);
    fclose(f);
    /* Every slot a hash can reach lies inside the values table. */
    for (uint64_t row = 0; row < par.n_offsets; row++) {
        uint32_t first = (uint32_t)((row << par.shift) + offsets[row]);
        if ((uint64_t)first + ((uint64_t)1 << par.shift) > par.n_values)
            fail("an offset points outside the values table: ", path);
    }
}

/* The strength of seven cards whose keys and masks are summed (tables/README.md). */
static inline unsigned strength(uint64_t key, uint64_t mask)
{
    uint64_t f = (key >> par.suit_shift) & par.flush_bits;
    if (f != 0) {
        int suit = 0;
        while (!(f & 8u)) {             /* the lowest suit whose counter passed 8 */
            f >>= 4;
            suit++;
        }
        return flush[(mask >> (16 * suit)) & (N_FLUSH - 1)];
    }
    uint32_t h = (uint32_t)(((uint32_t)key * par.mult) & (((uint64_t)1 << par.bits) - 1));
    return values[(uint32_t)(h + offsets[h >> par.shift])];
}

/* First wins, second wins, ties over every board of the 48 cards left. */
static void count(const uint8_t hand[4], uint32_t out[3])
{
    uint8_t deck[N_CARDS];
    uint64_t used = 0;
    int n = 0;
    for (int i = 0; i < 4; i++) {
        if (hand[i] >= N_CARDS || (used >> hand[i] & 1u))
            fail("a pair has a card above 51 or a repeated card", "");
        used |= (uint64_t)1 << hand[i];
    }
    for (int c = 0; c < N_CARDS; c++)
        if (!(used >> c & 1u))
            deck[n++] = (uint8_t)c;
    uint64_t ka = par.suit_init + card_key[hand[0]] + card_key[hand[1]];
    uint64_t kb = par.suit_init + card_key[hand[2]] + card_key[hand[3]];
    uint64_t ma = card_mask[hand[0]] | card_mask[hand[1]];
    uint64_t mb = card_mask[hand[2]] | card_mask[hand[3]];
    uint32_t wa = 0, wb = 0, tie = 0;
    for (int i = 0; i < n - 4; i++) {
        uint64_t k1 = card_key[deck[i]], m1 = card_mask[deck[i]];
        for (int j = i + 1; j < n - 3; j++) {
            uint64_t k2 = k1 + card_key[deck[j]], m2 = m1 | card_mask[deck[j]];
            for (int k = j + 1; k < n - 2; k++) {
                uint64_t k3 = k2 + card_key[deck[k]], m3 = m2 | card_mask[deck[k]];
                for (int l = k + 1; l < n - 1; l++) {
                    uint64_t k4 = k3 + card_key[deck[l]], m4 = m3 | card_mask[deck[l]];
                    for (int m = l + 1; m < n; m++) {
                        uint64_t k5 = k4 + card_key[deck[m]], m5 = m4 | card_mask[deck[m]];
                        unsigned a = strength(ka + k5, ma | m5);
                        unsigned b = strength(kb + k5, mb | m5);
                        wa += a > b;
                        wb += b > a;
                        tie += a == b;
                    }
                }
            }
        }
    }
    if ((uint64_t)wa + wb + tie != BOARDS)
        fail("internal error: the boards dealt are not C(48, 5)", "");
    out[0] = wa;
    out[1] = wb;
    out[2] = tie;
}

int main(int argc, char **argv)
{
    uint8_t hand[4];
    uint32_t out[3];
    size_t got;
    if (argc != 2)
        fail("usage: hu_engine TABLES < pairs > counts", "");
    load(argv[1]);
    while ((got = fread(hand, 1, sizeof hand, stdin)) == sizeof hand) {
        count(hand, out);
        if (fwrite(out, sizeof *out, 3, stdout) != 3)
            fail("cannot write the counts", "");
    }
    if (got != 0)
        fail("the input ends inside a pair", "");
    return fflush(stdout) == 0 ? 0 : 2;
}
