// Monte Carlo anchor: OMPEval's HandEvaluator (../shared/anchors/ompeval) in the
// loop OMPEval's own equity calculator runs for exact hands: deal the board's
// five cards at random from the cards left (rejection on a 64-bit mask, one
// xoshiro256** stream), evaluate every player's seven cards, count wins and
// ties.  Built with g++ -O3 -march=native as a shared library, called from
// benchmarks/bench_mc_native.py in the same process as handrank.
#include "omp/HandEvaluator.h"
#include <cstdint>
using namespace omp;

static HandEvaluator ev;

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

extern "C" __attribute__((noinline)) long omp_mc(const uint8_t *holes, int players,
                                                 long trials, uint64_t seed, long *wins) {
    uint64_t s[4] = {seed ^ 0x9E3779B97F4A7C15ull, seed * 0xBF58476D1CE4E5B9ull + 1,
                     seed * 0x94D049BB133111EBull + 2, 0x2545F4914F6CDD1Dull};
    for (int i = 0; i < 8; i++) { uint64_t t = s[1] << 17; s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl(s[3], 45); }
    uint64_t used0 = 0;
    Hand hole[10];
    for (int p = 0; p < players; p++) {
        hole[p] = Hand(holes[2 * p]) + Hand(holes[2 * p + 1]);   // board carries empty()
        used0 |= 1ull << holes[2 * p] | 1ull << holes[2 * p + 1];
    }
    for (long t = 0; t < trials; t++) {
        uint64_t used = used0;
        Hand board = Hand::empty();
        for (int c = 0; c < 5;) {
            uint64_t r = rotl(s[1] * 5, 7) * 9, x = s[1] << 17;
            s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= x; s[3] = rotl(s[3], 45);
            unsigned card = (unsigned)(((r >> 32) * 52) >> 32);
            if (used >> card & 1) continue;
            used |= 1ull << card;
            board += card;
            c++;
        }
        unsigned best = 0, count = 0, winner = 0;
        for (int p = 0; p < players; p++) {
            unsigned v = ev.evaluate(board + hole[p]);
            if (v > best) { best = v; count = 1; winner = p; } else if (v == best) count++;
        }
        if (count == 1) wins[winner]++;
    }
    return trials;
}

// The same loop for players given as ranges of equally likely combos: each
// trial draws every player's combo uniformly (one xoshiro output each, as
// the board's cards), rejects the trial when two combos share a card, then
// deals the board by rejection as above.  players[p] holds combos
// combos[2 * offsets[p] ..] (card pairs); wins[p] counts outright wins of
// accepted trials; returns the attempts.
extern "C" __attribute__((noinline)) long omp_mc_ranges(const uint8_t *combos,
                                                        const int *offsets, int players,
                                                        long trials, uint64_t seed,
                                                        long *wins) {
    uint64_t s[4] = {seed ^ 0x9E3779B97F4A7C15ull, seed * 0xBF58476D1CE4E5B9ull + 1,
                     seed * 0x94D049BB133111EBull + 2, 0x2545F4914F6CDD1Dull};
    auto next = [&s]() {
        uint64_t r = rotl(s[1] * 5, 7) * 9, x = s[1] << 17;
        s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= x; s[3] = rotl(s[3], 45);
        return r;
    };
    for (int i = 0; i < 8; i++) next();
    long attempts = 0;
    for (long t = 0; t < trials;) {
        attempts++;
        uint64_t used = 0;
        Hand hole[10];
        bool clash = false;
        for (int p = 0; p < players && !clash; p++) {
            unsigned n = (unsigned)(offsets[p + 1] - offsets[p]);
            unsigned i = offsets[p] + (unsigned)(((next() >> 32) * n) >> 32);
            uint64_t bits = 1ull << combos[2 * i] | 1ull << combos[2 * i + 1];
            clash = (used & bits) != 0;
            used |= bits;
            hole[p] = Hand(combos[2 * i]) + Hand(combos[2 * i + 1]);
        }
        if (clash) continue;
        Hand board = Hand::empty();
        for (int c = 0; c < 5;) {
            unsigned card = (unsigned)(((next() >> 32) * 52) >> 32);
            if (used >> card & 1) continue;
            used |= 1ull << card;
            board += card;
            c++;
        }
        unsigned best = 0, count = 0, winner = 0;
        for (int p = 0; p < players; p++) {
            unsigned v = ev.evaluate(board + hole[p]);
            if (v > best) { best = v; count = 1; winner = p; } else if (v == best) count++;
        }
        if (count == 1) wins[winner]++;
        t++;
    }
    return attempts;
}
