/* handrank: PokerStars text into PHH hands for the fast path (csrc/sites.h).
 *
 * Each function below mirrors a step of the Python reader
 * (src/handrank/history/pokerstars.py: read_stream, _hand, _body) for the
 * lines it is sure of; on anything else the hand is left to Python. */
#include "sites.h"

#include <string.h>

#include "hilo.h"
#include "omaha.h"

#define MAXLINES 1024
#define MAXACTS 1024
#define MAXS HR_PHH_MAX_SEATS

typedef struct {
    const char *p;
    int64_t n;
} str_t;

/* Python's str.strip() on the ASCII bytes it strips */
static int blank(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
           || (c >= 0x1c && c <= 0x1f);
}

static void trim(const char **s, const char **e)
{
    while (*s < *e && blank((unsigned char)**s))
        (*s)++;
    while (*e > *s && blank((unsigned char)(*e)[-1]))
        (*e)--;
}

/* k bytes equal (short literals: the compiler unrolls it) */
static inline int same(const char *a, const char *b, size_t k)
{
    for (size_t i = 0; i < k; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}

static inline int starts_n(str_t l, const char *lit, size_t k)
{
    return (size_t)l.n >= k && same(l.p, lit, k);
}

static inline int ends_n(str_t l, const char *lit, size_t k)
{
    return (size_t)l.n >= k && same(l.p + l.n - (int64_t)k, lit, k);
}

static inline int eqs_n(str_t l, const char *lit, size_t k)
{
    return (size_t)l.n == k && same(l.p, lit, k);
}

static const char *find_n(str_t l, const char *lit, size_t k)
{
    if ((size_t)l.n < k)
        return NULL;
    const char *last = l.p + l.n - k;      /* the last place a match may start */
    for (const char *q = l.p; q <= last; q++) {
        q = memchr(q, lit[0], (size_t)(last - q + 1));
        if (!q)
            return NULL;
        if (same(q, lit, k))
            return q;
    }
    return NULL;
}

/* the same on string literals (their length known when compiled) */
#define starts(l, lit) starts_n((l), "" lit, sizeof(lit) - 1)
#define ends(l, lit) ends_n((l), "" lit, sizeof(lit) - 1)
#define eqs(l, lit) eqs_n((l), "" lit, sizeof(lit) - 1)
#define find(l, lit) find_n((l), "" lit, sizeof(lit) - 1)

static str_t tail(str_t l, int64_t k)
{
    str_t t = {l.p + k, l.n - k};
    return t;
}

static int digit(char c)
{
    return c >= '0' && c <= '9';
}

/* the amount token [$]?[\d.,]+ at t (greedy, as the reader's patterns): its
 * length (0: none); the value in *v as _num reads it (whole chips, or cents
 * when cents), 0 in *ok when _num would refuse it or it is out of range */
static int64_t amount(const char *t, const char *e, int cents, int64_t *v, int *ok)
{
    const char *a = t;
    if (a < e && *a == '$')
        a++;
    const char *b = a;
    while (b < e && (digit(*b) || *b == '.' || *b == ','))
        b++;
    if (b == a)
        return 0;
    /* commas dropped, then digits, optionally '.' and digits */
    int64_t whole = 0, frac = 0;
    int nd = 0, nf = 0, dot = 0, zeros = 1;
    *ok = 0;
    for (const char *c = a; c < b; c++) {
        if (*c == ',')
            continue;
        if (*c == '.') {
            if (dot)
                return b - t;
            dot = 1;
            continue;
        }
        if (!dot) {
            if (++nd > 15)
                return b - t;
            whole = whole * 10 + (*c - '0');
        } else {
            nf++;
            if (nf <= (cents ? 2 : 0))
                frac = frac * 10 + (*c - '0');
            else if (*c != '0')
                zeros = 0;
        }
    }
    if (nd == 0 || (dot && nf == 0) || !zeros)
        return b - t;           /* ".5", "5.": Decimal reads them; the fast path does not */
    if (cents) {
        for (int k = nf; k < 2; k++)
            frac *= 10;
        whole = whole * 100 + frac;
    }
    *v = whole;
    *ok = 1;
    return b - t;
}

/* the cap on a seat's sum of amounts: the single amount's (15 digits before the point),
 * so that a sum of two stays far within int64 (a hand past it goes to Python) */
#define WON_CAP(cents) ((cents) ? INT64_C(100000000000000000) : INT64_C(1000000000000000))

/* l is exactly an amount from k on: its value */
static int amount_to_end(str_t l, int64_t k, int cents, int64_t *v)
{
    int ok = 0;
    int64_t n = amount(l.p + k, l.p + l.n, cents, v, &ok);
    return ok && n > 0 && k + n == l.n;
}

/* the PHH text being written */
typedef struct {
    char *p, *e;
    int full;
    char *base;     /* the buffer's first byte (offsets in the PHH records); NULL: no
                     * PHH text is written (hr_stars_replay without one) */
    const char *site;   /* the site text's first byte */
} out_t;

/* writes without a bound check: stars_hand checks the room for the whole hand first */
static inline void put(out_t *o, const char *s, int64_t n)
{
    for (int64_t k = 0; k < n; k++)
        o->p[k] = s[k];
    o->p += n;
}

#define puts_(o, lit) (memcpy((o)->p, "" lit, sizeof(lit) - 1), (o)->p += sizeof(lit) - 1)

static void put_z(out_t *o, const char *s)
{
    put(o, s, (int64_t)strlen(s));
}

static inline void put_int(out_t *o, int64_t v)
{
    char b[24];
    int k = 24;
    if (v == 0)
        b[--k] = '0';
    while (v > 0) {
        b[--k] = (char)('0' + v % 10);
        v /= 10;
    }
    put(o, b + k, 24 - k);
}

/* cards as _cards writes them: spaces dropped, "10" as "T" */
static inline void put_cards(out_t *o, str_t c)
{
    for (int64_t k = 0; k < c.n; k++) {
        if (c.p[k] == ' ')
            continue;
        if (c.p[k] == '1' && k + 1 < c.n && c.p[k + 1] == '0') {
            *o->p++ = 'T';
            k++;
            continue;
        }
        *o->p++ = c.p[k];
    }
}

static int64_t cards_len(str_t c)
{
    int64_t n = 0;
    for (int64_t k = 0; k < c.n; k++) {
        if (c.p[k] == ' ')
            continue;
        if (c.p[k] == '1' && k + 1 < c.n && c.p[k + 1] == '0')
            k++;
        n++;
    }
    return n;
}

/* an action of the hand: kind 'f' fold, 'c' check/call, 'b' cbr amount,
 * 's' show (cards), 'm' muck, 'd' board (cards), 'h' the hole cards' place */
typedef struct {
    char kind;
    int8_t seat;
    int64_t amount;
    str_t cards;
} act_t;

typedef struct {
    str_t line[MAXLINES];
    act_t act[MAXACTS];
} work_t;

#define PY(code)                                                                              \
    do {                                                                                      \
        rec[HR_STARS_WHY] = (code);                                                           \
        return HR_STARS_PYTHON;                                                               \
    } while (0)

/* any byte Python may read otherwise: not ASCII, or a control character */
static int plain_byte(unsigned char c)
{
    return !(c >= 0x80 || (c < 0x20 && c != '\t' && c != '\n' && c != '\r'));
}

#define ONES ((uint64_t)0x0101010101010101u)
#define HIGHS ((uint64_t)0x8080808080808080u)

/* the bytes of w equal to c, as their high bits (exact: no carry crosses a byte) */
static inline uint64_t eq_bytes(uint64_t w, unsigned char c)
{
    uint64_t x = w ^ (c * ONES);
    return ~(((x & ~HIGHS) + ~HIGHS) | x) & HIGHS;
}

/* " for eliminating " ends at g + 1 (g: its 'g'), all of it in [lo, hi) */
static int knockout_at(const char *g, const char *lo, const char *hi)
{
    return g - lo >= 15 && hi - g >= 2 && same(g - 15, " for eliminating ", 17);
}

/* the end of the line at q (its '\n', or NULL: it runs to end), eight bytes at a time; *bad
 * set when a byte of the line is not plain (plain_byte: the hand goes to Python), *ko
 * when the line holds " for eliminating " (a knockout: the Python reader's) */
static const char *line_end(const char *q, const char *end, int *bad, int *ko)
{
    const char *lo = q;
    for (; end - q >= 8; q += 8) {
        uint64_t w;
        memcpy(&w, q, 8);
        uint64_t nl = eq_bytes(w, '\n');
        if (nl) {                           /* the line ends in this word */
            for (;; q++) {
                if (*q == '\n')
                    return q;
                if (!plain_byte((unsigned char)*q))
                    *bad = 1;
                if (*q == 'g' && knockout_at(q, lo, end))
                    *ko = 1;
            }
        }
        if (eq_bytes(w, 'g'))
            for (int k = 0; k < 8; k++)
                if (q[k] == 'g' && knockout_at(q + k, lo, end))
                    *ko = 1;
        if (w & HIGHS) {
            *bad = 1;
            continue;
        }
        uint64_t low = ~((w & ~HIGHS) + 0x60 * ONES) & HIGHS;
        if (low && (low & ~(eq_bytes(w, '\r') | eq_bytes(w, '\t'))))
            *bad = 1;
    }
    for (; q < end; q++) {
        if (*q == '\n')
            return q;
        if (!plain_byte((unsigned char)*q))
            *bad = 1;
        if (*q == 'g' && knockout_at(q, lo, end))
            *ko = 1;
    }
    return NULL;
}

/* a name written into a PHH string as it is: printable ASCII, no quote or backslash,
 * none of the characters the reader's patterns read as separators */
static int plain_name(str_t s)
{
    if (s.n <= 0 || s.n > 64)
        return 0;
    for (int64_t k = 0; k < s.n; k++) {
        char c = s.p[k];
        if (c < 0x20 || c == '"' || c == '\\' || c == '[' || c == ']' || c == '#'
            || c == ':' || c == '(' || c == ')')
            return 0;
    }
    return !blank((unsigned char)s.p[0]) && !blank((unsigned char)s.p[s.n - 1])
           && (!memchr(s.p, ' ', (size_t)s.n) || (!find(s, " collected ")
                                                   && !find(s, " cashed out")
                                                   && !find(s, " said, ")));
}

/* _variant: "NT", "PT", "FT", "NO", "PO", "FO/8" (the others: Python) */
static const char *variant(str_t head)
{
    if (find(head, "6+ Hold'em") || find(head, "Button Blind") || find(head, " Cap - ")
        || find(head, "Card"))
        return NULL;
    char limit = find(head, "No Limit") ? 'N' : find(head, "Pot Limit") ? 'P' : 'F';
    if (find(head, "Omaha")) {
        if (find(head, "Hi/Lo"))
            return limit == 'F' ? "FO/8" : NULL;
        return limit == 'N' ? "NO" : limit == 'P' ? "PO" : NULL;
    }
    if (find(head, "Hold'em"))
        return limit == 'N' ? "NT" : limit == 'P' ? "PT" : "FT";
    return NULL;
}

/* the header: "PokerStars Hand #N:", "PokerStars Zoom Hand #N:", "PokerStars Game #N:";
 * the length of the match (0: none) and the number in *id (-1: too long) */
static int64_t header(const char *s, const char *e, int64_t *id)
{
    str_t l = {s, e - s};
    if (*s != 'P' || !starts(l, "PokerStars "))
        return 0;
    int64_t k = 11;
    if (starts(tail(l, k), "Zoom "))
        k += 5;
    if (!starts(tail(l, k), "Hand #") && !starts(tail(l, k), "Game #"))
        return 0;
    k += 6;
    int64_t v = 0, nd = 0;
    while (k < l.n && digit(l.p[k])) {
        if (++nd <= 18)
            v = v * 10 + (l.p[k] - '0');
        k++;
    }
    if (nd == 0 || k >= l.n || l.p[k] != ':')
        return 0;
    *id = nd <= 18 ? v : -1;
    return k + 1;
}

/* the header's stakes, as _STAKES finds them: 0 when the big blind's amount is one
 * _num refuses (the Python reader refuses the hand) */
static int stakes_ok(str_t head, int cents)
{
    for (const char *q = head.p; q < head.p + head.n; q++) {
        q = memchr(q, '(', (size_t)(head.p + head.n - q));
        if (!q)
            return 1;
        const char *e = head.p + head.n;
        int ok = 0;
        int64_t v = 0;
        int64_t m = amount(q + 1, e, cents, &v, &ok);
        if (!m || q + 1 + m >= e || q[1 + m] != '/')
            continue;
        if (!amount(q + 2 + m, e, cents, &v, &ok))
            continue;
        return ok;
    }
    return 1;
}

/* the seat whose name starts l followed by ": " or " collected " (the reader's
 * longest seated name): -1 none, -2 more than one (Python) */
static int who(str_t l, const str_t *name, int n, int64_t *len)
{
    int found = -1;
    for (int s = 0; s < n; s++) {
        str_t m = name[s];
        if (l.n <= m.n || l.p[0] != m.p[0] || memcmp(l.p, m.p, (size_t)m.n) != 0)
            continue;
        str_t r = tail(l, m.n);
        if (starts(r, ": ") || starts(r, " collected ")) {
            if (found >= 0)
                return -2;
            found = s;
            *len = m.n;
        }
    }
    return found;
}

/* ---- the replay and settle of a hand taken whole, on its parsed arrays ----
 *
 * What hr_phh_scan (csrc/history.c, mode 1) does with the PHH text stars_hand
 * writes, done on the arrays it was written from: the same record, field by
 * field (status, chips put in, payouts, flags, the all-in EV's fields; the
 * names and the variant as offsets into the PHH text written), and the same
 * hands left to Python -- among them each hand whose written text the PHH
 * reader would not take (a number of more than 15 digits, more than 512
 * actions, cards it does not read).  Each rule below names the step of
 * history.c's hand() it mirrors; tests/test_history_stars_fast.py checks the
 * two give equal records. */

#define PHH_MAXDIGITS 15
#define PHH_MAXACT 512
#define PHH_TOO_BIG 1000000000000000LL       /* 10^15: 16 digits, more than the reader takes */

/* the tokens of cards as put_cards writes them (spaces dropped, "10" as "T"), cut at
 * tabs as the PHH reader's tokens() cuts an action: how many (at most 3 counted), and
 * the first one: its length, whether it holds a '?' or is all '?', its first bytes */
typedef struct {
    int n;
    int64_t len;
    int q, allq;
    char t[10];
} ctok_t;

static void card_tokens(str_t c, ctok_t *t)
{
    t->n = 0, t->len = 0, t->q = 0, t->allq = 1;
    int in = 0;
    for (int64_t k = 0; k < c.n; k++) {
        char ch = c.p[k];
        if (ch == ' ')
            continue;
        if (ch == '1' && k + 1 < c.n && c.p[k + 1] == '0')
            ch = 'T', k++;
        if (ch == '\t') {
            in = 0;
            continue;
        }
        if (!in) {
            in = 1;
            if (++t->n > 3)
                t->n = 3;
        }
        if (t->n == 1) {
            if (t->len < 10)
                t->t[t->len] = ch;
            t->len++;
            t->q |= ch == '?';
            t->allq &= ch == '?';
        }
    }
}

/* history.c's read_cards on the first token: its cards into ids (at most max), or -1 */
static int token_cards(const ctok_t *t, int *ids, int max)
{
    static const char ranks[] = "23456789TJQKA", suits[] = "cdhs";
    if (t->len % 2 || t->len / 2 > max)
        return -1;
    for (int k = 0; k < t->len / 2; k++) {
        const char *r = memchr(ranks, t->t[2 * k], 13), *s = memchr(suits, t->t[2 * k + 1], 4);
        if (!r || !s)
            return -1;
        ids[k] = (int)(r - ranks) * 4 + (int)(s - suits);
    }
    return (int)(t->len / 2);
}

static int pop(uint32_t m)
{
    int c = 0;
    for (; m; m &= m - 1)
        c++;
    return c;
}

typedef struct {
    int n;
    int64_t stack[MAXS], bet[MAXS], put[MAXS];
    uint32_t full, folded, need;
} state_t;

static uint32_t live(const state_t *st)
{
    return st->full & ~st->folded;
}

static uint32_t can_act(const state_t *st)
{
    uint32_t m = 0;
    for (int s = 0; s < st->n; s++)
        if (!(st->folded >> s & 1) && st->stack[s] > 0)
            m |= 1u << s;
    return m;
}

static int64_t max_bet(const state_t *st)
{
    int64_t m = 0;
    for (int s = 0; s < st->n; s++)
        if (st->bet[s] > m)
            m = st->bet[s];
    return m;
}

static int betting_done(const state_t *st)
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

static int next_seat(const state_t *st, int from)
{
    for (int k = 0; k < st->n; k++) {
        int s = from + k;
        while (s >= st->n)
            s -= st->n;
        if (st->need >> s & 1)
            return s;
    }
    return -1;
}

static void settle_round(state_t *st)
{
    for (int s = 0; s < st->n; s++)
        st->put[s] += st->bet[s], st->bet[s] = 0;
}

/* a parsed hand, as stars_hand writes it */
typedef struct {
    const char *var;
    int n, holes_n, na, deal_at;
    const int64_t *stack, *antes, *blinds;
    const str_t *hole;
    const act_t *act;
} parsed_t;

#define RPY(code)                                                                             \
    do {                                                                                      \
        rec[HR_PHH_WHY] = (code);                                                             \
        return HR_PHH_PYTHON;                                                                 \
    } while (0)

/* the hole cards dealt to seat s: the deal's state (history.c, "d dh") */
typedef struct {
    uint32_t has_hole, mucked;
    uint64_t seen;
    int hole[MAXS][4];
    int board[5], nb;
} cards_t;

static int deal_hole(const parsed_t *h, int s, cards_t *cs, int64_t *rec)
{
    ctok_t t;
    if (h->hole[s].p)
        card_tokens(h->hole[s], &t);
    else
        t.n = 1, t.q = 1;                   /* "??" a card */
    if (t.n != 1)
        RPY(32);
    if (t.q)
        return HR_PHH_OK;
    int ids[4];
    if (token_cards(&t, ids, h->holes_n) != h->holes_n || (cs->has_hole >> s & 1))
        RPY(34);
    for (int k = 0; k < h->holes_n; k++) {
        if (cs->seen >> ids[k] & 1)
            RPY(35);
        cs->seen |= 1ull << ids[k];
        cs->hole[s][k] = ids[k];
    }
    cs->has_hole |= 1u << s;
    return HR_PHH_OK;
}

/* "d db": the board dealt (betting first closed; the all-in EV's board noted) */
static int deal_board(const act_t *a, state_t *st, cards_t *cs, int *allin, int64_t *rec)
{
    ctok_t t;
    card_tokens(a->cards, &t);
    if (t.n != 1)
        RPY(36);
    if (st->need && !betting_done(st))
        RPY(37);
    uint32_t lv = live(st), ca = can_act(st);
    if (!*allin && pop(lv) > 1 && pop(ca) <= 1 && pop(ca) < pop(lv)) {
        *allin = 1;
        int64_t packed = cs->nb;
        for (int j = 0; j < cs->nb; j++)
            packed |= (int64_t)cs->board[j] << (8 + 8 * j);
        rec[HR_PHH_ALLIN_BOARD] = packed;
    }
    int ids[5];
    int k = token_cards(&t, ids, 5);
    if (k < 0 || cs->nb + k > 5 || (cs->nb == 0 && k != 3))
        RPY(38);
    for (int j = 0; j < k; j++) {
        if (cs->seen >> ids[j] & 1)
            RPY(39);
        cs->seen |= 1ull << ids[j];
        cs->board[cs->nb++] = ids[j];
    }
    settle_round(st);
    ca = can_act(st);
    st->need = pop(ca) > 1 ? ca : 0;
    return HR_PHH_OK;
}

/* "pN sm [cards]": a show or a muck */
static int show(const parsed_t *h, const act_t *a, const state_t *st, cards_t *cs,
                int64_t *rec)
{
    int s = a->seat;
    uint32_t bit = 1u << s;
    ctok_t t = {0, 0, 0, 1, {0}};
    if (a->kind == 's')
        card_tokens(a->cards, &t);
    if (t.n == 3)
        RPY(30);                            /* five tokens or more */
    if ((st->need && !betting_done(st)) || (st->folded & bit))
        RPY(42);
    if (t.n == 1 && !t.q) {
        int ids[4];
        if (token_cards(&t, ids, h->holes_n) != h->holes_n)
            RPY(43);
        if (cs->has_hole & bit) {
            int x[4], y[4];
            for (int i = 0; i < h->holes_n; i++)
                x[i] = ids[i], y[i] = cs->hole[s][i];
            for (int i = 1; i < h->holes_n; i++)
                for (int j = i; j > 0 && x[j - 1] > x[j]; j--) {
                    int u = x[j];
                    x[j] = x[j - 1], x[j - 1] = u;
                }
            for (int i = 1; i < h->holes_n; i++)
                for (int j = i; j > 0 && y[j - 1] > y[j]; j--) {
                    int u = y[j];
                    y[j] = y[j - 1], y[j - 1] = u;
                }
            for (int i = 0; i < h->holes_n; i++)
                if (x[i] != y[i])
                    RPY(44);
        } else {
            for (int k = 0; k < h->holes_n; k++) {
                if (cs->seen >> ids[k] & 1)
                    RPY(45);
                cs->seen |= 1ull << ids[k];
                cs->hole[s][k] = ids[k];
            }
            cs->has_hole |= bit;
        }
    } else if (t.n == 0 || t.allq) {
        cs->mucked |= bit;
    }
    return HR_PHH_OK;
}

/* a fold, a check or call, a bet or raise to an amount */
static int move(const act_t *a, state_t *st, int *cur, int *over, int64_t *rec)
{
    int s = a->seat, n = st->n;
    uint32_t bit = 1u << s;
    if (!(st->need & bit) || next_seat(st, *cur) != s)
        RPY(47);
    st->need &= ~bit;
    int64_t hi = max_bet(st);
    if (a->kind == 'f') {
        st->folded |= bit;
        if (pop(live(st)) == 1)
            *over = 1;
    } else if (a->kind == 'c') {
        int64_t c = hi - st->bet[s] < st->stack[s] ? hi - st->bet[s] : st->stack[s];
        st->bet[s] += c;
        st->stack[s] -= c;
    } else {
        int64_t x = a->amount;
        if (x >= PHH_TOO_BIG)
            RPY(48);
        if (x - st->bet[s] > st->stack[s] || x <= hi)
            RPY(50);
        st->stack[s] -= x - st->bet[s];
        st->bet[s] = x;
        st->need = can_act(st) & ~bit;
    }
    *cur = s + 1 == n ? 0 : s + 1;
    return HR_PHH_OK;
}

/* each seat's showdown strength (and low, hi-lo) into strength / lowv */
static int strengths(const parsed_t *h, const cards_t *cs, uint32_t in_hand, int *strength,
                     int *lowv, int64_t *rec)
{
    const hr_game *g = hr_game_at(0);
    int hilo = h->var[1] == 'O' && h->var[2] == '/';
    int omaha = h->var[1] == 'O';
    uint8_t b5[5];
    for (int j = 0; j < 5; j++)
        b5[j] = (uint8_t)cs->board[j];
    for (int s = 0; s < h->n; s++) {
        lowv[s] = 0;
        strength[s] = 0;
        if (!(in_hand >> s & 1))
            continue;
        uint8_t h4[4];
        for (int k = 0; k < h->holes_n; k++)
            h4[k] = (uint8_t)cs->hole[s][k];
        if (hilo) {
            uint16_t hl[2];
            if (!hr_eval_omaha_hilo(g, h4, 4, b5, hl))
                RPY(54);
            strength[s] = hl[0];
            lowv[s] = hl[1];
        } else if (omaha) {
            strength[s] = hr_eval_omaha(g, h4, 4, b5);
        } else {
            uint8_t c7[7] = {h4[0], h4[1], b5[0], b5[1], b5[2], b5[3], b5[4]};
            strength[s] = hr_eval(g, c7, 7);
        }
        if (strength[s] <= 0)
            RPY(53);
    }
    return HR_PHH_OK;
}

/* the pots, main and side, paid (history.c's settle: odd chips clockwise from the
 * button, hi-lo halves with the odd chip high) */
static void pay_pots(int n, int hilo, uint32_t in_hand, const int64_t *chips, int64_t dead,
                     const int *strength, const int *lowv, int64_t *pay, int64_t *flags)
{
    int button = n == 2 ? 1 : n - 1;
    int64_t level[MAXS];
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
            *flags |= HR_PHH_SHOWDOWN;
        int64_t low_amount = hilo && ne > 1 && best_low > 0 ? amount / 2 : 0;
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

/* the blinds and antes posted: the replay's first state, the first seat to act */
static void post(const parsed_t *h, state_t *st, int64_t *dead, int *cur)
{
    int n = h->n;
    memset(st, 0, sizeof *st);
    st->n = n;
    st->full = (1u << n) - 1;
    *dead = 0;
    for (int s = 0; s < n; s++) {
        int64_t a = h->antes[s] < h->stack[s] ? h->antes[s] : h->stack[s];
        st->stack[s] = h->stack[s] - a;
        st->put[s] = a;
        *dead += a;
    }
    int64_t bl[MAXS];
    for (int s = 0; s < n; s++)
        bl[s] = h->blinds[s];
    if (n == 2 && bl[0] < bl[1]) {
        int64_t t = bl[0];
        bl[0] = bl[1], bl[1] = t;
    }
    for (int s = 0; s < n; s++) {
        int64_t b = bl[s] < st->stack[s] ? bl[s] : st->stack[s];
        st->stack[s] -= b;
        st->bet[s] = b;
    }
    int64_t top = 0;
    for (int s = 0; s < n; s++)
        if (bl[s] > 0 && st->bet[s] > top)
            top = st->bet[s];
    *cur = 0;
    for (int s = n - 1; s >= 0; s--)
        if (top > 0 && bl[s] > 0 && st->bet[s] == top)
            *cur = (s + 1) % n;
    for (int s = 0; s < n; s++)
        if (st->stack[s] > 0)
            st->need |= 1u << s;
}

/* what the PHH reader checks before it replays: numbers it reads, actions it holds */
static int readable(const parsed_t *h, int64_t *rec)
{
    int any_ante = 0;
    for (int s = 0; s < h->n; s++) {
        if (h->stack[s] >= PHH_TOO_BIG)
            RPY(10);
        if (h->blinds[s] >= PHH_TOO_BIG)
            RPY(14);
        any_ante |= h->antes[s] != 0;
    }
    if (any_ante)
        for (int s = 0; s < h->n; s++)
            if (h->antes[s] >= PHH_TOO_BIG)
                RPY(13);
    if (h->na + h->n > PHH_MAXACT)
        RPY(20);
    /* a quote, a backslash or a '#' in cards: the PHH line reads otherwise */
    for (int s = 0; s < h->n; s++)
        if (h->hole[s].p && (memchr(h->hole[s].p, '"', (size_t)h->hole[s].n)
                             || memchr(h->hole[s].p, '\\', (size_t)h->hole[s].n)
                             || memchr(h->hole[s].p, '#', (size_t)h->hole[s].n)))
            RPY(3);
    for (int i = 0; i < h->na; i++) {
        str_t c = h->act[i].cards;
        if (c.p && (memchr(c.p, '"', (size_t)c.n) || memchr(c.p, '\\', (size_t)c.n)
                    || memchr(c.p, '#', (size_t)c.n)))
            RPY(3);
    }
    /* heads-up antes and blinds: the hands the PHH replay leaves to Python */
    if (h->n == 2 && (h->antes[0] != h->antes[1] || h->blinds[0] > h->blinds[1]))
        RPY(60);
    return HR_PHH_OK;
}

/* the hand's actions replayed, in order, the deal of hole cards at deal_at */
static int replay_acts(const parsed_t *h, state_t *st, cards_t *cs, int *allin, int cur,
                       int64_t *rec)
{
    int over = 0;
    for (int i = 0; i <= h->na; i++) {
        if (i == h->deal_at)
            for (int s = 0; s < h->n; s++) {
                if (over)
                    RPY(30);
                if (deal_hole(h, s, cs, rec) != HR_PHH_OK)
                    return HR_PHH_PYTHON;
            }
        if (i == h->na)
            break;
        const act_t *a = &h->act[i];
        if (over)
            RPY(30);
        int r;
        if (a->kind == 'd')
            r = deal_board(a, st, cs, allin, rec);
        else if (a->kind == 's' || a->kind == 'm')
            r = show(h, a, st, cs, rec);
        else
            r = move(a, st, &cur, &over, rec);
        if (r != HR_PHH_OK)
            return r;
        if (a->kind == 'd')
            cur = 0;
    }
    settle_round(st);
    if (!over && st->need && !betting_done(st))
        RPY(51);
    return HR_PHH_OK;
}

/* hand h replayed and settled into rec (HR_PHH_WIDTH, zeroed): its status */
static int settle_parsed(const parsed_t *h, int64_t *rec)
{
    int n = h->n, H = h->holes_n;
    int hilo = h->var[1] == 'O' && h->var[2] == '/', omaha = h->var[1] == 'O';
    rec[HR_PHH_AGREE] = -1;
    rec[HR_PHH_SEATS] = n;
    int64_t bb = 0;
    for (int s = 0; s < n; s++)
        if (h->blinds[s] > bb)
            bb = h->blinds[s];
    rec[HR_PHH_BIG_BLIND] = bb;
    if (readable(h, rec) != HR_PHH_OK)
        return HR_PHH_PYTHON;
    state_t st;
    int64_t dead;
    int cur;
    post(h, &st, &dead, &cur);
    cards_t cs;
    cs.has_hole = cs.mucked = 0, cs.seen = 0, cs.nb = 0;
    int allin = 0;
    if (replay_acts(h, &st, &cs, &allin, cur, rec) != HR_PHH_OK)
        return HR_PHH_PYTHON;
    int64_t chips[MAXS];
    for (int s = 0; s < n; s++)
        chips[s] = st.put[s] - (h->antes[s] < h->stack[s] ? h->antes[s] : h->stack[s]);
    for (int s = 0; s < n; s++) {      /* a mucked seat's unmatched bet goes back: Python */
        if (!(cs.mucked >> s & 1))
            continue;
        int top = 1;
        for (int t = 0; t < n; t++)
            if (t != s && chips[t] >= chips[s])
                top = 0;
        if (top)
            RPY(62);
    }
    uint32_t out = st.folded | cs.mucked;
    if (out == st.full) {
        int best = 0;
        for (int s = 1; s < n; s++) {
            int fs = !(st.folded >> s & 1), fb = !(st.folded >> best & 1);
            if (fs > fb || (fs == fb && chips[s] > chips[best]))
                best = s;
        }
        out &= ~(1u << best);
    }
    uint32_t in_hand = st.full & ~out;
    int64_t pay[MAXS] = {0};
    int64_t flags = HR_PHH_PLAYERS;
    if (pop(in_hand) == 1) {
        int w = 0;
        while (!(in_hand >> w & 1))
            w++;
        int64_t total = dead;
        for (int s = 0; s < n; s++)
            total += chips[s];
        pay[w] = total;
    } else {
        if (cs.nb != 5 || (in_hand & ~cs.has_hole))
            RPY(52);
        int strength[MAXS], lowv[MAXS];
        if (strengths(h, &cs, in_hand, strength, lowv, rec) != HR_PHH_OK)
            return HR_PHH_PYTHON;
        pay_pots(n, hilo, in_hand, chips, dead, strength, lowv, pay, &flags);
    }
    if (allin)
        flags |= HR_PHH_ALLIN;
    if (omaha)
        flags |= HR_PHH_OMAHA;
    rec[HR_PHH_FLAGS] = flags;
    rec[HR_PHH_DEAD] = dead;
    for (int s = 0; s < n; s++) {
        rec[HR_PHH_FIXED + HR_PHH_PER_SEAT * s] = st.put[s];
        rec[HR_PHH_FIXED + HR_PHH_PER_SEAT * s + 1] = pay[s];
        rec[HR_PHH_CHIPS + s] = chips[s];
        if (cs.has_hole >> s & 1) {
            int64_t packed = H;
            for (int k = 0; k < H; k++)
                packed |= (int64_t)cs.hole[s][k] << (8 + 8 * k);
            rec[HR_PHH_HOLES + s] = packed;
        }
    }
    rec[HR_PHH_OUT] = out;
    rec[HR_PHH_KNOWN] = cs.has_hole;
    return HR_PHH_OK;
}

/* one hand: lines[0, nl) stripped and not blank, lines[0] its header; with prec, the
 * hand written is also replayed and settled into prec (an HR_PHH_WIDTH record, zeroed) */
static int stars_hand(work_t *w, int nl, int64_t *rec, out_t *o, int64_t id, int64_t *prec)
{
    str_t *L = w->line;
    str_t head = L[0];
    int cents = find(head, "Tournament") == NULL;
    rec[HR_STARS_CENTS] = cents;
    rec[HR_STARS_ID] = id;
    if (id < 0)
        PY(1);
    if (nl < 3)
        PY(2);
    const char *var = variant(head);
    if (!var)
        PY(3);
    if (!stakes_ok(head, cents))
        PY(3);
    int holes_n = var[1] == 'T' ? 2 : 4;
    /* the button: "Seat #N is the button" in lines 1 or 2 */
    int button = -1;
    for (int k = 1; k <= 2 && button < 0; k++) {
        const char *b = find(L[k], "Seat #");
        if (!b)
            continue;
        str_t r = {b + 6, L[k].p + L[k].n - b - 6};
        int64_t v = 0, nd = 0;
        while (nd < r.n && digit(r.p[nd]))
            v = v * 10 + (r.p[nd++] - '0');
        if (nd == 0 || nd > 3 || !starts(tail(r, nd), " is the button"))
            PY(4);
        button = (int)v;
    }
    if (button < 0)
        PY(4);
    if (starts(L[1], "Tisch '") || starts(L[1], "Platz "))
        PY(5);
    /* seats, before the summary */
    int seat_no[MAXS];
    str_t seat_name[MAXS];
    int64_t seat_chips[MAXS];
    int ns = 0;
    int summary_at = -1;
    char is_seat[MAXLINES];
    for (int k = 1; k < nl; k++) {
        is_seat[k] = 0;
        str_t l = L[k];
        char c0 = l.p[0];
        if (c0 == '*' && summary_at < 0 && starts(l, "*** SUMMARY"))
            summary_at = k;
        if ((c0 == 'H' && starts(l, "Hand cancelled")) || (c0 == 'P' && starts(l, "Platz ")))
            PY(6);
        if (summary_at >= 0 || c0 != 'S' || !starts(l, "Seat "))
            continue;
        /* Seat (\d+): (.+?) \(\$?([\d.,]+) in chips\)$ (the rest: Python) */
        int64_t i = 5, v = 0;
        while (i < l.n && digit(l.p[i]) && i < 8)
            v = v * 10 + (l.p[i++] - '0');
        if (i == 5 || !starts(tail(l, i), ": "))
            continue;           /* not a seat line: read with the body */
        i += 2;
        const char *open = NULL;
        for (const char *q = l.p + i + 1; q + 1 < l.p + l.n; q++)
            if (q[0] == ' ' && q[1] == '(') {
                int ok = 0;
                int64_t c = 0;
                const char *e = l.p + l.n;
                int64_t m = amount(q + 2, e, cents, &c, &ok);
                str_t after = {q + 2 + m, e - q - 2 - m};
                if (m && starts(after, " in chips")) {
                    open = q;
                    break;
                }
            }
        if (!open)
            continue;
        if (ns == MAXS)
            PY(7);
        str_t nm = {l.p + i, open - l.p - i};
        int ok = 0;
        int64_t c = 0;
        const char *e = l.p + l.n;
        int64_t m = amount(open + 2, e, cents, &c, &ok);
        str_t r = {open + 2 + m, e - open - 2 - m};
        if (!ok || !eqs(r, " in chips)") || !plain_name(nm))
            PY(8);              /* sitting out, a bounty, a name or amount unsure */
        for (int s = 0; s < ns; s++)
            if (seat_no[s] == (int)v || (seat_name[s].n == nm.n
                                         && memcmp(seat_name[s].p, nm.p, (size_t)nm.n) == 0))
                PY(9);
        seat_no[ns] = (int)v, seat_name[ns] = nm, seat_chips[ns] = c;
        ns++;
        is_seat[k] = 1;
    }
    if (ns < 2)
        PY(10);
    if (summary_at < 0 || !starts(L[summary_at], "*** SUMMARY ***"))
        PY(11);
    /* PHH seats: p1 the first seat after the button, the button last */
    int order[MAXS];
    int n = 0;
    for (int s = 0; s < ns; s++)
        if (seat_no[s] > button)
            order[s] = n++;
    for (int s = 0; s < ns; s++)
        if (seat_no[s] <= button)
            order[s] = n++;
    str_t name[MAXS];
    int64_t stack[MAXS], antes[MAXS], blinds[MAXS], won[MAXS];
    str_t hole[MAXS];
    for (int s = 0; s < ns; s++) {
        name[order[s]] = seat_name[s];
        stack[order[s]] = seat_chips[s];
    }
    for (int s = 0; s < n; s++)
        antes[s] = blinds[s] = won[s] = 0, hole[s].p = NULL, hole[s].n = 0;
    int na = 0, deal_at = 0, paid = 0, showdown = 0, sb_posted = 0;
    int64_t rake = 0;
    act_t *A = w->act;
    for (int k = 1; k < nl; k++) {
        if (is_seat[k])
            continue;
        str_t l = L[k];
        if (na >= MAXACTS - 1)
            PY(12);
        if (k >= summary_at) {
            if (k == summary_at)
                continue;
            /* the summary: the rake (the last "Rake N" read), nothing else but a cash-out */
            if (ends(l, "(cashed out).") || ends(l, "cashed out)"))
                PY(13);
            for (str_t r = l;;) {
                const char *q = find(r, "Rake ");
                if (!q)
                    break;
                int ok = 0;
                int64_t v = 0;
                const char *e = l.p + l.n;
                if (amount(q + 5, e, cents, &v, &ok)) {
                    if (!ok)
                        PY(14);
                    rake = v;
                    break;
                }
                r = (str_t){q + 5, e - q - 5};
            }
            continue;
        }
        char c0 = l.p[0];
        if ((c0 == 'S' && starts(l, "STP")) || (c0 == 'H' && starts(l, "Hand")))
            PY(15);
        if (c0 == '*' && starts(l, "*** ")) {
            if (eqs(l, "*** HOLE CARDS ***")) {
                deal_at = na;
                continue;
            }
            if (eqs(l, "*** SHOW DOWN ***")) {
                showdown = 1;
                continue;
            }
            /* \*\*\* (FLOP|TURN|RIVER) \*\*\* (\[[^\]]*\] )?\[([^\]]*)\]$ */
            int64_t k0 = starts(l, "*** FLOP *** [") ? 13 : starts(l, "*** TURN *** [") ? 13
                         : starts(l, "*** RIVER *** [") ? 14 : 0;
            if (!k0 || l.p[l.n - 1] != ']')
                PY(16);
            const char *last = l.p + l.n - 1;
            const char *b = last;
            while (b > l.p + k0 && b[-1] != '[')
                b--;
            str_t c = {b, last - b};
            if (memchr(c.p, ']', (size_t)c.n) || c.n == 0)
                PY(16);
            /* what comes between: nothing, or one "[...] " */
            str_t mid = {l.p + k0, b - 1 - l.p - k0};
            if (mid.n) {
                if (mid.n < 3 || mid.p[0] != '[' || !ends(mid, "] ")
                    || memchr(mid.p + 1, ']', (size_t)(mid.n - 3)) || memchr(mid.p + 1, '[', (size_t)(mid.n - 2)))
                    PY(16);
            }
            A[na++] = (act_t){'d', 0, 0, c};
            continue;
        }
        if (c0 == 'D' && starts(l, "Dealt to ")) {
            str_t r = tail(l, 9);
            const char *b = find(r, " [");
            if (!b || l.p[l.n - 1] != ']')
                PY(17);
            str_t nm = {r.p, b - r.p};
            str_t c = {b + 2, l.p + l.n - 1 - b - 2};
            if (c.n <= 0 || memchr(c.p, ']', (size_t)c.n))
                PY(17);
            int s = -1;
            for (int t = 0; t < n; t++)
                if (name[t].n == nm.n && memcmp(name[t].p, nm.p, (size_t)nm.n) == 0)
                    s = t;
            if (s < 0)
                PY(17);
            hole[s] = c;
            continue;
        }
        if (c0 == 'U' && starts(l, "Uncalled bet (")) {
            int ok = 0;
            int64_t v = 0;
            int64_t m = amount(l.p + 14, l.p + l.n, cents, &v, &ok);
            if (!ok || !starts(tail(l, 14 + m), ") returned to "))
                PY(18);
            str_t nm = tail(l, 14 + m + 14);
            int s = -1;
            for (int t = 0; t < n; t++)
                if (name[t].n == nm.n && memcmp(name[t].p, nm.p, (size_t)nm.n) == 0)
                    s = t;
            if (s < 0)
                PY(18);
            if ((won[s] += v) >= WON_CAP(cents))
                PY(63);
            continue;
        }
        /* (a seated player's line cannot be a cash-out or a capped bet the reader
         * reads otherwise: no plain name holds " collected " or " cashed out") */
        int64_t wl = 0;
        int s = who(l, name, n, &wl);
        if (s == -2)
            PY(20);
        if (s < 0) {
            if (find(l, " cashed out the hand for ") || ends(l, " cap"))
                PY(19);
            /* a line of no seated player: let go, unless it may be a player's line */
            if (starts(l, "Seat "))
                PY(21);
            if (find(l, " said, \""))
                continue;       /* chat: the reader lets it go whatever it says */
            static const char *const moves[] = {
                ": posts ", ": bets ", ": calls ", ": raises ", ": folds", ": checks",
                ": shows ", ": mucks", " collected "
            };
            for (size_t j = 0; j < sizeof moves / sizeof moves[0]; j++)
                if (find_n(l, moves[j], strlen(moves[j])))
                    PY(21);     /* may be a player's move the reader refuses */
            continue;
        }
        /* rest = ln[len(who):].lstrip(": ").strip(), " and is all-in" dropped */
        str_t r = tail(l, wl);
        while (r.n && (r.p[0] == ':' || r.p[0] == ' '))
            r = tail(r, 1);
        if (ends(r, " and is all-in"))
            r.n -= 14;
        if (memchr(r.p, '-', (size_t)r.n) && find(r, " and is all-in"))
            PY(22);
        int64_t v = 0, v2 = 0;
        char r0 = r.n ? r.p[0] : 0;
        if (r0 == 'p' && starts(r, "posts ")) {
            if (starts(r, "posts the ante ") && amount_to_end(r, 15, cents, &v)) {
                if (antes[s])
                    PY(23);
                antes[s] = v;
            } else if (starts(r, "posts small blind ") && amount_to_end(r, 18, cents, &v)) {
                if (sb_posted || blinds[s])
                    PY(24);
                sb_posted = 1;
                blinds[s] = v;
            } else if (starts(r, "posts big blind ") && amount_to_end(r, 16, cents, &v)) {
                if (blinds[s])
                    PY(25);
                blinds[s] = v;
            } else {
                PY(26);         /* dead blinds, straddles, button blinds: Python */
            }
        } else if (r0 == 'f' && eqs(r, "folds")) {
            A[na++] = (act_t){'f', (int8_t)s, 0, {NULL, 0}};
        } else if (r0 == 'f' && starts(r, "folds [") && r.p[r.n - 1] == ']' && r.n > 8
                   && !memchr(r.p + 7, ']', (size_t)(r.n - 8))) {
            A[na++] = (act_t){'f', (int8_t)s, 0, {NULL, 0}};
        } else if (r0 == 'c' && (eqs(r, "checks") || starts(r, "calls "))) {
            A[na++] = (act_t){'c', (int8_t)s, 0, {NULL, 0}};
        } else if (r0 == 'b' && starts(r, "bets ")) {
            if (!amount_to_end(r, 5, cents, &v))
                PY(27);
            A[na++] = (act_t){'b', (int8_t)s, v, {NULL, 0}};
        } else if (r0 == 'r' && starts(r, "raises ")) {
            int ok = 0;
            int64_t m = amount(r.p + 7, r.p + r.n, cents, &v, &ok);
            if (!ok || !starts(tail(r, 7 + m), " to ") || !amount_to_end(r, 7 + m + 4, cents, &v2))
                PY(28);
            A[na++] = (act_t){'b', (int8_t)s, v2, {NULL, 0}};
        } else if (r0 == 's' && starts(r, "shows [")) {
            const char *b = memchr(r.p + 7, ']', (size_t)(r.n - 7));
            if (!b || b == r.p + 7)
                PY(29);
            if (paid && !showdown)
                continue;
            str_t c = {r.p + 7, b - r.p - 7};
            if (cards_len(c) < 2 * holes_n)
                A[na++] = (act_t){'m', (int8_t)s, 0, {NULL, 0}};
            else
                A[na++] = (act_t){'s', (int8_t)s, 0, c};
        } else if (r0 == 'm' && starts(r, "mucks")) {
            A[na++] = (act_t){'m', (int8_t)s, 0, {NULL, 0}};
        } else if (r0 == 'c' && starts(r, "collected ")) {
            int ok = 0;
            if (!amount(r.p + 10, r.p + r.n, cents, &v, &ok) || !ok)
                PY(30);
            if ((won[s] += v) >= WON_CAP(cents))
                PY(63);
            paid = 1;
        } else if (eqs(r, "doesn't show hand") || eqs(r, "sits out")
                   || eqs(r, "is sitting out")) {
            continue;
        } else {
            PY(31);
        }
    }
    if (n == 2) {
        int64_t t = antes[0];
        antes[0] = antes[1], antes[1] = t;
        t = blinds[0];
        blinds[0] = blinds[1], blinds[1] = t;
    }
    /* the PHH hand: at most 256 bytes, 200 a seat (its numbers, name, deal), 48 an
     * action and the cards as written (no more than the hand's text) */
    if (!o->base) {                     /* no PHH text: the hand replayed as it is */
        rec[HR_STARS_SEATS] = n;
        rec[HR_STARS_RAKE] = rake;
        for (int s = 0; s < n; s++) {
            rec[HR_STARS_WON + s] = won[s];
            prec[HR_PHH_FIXED + HR_PHH_PER_SEAT * s + 2] = name[s].p - o->site;
            prec[HR_PHH_FIXED + HR_PHH_PER_SEAT * s + 3] = name[s].n;
        }
        parsed_t h = {var, n, holes_n, na, deal_at, stack, antes, blinds, hole, A};
        prec[HR_PHH_STATUS] = settle_parsed(&h, prec);
        return HR_STARS_PHH;
    }
    {
        int64_t text = L[nl - 1].p + L[nl - 1].n - L[0].p;
        if (o->e - o->p < 256 + 200 * (int64_t)n + 48 * (int64_t)na + text) {
            o->full = 1;
            return HR_STARS_PYTHON;
        }
    }
    /* (ante_trimming_status false and antes of zero are the PHH reader's defaults) */
    char *start = o->p;
    puts_(o, "[h]\nvariant = \"");
    int64_t var_at = o->p - o->base;
    put_z(o, var);
    int any_ante = 0;
    for (int s = 0; s < n; s++)
        any_ante |= antes[s] != 0;
    if (any_ante) {
        puts_(o, "\"\nantes = [");
        for (int s = 0; s < n; s++) {
            if (s)
                puts_(o, ", ");
            put_int(o, antes[s]);
        }
        puts_(o, "]");
    } else {
        puts_(o, "\"");
    }
    puts_(o, "\nblinds_or_straddles = [");
    for (int s = 0; s < n; s++) {
        if (s)
            puts_(o, ", ");
        put_int(o, blinds[s]);
    }
    puts_(o, "]\nstarting_stacks = [");
    for (int s = 0; s < n; s++) {
        if (s)
            puts_(o, ", ");
        put_int(o, stack[s]);
    }
    puts_(o, "]\nactions = [");
    for (int i = 0; i <= na; i++) {
        if (i == deal_at)
            for (int s = 0; s < n; s++) {
                if (i || s)
                    puts_(o, ", ");
                puts_(o, "\"d dh p");
                put_int(o, s + 1);
                puts_(o, " ");
                if (hole[s].p)
                    put_cards(o, hole[s]);
                else
                    put(o, "????????", 2 * holes_n);
                puts_(o, "\"");
            }
        if (i == na)
            break;
        act_t *a = &A[i];
        if (i || deal_at == 0)
            puts_(o, ", ");
        puts_(o, "\"");
        if (a->kind == 'd') {
            puts_(o, "d db ");
            put_cards(o, a->cards);
        } else {
            puts_(o, "p");
            put_int(o, a->seat + 1);
            if (a->kind == 'f')
                puts_(o, " f");
            else if (a->kind == 'c')
                puts_(o, " cc");
            else if (a->kind == 'b') {
                puts_(o, " cbr ");
                put_int(o, a->amount);
            } else if (a->kind == 'm')
                puts_(o, " sm");
            else {
                puts_(o, " sm ");
                put_cards(o, a->cards);
            }
        }
        puts_(o, "\"");
    }
    puts_(o, "]\nplayers = [");
    for (int s = 0; s < n; s++) {
        if (s)
            puts_(o, ", ");
        puts_(o, "\"");
        if (prec) {
            prec[HR_PHH_FIXED + HR_PHH_PER_SEAT * s + 2] = o->p - o->base;
            prec[HR_PHH_FIXED + HR_PHH_PER_SEAT * s + 3] = name[s].n;
        }
        put(o, name[s].p, name[s].n);
        puts_(o, "\"");
    }
    puts_(o, "]\n\n");
    if (prec) {
        parsed_t h = {var, n, holes_n, na, deal_at, stack, antes, blinds, hole, A};
        prec[HR_PHH_START] = start + 4 - o->base;
        prec[HR_PHH_END] = o->p - o->base;
        prec[HR_PHH_VARIANT] = var_at | (int64_t)strlen(var) << 40;
        prec[HR_PHH_STATUS] = settle_parsed(&h, prec);
    }
    rec[HR_STARS_SEATS] = n;
    rec[HR_STARS_RAKE] = rake;
    for (int s = 0; s < n; s++)
        rec[HR_STARS_WON + s] = won[s];
    return HR_STARS_PHH;
}

/* a line that starts with a byte Python's strip or lstrip("\ufeff") may take away, or a
 * header in another language: the cut into hands is Python's to make */
static int unsure_start(const char *s, const char *e)
{
    unsigned char c = (unsigned char)*s;
    if (c >= 0x80)
        return 1;
    str_t l = {s, e - s};
    return (c == 'M' && find(l, "PokerStars")) != 0;
}

/* hr_stars_scan, and with prec hr_stars_replay */
static int64_t scan(const char *buf, int64_t len, const int64_t *seg_end, int64_t n_seg,
                    int final, int64_t *out, int64_t cap, int64_t *prec, char *phh,
                    int64_t phh_cap, int64_t *phh_len, int64_t *consumed)
{
    *consumed = len;
    *phh_len = 0;
    if (!phh && !prec)
        return -2;                      /* nowhere to put the hands */
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
    work_t w;
    out_t o = {phh, phh ? phh + phh_cap : NULL, 0, phh, buf};
    int64_t count = 0;
    int64_t seg_start = 0;
    for (int64_t g = 0; g < n_seg; g++) {
        const char *p = buf + seg_start, *end = buf + seg_end[g];
        seg_start = seg_end[g];
        int last_seg = g == n_seg - 1;
        int nl = 0, heads = 0, text = 0, too_long = 0, hand_bad = 0, hand_ko = 0;
        int64_t line = 0, head_line = 0, id = 0;
        const char *hand_start = NULL;
        for (const char *q = p;;) {
            int at_end = q >= end;
            int line_bad = 0, line_ko = 0;
            const char *eol = at_end ? NULL : line_end(q, end, &line_bad, &line_ko);
            const char *le = eol ? eol : end;
            const char *s = q, *e = le;
            int64_t hid = 0;
            int is_head = 0;
            if (!at_end) {
                line++;
                trim(&s, &e);
                if (s < e && unsure_start(s, e))
                    return -1;
                is_head = s < e && header(s, e, &hid) > 0;
            }
            if ((is_head || at_end) && hand_start) {
                if (at_end && last_seg && !final) {
                    *consumed = hand_start - buf;
                    *phh_len = phh ? o.p - phh : 0;
                    return count;
                }
                if (count >= cap)
                    return -2;
                int64_t *rec = out + count * HR_STARS_WIDTH;
                memset(rec, 0, sizeof(int64_t) * HR_STARS_WIDTH);
                rec[HR_STARS_SEGMENT] = g;
                rec[HR_STARS_START] = hand_start - buf;
                rec[HR_STARS_END] = (at_end ? end : q) - buf;
                rec[HR_STARS_LINE] = head_line;
                char *mark = o.p;
                int64_t *pr = prec ? prec + count * HR_PHH_WIDTH : NULL;
                if (pr)
                    memset(pr, 0, sizeof(int64_t) * HR_PHH_WIDTH);
                if (too_long) {
                    rec[HR_STARS_STATUS] = HR_STARS_PYTHON;
                    rec[HR_STARS_WHY] = 40;
                } else if (hand_bad) {
                    rec[HR_STARS_STATUS] = HR_STARS_PYTHON;
                    rec[HR_STARS_WHY] = 41;
                } else {
                    rec[HR_STARS_STATUS] = stars_hand(&w, nl, rec, &o, id, pr);
                    if (o.full)
                        return -2;
                    if (rec[HR_STARS_STATUS] != HR_STARS_PHH)
                        o.p = mark;
                }
                if (pr && hand_ko)          /* a knockout line: the Python reader's */
                    pr[HR_PHH_STATUS] = HR_PHH_PYTHON;
                if (pr && !phh) {           /* the site text's span */
                    pr[HR_PHH_START] = rec[HR_STARS_START];
                    pr[HR_PHH_END] = rec[HR_STARS_END];
                }
                if (pr && rec[HR_STARS_STATUS] != HR_STARS_PHH) {
                    memset(pr, 0, sizeof(int64_t) * HR_PHH_WIDTH);
                    pr[HR_PHH_STATUS] = HR_PHH_PYTHON;
                }
                count++;
                hand_start = NULL;
            }
            if (at_end)
                break;
            if (is_head) {
                heads++;
                hand_start = q;
                head_line = line;
                id = hid;
                nl = 0;
                too_long = 0;
                hand_bad = 0;
                hand_ko = 0;
            } else if (s < e && !hand_start) {
                text = 1;
            }
            hand_bad |= line_bad;           /* (a hand's bytes: its lines and their ends) */
            hand_ko |= line_ko;
            if (hand_start && s < e) {
                if (nl == MAXLINES)
                    too_long = 1;
                else
                    w.line[nl++] = (str_t){s, e - s};
            }
            q = eol ? eol + 1 : end;
        }
        if (!heads && text)
            return -1;          /* no hand: the Python reader says what the file is */
    }
    *phh_len = phh ? o.p - phh : 0;
    return count;
}

int64_t hr_stars_scan(const char *buf, int64_t len, const int64_t *seg_end, int64_t n_seg,
                      int final, int64_t *out, int64_t cap, char *phh, int64_t phh_cap,
                      int64_t *phh_len, int64_t *consumed)
{
    return scan(buf, len, seg_end, n_seg, final, out, cap, NULL, phh, phh_cap, phh_len,
                consumed);
}

int64_t hr_stars_replay(const char *buf, int64_t len, const int64_t *seg_end, int64_t n_seg,
                        int final, int64_t *out, int64_t *prec, int64_t cap, char *phh,
                        int64_t phh_cap, int64_t *phh_len, int64_t *consumed)
{
    return scan(buf, len, seg_end, n_seg, final, out, cap, prec, phh, phh_cap, phh_len,
                consumed);
}
