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

static int card_id(const char *c)
{
    static const char ranks[] = "23456789TJQKA", suits[] = "cdhs";
    const char *r = memchr(ranks, c[0], 13), *s = memchr(suits, c[1], 4);
    if (!r || !s)
        return -1;
    return (int)(r - ranks) * 4 + (int)(s - suits);
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
    return memchr(t.p, '?', (size_t)t.n) != NULL;
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

static int pop(uint32_t m)
{
    int c = 0;
    for (; m; m &= m - 1)
        c++;
    return c;
}

typedef struct state {
    int n;
    int64_t stack[MAXS], bet[MAXS], put[MAXS];
    uint32_t full, folded, need;
} state;

static uint32_t live(const state *st)
{
    return st->full & ~st->folded;
}

static uint32_t can_act(const state *st)
{
    uint32_t m = 0;
    for (int s = 0; s < st->n; s++)
        if (!(st->folded >> s & 1) && st->stack[s] > 0)
            m |= 1u << s;
    return m;
}

static int64_t max_bet(const state *st)
{
    int64_t m = 0;
    for (int s = 0; s < st->n; s++)
        if (st->bet[s] > m)
            m = st->bet[s];
    return m;
}

static int betting_done(const state *st)
{
    if (!st->need)
        return 1;
    uint32_t acting = can_act(st);
    if (pop(acting) > 1 || pop(live(st)) <= 1 || (st->need & ~acting))
        return 0;
    int64_t hi = max_bet(st);
    for (int s = 0; s < st->n; s++)
        if ((acting >> s & 1) && st->bet[s] < hi)
            return 0;
    return 1;
}

static int next_seat(const state *st, int from)
{
    for (int k = 0; k < st->n; k++) {
        int s = from + k;           /* (from + k) mod n, from >= 0, without a division */
        while (s >= st->n)
            s -= st->n;
        if (st->need >> s & 1)
            return s;
    }
    return -1;
}

static void settle_round(state *st)
{
    for (int s = 0; s < st->n; s++)
        st->put[s] += st->bet[s], st->bet[s] = 0;
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

#define PY(code) do { rec[HR_PHH_WHY] = (code); return HR_PHH_PYTHON; } while (0)

/* one hand's text [p, e): its record; the status */
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
    int H = omaha ? 4 : 2;
    rec[HR_PHH_VARIANT] = (int64_t)(val.str.p - base) | (int64_t)val.str.n << 40;
    int64_t stack0[MAXS], antes[MAXS], blinds[MAXS], fin[MAXS];
    {
        value sv;
        if (parse_value(in.val[K_STACKS].p, in.val[K_STACKS].n, &sv, &sc->a) != V_ARR_NUM)
            PY(10);
    }
    int64_t n64 = sc->a.n;
    if (n64 < 2 || n64 > MAXS)
        PY(11);
    int n = (int)n64;
    if (!ints(in.val[K_STACKS], n, stack0, &sc->b))
        PY(12);
    for (int s = 0; s < n; s++)
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
    int64_t small_bet = 0;
    if (in.have[K_SMALL_BET]) {
        if (parse_value(in.val[K_SMALL_BET].p, in.val[K_SMALL_BET].n, &val, NULL) != V_INT
            || val.num < 0)
            PY(16);
        small_bet = val.num;
    }
    int record = -1;        /* K_FINISH or K_WINNINGS: fin holds it in half chips */
    int floats = 0, half = 0;
    if (in.have[K_WINNINGS]) {
        int f2 = 0, h2 = 0;
        if (!halves(in.val[K_WINNINGS], n, fin, &f2, &h2, &sc->b))
            PY(17);
        record = K_WINNINGS, floats = f2, half = h2;
    }
    if (in.have[K_FINISH]) {
        int f2 = 0, h2 = 0;
        if (!halves(in.val[K_FINISH], n, fin, &f2, &h2, &sc->b))
            PY(18);
        record = K_FINISH, floats = f2, half = h2;
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
    rec[HR_PHH_SEATS] = n;
    int64_t bb = 0;
    for (int s = 0; s < n; s++)
        if (blinds[s] > bb)
            bb = blinds[s];
    rec[HR_PHH_BIG_BLIND] = bb ? bb : small_bet;
    if (mode == 0) {                    /* read only: each action cut into its tokens */
        for (int64_t i = 0; i < acts->n; i++) {
            span tok[5];
            int nt = tokens(acts->str[i], tok);
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
    state st;
    memset(&st, 0, sizeof st);
    st.n = n;
    st.full = (1u << n) - 1;
    int64_t dead = 0;
    for (int s = 0; s < n; s++) {
        int64_t a = antes[s] < stack0[s] ? antes[s] : stack0[s];
        st.stack[s] = stack0[s] - a;
        st.put[s] = a;
        if (!trim)
            dead += a;
    }
    int64_t bl[MAXS];
    memcpy(bl, blinds, sizeof bl);
    if (n == 2 && bl[0] < bl[1]) {
        int64_t t = bl[0];
        bl[0] = bl[1], bl[1] = t;
    }
    for (int s = 0; s < n; s++) {
        int64_t b = bl[s] < st.stack[s] ? bl[s] : st.stack[s];
        st.stack[s] -= b;
        st.bet[s] = b;
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
    for (int s = 0; s < n; s++)
        if (st.stack[s] > 0)
            st.need |= 1u << s;
    int hole[MAXS][4];
    uint32_t has_hole = 0, mucked = 0;
    uint64_t seen = 0;
    int board[5], nb = 0, over = 0, allin = 0;
    for (int64_t i = 0; i < acts->n; i++) {
        span tok[5];
        int nt = tokens(acts->str[i], tok);
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
        int64_t hi = max_bet(&st);
        if (f) {
            st.folded |= bit;
            if (pop(live(&st)) == 1)
                over = 1;
        } else if (cc) {
            int64_t c = hi - st.bet[s] < st.stack[s] ? hi - st.bet[s] : st.stack[s];
            st.bet[s] += c;
            st.stack[s] -= c;
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
        agree = worst == 0 || (half && total == 0 && worst <= 1);
        (void)floats;
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

int64_t hr_phh_scan(const char *buf, int64_t len, const int64_t *seg_end, int64_t n_seg,
                    int final, int mode, int64_t *out, int64_t cap, int64_t *consumed)
{
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
                    if (!plain(chunk, stop)) {
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
