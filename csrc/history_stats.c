/* The tracker statistics of fast-path hands (board games with or without
 * blinds), counted as handrank.history.stats.hand_stats counts them: one pass
 * over each hand's actions.  A hand whose text is not in the plain form (its
 * `actions` or `blinds_or_straddles` array not on one line, an action with a
 * comment, a tab, a double space or a quote in it, an amount that is not a
 * plain decimal of at most 12 + 6 digits) is marked not done and left to the
 * Python counter, which reads anything the reader accepts.
 *
 * Amounts are compared exactly, as integers in millionths. */
#include <string.h>

#include "history.h"

#define MILLION 1000000LL

/* The statistics' slots, in the order of history/_stats_np.py (_NAMES). */
enum {
    S_VPIP, S_PFR, S_THREE, S_FOUR, S_FOLD_THREE, S_STEAL, S_FOLD_STEAL,
    S_CBET, S_FOLD_CBET = S_CBET + 3, S_WTSD = S_FOLD_CBET + 3, S_WSD, S_WWSF, S_N
};

/* A plain decimal [p, e): digits, optionally '.' and 1 to 6 digits, in millionths. */
static int amount(const char *p, const char *e, int64_t *v)
{
    int64_t whole = 0, frac = 0;
    int nd = 0, nf = 0;
    while (p < e && *p >= '0' && *p <= '9') {
        if (++nd > 12)
            return 0;
        whole = whole * 10 + (*p++ - '0');
    }
    if (nd == 0)
        return 0;
    if (p < e && *p == '.') {
        p++;
        while (p < e && *p >= '0' && *p <= '9') {
            if (++nf > 6)
                return 0;
            frac = frac * 10 + (*p++ - '0');
        }
        if (nf == 0)
            return 0;
    }
    if (p != e)
        return 0;
    for (; nf < 6; nf++)
        frac *= 10;
    *v = whole * MILLION + frac;
    return 1;
}

static int blank(char c)
{
    return c == ' ' || c == '\t';
}

/* The position after "key<spaces>=<spaces>[" of the line of [a, b) that starts
 * with key: 0 none, -1 two such lines or a key not followed by "= [". */
static int64_t array_at(const char *buf, int64_t a, int64_t b, const char *key, size_t klen)
{
    int64_t found = 0;
    int64_t p = a;
    while (p < b) {
        const char *nl = memchr(buf + p, '\n', (size_t)(b - p));
        int64_t e = nl ? (int64_t)(nl - buf) : b;
        if (e - p > (int64_t)klen && buf[p] == key[0] && memcmp(buf + p, key, klen) == 0
            && (blank(buf[p + (int64_t)klen]) || buf[p + (int64_t)klen] == '=')) {
            int64_t q = p + (int64_t)klen;
            while (q < e && blank(buf[q]))
                q++;
            if (q >= e || buf[q] != '=' || found)
                return -1;
            q++;
            while (q < e && blank(buf[q]))
                q++;
            if (q >= e || buf[q] != '[')
                return -1;
            found = q + 1;
        }
        p = e + 1;
    }
    return found;
}

/* After an array's ']' at q: only blanks and a carriage return to the line's end. */
static int line_ends(const char *buf, int64_t q, int64_t b)
{
    while (q < b && (blank(buf[q]) || buf[q] == '\r'))
        q++;
    return q >= b || buf[q] == '\n';
}

/* The blinds of [a, b) into bl (millionths); 1 done (none written: zeros), 0 not plain. */
static int blinds_of(const char *buf, int64_t a, int64_t b, int64_t seats, int64_t *bl)
{
    for (int s = 0; s < HR_PHH_MAX_SEATS; s++)
        bl[s] = 0;
    int64_t q = array_at(buf, a, b, "blinds_or_straddles", 19);
    if (q < 0)
        return 0;
    if (q == 0)
        return 1;
    int64_t k = 0;
    for (;;) {
        while (q < b && blank(buf[q]))
            q++;
        if (q < b && buf[q] == ']' && k == 0)
            break;
        int64_t v0 = q;
        while (q < b && buf[q] != ',' && buf[q] != ']' && buf[q] != '\n' && !blank(buf[q]))
            q++;
        if (k >= seats || !amount(buf + v0, buf + q, &bl[k]))
            return 0;
        k++;
        while (q < b && blank(buf[q]))
            q++;
        if (q < b && buf[q] == ',') {
            q++;
            while (q < b && blank(buf[q]))
                q++;
            if (q < b && buf[q] == ']')
                break;
            continue;
        }
        if (q < b && buf[q] == ']')
            break;
        return 0;
    }
    return k == seats && line_ends(buf, q + 1, b);
}

/* One action's string [p, e): plain (printable, no '#', single spaces inside). */
static int plain(const char *p, const char *e)
{
    if (p == e || *p == ' ' || e[-1] == ' ')
        return p == e;
    for (const char *c = p; c < e; c++) {
        if (*c < 0x20 || *c > 0x7e || *c == '#' || *c == '"' || *c == '\\')
            return 0;
        if (*c == ' ' && c[1] == ' ')
            return 0;
    }
    return 1;
}

/* positions(n) of handrank.history.stats: seat s of n a steal seat (CO, BTN, SB),
 * the big blind, the small blind. */
static int steal_seat(int64_t n, int64_t s)
{
    return n >= 2 && (s == n - 1 || (n >= 4 && s == n - 2) || (n >= 3 && s == 0));
}

static int big_blind_seat(int64_t n, int64_t s)
{
    return n == 2 ? s == 0 : n >= 3 && s == 1;
}

static int small_blind_seat(int64_t n, int64_t s)
{
    return n >= 3 && s == 0;
}

/* A hand's rows of the table: seat s, statistic k at [s * COLS + 2k] (did) and
 * [s * COLS + 2k + 1] (opportunity), the aggression counts at [s * COLS + 2 S_N + i]. */
typedef int32_t counts;

static void mark(counts *c, int64_t s, int k, int did)
{
    c[s * HR_PHH_STAT_COLS + 2 * k + 1] = 1;
    c[s * HR_PHH_STAT_COLS + 2 * k] |= did != 0;
}

static void aggress(counts *c, int64_t s, int i)
{
    c[s * HR_PHH_STAT_COLS + 2 * S_N + i]++;
}

enum { V_OTHER, V_F, V_CC, V_CBR };

/* The counts of one hand; 0 when its text is not plain (left to Python). */
static int one_hand(const char *buf, int64_t a, int64_t b, int64_t n, const int64_t *pay,
                    counts *c, int *has_blinds)
{
    int64_t bl[HR_PHH_MAX_SEATS], posted[HR_PHH_MAX_SEATS];
    int folded[HR_PHH_MAX_SEATS] = {0}, saw[HR_PHH_MAX_SEATS] = {0};
    if (n < 1 || n > HR_PHH_MAX_SEATS || !blinds_of(buf, a, b, n, bl))
        return 0;
    int blinds = 0;
    for (int64_t s = 0; s < n; s++)
        blinds |= bl[s] > 0;
    *has_blinds = blinds;
    for (int64_t s = 0; s < n; s++)
        posted[s] = blinds ? bl[n == 2 ? 1 - s : s] : 0;
    int64_t to_call = 0;
    for (int64_t s = 0; s < n; s++)
        to_call = posted[s] > to_call ? posted[s] : to_call;
    int64_t q = array_at(buf, a, b, "actions", 7);
    if (q <= 0)
        return 0;
    const char *nl = memchr(buf + q, '\n', (size_t)(b - q));
    const char *lim = nl ? nl : buf + b;        /* the array's line ends there */
    int street = 0, raises = 0, limped = 0, callers = 0;
    int64_t first_raiser = -1, steal_from = -1, prev_aggr = -1, aggr = -1;
    int64_t cbettor = -1, prev_cb = -1;
    for (int k = 0;; k++) {
        while (q < b && blank(buf[q]))
            q++;
        if (q < b && buf[q] == ']' && k == 0)
            break;
        /* a literal 'string' or a basic "string" (plain: no escape, no quote inside) */
        if (q >= b || (buf[q] != '\'' && buf[q] != '"'))
            return 0;
        const char quote = buf[q];
        const char *p = buf + q + 1;
        const char *e = p;
        while (e < lim && *e != '\'' && *e != '"')
            e++;
        if (e >= lim || *e != quote || !plain(p, e))
            return 0;
        q = e - buf + 1;
        /* the action: "d <verb> ..." or "p<seat> <verb> [<argument> ...]" */
        const char *sp = p;
        while (sp < e && *sp != ' ')
            sp++;
        if (sp == e) {
            if (!(e - p == 1 && *p == 'd') && !(*p == 'p' && e - p > 1))
                return 0;
            /* a lone "d" or "p<n>": the counter skips it; "p<n>" with no verb too */
            for (const char *d = p + 1; *p == 'p' && d < e; d++)
                if (*d < '0' || *d > '9')
                    return 0;
        } else if (sp - p == 1 && *p == 'd') {
            const char *v = sp + 1;
            const char *ve = v;
            while (ve < e && *ve != ' ')
                ve++;
            if (ve - v == 2 && v[0] == 'd' && v[1] == 'b') {
                street++;
                if (street == 1)
                    for (int64_t s = 0; s < n; s++)
                        saw[s] = !folded[s];
                prev_aggr = aggr;
                aggr = -1;
                prev_cb = cbettor;
                cbettor = -1;
                raises = callers = 0;
                for (int64_t s = 0; s < n; s++)
                    posted[s] = 0;
                to_call = 0;
            }
        } else if (*p == 'p' && sp - p >= 2 && sp - p <= 4) {
            int64_t s = 0;
            for (const char *d = p + 1; d < sp; d++) {
                if (*d < '0' || *d > '9')
                    return 0;
                s = s * 10 + (*d - '0');
            }
            s -= 1;
            const char *v = sp + 1;
            const char *ve = v;
            while (ve < e && *ve != ' ')
                ve++;
            int verb = (ve - v == 1 && v[0] == 'f') ? V_F
                : (ve - v == 2 && v[0] == 'c' && v[1] == 'c') ? V_CC
                : (ve - v == 3 && v[0] == 'c' && v[1] == 'b' && v[2] == 'r') ? V_CBR : V_OTHER;
            if (s < 0 || s >= n || verb == V_OTHER)
                goto next;
            int64_t amt = to_call;
            if (verb == V_CBR && ve < e) {
                const char *x = ve + 1;
                const char *xe = x;
                while (xe < e && *xe != ' ')
                    xe++;
                if (!amount(x, xe, &amt))
                    return 0;
            }
            int facing = to_call > posted[s];
            if (street == 0 && blinds) {
                mark(c, s, S_VPIP, verb == V_CBR || (verb == V_CC && facing));
                mark(c, s, S_PFR, verb == V_CBR);
                if (raises == 1) {
                    mark(c, s, S_THREE, verb == V_CBR);
                } else if (raises == 2) {
                    mark(c, s, S_FOUR, verb == V_CBR);
                    if (s == first_raiser)
                        mark(c, s, S_FOLD_THREE, verb == V_F);
                }
                if (raises == 0 && !limped && steal_seat(n, s))
                    mark(c, s, S_STEAL, verb == V_CBR);
                if (steal_from >= 0 && raises == 1 && callers == 0
                    && (small_blind_seat(n, s) || big_blind_seat(n, s)) && s != steal_from)
                    mark(c, s, S_FOLD_STEAL, verb == V_F);
            } else if (street >= 1) {
                int st = (street < 3 ? street : 3) - 1;
                int64_t chain = street == 1 ? prev_aggr : prev_cb;
                if (raises == 0 && chain >= 0 && s == chain)
                    mark(c, s, S_CBET + st, verb == V_CBR);
                if (cbettor >= 0 && raises == 1 && s != cbettor)
                    mark(c, s, S_FOLD_CBET + st, verb == V_F);
            }
            if (street >= 1 || !blinds) {
                if (verb == V_CBR)
                    aggress(c, s, 0);
                else if (verb == V_CC && facing)
                    aggress(c, s, 1);
                else if (verb == V_F)
                    aggress(c, s, 2);
            }
            if (verb == V_F) {
                folded[s] = 1;
            } else if (verb == V_CC) {
                if (facing) {
                    posted[s] = to_call;
                    if (raises == 0)
                        limped = 1;
                    else
                        callers++;
                }
            } else {
                if (street == 0) {
                    if (raises == 0) {
                        first_raiser = s;
                        steal_from = !limped && steal_seat(n, s) ? s : -1;
                    } else {
                        steal_from = -1;
                    }
                } else if (raises == 0 && s == (street == 1 ? prev_aggr : prev_cb)) {
                    cbettor = s;
                }
                raises++;
                callers = 0;
                aggr = s;
                posted[s] = amt;
                to_call = amt > to_call ? amt : to_call;
            }
        } else if (*p != 'p' && *p != 'd') {
            /* not an action the counter reads: skipped by it, as here */
        } else {
            return 0;
        }
    next:
        while (q < b && blank(buf[q]))
            q++;
        if (q < b && buf[q] == ',') {
            q++;
            while (q < b && blank(buf[q]))
                q++;
            if (q < b && buf[q] == ']')
                break;
            continue;
        }
        if (q < b && buf[q] == ']')
            break;
        return 0;
    }
    if (!line_ends(buf, q + 1, b))
        return 0;
    int live = 0;
    for (int64_t s = 0; s < n; s++)
        live += !folded[s];
    int showdown = live > 1 && street >= 1;
    for (int64_t s = 0; s < n; s++) {
        if (!saw[s] || street < 1)
            continue;
        int won = pay[s] > 0;
        int at = showdown && !folded[s];
        mark(c, s, S_WTSD, at);
        mark(c, s, S_WWSF, won);
        if (at)
            mark(c, s, S_WSD, won);
    }
    return 1;
}

int64_t hr_phh_stat_sums(const char *buf, int64_t len, const int64_t *start,
                         const int64_t *end, const int64_t *seats, const int64_t *pay,
                         int64_t n, const int32_t *ids, const uint8_t *mask, int64_t players,
                         int64_t *sums, uint8_t *has, uint8_t *done)
{
    if (buf == NULL || n < 0 || len < 0 || players < 0)
        return -1;
    for (int64_t h = 0; h < n; h++)         /* every id a seat of the mask names: known */
        for (int s = 0; s < HR_PHH_MAX_SEATS; s++)
            if (mask[h * HR_PHH_MAX_SEATS + s]
                && (ids[h * HR_PHH_MAX_SEATS + s] < 0 || ids[h * HR_PHH_MAX_SEATS + s] >= players))
                return -1;
    int32_t row[HR_PHH_MAX_SEATS * HR_PHH_STAT_COLS];
    for (int64_t h = 0; h < n; h++) {
        done[h] = 0;
        if (start[h] < 0 || start[h] > end[h] || end[h] > len)
            continue;
        memset(row, 0, sizeof row);
        int blinds = 0;
        if (!one_hand(buf, start[h], end[h], seats[h], pay + h * HR_PHH_MAX_SEATS, row,
                      &blinds))
            continue;
        done[h] = 1;
        for (int64_t s = 0; s < seats[h]; s++) {
            if (!mask[h * HR_PHH_MAX_SEATS + s])
                continue;
            int64_t id = ids[h * HR_PHH_MAX_SEATS + s];
            int64_t *to = sums + id * HR_PHH_STAT_COLS;
            const int32_t *r = row + s * HR_PHH_STAT_COLS;
            for (int k = 0; k < HR_PHH_STAT_COLS; k++)
                to[k] += r[k];
            uint8_t *hs = has + id * S_N;
            for (int k = 0; k < S_N; k++)
                hs[k] |= (uint8_t)(k >= S_CBET || blinds);
        }
    }
    return n;
}

int64_t hr_phh_stats(const char *buf, int64_t len, const int64_t *start, const int64_t *end,
                     const int64_t *seats, const int64_t *pay, int64_t n, int32_t *table,
                     uint8_t *done, uint8_t *preflop)
{
    if (buf == NULL || n < 0 || len < 0)
        return -1;
    for (int64_t h = 0; h < n; h++) {
        int32_t *row = table + h * HR_PHH_MAX_SEATS * HR_PHH_STAT_COLS;
        memset(row, 0, sizeof *row * HR_PHH_MAX_SEATS * HR_PHH_STAT_COLS);
        done[h] = 0;
        preflop[h] = 0;
        if (start[h] < 0 || start[h] > end[h] || end[h] > len)
            continue;
        int blinds = 0;
        if (!one_hand(buf, start[h], end[h], seats[h], pay + h * HR_PHH_MAX_SEATS, row,
                      &blinds)) {
            memset(row, 0, sizeof *row * HR_PHH_MAX_SEATS * HR_PHH_STAT_COLS);
            continue;
        }
        done[h] = 1;
        preflop[h] = (uint8_t)blinds;
    }
    return n;
}
