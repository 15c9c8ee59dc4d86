/* handrank: the PHH fast path (see history.h).
 *
 * Every rule here mirrors src/handrank/history/phh.py (_chunks, _fast,
 * _value, _scalar, _hand) and replay.py (replay, _fast_payouts, _compare)
 * for the hands it takes; anything else is left to them (HR_PHH_PYTHON).
 */
#include "history.h"

#include <string.h>

#include "hilo.h"
#include "omaha.h"
#include "port.h"

#define MAXS HR_PHH_MAX_SEATS
#define MAXKEYS 48
#define MAXACT 512
#define MAXDIGITS 15

/* the whitespace Python's str.strip() removes, ASCII part (no newline here) */
static int ws(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' || (c >= 0x1c && c <= 0x1f);
}

typedef struct span {
    const char *p;
    int64_t n;
} span;

static int eq_n(span s, const char *lit, size_t k)
{
    return (size_t)s.n == k && memcmp(s.p, lit, k) == 0;
}

/* s equals the string literal lit (a literal only: its length is its sizeof) */
#define eq(s, lit) eq_n((s), "" lit "", sizeof(lit) - 1)

/* a parsed value: the types the hands use; anything else sends the hand to Python */
enum { V_NONE, V_STR, V_INT, V_BOOL, V_ARR_STR, V_ARR_NUM, V_ARR_EMPTY, V_OTHER, V_HALF };

typedef struct value {
    int type;
    span text;      /* the value as written (stripped) */
    int64_t num;    /* V_INT, V_BOOL */
    span str;       /* V_STR */
} value;

/* _scalar on t[0, n): 1 and *out, *type for an int or a bool, 2 for a string
 * (span in *s), 0 for anything else (a float, a bad number: Python decides). */
static int scalar(const char *t, int64_t n, int64_t *out, int *type, span *s)
{
    if (n == 4 && memcmp(t, "true", 4) == 0) {
        *out = 1, *type = V_BOOL;
        return 1;
    }
    if (n == 5 && memcmp(t, "false", 5) == 0) {
        *out = 0, *type = V_BOOL;
        return 1;
    }
    if (n > 1 && (t[0] == '\'' || t[0] == '"') && t[n - 1] == t[0]) {
        for (int64_t k = 1; k < n - 1; k++)
            if (t[k] == t[0] || (t[0] == '"' && t[k] == '\\'))
                return 0;
        if (t[0] == '"' && t[n - 1] == '\\')
            return 0;
        s->p = t + 1, s->n = n - 2, *type = V_STR;
        return 2;
    }
    int64_t k = 0, neg = 0;
    if (k < n && (t[k] == '+' || t[k] == '-'))
        neg = t[k] == '-', k++;
    if (n <= k)
        return 0;                   /* a sign alone, or nothing */
    /* a float x.5 or x.0 (the Pluribus logs' half chips): V_HALF, twice its value */
    const char *dot = memchr(t + k, '.', (size_t)(n - k));
    int64_t m = dot ? dot - t : n;
    if (m <= k || m - k > MAXDIGITS)
        return 0;
    if (t[k] == '0' && m - k > 1)
        return 0;                   /* a leading zero: Python falls back to TOML */
    int64_t v = 0;
    for (int64_t j = k; j < m; j++) {
        if (t[j] < '0' || t[j] > '9')
            return 0;
        v = v * 10 + (t[j] - '0');
    }
    if (!dot) {
        *out = neg ? -v : v, *type = V_INT;
        return 1;
    }
    if (m + 1 >= n || (t[m + 1] != '0' && t[m + 1] != '5'))
        return 0;
    for (int64_t j = m + 2; j < n; j++)
        if (t[j] != '0')
            return 0;
    v = 2 * v + (t[m + 1] == '5');
    *out = neg ? -v : v, *type = V_HALF;
    return 1;
}

/* An array's items: strings (spans) or numbers.  Returns the count, or -1. */
typedef struct items {
    int type;       /* V_ARR_STR, V_ARR_NUM or V_ARR_EMPTY */
    int64_t n;
    span str[MAXACT];
    int64_t num[MAXACT];
} items;

static void strip(const char **p, const char **e)
{
    while (*p < *e && ws((unsigned char)**p))
        (*p)++;
    while (*e > *p && ws((unsigned char)(*e)[-1]))
        (*e)--;
}

/* _value on v[0, n) (stripped, no '#'): the type, with the items when it is an
 * array and it is given somewhere to put them (it = NULL: only checked). */
static int parse_value(const char *v, int64_t n, value *val, items *it)
{
    val->text.p = v, val->text.n = n;
    if (n > 0 && v[0] == '[') {
        if (v[n - 1] != ']' || n < 2)
            return V_OTHER;
        const char *p = v + 1, *e = v + n - 1;
        strip(&p, &e);
        int64_t count = 0;
        if (p == e) {
            if (it)
                it->n = 0, it->type = V_ARR_EMPTY;
            return V_ARR_EMPTY;
        }
        if (*p == '\'' || *p == '"') {
            /* quoted strings with only spaces and commas between them */
            while (p < e) {
                if (*p == ' ' || *p == ',') {
                    p++;
                    continue;
                }
                if (*p != '\'' && *p != '"')
                    return V_OTHER;
                char q = *p;
                const char *s = p + 1;
                while (s < e && *s != q && *s != '\\')
                    s++;
                if (s >= e || *s != q)
                    return V_OTHER;
                if (it) {
                    if (count >= MAXACT)
                        return V_OTHER;
                    it->str[count].p = p + 1, it->str[count].n = s - p - 1;
                }
                count++;
                p = s + 1;
            }
            if (it)
                it->n = count, it->type = V_ARR_STR;
            return V_ARR_STR;
        }
        /* body.rstrip(", ").split(","), each stripped: ints and bools only */
        while (e > p && (e[-1] == ',' || e[-1] == ' '))
            e--;
        const char *a = p;
        for (;;) {
            const char *b = a;
            while (b < e && *b != ',')
                b++;
            const char *ta = a, *tb = b;
            strip(&ta, &tb);
            int64_t x;
            int type;
            span sp;
            if (scalar(ta, tb - ta, &x, &type, &sp) != 1)
                return V_OTHER;
            if (it) {
                if (count >= MAXACT)
                    return V_OTHER;
                it->num[count] = x;
                it->str[count].p = NULL;    /* .n: 0 an int, 1 a bool, 2 a half (twice x) */
                it->str[count].n = type == V_BOOL ? 1 : type == V_HALF ? 2 : 0;
            }
            count++;
            if (b >= e)
                break;
            a = b + 1;
        }
        if (it)
            it->n = count, it->type = V_ARR_NUM;
        return V_ARR_NUM;
    }
    int type = V_OTHER;
    int got = scalar(v, n, &val->num, &type, &val->str);
    return got ? type : V_OTHER;
}

/* the fields the fast path reads */
enum {
    K_VARIANT, K_TRIM, K_ANTES, K_BLINDS, K_STACKS, K_ACTIONS, K_PLAYERS, K_FINISH,
    K_WINNINGS, K_SMALL_BET, K_RAKE, K_N
};
static const char *const known[K_N] = {
    "variant", "ante_trimming_status", "antes", "blinds_or_straddles", "starting_stacks",
    "actions", "players", "finishing_stacks", "winnings", "small_bet", "rake"
};
static const int64_t known_len[K_N] = {7, 20, 5, 19, 15, 7, 7, 16, 8, 9, 4};

typedef struct hand_in {
    span val[K_N];
    int have[K_N];
} hand_in;

/* ints of an array value into out[0, n): 0 if not exactly n whole numbers >= 0 */
static int ints(span v, int64_t n, int64_t *out, items *tmp)
{
    value val;
    int t = parse_value(v.p, v.n, &val, tmp);
    if (t == V_ARR_EMPTY && n == 0)
        return 1;
    if (t != V_ARR_NUM || tmp->n != n)
        return 0;
    for (int64_t k = 0; k < n; k++) {
        if (tmp->str[k].n || tmp->num[k] < 0)
            return 0;
        out[k] = tmp->num[k];
    }
    return 1;
}

/* a recorded result: n numbers >= 0 as half chips into out2 (twice each);
 * *floats set when any is written as a float, *halves when any has a half */
static int halves(span v, int64_t n, int64_t *out2, int *floats, int *halves_, items *tmp)
{
    value val;
    if (parse_value(v.p, v.n, &val, tmp) != V_ARR_NUM || tmp->n != n)
        return 0;
    for (int64_t k = 0; k < n; k++) {
        if (tmp->str[k].n == 1 || tmp->num[k] < 0)
            return 0;
        if (tmp->str[k].n == 2) {
            *floats = 1;
            *halves_ |= (int)(tmp->num[k] & 1);
            out2[k] = tmp->num[k];
        } else {
            out2[k] = 2 * tmp->num[k];
        }
    }
    return 1;
}

/* card ids by character: rank + 1 and suit + 1 (0: not a rank, not a suit) */
static const unsigned char rank1[256] = {
    ['2'] = 1, ['3'] = 2, ['4'] = 3, ['5'] = 4, ['6'] = 5, ['7'] = 6, ['8'] = 7, ['9'] = 8,
    ['T'] = 9, ['J'] = 10, ['Q'] = 11, ['K'] = 12, ['A'] = 13
};
static const unsigned char suit1[256] = {['c'] = 1, ['d'] = 2, ['h'] = 3, ['s'] = 4};

static int card_id(const char *c)
{
    int r = rank1[(unsigned char)c[0]], s = suit1[(unsigned char)c[1]];
    if (!r || !s)
        return -1;
    return (r - 1) * 4 + (s - 1);
}

/* exact two-character cards only; -1 for anything else (Python reads it) */
static int read_cards(span t, int *ids, int max)
{
    if (t.n % 2 || t.n / 2 > max)
        return -1;
    for (int64_t k = 0; k < t.n / 2; k++) {
        int c = card_id(t.p + 2 * k);
        if (c < 0)
            return -1;
        ids[k] = c;
    }
    return (int)(t.n / 2);
}

/* the same cards, in any order (sorted(a) == sorted(b)) */
static int same_cards(const int *a, const int *b, int k)
{
    int x[4], y[4];
    for (int i = 0; i < k; i++)
        x[i] = a[i], y[i] = b[i];
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && x[j - 1] > x[j]; j--) {
            int t = x[j];
            x[j] = x[j - 1], x[j - 1] = t;
        }
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && y[j - 1] > y[j]; j--) {
            int t = y[j];
            y[j] = y[j - 1], y[j - 1] = t;
        }
    for (int i = 0; i < k; i++)
        if (x[i] != y[i])
            return 0;
    return 1;
}

static int has_q(span t)
{
    for (int64_t k = 0; k < t.n; k++)
        if (t.p[k] == '?')
            return 1;
    return 0;
}

/* every character a '?': cards shown as unknown, read as a muck */
static int all_q(span t)
{
    for (int64_t k = 0; k < t.n; k++)
        if (t.p[k] != '?')
            return 0;
    return t.n > 0;
}

/* "pN" with 1 <= N <= n: the seat, or -1 */
static int seat_of(span t, int n)
{
    if (t.n < 2 || t.n > 6 || t.p[0] != 'p')
        return -1;
    int v = 0;
    for (int64_t k = 1; k < t.n; k++) {
        if (t.p[k] < '0' || t.p[k] > '9')
            return -1;
        v = v * 10 + (t.p[k] - '0');
    }
    return v >= 1 && v <= n ? v - 1 : -1;
}

/* set bits of a seat mask (12 bits), without a call where the CPU's popcount
 * instruction is not assumed */
static int pop(uint32_t m)
{
    m = m - ((m >> 1) & 0x55555555u);
    m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
    m = (m + (m >> 4)) & 0x0F0F0F0Fu;
    return (int)((m * 0x01010101u) >> 24);
}

typedef struct state {
    int n;
    int64_t stack[MAXS], bet[MAXS], put[MAXS];
    int64_t hi;                 /* the largest bet of the betting round */
    uint32_t full, folded, need;
    uint32_t broke;             /* the seats with no chips behind (stacks never grow) */
} state;

static uint32_t live(const state *st)
{
    return st->full & ~st->folded;
}

/* the seats not folded with chips behind */
static uint32_t can_act(const state *st)
{
    return st->full & ~st->folded & ~st->broke;
}

static int betting_done(const state *st)
{
    if (!st->need)
        return 1;
    uint32_t acting = can_act(st);
    if (pop(acting) > 1 || pop(live(st)) <= 1 || (st->need & ~acting))
        return 0;
    for (int s = 0; s < st->n; s++)
        if ((acting >> s & 1) && st->bet[s] < st->hi)
            return 0;
    return 1;
}

/* the first seat from `from` on (0 <= from < n, cyclically) still to act, or -1 */
static int next_seat(const state *st, int from)
{
    uint32_t m = st->need;
    if (!m)
        return -1;
    uint32_t up = m >> from << from;
    return (int)hr_ctz64(up ? up : m);
}

static void settle_round(state *st)
{
    for (int s = 0; s < st->n; s++)
        st->put[s] += st->bet[s], st->bet[s] = 0;
    st->hi = 0;
}

/* split an action at spaces and tabs: up to 5 tokens, the count (5 = too many) */
static int tokens(span a, span *tok)
{
    int k = 0;
    const char *p = a.p, *e = a.p + a.n;
    for (;;) {
        while (p < e && (*p == ' ' || *p == '\t'))
            p++;
        if (p >= e)
            return k;
        if (k == 5)
            return 5;
        const char *b = p;
        while (b < e && *b != ' ' && *b != '\t')
            b++;
        tok[k].p = p, tok[k].n = b - p;
        k++;
        p = b;
    }
}

typedef struct scratch {
    items a, b;
} scratch;

/* what a hand's fields say before its actions: what the replay starts from */
typedef struct parsed {
    int n, H, omaha, hilo, trim;
    int record;             /* K_FINISH or K_WINNINGS: fin holds it in half chips; or -1 */
    int half;               /* the record has a half chip */
    int64_t small_bet, flags;
    int64_t stack0[MAXS], antes[MAXS], blinds[MAXS], fin[MAXS];
} parsed;

/* A hand's actions one by one: the generic reader's items, or, for the quick
 * reader, the text between the brackets of the actions array. */
typedef struct actions {
    const items *it;        /* the generic reader's (NULL: the quick reader's text) */
    int64_t i;              /* actions taken so far */
    const char *p, *e;
} actions;

/* the characters of an action's tokens in the quick reader's spelling */
static const unsigned char tokc[256] = {
    ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1,
    ['8'] = 1, ['9'] = 1, ['?'] = 1, ['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1,
    ['F'] = 1, ['G'] = 1, ['H'] = 1, ['I'] = 1, ['J'] = 1, ['K'] = 1, ['L'] = 1, ['M'] = 1,
    ['N'] = 1, ['O'] = 1, ['P'] = 1, ['Q'] = 1, ['R'] = 1, ['S'] = 1, ['T'] = 1, ['U'] = 1,
    ['V'] = 1, ['W'] = 1, ['X'] = 1, ['Y'] = 1, ['Z'] = 1, ['a'] = 1, ['b'] = 1, ['c'] = 1,
    ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1, ['h'] = 1, ['i'] = 1, ['j'] = 1, ['k'] = 1,
    ['l'] = 1, ['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1, ['q'] = 1, ['r'] = 1, ['s'] = 1,
    ['t'] = 1, ['u'] = 1, ['v'] = 1, ['w'] = 1, ['x'] = 1, ['y'] = 1, ['z'] = 1
};

#if HR_SSE2
static int more_than_three(unsigned m)
{
    m &= m - 1;
    m &= m - 1;
    return (m & (m - 1)) != 0;
}
#endif

/* The next action's tokens into tok: their count (0 to 5, as tokens()), -1 when
 * none is left, -2 when the quick reader's text is not in its spelling: each
 * action quoted ('...' or "..."), one to four tokens of tokc characters with
 * one space between them, the actions joined by ", ", at most MAXACT (what the
 * generic reader cuts the same way). */
static int next_action(actions *a, span *tok)
{
    if (a->it) {
        if (a->i >= a->it->n)
            return -1;
        return tokens(a->it->str[a->i++], tok);
    }
    const char *p = a->p, *e = a->e;
    if (p == e)
        return -1;
    if (a->i) {
        if (e - p < 3 || p[0] != ',' || p[1] != ' ')
            return -2;
        p += 2;
    }
    char q = *p;
    if ((q != '\'' && q != '"') || a->i == MAXACT)
        return -2;
    a->i++;
    p++;
#if HR_SSE2
    if (e - p >= 16) {
        /* sixteen bytes at once: the tokens end at the first byte neither a
         * token character nor a space, which must be the closing quote */
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
        __m128i digit = _mm_sub_epi8(v, _mm_set1_epi8('0'));
        digit = _mm_cmpeq_epi8(_mm_min_epu8(digit, _mm_set1_epi8(9)), digit);
        __m128i alpha = _mm_sub_epi8(_mm_or_si128(v, _mm_set1_epi8(0x20)), _mm_set1_epi8('a'));
        alpha = _mm_cmpeq_epi8(_mm_min_epu8(alpha, _mm_set1_epi8(25)), alpha);
        __m128i tk = _mm_or_si128(_mm_or_si128(digit, alpha),
                                  _mm_cmpeq_epi8(v, _mm_set1_epi8('?')));
        unsigned sp = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')));
        unsigned other = ~((unsigned)_mm_movemask_epi8(tk) | sp) & 0xFFFFu;
        if (other) {
            unsigned len = hr_ctz64(other);
            sp &= (1u << len) - 1;
            /* no space first or last, none doubled, at most three, a closing quote */
            if (p[len] != q || len == 0 || (sp & 1) || (sp >> (len - 1) & 1)
                || (sp & sp >> 1) || more_than_three(sp))
                return -2;
            int k = 0;
            const char *t = p;
            while (sp) {
                unsigned at = hr_ctz64(sp);
                tok[k].p = t, tok[k].n = p + at - t;
                k++;
                t = p + at + 1;
                sp &= sp - 1;
            }
            tok[k].p = t, tok[k].n = p + len - t;
            a->p = p + len + 1;
            return k + 1;
        }
    }
#endif
    for (int k = 0;; k++) {
        const char *b = p;
        while (b < e && tokc[(unsigned char)*b])
            b++;
        if (b == p || b >= e || k == 4)
            return -2;
        tok[k].p = p, tok[k].n = b - p;
        if (*b == q) {
            a->p = b + 1;
            return k + 1;
        }
        if (*b != ' ')
            return -2;
        p = b + 1;
    }
}

#define PY(code) do { rec[HR_PHH_WHY] = (code); return HR_PHH_PYTHON; } while (0)
#define BAIL 2      /* the quick reader's text is not in its spelling: the generic reader */

/* Replay and settle a hand from its fields and its actions (mode 0: only read the
 * actions): the record's status, or BAIL (the quick reader's actions only). */
static int play(const parsed *h, int mode, int64_t *rec, actions *a)
{
    int n = h->n, H = h->H, hilo = h->hilo, omaha = h->omaha, trim = h->trim;
    int record = h->record;
    const int64_t *stack0 = h->stack0, *antes = h->antes, *blinds = h->blinds, *fin = h->fin;
    int64_t flags = h->flags;
    span tok[5];
    rec[HR_PHH_SEATS] = n;
    int64_t bb = 0;
    for (int s = 0; s < n; s++)
        if (blinds[s] > bb)
            bb = blinds[s];
    rec[HR_PHH_BIG_BLIND] = bb ? bb : h->small_bet;
    if (mode == 0) {                    /* read only: each action cut into its tokens */
        for (;;) {
            int nt = next_action(a, tok);
            if (nt == -1)
                break;
            if (nt == -2)
                return BAIL;
            if (nt == 0 || nt == 5)
                PY(30);
        }
        rec[HR_PHH_FLAGS] = flags;
        return HR_PHH_OK;
    }

    /* heads-up antes and blinds are read in reverse seat order (the reference
     * implementation's reading); the Python replay takes the hands where that
     * is not the old swap, and trimmed antes of different sizes (each round's
     * unmatched part goes back) */
    if (n == 2 && (antes[0] != antes[1] || blinds[0] > blinds[1]))
        PY(60);
    if (trim)
        for (int s = 0; s < n; s++)
            if (antes[s] != antes[0] || antes[s] > stack0[s])
                PY(61);

    /* replay */
    state st;                           /* the seats' arrays set below, seat by seat */
    st.n = n;
    st.hi = 0;
    st.full = (1u << n) - 1;
    st.folded = st.need = st.broke = 0;
    int64_t dead = 0;
    for (int s = 0; s < n; s++) {
        int64_t x = antes[s] < stack0[s] ? antes[s] : stack0[s];
        st.stack[s] = stack0[s] - x;
        st.put[s] = x;
        if (!trim)
            dead += x;
    }
    int64_t bl[MAXS];
    for (int s = 0; s < n; s++)
        bl[s] = blinds[s];
    if (n == 2 && bl[0] < bl[1]) {
        int64_t t = bl[0];
        bl[0] = bl[1], bl[1] = t;
    }
    for (int s = 0; s < n; s++) {
        int64_t b = bl[s] < st.stack[s] ? bl[s] : st.stack[s];
        st.stack[s] -= b;
        st.bet[s] = b;
        if (b > st.hi)
            st.hi = b;
    }
    /* the first to act: after the first seat with the largest blind or straddle
     * posted (no blinds: seat 0), as the Python replay */
    int64_t top = 0;
    for (int s = 0; s < n; s++)
        if (bl[s] > 0 && st.bet[s] > top)
            top = st.bet[s];
    int cur = 0;
    for (int s = n - 1; s >= 0; s--)
        if (top > 0 && bl[s] > 0 && st.bet[s] == top)
            cur = (s + 1) % n;
    for (int s = 0; s < n; s++) {
        if (st.stack[s] > 0)
            st.need |= 1u << s;
        else
            st.broke |= 1u << s;
    }
    int hole[MAXS][4];
    uint32_t has_hole = 0, mucked = 0;
    uint64_t seen = 0;
    int board[5], nb = 0, over = 0, allin = 0;
    for (;;) {
        int nt = next_action(a, tok);
        if (nt == -1)
            break;
        if (nt == -2)
            return BAIL;
        if (nt == 0 || nt == 5 || over)
            PY(30);
        if (eq(tok[0], "d")) {
            if (nt < 2)
                PY(31);
            int ids[5];
            if (eq(tok[1], "dh")) {
                if (nt != 4)
                    PY(32);
                int s = seat_of(tok[2], n);
                if (s < 0)
                    PY(33);
                if (has_q(tok[3]))
                    continue;
                if (read_cards(tok[3], ids, H) != H || (has_hole >> s & 1))
                    PY(34);
                for (int k = 0; k < H; k++) {
                    if (seen >> ids[k] & 1)
                        PY(35);
                    seen |= 1ull << ids[k];
                    hole[s][k] = ids[k];
                }
                has_hole |= 1u << s;
            } else if (eq(tok[1], "db")) {
                if (nt != 3)
                    PY(36);
                if (st.need && !betting_done(&st))
                    PY(37);
                uint32_t lv = live(&st), ca = can_act(&st);
                if (!allin && pop(lv) > 1 && pop(ca) <= 1 && pop(ca) < pop(lv)) {
                    allin = 1;
                    int64_t packed = nb;
                    for (int j = 0; j < nb; j++)
                        packed |= (int64_t)board[j] << (8 + 8 * j);
                    rec[HR_PHH_ALLIN_BOARD] = packed;
                }
                int k = read_cards(tok[2], ids, 5);
                if (k < 0 || nb + k > 5 || (nb == 0 && k != 3))
                    PY(38);
                for (int j = 0; j < k; j++) {
                    if (seen >> ids[j] & 1)
                        PY(39);
                    seen |= 1ull << ids[j];
                    board[nb++] = ids[j];
                }
                settle_round(&st);
                ca = can_act(&st);
                st.need = pop(ca) > 1 ? ca : 0;
                cur = 0;
            } else {
                PY(40);
            }
            continue;
        }
        int s = seat_of(tok[0], n);
        if (s < 0 || nt < 2)
            PY(41);
        uint32_t bit = 1u << s;
        if (eq(tok[1], "sm")) {
            if ((st.need && !betting_done(&st)) || (st.folded & bit))
                PY(42);
            if (nt == 3 && !has_q(tok[2])) {
                int ids[4];
                if (read_cards(tok[2], ids, H) != H)
                    PY(43);
                if (has_hole & bit) {
                    if (!same_cards(ids, hole[s], H))
                        PY(44);
                } else {
                    for (int k = 0; k < H; k++) {
                        if (seen >> ids[k] & 1)
                            PY(45);
                        seen |= 1ull << ids[k];
                        hole[s][k] = ids[k];
                    }
                    has_hole |= bit;
                }
            } else if (nt == 2 || all_q(tok[2])) {
                mucked |= bit;
            }
            continue;
        }
        int f = eq(tok[1], "f"), cc = eq(tok[1], "cc"), cbr = eq(tok[1], "cbr");
        if (!f && !cc && !cbr)
            PY(46);
        if (!(st.need & bit) || next_seat(&st, cur) != s)
            PY(47);
        st.need &= ~bit;
        int64_t hi = st.hi;
        if (f) {
            st.folded |= bit;
            if (pop(live(&st)) == 1)
                over = 1;
        } else if (cc) {
            int64_t c = hi - st.bet[s] < st.stack[s] ? hi - st.bet[s] : st.stack[s];
            st.bet[s] += c;
            st.stack[s] -= c;
            if (!st.stack[s])
                st.broke |= bit;
        } else {
            if (nt != 3 || tok[2].n > MAXDIGITS)
                PY(48);
            int64_t x = 0;
            for (int64_t k = 0; k < tok[2].n; k++) {
                char ch = tok[2].p[k];
                if (ch < '0' || ch > '9')
                    PY(49);
                x = x * 10 + (ch - '0');
            }
            if (x - st.bet[s] > st.stack[s] || x <= hi)
                PY(50);
            st.stack[s] -= x - st.bet[s];
            st.bet[s] = x;
            st.hi = x;
            if (!st.stack[s])
                st.broke |= bit;
            st.need = can_act(&st) & ~bit;
        }
        cur = s + 1 == n ? 0 : s + 1;
    }
    settle_round(&st);
    if (!over && st.need && !betting_done(&st))
        PY(51);                         /* truncated */
    int64_t chips[MAXS];
    for (int s = 0; s < n; s++)
        chips[s] = st.put[s] - (trim ? 0 : (antes[s] < stack0[s] ? antes[s] : stack0[s]));
    for (int s = 0; s < n; s++) {      /* a mucked seat's unmatched bet goes back: Python */
        if (!(mucked >> s & 1))
            continue;
        int top = 1;
        for (int t = 0; t < n; t++)
            if (t != s && chips[t] >= chips[s])
                top = 0;
        if (top)
            PY(62);
    }
    uint32_t out = st.folded | mucked;
    if (out == st.full) {
        int best = 0;       /* max over (not folded, contribution): the first such seat */
        for (int s = 1; s < n; s++) {
            int fs = !(st.folded >> s & 1), fb = !(st.folded >> best & 1);
            if (fs > fb || (fs == fb && chips[s] > chips[best]))
                best = s;
        }
        out &= ~(1u << best);
    }
    uint32_t in_hand = st.full & ~out;
    int nlive = pop(in_hand);
    int64_t pay[MAXS];
    memset(pay, 0, sizeof pay);
    if (nlive == 1) {
        int w = 0;
        while (!(in_hand >> w & 1))
            w++;
        int64_t total = dead;
        for (int s = 0; s < n; s++)
            total += chips[s];
        pay[w] = total;
    } else {
        if (nb != 5 || (in_hand & ~has_hole))
            PY(52);             /* truncated, or a hand at showdown unknown */
        const hr_game *g = hr_game_at(0);
        int strength[MAXS], lowv[MAXS];
        for (int s = 0; s < n; s++) {
            lowv[s] = 0;
            if (!(in_hand >> s & 1))
                continue;
            if (hilo) {
                uint8_t h4[4] = {(uint8_t)hole[s][0], (uint8_t)hole[s][1], (uint8_t)hole[s][2],
                                 (uint8_t)hole[s][3]};
                uint8_t b5[5] = {(uint8_t)board[0], (uint8_t)board[1], (uint8_t)board[2],
                                 (uint8_t)board[3], (uint8_t)board[4]};
                uint16_t hl[2];
                if (!hr_eval_omaha_hilo(g, h4, 4, b5, hl))
                    PY(54);
                strength[s] = hl[0];
                lowv[s] = hl[1];
            } else if (omaha) {
                uint8_t h4[4] = {(uint8_t)hole[s][0], (uint8_t)hole[s][1], (uint8_t)hole[s][2],
                                 (uint8_t)hole[s][3]};
                uint8_t b5[5] = {(uint8_t)board[0], (uint8_t)board[1], (uint8_t)board[2],
                                 (uint8_t)board[3], (uint8_t)board[4]};
                strength[s] = hr_eval_omaha(g, h4, 4, b5);
            } else {
                uint8_t c7[7] = {(uint8_t)hole[s][0], (uint8_t)hole[s][1], (uint8_t)board[0],
                                 (uint8_t)board[1], (uint8_t)board[2], (uint8_t)board[3],
                                 (uint8_t)board[4]};
                strength[s] = hr_eval(g, c7, 7);
            }
            if (strength[s] <= 0)
                PY(53);
        }
        int button = n == 2 ? 1 : n - 1;
        int64_t level[MAXS];            /* the live contributions, sorted, distinct */
        int nl = hr_pot_levels(chips, n, (uint64_t)in_hand, level);
        int64_t low = 0;
        for (int i = 0; i < nl; i++) {
            int64_t high = level[i];
            int last = i == nl - 1;
            int64_t amount = i == 0 ? dead : 0;
            for (int s = 0; s < n; s++) {
                int64_t c = chips[s];
                amount += (c < high ? c : high) - (c < low ? c : low);
                if (last && c > high)
                    amount += c - high;
            }
            low = high;
            if (amount == 0)
                continue;
            int best = 0, best_low = 0, nw = 0, ne = 0, win[MAXS];
            for (int s = 0; s < n; s++)
                if ((in_hand >> s & 1) && chips[s] >= high) {
                    ne++;
                    if (strength[s] > best)
                        best = strength[s];
                    if (lowv[s] > best_low)
                        best_low = lowv[s];
                }
            if (ne > 1)
                flags |= HR_PHH_SHOWDOWN;
            /* hi-lo (src/handrank/hilo.py _pay_pot): a contested pot with a
             * qualifying low is halved, the odd chip of the halving to the high half */
            int64_t low_amount = hilo && ne > 1 && best_low > 0 ? amount / 2 : 0;
            /* winners in odd-chip order: clockwise from the button */
            for (int k = 1; k <= n; k++) {
                int s = (button + k) % n;
                if ((in_hand >> s & 1) && chips[s] >= high && strength[s] == best)
                    win[nw++] = s;
            }
            int64_t each = (amount - low_amount) / nw, odd = (amount - low_amount) % nw;
            for (int k = 0; k < nw; k++)
                pay[win[k]] += each + (k < odd);
            if (low_amount) {
                nw = 0;
                for (int k = 1; k <= n; k++) {
                    int s = (button + k) % n;
                    if ((in_hand >> s & 1) && chips[s] >= high && lowv[s] == best_low)
                        win[nw++] = s;
                }
                each = low_amount / nw, odd = low_amount % nw;
                for (int k = 0; k < nw; k++)
                    pay[win[k]] += each + (k < odd);
            }
        }
    }
    if (allin)
        flags |= HR_PHH_ALLIN;
    if (omaha)
        flags |= HR_PHH_OMAHA;
    rec[HR_PHH_FLAGS] = flags;
    rec[HR_PHH_DEAD] = dead;
    int agree = -1;
    if (record >= 0) {
        /* _compare: equal; or, where the record has halves, within half a chip per
         * seat with the same total (an odd chip split in halves) */
        int64_t total = 0, worst = 0;
        for (int s = 0; s < n; s++) {
            int64_t mine = record == K_FINISH ? stack0[s] + pay[s] - st.put[s] : pay[s];
            int64_t d = fin[s] - 2 * mine;
            total += d;
            if ((d < 0 ? -d : d) > worst)
                worst = d < 0 ? -d : d;
        }
        agree = worst == 0 || (h->half && total == 0 && worst <= 1);
    }
    rec[HR_PHH_AGREE] = agree;
    for (int s = 0; s < n; s++) {
        rec[HR_PHH_FIXED + HR_PHH_PER_SEAT * s] = st.put[s];
        rec[HR_PHH_FIXED + HR_PHH_PER_SEAT * s + 1] = pay[s];
        rec[HR_PHH_CHIPS + s] = chips[s];
        if (has_hole >> s & 1) {
            int64_t packed = H;
            for (int k = 0; k < H; k++)
                packed |= (int64_t)hole[s][k] << (8 + 8 * k);
            rec[HR_PHH_HOLES + s] = packed;
        }
    }
    rec[HR_PHH_OUT] = out;
    rec[HR_PHH_KNOWN] = has_hole;
    return HR_PHH_OK;
}


/* one hand's text [p, e) read line by line (the generic reader): its record; the
 * status */
static int hand(const char *base, const char *p, const char *e, int mode, int64_t *rec,
                scratch *sc)
{
    hand_in in;
    memset(&in, 0, sizeof in);
    span keys[MAXKEYS];
    int nkeys = 0;
    /* _fast: one key = value per non-blank line */
    for (const char *q = p; q < e;) {
        const char *eol = memchr(q, '\n', (size_t)(e - q));
        const char *le = eol ? eol : e, *ls = q;
        q = eol ? eol + 1 : e;
        strip(&ls, &le);
        if (ls == le)
            continue;
        const char *k = ls;
        if (!((*k >= 'A' && *k <= 'Z') || (*k >= 'a' && *k <= 'z') || *k == '_'))
            PY(1);
        while (k < le && ((*k >= 'A' && *k <= 'Z') || (*k >= 'a' && *k <= 'z') || *k == '_'
                          || (*k >= '0' && *k <= '9')))
            k++;
        span key = {ls, k - ls};
        while (k < le && (*k == ' ' || *k == '\t'))
            k++;
        if (k >= le || *k != '=')
            PY(2);
        k++;
        while (k < le && (*k == ' ' || *k == '\t'))
            k++;
        span v = {k, le - k};
        if (memchr(v.p, '#', (size_t)v.n))
            PY(3);                      /* a comment, or '#' in a string: Python */
        for (int j = 0; j < nkeys; j++)
            if (keys[j].n == key.n && memcmp(keys[j].p, key.p, (size_t)key.n) == 0)
                PY(4);                  /* a repeated key: TOML refuses it */
        if (nkeys == MAXKEYS)
            PY(5);
        keys[nkeys++] = key;
        int which = -1;
        for (int j = 0; j < K_N; j++)
            if (key.n == known_len[j] && memcmp(key.p, known[j], (size_t)key.n) == 0) {
                which = j;
                break;
            }
        if (which >= 0) {
            in.val[which] = v, in.have[which] = 1;
        } else if (eq(key, "currency")) {
            PY(9);                      /* amounts in money: the Python path keeps the unit */
        } else {
            value val;
            if (parse_value(v.p, v.n, &val, NULL) == V_OTHER)
                PY(6);
        }
    }
    /* _hand */
    if (!in.have[K_VARIANT] || !in.have[K_STACKS] || !in.have[K_ACTIONS] || in.have[K_RAKE])
        PY(7);
    value val;
    if (parse_value(in.val[K_VARIANT].p, in.val[K_VARIANT].n, &val, NULL) != V_STR)
        PY(8);
    /* hold'em (two hole cards, any five) or pot- and no-limit Omaha (four, two
     * of them with three of the board) */
    int hilo = eq(val.str, "FO/8");     /* fixed-limit Omaha hi-lo, eight or better */
    int omaha = eq(val.str, "PO") || eq(val.str, "NO") || hilo;
    if (!eq(val.str, "NT") && !eq(val.str, "FT") && !eq(val.str, "PT") && !omaha)
        PY(9);
    parsed h;
    h.hilo = hilo, h.omaha = omaha, h.H = omaha ? 4 : 2;
    rec[HR_PHH_VARIANT] = (int64_t)(val.str.p - base) | (int64_t)val.str.n << 40;
    int64_t *stack0 = h.stack0, *antes = h.antes, *blinds = h.blinds, *fin = h.fin;
    {
        value sv;
        if (parse_value(in.val[K_STACKS].p, in.val[K_STACKS].n, &sv, &sc->a) != V_ARR_NUM)
            PY(10);
    }
    int64_t n64 = sc->a.n;
    if (n64 < 2 || n64 > MAXS)
        PY(11);
    int n = (int)n64;
    h.n = n;
    if (!ints(in.val[K_STACKS], n, stack0, &sc->b))
        PY(12);
    for (int s = 0; s < MAXS; s++)
        antes[s] = blinds[s] = 0;
    if (in.have[K_ANTES] && !ints(in.val[K_ANTES], n, antes, &sc->b)
        && !ints(in.val[K_ANTES], 0, antes, &sc->b))
        PY(13);
    if (in.have[K_BLINDS] && !ints(in.val[K_BLINDS], n, blinds, &sc->b)
        && !ints(in.val[K_BLINDS], 0, blinds, &sc->b))
        PY(14);
    int trim = 0;
    if (in.have[K_TRIM]) {
        if (parse_value(in.val[K_TRIM].p, in.val[K_TRIM].n, &val, NULL) != V_BOOL)
            PY(15);
        trim = (int)val.num;
    }
    h.trim = trim;
    int64_t small_bet = 0;
    if (in.have[K_SMALL_BET]) {
        if (parse_value(in.val[K_SMALL_BET].p, in.val[K_SMALL_BET].n, &val, NULL) != V_INT
            || val.num < 0)
            PY(16);
        small_bet = val.num;
    }
    h.small_bet = small_bet;
    int record = -1;        /* K_FINISH or K_WINNINGS: fin holds it in half chips */
    int half = 0;
    if (in.have[K_WINNINGS]) {
        int f2 = 0, h2 = 0;
        if (!halves(in.val[K_WINNINGS], n, fin, &f2, &h2, &sc->b))
            PY(17);
        (void)f2;
        record = K_WINNINGS, half = h2;
    }
    if (in.have[K_FINISH]) {
        int f2 = 0, h2 = 0;
        if (!halves(in.val[K_FINISH], n, fin, &f2, &h2, &sc->b))
            PY(18);
        (void)f2;
        record = K_FINISH, half = h2;
    }
    int64_t flags = 0;
    if (in.have[K_PLAYERS]) {
        value pv;
        if (parse_value(in.val[K_PLAYERS].p, in.val[K_PLAYERS].n, &pv, &sc->b) != V_ARR_STR
            || sc->b.n != n)
            PY(19);
        for (int s = 0; s < n; s++) {
            rec[HR_PHH_FIXED + HR_PHH_PER_SEAT * s + 2] = sc->b.str[s].p - base;
            rec[HR_PHH_FIXED + HR_PHH_PER_SEAT * s + 3] = sc->b.str[s].n;
        }
        flags |= HR_PHH_PLAYERS;
    }
    items *acts = &sc->a;
    {
        value av;
        int t = parse_value(in.val[K_ACTIONS].p, in.val[K_ACTIONS].n, &av, acts);
        if (t == V_ARR_EMPTY)
            acts->n = 0;
        else if (t != V_ARR_STR)
            PY(20);
    }
    h.record = record, h.half = half, h.flags = flags;
    actions a = {acts, 0, NULL, NULL};
    return play(&h, mode, rec, &a);
}

/* a line's stripped bounds; -1 when an end is not ASCII (Python's strip may differ) */
static int line_bounds(const char *ls, const char *le, const char **s, const char **e)
{
    *s = ls, *e = le;
    strip(s, e);
    if (*s < *e && (((unsigned char)**s) >= 0x80 || ((unsigned char)(*e)[-1]) >= 0x80))
        return -1;
    return 0;
}

static int is_header(const char *s, const char *e)
{
    return e - s >= 2 && s[0] == '[' && e[-1] == ']' && s[1] != '[';
}

/* a chunk with any line that is not blank and not a comment is a hand */
static int has_content(const char *p, const char *e)
{
    for (const char *q = p; q < e;) {
        const char *eol = memchr(q, '\n', (size_t)(e - q));
        const char *le = eol ? eol : e, *ls = q;
        q = eol ? eol + 1 : e;
        strip(&ls, &le);
        if (ls < le && *ls != '#')
            return 1;
    }
    return 0;
}

/* any byte the fast path leaves to Python: non-ASCII or a control character */
static int plain_byte(unsigned char c)
{
    return !(c >= 0x80 || (c < 0x20 && c != '\t' && c != '\n' && c != '\r'));
}

#define ONES ((uint64_t)0x0101010101010101u)
#define HIGHS ((uint64_t)0x8080808080808080u)

static int plain(const char *p, const char *e)
{
    /* eight bytes at a time: a word with no byte >= 0x80 and none < 0x20 is
     * plain; a word with a byte < 0x20 (a newline, a tab...) is checked byte
     * by byte.  (w - 0x20 * ONES) & ~w & HIGHS is nonzero exactly when some
     * byte of w is below 0x20, all bytes being below 0x80. */
    for (; e - p >= 8; p += 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        if (w & HIGHS)
            return 0;
        if ((w - 0x20 * ONES) & ~w & HIGHS)
            for (int k = 0; k < 8; k++)
                if (!plain_byte((unsigned char)p[k]))
                    return 0;
    }
    for (; p < e; p++)
        if (!plain_byte((unsigned char)*p))
            return 0;
    return 1;
}


/* The quick reader: one pass over a hand's text in the spelling generated and
 * real files use (every line "key = value" with one space each side of '=' and
 * nothing around it, or empty; arrays "[a, b]"; whole numbers without a sign
 * or a leading zero; quoted strings of printable ASCII with no backslash or
 * '#'), with no line split twice, no value parsed twice and no array of
 * items.  It takes a hand only where the generic reader (hand() above) takes
 * it with the same record, so anything else -- another spelling, a value it
 * does not read, a hand the generic reader refuses -- is left to the generic
 * reader (BAIL), which decides.  hr_phh_scan with HR_PHH_GENERIC reads with
 * the generic reader alone: the tests check both give the same records. */

#define MAXUNK 16           /* other keys the quick reader checks, at most */

enum { Q_BAIL, Q_EMPTY, Q_HAND };

/* the eight bytes at p, the first the lowest (one load where the compiler sees it) */
static uint64_t le64(const char *p)
{
    const unsigned char *u = (const unsigned char *)p;
    return (uint64_t)u[0] | (uint64_t)u[1] << 8 | (uint64_t)u[2] << 16 | (uint64_t)u[3] << 24
           | (uint64_t)u[4] << 32 | (uint64_t)u[5] << 40 | (uint64_t)u[6] << 48
           | (uint64_t)u[7] << 56;
}

/* a whole number written with digits only, no leading zero, at most MAXDIGITS
 * (scalar() reads it as the same V_INT); the byte after it, or NULL */
static const char *quick_uint(const char *p, const char *end, int64_t *out)
{
    const char *s = p;
    int64_t v = 0;
    if (end - p >= 8) {
        /* eight bytes at once: the digits before the first other byte (a byte
         * with the high bit set may carry into the next, past that first one) */
        uint64_t w = le64(p);
        uint64_t hi = w & 0xF0F0F0F0F0F0F0F0u;
        uint64_t six = (w + 0x0606060606060606u) & 0xF0F0F0F0F0F0F0F0u;
        uint64_t odd = (hi ^ 0x3030303030303030u) | (six ^ 0x3030303030303030u);
        odd = (odd | ((odd & 0x7F7F7F7F7F7F7F7Fu) + 0x7F7F7F7F7F7F7F7Fu)) & 0x8080808080808080u;
        if (odd) {
            unsigned len = hr_ctz64(odd) >> 3;      /* 0 to 7 digits */
            if (len == 0 || (*p == '0' && len > 1))
                return NULL;
            /* the digits moved to the top, zeros before them, then summed in pairs,
             * fours and eights */
            uint64_t d = (w - 0x3030303030303030u) << (8 * (8 - len));
            d = d * 10 + (d >> 8);
            d = (((d & 0x000000FF000000FFu) * 0x000F424000000064u)
                 + (((d >> 16) & 0x000000FF000000FFu) * 0x0000271000000001u)) >> 32;
            *out = (int64_t)d;
            return p + len;
        }
    }
    while (p < end && (unsigned)(*p - '0') < 10 && p - s <= MAXDIGITS) {
        v = v * 10 + (*p - '0');
        p++;
    }
    if (p == s || p - s > MAXDIGITS || (*s == '0' && p - s > 1))
        return NULL;
    *out = v;
    return p;
}

/* "[a, b, ...]" of quick_uint numbers, 1 to MAXS of them: the byte after it, or NULL */
static const char *quick_uints(const char *p, const char *end, int64_t *out, int *count)
{
    if (p >= end || *p != '[')
        return NULL;
    p++;
    for (int k = 0; k < MAXS;) {
        p = quick_uint(p, end, &out[k]);
        if (!p)
            return NULL;
        k++;
        if (p < end && *p == ']') {
            *count = k;
            return p + 1;
        }
        if (end - p < 2 || p[0] != ',' || p[1] != ' ')
            return NULL;
        p += 2;
    }
    return NULL;
}

/* the same with half chips: each number twice its value (x, x.5, x.0, x.50...), as
 * halves() reads them; *half set when one has a half */
static const char *quick_halves(const char *p, const char *end, int64_t *out2, int *count,
                                int *half)
{
    if (p >= end || *p != '[')
        return NULL;
    p++;
    int hf = 0;
    for (int k = 0; k < MAXS;) {
        int64_t v;
        p = quick_uint(p, end, &v);
        if (!p)
            return NULL;
        v *= 2;
        if (p < end && *p == '.') {
            if (end - p < 2 || (p[1] != '0' && p[1] != '5'))
                return NULL;
            v += p[1] == '5';
            hf |= p[1] == '5';
            p += 2;
            while (p < end && *p == '0')
                p++;
        }
        out2[k++] = v;
        if (p < end && *p == ']') {
            *count = k;
            *half = hf;
            return p + 1;
        }
        if (end - p < 2 || p[0] != ',' || p[1] != ' ')
            return NULL;
        p += 2;
    }
    return NULL;
}

/* a byte of a quoted string the quick reader takes: printable ASCII, no
 * backslash, no '#' (the generic reader leaves a value with '#' to Python) */
static int strc(unsigned char c)
{
    return c >= 0x20 && c < 0x7f && c != '\\' && c != '#';
}

/* '...' or "..." of strc bytes: the byte after it, or NULL */
static const char *quick_string(const char *p, const char *end, span *s)
{
    if (p >= end || (*p != '\'' && *p != '"'))
        return NULL;
    char q = *p++;
    const char *a = p;
    while (p < end && *p != q && strc((unsigned char)*p))
        p++;
    if (p >= end || *p != q)
        return NULL;
    s->p = a, s->n = p - a;
    return p + 1;
}

/* "['a', 'b', ...]" of quick strings, 1 to MAXS of them */
static const char *quick_strings(const char *p, const char *end, span *out, int *count)
{
    if (p >= end || *p != '[')
        return NULL;
    p++;
    for (int k = 0; k < MAXS;) {
        p = quick_string(p, end, &out[k]);
        if (!p)
            return NULL;
        k++;
        if (p < end && *p == ']') {
            *count = k;
            return p + 1;
        }
        if (end - p < 2 || p[0] != ',' || p[1] != ' ')
            return NULL;
        p += 2;
    }
    return NULL;
}

/* true or false: the byte after it, or NULL */
static const char *quick_bool(const char *p, const char *end, int *out)
{
    if (end - p >= 4 && memcmp(p, "true", 4) == 0) {
        *out = 1;
        return p + 4;
    }
    if (end - p >= 5 && memcmp(p, "false", 5) == 0) {
        *out = 0;
        return p + 5;
    }
    return NULL;
}

/* which field the key k[0, n) is (K_*), or -1 */
static int key_of(const char *k, int64_t n)
{
    switch (n) {
    case 4:
        return memcmp(k, "rake", 4) == 0 ? K_RAKE : -1;
    case 5:
        return memcmp(k, "antes", 5) == 0 ? K_ANTES : -1;
    case 7:
        if (memcmp(k, "actions", 7) == 0)
            return K_ACTIONS;
        if (memcmp(k, "variant", 7) == 0)
            return K_VARIANT;
        return memcmp(k, "players", 7) == 0 ? K_PLAYERS : -1;
    case 8:
        return memcmp(k, "winnings", 8) == 0 ? K_WINNINGS : -1;
    case 9:
        return memcmp(k, "small_bet", 9) == 0 ? K_SMALL_BET : -1;
    case 15:
        return memcmp(k, "starting_stacks", 15) == 0 ? K_STACKS : -1;
    case 16:
        return memcmp(k, "finishing_stacks", 16) == 0 ? K_FINISH : -1;
    case 19:
        return memcmp(k, "blinds_or_straddles", 19) == 0 ? K_BLINDS : -1;
    case 20:
        return memcmp(k, "ante_trimming_status", 20) == 0 ? K_TRIM : -1;
    default:
        return -1;
    }
}

/* the field whose "key = " starts at p, or -1 */
static int key_at(const char *p, const char *end)
{
#define KEY_AT(lit, k) \
    if (end - p >= (int64_t)sizeof(lit) - 1 && memcmp(p, lit, sizeof(lit) - 1) == 0) \
        return k
    switch (*p) {
    case 'a':
        KEY_AT("actions = ", K_ACTIONS);
        KEY_AT("antes = ", K_ANTES);
        KEY_AT("ante_trimming_status = ", K_TRIM);
        break;
    case 'b':
        KEY_AT("blinds_or_straddles = ", K_BLINDS);
        break;
    case 'f':
        KEY_AT("finishing_stacks = ", K_FINISH);
        break;
    case 'p':
        KEY_AT("players = ", K_PLAYERS);
        break;
    case 's':
        KEY_AT("starting_stacks = ", K_STACKS);
        KEY_AT("small_bet = ", K_SMALL_BET);
        break;
    case 'v':
        KEY_AT("variant = ", K_VARIANT);
        break;
    case 'w':
        KEY_AT("winnings = ", K_WINNINGS);
        break;
    default:
        break;
    }
    return -1;
#undef KEY_AT
}

/* The chunk of text from p (a line's start) to its end: the next header line
 * (*stop; *next the line after it) or end (*stop = *next = end).  Q_HAND: a hand
 * the generic reader takes, its record filled as hand() fills it; Q_EMPTY: empty
 * lines only (no hand); Q_BAIL: anything else, for the generic reader. */
static int quick_chunk(const char *base, const char *p, const char *end, int mode,
                       int64_t *rec, const char **stop, const char **next)
{
    parsed h;
    span variant = {NULL, 0}, names[MAXS], unk[MAXUNK];
    int have = 0, lines = 0, nunk = 0, nst = 0, nan = 0, nbl = 0, nfin = 0, npl = 0;
    const char *ap = NULL, *ae = NULL;
    h.trim = 0, h.half = 0, h.small_bet = 0;
    for (int s = 0; s < MAXS; s++)
        h.antes[s] = h.blinds[s] = 0;
    const char *q = p;
    for (;;) {
        if (q >= end) {
            *stop = *next = end;
            break;
        }
        if (*q == '\n') {
            q++;
            continue;
        }
        if (*q == '[') {
            const char *eol = memchr(q, '\n', (size_t)(end - q));
            const char *s = q, *e = eol ? eol : end;
            strip(&s, &e);
            if (!is_header(s, e))
                return Q_BAIL;
            *stop = q;
            *next = eol ? eol + 1 : end;
            break;
        }
        /* a field's "key = " (no key holds a space); else any key's */
        const char *k = q;
        int which = key_at(q, end);
        if (which >= 0) {
            k = q + known_len[which];
        } else {
            while (k < end && ((*k >= 'a' && *k <= 'z') || *k == '_'))
                k++;
            if (k == q || end - k < 3 || k[0] != ' ' || k[1] != '=' || k[2] != ' ')
                return Q_BAIL;
            which = key_of(q, k - q);
        }
        const char *v = k + 3, *after = NULL;
        if (which >= 0) {
            if (have >> which & 1)
                return Q_BAIL;          /* a repeated key */
            have |= 1 << which;
        }
        lines++;
        switch (which) {
        case K_VARIANT:
            after = quick_string(v, end, &variant);
            break;
        case K_TRIM:
            after = quick_bool(v, end, &h.trim);
            break;
        case K_ANTES:
            after = quick_uints(v, end, h.antes, &nan);
            break;
        case K_BLINDS:
            after = quick_uints(v, end, h.blinds, &nbl);
            break;
        case K_STACKS:
            after = quick_uints(v, end, h.stack0, &nst);
            break;
        case K_ACTIONS: {
            /* the line's text for next_action, which checks it as the replay goes */
            const char *eol = memchr(v, '\n', (size_t)(end - v));
            after = eol ? eol : end;
            if (after - v < 2 || v[0] != '[' || after[-1] != ']')
                return Q_BAIL;
            ap = v + 1, ae = after - 1;
            break;
        }
        case K_PLAYERS:
            after = quick_strings(v, end, names, &npl);
            break;
        case K_FINISH:
        case K_WINNINGS:
            after = quick_halves(v, end, h.fin, &nfin, &h.half);
            break;
        case K_SMALL_BET:
            after = quick_uint(v, end, &h.small_bet);
            break;
        case K_RAKE:
            return Q_BAIL;
        default: {
            /* another key: a whole number, a string or a boolean, not repeated */
            span key = {q, k - q};
            if (eq(key, "currency") || nunk == MAXUNK)
                return Q_BAIL;
            for (int j = 0; j < nunk; j++)
                if (unk[j].n == key.n && memcmp(unk[j].p, key.p, (size_t)key.n) == 0)
                    return Q_BAIL;
            unk[nunk++] = key;
            int64_t x;
            int b;
            span sv;
            if (v < end && *v >= '0' && *v <= '9')
                after = quick_uint(v, end, &x);
            else if (v < end && (*v == '\'' || *v == '"'))
                after = quick_string(v, end, &sv);
            else
                after = quick_bool(v, end, &b);
        }
        }
        if (!after || (after < end && *after != '\n'))
            return Q_BAIL;
        q = after < end ? after + 1 : end;
    }
    if (!lines)
        return Q_EMPTY;
    /* what hand() then asks of the fields */
    if (!(have >> K_VARIANT & 1) || !(have >> K_STACKS & 1) || !(have >> K_ACTIONS & 1)
        || ((have >> K_FINISH & 1) && (have >> K_WINNINGS & 1)))
        return Q_BAIL;
    h.hilo = eq(variant, "FO/8");
    h.omaha = eq(variant, "PO") || eq(variant, "NO") || h.hilo;
    if (!eq(variant, "NT") && !eq(variant, "FT") && !eq(variant, "PT") && !h.omaha)
        return Q_BAIL;
    h.H = h.omaha ? 4 : 2;
    int n = nst;
    if (n < 2 || ((have >> K_ANTES & 1) && nan != n) || ((have >> K_BLINDS & 1) && nbl != n)
        || ((have & (1 << K_FINISH | 1 << K_WINNINGS)) && nfin != n)
        || ((have >> K_PLAYERS & 1) && npl != n))
        return Q_BAIL;
    h.n = n;
    h.record = have >> K_FINISH & 1 ? K_FINISH : have >> K_WINNINGS & 1 ? K_WINNINGS : -1;
    h.flags = 0;
    rec[HR_PHH_VARIANT] = (int64_t)(variant.p - base) | (int64_t)variant.n << 40;
    if (have >> K_PLAYERS & 1) {
        for (int s = 0; s < n; s++) {
            rec[HR_PHH_FIXED + HR_PHH_PER_SEAT * s + 2] = names[s].p - base;
            rec[HR_PHH_FIXED + HR_PHH_PER_SEAT * s + 3] = names[s].n;
        }
        h.flags |= HR_PHH_PLAYERS;
    }
    actions a = {NULL, 0, ap, ae};
    return play(&h, mode, rec, &a) == HR_PHH_OK ? Q_HAND : Q_BAIL;
}

int64_t hr_phh_scan(const char *buf, int64_t len, const int64_t *seg_end, int64_t n_seg,
                    int final, int mode, int64_t *out, int64_t cap, int64_t *consumed)
{
    int quick = !(mode & HR_PHH_GENERIC), quick_only = quick && (mode & HR_PHH_QUICK_ONLY);
    int bailed = 0;                  /* the quick reader left the current chunk */
    mode &= 1;
    int64_t count = 0;
    *consumed = len;
    for (const char *r = buf; len > 1 && r < buf + len - 1;) {     /* a lone CR: Python */
        r = memchr(r, '\r', (size_t)(buf + len - 1 - r));
        if (!r)
            break;
        if (r[1] != '\n')
            return -1;
        r++;
    }
    if (len > 0 && buf[len - 1] == '\r')
        return -1;
    scratch sc;
    int64_t seg_start = 0;
    for (int64_t g = 0; g < n_seg; g++) {
        const char *p = buf + seg_start, *end = buf + seg_end[g];
        seg_start = seg_end[g];
        const char *chunk = p;           /* the current hand's text starts here */
        const char *head = NULL;         /* and its header line here (NULL: none) */
        int last_seg = g == n_seg - 1;
        for (const char *q = p;;) {
            if (quick && q == chunk && count < cap) {
                /* the quick reader first, at each chunk's start; where it leaves
                 * the chunk, the lines below read it one by one */
                int64_t *rec = out + count * HR_PHH_WIDTH;
                const char *stop, *next;
                memset(rec, 0, sizeof(int64_t) * HR_PHH_WIDTH);
                rec[HR_PHH_AGREE] = -1;
                int r = quick_chunk(buf, chunk, end, mode, rec, &stop, &next);
                bailed = r == Q_BAIL;
                if (r != Q_BAIL) {
                    if (stop == end && last_seg && !final) {
                        *consumed = (head ? head : chunk) - buf;
                        return count;
                    }
                    if (r == Q_HAND) {
                        rec[HR_PHH_STATUS] = HR_PHH_OK;
                        rec[HR_PHH_SEGMENT] = g;
                        rec[HR_PHH_START] = chunk - buf;
                        rec[HR_PHH_END] = stop - buf;
                        count++;
                    }
                    if (stop == end)
                        break;
                    head = stop;
                    chunk = q = next;
                    continue;
                }
            }
            const char *eol = q < end ? memchr(q, '\n', (size_t)(end - q)) : NULL;
            const char *le = eol ? eol : end;
            const char *s, *e;
            int at_end = q >= end;
            int header = 0;
            if (!at_end) {
                if (line_bounds(q, le, &s, &e) < 0)
                    return -1;
                header = is_header(s, e);
            }
            if (header || at_end) {
                const char *stop = at_end ? end : q;
                if (at_end && last_seg && !final) {
                    *consumed = (head ? head : chunk) - buf;
                    return count;
                }
                if (has_content(chunk, stop)) {
                    if (count >= cap)
                        return -2;
                    int64_t *rec = out + count * HR_PHH_WIDTH;
                    memset(rec, 0, sizeof(int64_t) * HR_PHH_WIDTH);
                    rec[HR_PHH_SEGMENT] = g;
                    rec[HR_PHH_START] = chunk - buf;
                    rec[HR_PHH_END] = stop - buf;
                    rec[HR_PHH_AGREE] = -1;
                    if (quick_only && bailed) {
                        rec[HR_PHH_STATUS] = HR_PHH_PYTHON;
                        rec[HR_PHH_WHY] = 70;
                    } else if (!plain(chunk, stop)) {
                        rec[HR_PHH_STATUS] = HR_PHH_PYTHON;
                        rec[HR_PHH_WHY] = 60;
                    } else {
                        rec[HR_PHH_STATUS] = hand(buf, chunk, stop, mode, rec, &sc);
                    }
                    count++;
                }
                if (at_end)
                    break;
                head = q;
                chunk = eol ? eol + 1 : end;
            }
            q = eol ? eol + 1 : end;
        }
    }
    return count;
}
