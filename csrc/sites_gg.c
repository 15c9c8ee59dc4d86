/* handrank: GGPoker text into PokerStars lines for the fast path (csrc/sites_gg.h).
 *
 * Each step below mirrors a step of the Python reader (src/handrank/history/
 * ggpoker.py: _english; _sitetext.hands_of) for the lines it is sure of; on
 * anything else the hand is left to Python. */
#include "sites_gg.h"

#include <string.h>

#define GG_MAXLINES 1024

typedef struct {
    const char *p;
    int64_t n;
} gstr_t;

/* Python's str.strip() on the ASCII bytes it strips */
static int gg_blank(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
           || (c >= 0x1c && c <= 0x1f);
}

static int gg_same(const char *a, const char *b, size_t k)
{
    for (size_t i = 0; i < k; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}

static int gg_starts_n(gstr_t l, const char *lit, size_t k)
{
    return (size_t)l.n >= k && gg_same(l.p, lit, k);
}

static int gg_ends_n(gstr_t l, const char *lit, size_t k)
{
    return (size_t)l.n >= k && gg_same(l.p + l.n - (int64_t)k, lit, k);
}

static int gg_eqs_n(gstr_t l, const char *lit, size_t k)
{
    return (size_t)l.n == k && gg_same(l.p, lit, k);
}

static const char *gg_find_n(gstr_t l, const char *lit, size_t k)
{
    if ((size_t)l.n < k)
        return NULL;
    const char *last = l.p + l.n - k;
    for (const char *q = l.p; q <= last; q++) {
        q = memchr(q, lit[0], (size_t)(last - q + 1));
        if (!q)
            return NULL;
        if (gg_same(q, lit, k))
            return q;
    }
    return NULL;
}

#define STARTS(l, lit) gg_starts_n((l), "" lit, sizeof(lit) - 1)
#define ENDS(l, lit) gg_ends_n((l), "" lit, sizeof(lit) - 1)
#define EQS(l, lit) gg_eqs_n((l), "" lit, sizeof(lit) - 1)
#define FIND(l, lit) gg_find_n((l), "" lit, sizeof(lit) - 1)

static int gg_digit(char c)
{
    return c >= '0' && c <= '9';
}

static int gg_amount_byte(char c)
{
    return gg_digit(c) || c == '.' || c == ',';
}

#define GG_ONES ((uint64_t)0x0101010101010101u)
#define GG_HIGHS ((uint64_t)0x8080808080808080u)

/* the bytes of w equal to c, as their high bits (exact: no carry crosses a byte) */
static uint64_t gg_eq_bytes(uint64_t w, unsigned char c)
{
    uint64_t x = w ^ (c * GG_ONES);
    return ~(((x & ~GG_HIGHS) + ~GG_HIGHS) | x) & GG_HIGHS;
}

/* every byte one Python reads as this byte: ASCII, and below 0x20 only a tab, a line
 * feed or a carriage return (eight bytes at a time: (w & 0x7f..) + 0x60.. sets a
 * byte's high bit exactly when the byte is 0x20 or more, the byte being below 0x80) */
static int gg_plain(const char *p, const char *e)
{
    for (; e - p >= 8; p += 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        if (w & GG_HIGHS)
            return 0;
        uint64_t low = ~((w & ~GG_HIGHS) + 0x60 * GG_ONES) & GG_HIGHS;
        if (low && (low & ~(gg_eq_bytes(w, '\n') | gg_eq_bytes(w, '\r')
                            | gg_eq_bytes(w, '\t'))))
            return 0;
    }
    for (; p < e; p++) {
        unsigned char c = (unsigned char)*p;
        if (c >= 0x80 || (c < 0x20 && c != '\t' && c != '\n' && c != '\r'))
            return 0;
    }
    return 1;
}

/* a player's words _english rewrites (what follows any ": ", its blanks stripped:
 * the player's name may hold ": " too): a straddle, a missed blind, Bet & Muck, an EV
 * cash-out */
static int gg_rewritten(gstr_t l)
{
    const char *e = l.p + l.n;
    for (const char *c = l.p; c < e;) {
        c = memchr(c, ':', (size_t)(e - c));
        if (!c)
            return 0;
        c++;
        if (c >= e || *c != ' ')
            continue;
        const char *r = c;
        while (r < e && (*r == ' ' || *r == '\t'))
            r++;
        gstr_t w = {r, e - r};
        if (r < e && (STARTS(w, "straddle") || STARTS(w, "posts missed") || STARTS(w, "Bet & Muck")
                      || STARTS(w, "Chooses") || STARTS(w, "Pays Cashout")
                      || STARTS(w, "Receives Cashout")))
            return 1;
    }
    return 0;
}

/* HEAD.match: "Poker Hand #" [A-Z]{2,3} \d+ ": " */
static int gg_header(gstr_t l)
{
    if (l.n < 17 || l.p[0] != 'P' || !STARTS(l, "Poker Hand #"))
        return 0;
    int64_t k = 12, a = 0, d = 0;
    while (k < l.n && l.p[k] >= 'A' && l.p[k] <= 'Z')
        k++, a++;
    if (a < 2 || a > 3)
        return 0;
    while (k < l.n && gg_digit(l.p[k]))
        k++, d++;
    return d > 0 && k + 1 < l.n && l.p[k] == ':' && l.p[k + 1] == ' ';
}

/* _cents on the token [$]?[\d.,]+ at t (greedy): its length (0: none); *ok 1 with
 * the cents in *v only for \$?\d+(\.\d+)? of whole cents (no commas): any other
 * token is left to Python (which reads it or refuses the hand) */
static int64_t gg_cents(const char *t, const char *e, int64_t *v, int *ok)
{
    const char *a = t < e && *t == '$' ? t + 1 : t;
    const char *b = a;
    while (b < e && gg_amount_byte(*b))
        b++;
    *ok = 0;
    if (b == a)
        return 0;
    int64_t whole = 0, frac = 0;
    int nd = 0, nf = 0, dot = 0;
    for (const char *c = a; c < b; c++) {
        if (*c == ',')
            return b - t;
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
        } else if (++nf <= 2) {
            frac = frac * 10 + (*c - '0');
        } else if (*c != '0') {
            return b - t;       /* not a whole number of cents: Python's error */
        }
    }
    if (nd == 0 || (dot && nf == 0))
        return b - t;
    for (int k = nf; k < 2; k++)
        frac *= 10;
    *v = whole * 100 + frac;
    *ok = 1;
    return b - t;
}

typedef struct {
    char *p, *e;
} gout_t;

static void gg_put(gout_t *o, const char *s, int64_t n)
{
    memcpy(o->p, s, (size_t)n);
    o->p += n;
}

#define PUT(o, lit) gg_put((o), "" lit, sizeof(lit) - 1)

static void gg_put_int(gout_t *o, int64_t v)
{
    char b[24];
    int k = 24;
    if (v == 0)
        b[--k] = '0';
    while (v > 0) {
        b[--k] = (char)('0' + v % 10);
        v /= 10;
    }
    gg_put(o, b + k, 24 - k);
}

/* str(Decimal(cents) / 100): "5", "5.5", "5.55", "0.05" */
static void gg_put_decimal(gout_t *o, int64_t cents)
{
    gg_put_int(o, cents / 100);
    int64_t f = cents % 100;
    if (f == 0)
        return;
    *o->p++ = '.';
    *o->p++ = (char)('0' + f / 10);
    if (f % 10)
        *o->p++ = (char)('0' + f % 10);
}

static int gg_space(char c)
{
    return c == ' ' || c == '\t';
}

/* the line with each [cards] as _card_case writes it: the cards split at blanks,
 * each one's rank upper case and suit lower case, joined by one space */
static void gg_put_line(gout_t *o, gstr_t l)
{
    const char *p = l.p, *e = l.p + l.n;
    while (p < e) {
        const char *b = memchr(p, '[', (size_t)(e - p));
        const char *c = b ? memchr(b + 1, ']', (size_t)(e - b - 1)) : NULL;
        if (!c) {
            gg_put(o, p, e - p);
            return;
        }
        gg_put(o, p, b + 1 - p);
        int first = 1;
        for (const char *t = b + 1; t < c;) {
            while (t < c && gg_space(*t))
                t++;
            if (t == c)
                break;
            const char *u = t;
            while (u < c && !gg_space(*u))
                u++;
            if (!first)
                *o->p++ = ' ';
            first = 0;
            for (const char *x = t; x < u - 1; x++)
                *o->p++ = (char)(*x >= 'a' && *x <= 'z' ? *x - 32 : *x);
            *o->p++ = (char)(u[-1] >= 'A' && u[-1] <= 'Z' ? u[-1] + 32 : u[-1]);
            t = u;
        }
        *o->p++ = ']';
        p = c + 1;
    }
}

#define GG_PY(code)                                                                           \
    do {                                                                                      \
        rec[HR_GG_WHY] = (code);                                                              \
        o->p = mark;                                                                          \
        return HR_GG_PYTHON;                                                                  \
    } while (0)

/* the header's _CASH match; the game as _GAMES names it: 0 (Python) when it is
 * not a cash hold'em no limit or PLO header this scanner writes */
static int gg_head(gout_t *o, gstr_t h)
{
    if (STARTS(h, "Poker Hand #TM") || FIND(h, " Tournament #"))
        return 0;
    const char *colon = memchr(h.p + 12, ':', (size_t)(h.n - 12));
    const char *w = colon + 2, *e = h.p + h.n;
    const char *par = memchr(w, '(', (size_t)(e - w));
    if (!par || par == w || par[-1] != ' ')
        return 0;
    const char *we = par - 1;
    while (we > w && we[-1] == ' ')
        we--;
    gstr_t words = {w, we - w};
    const char *game;
    if (EQS(words, "Hold'em No Limit"))
        game = "Hold'em No Limit";
    else if (EQS(words, "PLO"))
        game = "Omaha Pot Limit";
    else
        return 0;
    /* (\$?[\d.,]+)/(\$?[\d.,]+)\) - (\d{4})/(\d\d)/(\d\d) */
    const char *a = par + 1, *q = a;
    if (q < e && *q == '$')
        q++;
    const char *q0 = q;
    while (q < e && gg_amount_byte(*q))
        q++;
    if (q == q0 || q >= e || *q != '/')
        return 0;
    const char *b = q + 1;
    q = b;
    if (q < e && *q == '$')
        q++;
    q0 = q;
    while (q < e && gg_amount_byte(*q))
        q++;
    if (q == q0 || e - q < 4 + 10 || !gg_same(q, ") - ", 4))
        return 0;
    const char *d = q + 4;
    static const char shape[] = "dddd/dd/dd";
    for (int k = 0; k < 10; k++)
        if (shape[k] == 'd' ? !gg_digit(d[k]) : d[k] != '/')
            return 0;
    PUT(o, "PokerStars Hand #0: ");
    gg_put(o, game, (int64_t)strlen(game));
    PUT(o, " (");
    gg_put(o, a, q - a);
    PUT(o, ") - ");
    gg_put(o, d, 10);
    *o->p++ = '\n';
    return 1;
}

/* the summary's "Total pot X | Rake R | Jackpot J ...": "Total pot X | Rake $(R+J+...)";
 * 0 when Python must read it */
static int gg_total(gout_t *o, gstr_t l)
{
    const char *e = l.p + l.n;
    const char *x = l.p + 10, *q = x;
    if (q < e && *q == '$')
        q++;
    const char *q0 = q;
    while (q < e && gg_amount_byte(*q))
        q++;
    if (q == q0 || q >= e || *q != ' ')
        return 0;
    /* _FEES.findall: each "| (Rake|Jackpot|Bingo|Fortune|Tax) amount", the last of a key */
    static const char *const keys[] = {"Rake ", "Jackpot ", "Bingo ", "Fortune ", "Tax "};
    int64_t fee[5] = {0, 0, 0, 0, 0};
    int have[5] = {0, 0, 0, 0, 0};
    for (const char *p = l.p; p < e;) {
        p = memchr(p, '|', (size_t)(e - p));
        if (!p)
            break;
        gstr_t r = {p + 1, e - p - 1};
        p++;
        if (!STARTS(r, " "))
            continue;
        r.p++, r.n--;
        for (int k = 0; k < 5; k++) {
            size_t kn = strlen(keys[k]);
            if (!gg_starts_n(r, keys[k], kn))
                continue;
            int ok = 0;
            int64_t v = 0;
            int64_t m = gg_cents(r.p + kn, e, &v, &ok);
            if (!m)
                break;
            if (!ok)
                return 0;
            fee[k] = v, have[k] = 1;
            p = r.p + kn + m;
            break;
        }
    }
    if (!have[0])
        return 0;
    PUT(o, "Total pot ");
    gg_put(o, x, q - x);
    PUT(o, " | Rake $");
    gg_put_decimal(o, fee[0] + fee[1] + fee[2] + fee[3] + fee[4]);
    return 1;
}

/* one hand: L[0, nl) stripped and not blank, L[0] its header */
static int gg_hand(const gstr_t *L, int nl, int64_t *rec, gout_t *o)
{
    char *mark = o->p;
    int64_t text = L[nl - 1].p + L[nl - 1].n - L[0].p;
    if (o->e - o->p < 256 + 2 * text + 8 * (int64_t)nl)
        return -2;
    if (!gg_plain(L[0].p, L[nl - 1].p + L[nl - 1].n))
        GG_PY(1);
    if (!gg_head(o, L[0]))
        GG_PY(2);
    int summary = nl;
    for (int k = 1; k < nl; k++)
        if (STARTS(L[k], "*** SUMMARY")) {
            summary = k;
            break;
        }
    int totals = 0;
    for (int k = 1; k < nl; k++) {
        gstr_t l = L[k];
        /* the lines _english rewrites by their player's words; a PokerStars header,
         * or a line the PokerStars cut may leave to Python (csrc/sites.c unsure_start) */
        if (gg_rewritten(l))
            GG_PY(3);
        if ((l.p[0] == 'P' || l.p[0] == 'M') && FIND(l, "PokerStars"))
            GG_PY(3);
        if (k >= summary) {
            if (STARTS(l, "Total pot ")) {
                if (memchr(l.p, '[', (size_t)l.n))
                    GG_PY(4);
                if (!gg_total(o, l))
                    GG_PY(4);
                totals++;
            } else {
                gg_put_line(o, l);
            }
            *o->p++ = '\n';
            continue;
        }
        const char *c = ENDS(l, " from pot") ? FIND(l, " collected ") : NULL;
        if (c) {
            /* _COLLECTED's amount (after the last " collected "), which _english reads
             * with _cents: one it may refuse goes to Python */
            for (const char *d; (d = gg_find_n((gstr_t){c + 1, l.p + l.n - c - 1},
                                               " collected ", 11)) != NULL;)
                c = d;
            int ok = 0;
            int64_t v = 0;
            if (gg_cents(c + 11, l.p + l.n, &v, &ok) && !ok)
                GG_PY(6);
        }
        if (STARTS(l, "Dealt to ")) {
            if (!memchr(l.p, '[', (size_t)l.n))
                continue;       /* a seat dealt in, its cards not known */
        } else if (STARTS(l, "*** ")) {
            if (ENDS(l, " SHOWDOWN ***")) {
                PUT(o, "*** SHOW DOWN ***\n");
                continue;
            }
        }
        gg_put_line(o, l);
        *o->p++ = '\n';
    }
    if (totals != 1)
        GG_PY(5);
    *o->p++ = '\n';
    return HR_GG_STARS;
}

int64_t hr_gg_scan(const char *buf, int64_t len, int final, int64_t *out, int64_t cap,
                   char *ps, int64_t ps_cap, int64_t *ps_len, int64_t *consumed)
{
    *consumed = len;
    *ps_len = 0;
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
    gstr_t L[GG_MAXLINES];
    gout_t o = {ps, ps + ps_cap};
    int64_t count = 0, line = 0, head_line = 0;
    int nl = 0, too_long = 0;
    const char *hand_start = NULL, *end = buf + len;
    for (const char *q = buf;;) {
        int at_end = q >= end;
        const char *eol = at_end ? NULL : memchr(q, '\n', (size_t)(end - q));
        const char *le = eol ? eol : end;
        const char *s = q, *e = le;
        int is_head = 0;
        if (!at_end) {
            line++;
            while (s < e && gg_blank((unsigned char)*s))
                s++;
            while (e > s && gg_blank((unsigned char)e[-1]))
                e--;
            if (s < e && (unsigned char)*s >= 0x80)
                return -1;      /* Python's strip or lstrip("\ufeff") may take it away */
            is_head = s < e && gg_header((gstr_t){s, e - s});
            if (s < e && !is_head && !hand_start)
                return -1;      /* text before the first header: the reader says so */
        }
        if ((is_head || at_end) && hand_start) {
            if (at_end && !final) {
                *consumed = hand_start - buf;
                *ps_len = o.p - ps;
                return count;
            }
            if (count >= cap)
                return -2;
            int64_t *rec = out + count * HR_GG_WIDTH;
            memset(rec, 0, sizeof(int64_t) * HR_GG_WIDTH);
            rec[HR_GG_START] = hand_start - buf;
            rec[HR_GG_END] = (at_end ? end : q) - buf;
            rec[HR_GG_LINE] = head_line;
            rec[HR_GG_PS_START] = rec[HR_GG_PS_END] = o.p - ps;
            {
                const char *he = L[0].p + L[0].n;
                const char *par = memchr(L[0].p, '(', (size_t)L[0].n);
                rec[HR_GG_DOLLARS] = par && par + 1 < he && par[1] == '$';
            }
            if (too_long) {
                rec[HR_GG_STATUS] = HR_GG_PYTHON;
                rec[HR_GG_WHY] = 40;
            } else {
                int st = gg_hand(L, nl, rec, &o);
                if (st < 0)
                    return -2;
                rec[HR_GG_STATUS] = st;
                rec[HR_GG_PS_END] = o.p - ps;
            }
            count++;
            hand_start = NULL;
        }
        if (at_end)
            break;
        if (is_head) {
            hand_start = q;
            head_line = line;
            nl = 0;
            too_long = 0;
        }
        if (hand_start && s < e) {
            if (nl == GG_MAXLINES)
                too_long = 1;
            else
                L[nl++] = (gstr_t){s, e - s};
        }
        q = eol ? eol + 1 : end;
    }
    *ps_len = o.p - ps;
    return count;
}
