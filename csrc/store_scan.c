/* handrank: the hand store's reading of fast-path PHH text (see store_scan.h). */
#include <string.h>

#include "store_scan.h"

static int is_ws(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static int is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

/* p[0, n) starts with `key` followed by spaces or tabs and "=": the offset past
 * the "=", else -1 */
static int64_t key_eq(const char *p, int64_t n, const char *key)
{
    int64_t k = (int64_t)strlen(key);
    if (n < k || memcmp(p, key, (size_t)k) != 0)
        return -1;
    while (k < n && (p[k] == ' ' || p[k] == '\t'))
        k++;
    return k < n && p[k] == '=' ? k + 1 : -1;
}

/* A list of whole numbers "[a, b, ...]" at p[0, n) (n: up to the line's newline, or
 * the buffer's end), each of at most `digits` digits, spaces and tabs around the
 * numbers; after "]" spaces and tabs then one carriage return at most (strict), or
 * any of spaces, tabs, carriage returns, vertical tabs and form feeds (not strict).
 * Writes at most `cap` numbers to out; returns the count, 0 for an empty list, or
 * -1 when the text is not in this form or holds more than cap. */
static int plain_list(const char *p, int64_t n, int digits, int strict, int64_t *out,
                      int cap)
{
    int64_t i = 0;
    if (i >= n || p[i] != '[')
        return -1;
    i++;
    while (i < n && (p[i] == ' ' || p[i] == '\t'))
        i++;
    int count = 0;
    if (i < n && p[i] == ']') {
        i++;
    } else {
        for (;;) {
            int64_t v = 0;
            int d = 0;
            while (i < n && is_digit((unsigned char)p[i])) {
                if (++d > digits)
                    return -1;
                v = v * 10 + (p[i] - '0');
                i++;
            }
            if (d == 0 || count == cap)
                return -1;
            out[count++] = v;
            while (i < n && (p[i] == ' ' || p[i] == '\t'))
                i++;
            if (i < n && p[i] == ',') {
                i++;
                while (i < n && (p[i] == ' ' || p[i] == '\t'))
                    i++;
                continue;
            }
            if (i < n && p[i] == ']') {
                i++;
                break;
            }
            return -1;
        }
    }
    if (strict) {
        while (i < n && (p[i] == ' ' || p[i] == '\t'))
            i++;
        if (i < n && p[i] == '\r')
            i++;
    } else {
        while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' || p[i] == '\v'
                         || p[i] == '\f'))
            i++;
    }
    return i == n ? count : -1;
}

/* The hand number "N" (white space around it) at p[0, n): -1 when not whole digits. */
static int64_t whole(const char *p, int64_t n)
{
    int64_t a = 0, b = n;
    while (a < b && is_ws((unsigned char)p[a]))
        a++;
    while (b > a && is_ws((unsigned char)p[b - 1]))
        b--;
    if (b == a || b - a > 18)
        return -1;
    int64_t v = 0;
    for (int64_t i = a; i < b; i++) {
        if (!is_digit((unsigned char)p[i]))
            return -1;
        v = v * 10 + (p[i] - '0');
    }
    return v;
}

static const char *const SLOW_KEYS[] = {"site", "year", "month", "day", "currency"};

/* one hand: its lines from s to e (a line may run past e to its newline) */
static void scan_hand(const char *buf, int64_t len, int64_t s, int64_t e, int64_t seats,
                      int64_t *stacks, int64_t *blinds, int64_t *hand_id, uint8_t *flags)
{
    int stack_lines = 0, blind_lines = 0;
    uint8_t f = 0;
    int64_t got[HR_STORE_MAX_SEATS];
    for (int64_t p = s; p < e;) {
        const char *nl = memchr(buf + p, '\n', (size_t)(len - p));
        int64_t q = nl ? nl - buf : len;          /* the line is buf[p, q) */
        const char *l = buf + p;
        int64_t n = q - p, at;
        /* the Python reader strips each line, the whole-column readers read keys at a
         * line's start: a key after blanks, or a line starting with another byte the
         * Python reader may strip or split at, goes to the Python path */
        int64_t k = 0;
        while (k < n && (l[k] == ' ' || l[k] == '\t'))
            k++;
        if (k < n && (k > 0 || l[k] == '\v' || l[k] == '\f'
                      || ((unsigned char)l[k] >= 0x1c && (unsigned char)l[k] <= 0x1f)
                      || (unsigned char)l[k] >= 0x80 || (l[k] == '\r' && k + 1 < n))) {
            if (!(k + 1 == n && l[k] == '\r')) {       /* not a blank CRLF line */
                f |= HR_STORE_SLOW;
                p = q + 1;
                continue;
            }
        }
        switch (l[0]) {
        case 's':
            if ((at = key_eq(l, n, "starting_stacks")) >= 0) {
                stack_lines++;
                while (at < n && (l[at] == ' ' || l[at] == '\t'))
                    at++;
                int c = plain_list(l + at, n - at, 18, 1, got, HR_STORE_MAX_SEATS);
                if (stack_lines == 1 && c == seats) {
                    memcpy(stacks, got, (size_t)c * sizeof(int64_t));
                    f |= HR_STORE_STACKS;
                }
            } else if (key_eq(l, n, "site") >= 0) {
                f |= HR_STORE_SLOW;
            }
            break;
        case 'b':
            if (n >= 19 && memcmp(l, "blinds_or_straddles", 19) == 0) {
                int c = -1;
                if (n >= 23 && memcmp(l + 19, " = [", 4) == 0)
                    c = plain_list(l + 22, n - 22, 15, 0, got, HR_STORE_MAX_SEATS);
                if (c == 0)
                    break;                        /* an empty list: no line */
                if (c < 0 || ++blind_lines > 1) {
                    f |= HR_STORE_SLOW;
                    break;
                }
                memcpy(blinds, got, (size_t)c * sizeof(int64_t));
                f |= HR_STORE_BLINDS;
            }
            break;
        case 'h':
            if ((at = key_eq(l, n, "hand")) >= 0) {
                int64_t v = whole(l + at, n - at);
                if (v < 0)
                    f |= HR_STORE_SLOW;
                else
                    *hand_id = v, f |= HR_STORE_HAND_ID;
            }
            break;
        case 'y':
        case 'm':
        case 'd':
        case 'c':
            for (size_t k = 1; k < sizeof SLOW_KEYS / sizeof SLOW_KEYS[0]; k++)
                if (key_eq(l, n, SLOW_KEYS[k]) >= 0)
                    f |= HR_STORE_SLOW;
            break;
        default:
            break;
        }
        p = q + 1;
    }
    if (stack_lines != 1) {
        f &= (uint8_t)~HR_STORE_STACKS;
        memset(stacks, 0, HR_STORE_MAX_SEATS * sizeof(int64_t));
    }
    *flags = f;
}

int64_t hr_store_scan(const char *buf, int64_t len, const int64_t *start, const int64_t *end,
                      const int64_t *seats, int64_t n, int64_t *stacks, int64_t *blinds,
                      int64_t *hand_id, int64_t *key, uint8_t *flags)
{
    if (n < 0 || (n > 0 && (buf == NULL || len < 0)))
        return -1;
    for (int64_t h = 0; h < n; h++)
        if (start[h] < 0 || end[h] < start[h] || end[h] > len || seats[h] < 1
            || seats[h] > HR_STORE_MAX_SEATS)
            return -1;
    for (int64_t h = 0; h < n; h++) {
        int64_t *st = stacks + h * HR_STORE_MAX_SEATS, *bl = blinds + h * HR_STORE_MAX_SEATS;
        memset(st, 0, HR_STORE_MAX_SEATS * sizeof(int64_t));
        memset(bl, 0, HR_STORE_MAX_SEATS * sizeof(int64_t));
        hand_id[h] = -1;
        scan_hand(buf, len, start[h], end[h], seats[h], st, bl, hand_id + h, flags + h);
        int64_t a = start[h], b = end[h];
        while (a < b && is_ws((unsigned char)buf[a]))
            a++;
        while (b > a && is_ws((unsigned char)buf[b - 1]))
            b--;
        key[2 * h] = a, key[2 * h + 1] = b;
        for (int64_t i = a; i + 1 < b; i++)
            if (buf[i] == '\r' && buf[i + 1] == '\n') {
                flags[h] |= HR_STORE_CR;
                break;
            }
    }
    return n;
}

static unsigned char at_(const char *buf, int64_t len, int64_t p)
{
    return p >= 0 && p < len ? (unsigned char)buf[p] : 0;
}

/* the hand's actions line: the inside of its brackets [*a, *b); 0 when none or not
 * in the plain form, or when there are two */
static int actions_line(const char *buf, int64_t len, int64_t s, int64_t e, int64_t *a,
                        int64_t *b)
{
    int found = 0;
    for (int64_t p = s; p < e;) {
        const char *nl = memchr(buf + p, '\n', (size_t)(len - p));
        int64_t q = nl ? nl - buf : len;
        if (q - p >= 11 && memcmp(buf + p, "actions = [", 11) == 0) {
            const char *close = memchr(buf + p + 11, ']', (size_t)(q - p - 11));
            if (!close)
                return 0;
            int64_t c = close - buf;
            for (int64_t k = c + 1; k < q; k++)
                if (!(buf[k] == ' ' || buf[k] == '\t' || buf[k] == '\r' || buf[k] == '\v'
                      || buf[k] == '\f'))
                    return 0;
            if (found++ || c > e)
                return 0;
            *a = p + 11, *b = c;
        }
        p = q + 1;
    }
    return found == 1;
}

/* w is the word at buf[v, a1) (followed by a space or a1) */
static int word_at(const char *buf, int64_t len, int64_t v, int64_t a1, const char *w)
{
    int64_t k = 0;
    for (; w[k]; k++)
        if (!(v + k < a1 && at_(buf, len, v + k) == (unsigned char)w[k]))
            return 0;
    return v + k == a1 || at_(buf, len, v + k) == ' ';
}

/* one action buf[a0, a1) of hand h into o; 0 when its bet amount is not whole */
static int one_action(const char *buf, int64_t len, int64_t h, int64_t a0, int64_t a1,
                      int64_t *o)
{
    unsigned char c0 = at_(buf, len, a0);
    int dealer = c0 == 'd' && at_(buf, len, a0 + 1) == ' ' && a0 + 1 < a1;
    int d1 = at_(buf, len, a0 + 1) - '0', d2 = at_(buf, len, a0 + 2) - '0';
    int two = d2 >= 0 && d2 <= 9 && a0 + 2 < a1;
    int player = c0 == 'p' && d1 >= 0 && d1 <= 9 && a0 + 1 < a1;
    int64_t sp = dealer ? a0 + 1 : two ? a0 + 3 : a0 + 2;
    player = player && sp < a1 && at_(buf, len, sp) == ' ';
    int64_t seat = player ? (two ? d1 * 10 + d2 : d1) - 1 : -1, v0 = sp + 1;
    int verb = HR_STORE_V_OTHER;
    if (player && word_at(buf, len, v0, a1, "f"))
        verb = HR_STORE_V_F;
    else if (player && word_at(buf, len, v0, a1, "cc"))
        verb = HR_STORE_V_CC;
    else if (player && word_at(buf, len, v0, a1, "cbr"))
        verb = HR_STORE_V_CBR;
    else if (player && word_at(buf, len, v0, a1, "sm"))
        verb = HR_STORE_V_SM;
    else if (dealer && word_at(buf, len, v0, a1, "db"))
        verb = HR_STORE_V_DB;
    else if (dealer && word_at(buf, len, v0, a1, "dh"))
        verb = HR_STORE_V_DH;
    int64_t arg = verb == HR_STORE_V_CBR ? v0 + 4 : verb == HR_STORE_V_F ? v0 + 2
                  : verb == HR_STORE_V_OTHER ? a1 : v0 + 3;
    if (arg > a1)
        arg = a1;
    int64_t amount = -1;
    if (verb == HR_STORE_V_CBR && arg < a1) {
        int64_t v = 0, k = 0;
        for (; k < 19 && arg + k < a1 && at_(buf, len, arg + k) != ' '; k++) {
            unsigned char ch = at_(buf, len, arg + k);
            if (ch < '0' || ch > '9' || k == 18)
                return 0;
            v = v * 10 + (ch - '0');
        }
        if (k == 0)
            return 0;
        amount = v;
    }
    /* the verb as the store writes it: after "d " or "pN " / "pNN ", to the next
     * space (8 bytes at most) */
    int64_t vs = c0 == 'd' ? a0 + 2 : a0 + (is_digit(at_(buf, len, a0 + 2)) ? 4 : 3), ve = vs;
    for (int k = 0; k < 8 && ve < a1 && at_(buf, len, ve) != ' '; k++)
        ve++;
    o[0] = h, o[1] = seat, o[2] = verb, o[3] = amount, o[4] = a0, o[5] = a1, o[6] = arg;
    o[7] = vs, o[8] = ve;
    return 1;
}

/* the actions of one hand's line buf[a, b) into out (room for cap - *count more);
 * returns 0 when the line is not in the plain form (nothing kept) */
static int hand_actions(const char *buf, int64_t len, int64_t h, int64_t a, int64_t b,
                        int64_t *out, int64_t cap, int64_t *count)
{
    for (int64_t k = a; k + 1 < b; k++)
        if (buf[k] == ' ' && buf[k + 1] == ' ')
            return 0;
    int64_t p = a;
    while (p < b) {
        unsigned char ch = (unsigned char)buf[p];
        if (ch != '\'' || (p > a && !(buf[p - 1] == ',' || (buf[p - 1] == ' '
                                                             && buf[p - 2] == ','))))
            return 0;
        const char *q = memchr(buf + p + 1, '\'', (size_t)(b - p - 1));
        if (!q)
            return 0;
        int64_t a0 = p + 1, a1 = q - buf;
        for (int64_t k = a0; k < a1; k++)
            if (buf[k] == '"' || buf[k] == '\\' || buf[k] == '\t' || buf[k] == '\r')
                return 0;
        if (*count < cap && !one_action(buf, len, h, a0, a1, out + *count * HR_STORE_ACT_WIDTH))
            return 0;
        (*count)++;
        p = a1 + 1;                                   /* then ",", ", " or the end */
        if (p < b && buf[p] == ',')
            p++;
        if (p < b && buf[p] == ' ' && p + 1 < b)
            p++;
        if (p < b && buf[p] != '\'')
            return 0;
    }
    return 1;
}

int64_t hr_store_actions(const char *buf, int64_t len, const int64_t *start,
                         const int64_t *end, int64_t n, int64_t *out, int64_t cap,
                         uint8_t *ok, int64_t *need)
{
    if (n < 0 || cap < 0 || (n > 0 && (buf == NULL || len < 0)))
        return -1;
    for (int64_t h = 0; h < n; h++)
        if (start[h] < 0 || end[h] < start[h] || end[h] > len)
            return -1;
    int64_t count = 0;
    for (int64_t h = 0; h < n; h++) {
        int64_t a = 0, b = 0, before = count;
        ok[h] = (uint8_t)(actions_line(buf, len, start[h], end[h], &a, &b)
                          && hand_actions(buf, len, h, a, b, out, cap, &count));
        if (!ok[h])
            count = before;
    }
    *need = count;
    return count > cap ? -2 : count;
}
