/* handrank: PokerStars text into PHH hands for the fast path (csrc/sites.h).
 *
 * Each function below mirrors a step of the Python reader
 * (src/handrank/history/pokerstars.py: read_stream, _hand, _body) for the
 * lines it is sure of; on anything else the hand is left to Python. */
#include "sites.h"

#include <string.h>

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

static int plain(const char *p, const char *e)
{
    /* eight bytes at a time: no byte >= 0x80, and every byte below 0x20 a tab, a
     * line feed or a carriage return ((w & 0x7f..) + 0x60.. sets a byte's high bit
     * exactly when the byte is 0x20 or more, the byte being below 0x80) */
    for (; e - p >= 8; p += 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        if (w & HIGHS)
            return 0;
        uint64_t low = ~((w & ~HIGHS) + 0x60 * ONES) & HIGHS;
        if (low && (low & ~(eq_bytes(w, '\n') | eq_bytes(w, '\r') | eq_bytes(w, '\t'))))
            return 0;
    }
    for (; p < e; p++)
        if (!plain_byte((unsigned char)*p))
            return 0;
    return 1;
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

/* one hand: lines[0, nl) stripped and not blank, lines[0] its header */
static int stars_hand(work_t *w, int nl, int64_t *rec, out_t *o, int64_t id)
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
            won[s] += v;
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
            won[s] += v;
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
    {
        int64_t text = L[nl - 1].p + L[nl - 1].n - L[0].p;
        if (o->e - o->p < 256 + 200 * (int64_t)n + 48 * (int64_t)na + text) {
            o->full = 1;
            return HR_STARS_PYTHON;
        }
    }
    /* (ante_trimming_status false and antes of zero are the PHH reader's defaults) */
    puts_(o, "[h]\nvariant = \"");
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
        put(o, name[s].p, name[s].n);
        puts_(o, "\"");
    }
    puts_(o, "]\n\n");
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

int64_t hr_stars_scan(const char *buf, int64_t len, const int64_t *seg_end, int64_t n_seg,
                      int final, int64_t *out, int64_t cap, char *phh, int64_t phh_cap,
                      int64_t *phh_len, int64_t *consumed)
{
    *consumed = len;
    *phh_len = 0;
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
    out_t o = {phh, phh + phh_cap, 0};
    int64_t count = 0;
    int64_t seg_start = 0;
    for (int64_t g = 0; g < n_seg; g++) {
        const char *p = buf + seg_start, *end = buf + seg_end[g];
        seg_start = seg_end[g];
        int last_seg = g == n_seg - 1;
        int nl = 0, heads = 0, text = 0, too_long = 0;
        int64_t line = 0, head_line = 0, id = 0;
        const char *hand_start = NULL;
        for (const char *q = p;;) {
            int at_end = q >= end;
            const char *eol = at_end ? NULL : memchr(q, '\n', (size_t)(end - q));
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
                    *phh_len = o.p - phh;
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
                if (too_long) {
                    rec[HR_STARS_STATUS] = HR_STARS_PYTHON;
                    rec[HR_STARS_WHY] = 40;
                } else if (!plain(hand_start, at_end ? end : q)) {
                    rec[HR_STARS_STATUS] = HR_STARS_PYTHON;
                    rec[HR_STARS_WHY] = 41;
                } else {
                    rec[HR_STARS_STATUS] = stars_hand(&w, nl, rec, &o, id);
                    if (o.full)
                        return -2;
                    if (rec[HR_STARS_STATUS] != HR_STARS_PHH)
                        o.p = mark;
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
            } else if (s < e && !hand_start) {
                text = 1;
            }
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
    *phh_len = o.p - phh;
    return count;
}
