/* handrank: exact pot shares of three hands lacking three cards each; see
 * stud_exact.h.
 *
 * Seat i is the pivot, j and k the others.  For each completion a of seat i
 * (strength x) the shares it gets are
 *   sum over U (|U| <= 3, U missing a) of (-1)^|U| W(N_j(U), N_k(U)),
 * N_s(U) the pair (below x, at most x) of counts of seat s's allowed
 * completions holding U and missing a, and W the weighted product
 *   unit * below_j * below_k + unit/2 * (tied_j * below_k + below_j * tied_k)
 *   + unit/3 * tied_j * tied_k.
 * A completion misses a by inclusion-exclusion over a's cards, from counts
 * (per completion set, per card, per card pair) of the completions below /
 * at most x, which grow as the a's are taken in order of strength.  The
 * |U| = 3 terms (b = c = U) are summed the same way over the one-seat
 * weight w_x(t) = W of (j, k) both completed by t, which depends on x only
 * through max(value_j(t), value_k(t)): counts of w swept by that maximum.
 */
#include "stud_exact.h"

#include <stddef.h>
#include <string.h>

#define SE_BIG (1 << 20)   /* strength of a completion a seat may not take */

int64_t hr_stud_three_scratch(int n_stub)
{
    if (n_stub < 9 || n_stub > HR_STUD3_MAX_STUB)
        return -1;
    const int64_t u = n_stub, n = u * (u - 1) * (u - 2) / 6;
    return 10 * n + 7 * (1 + u + u * u);
}

/* The colex number of the completion {r, s, t} (three distinct positions). */
static inline int64_t se_idx3(const int64_t *c2, const int64_t *c3, int r, int s, int t)
{
    int z;
    if (r > s) { z = r; r = s; s = z; }
    if (s > t) { z = s; s = t; t = z; }
    if (r > s) { z = r; r = s; s = z; }
    return r + c2[s] + c3[t];
}

/* Counts of completions (or weights) per set: all, per card, per card pair. */
typedef struct se_counts {
    int64_t *all;     /* [0] */
    int64_t *one;     /* [u] */
    int64_t *two;     /* [u * u], entry p * u + q for p < q */
} se_counts;

static void se_add(se_counts *c, int u, int64_t pqr, int64_t w)
{
    const int p = (int)(pqr & 255), q = (int)(pqr >> 8 & 255), r = (int)(pqr >> 16);
    c->all[0] += w;
    c->one[p] += w;
    c->one[q] += w;
    c->one[r] += w;
    c->two[p * u + q] += w;
    c->two[p * u + r] += w;
    c->two[q * u + r] += w;
}

/* Indices t with key[t] < SE_BIG, sorted by key (two byte-wide passes of a
 * stable counting sort; keys below 65536); returns how many. */
static int64_t se_sort(const int64_t *key, int64_t n, int64_t *out, int64_t *tmp)
{
    int64_t m = 0;
    for (int64_t t = 0; t < n; t++)
        if (key[t] < SE_BIG)
            tmp[m++] = t;
    int64_t *src = tmp, *dst = out;
    for (int shift = 0; shift < 16; shift += 8) {
        int64_t count[257];
        memset(count, 0, sizeof count);
        for (int64_t i = 0; i < m; i++)
            count[(key[src[i]] >> shift & 255) + 1]++;
        for (int b = 0; b < 256; b++)
            count[b + 1] += count[b];
        for (int64_t i = 0; i < m; i++)
            dst[count[key[src[i]] >> shift & 255]++] = src[i];
        int64_t *x = src;
        src = dst;
        dst = x;
    }
    /* after the two passes the list is in tmp's buffer */
    if (src != out)
        memcpy(out, src, (size_t)m * sizeof *out);
    return m;
}

typedef struct se_seat {
    const int64_t *v;      /* strengths, SE_BIG where not allowed */
    se_counts lt, le;      /* completions below x, at most x */
} se_seat;

/* Weighted product of the (below, at most) counts of seats j and k. */
static inline int64_t se_w(int64_t ltj, int64_t lej, int64_t ltk, int64_t lek, int64_t u1,
                           int64_t u2, int64_t u3)
{
    const int64_t eqj = lej - ltj, eqk = lek - ltk;
    return u1 * ltj * ltk + u2 * (eqj * ltk + ltj * eqk) + u3 * eqj * eqk;
}

/* One pivot completion a = {p0 < p1 < p2} of strength x: its shares. */
static int64_t se_pivot(int u, const int64_t *c2, const int64_t *c3, int p0, int p1, int p2,
                        int64_t x, const se_seat *J, const se_seat *K, const se_counts *L,
                        const se_counts *Qle, const se_counts *Qlt, int64_t u1, int64_t u2,
                        int64_t u3)
{
    const int64_t ia = p0 + c2[p1] + c3[p2];
    const int a01 = p0 * u + p1, a02 = p0 * u + p2, a12 = p1 * u + p2;
    int64_t acc = 0;
    /* U empty */
    {
        const se_seat *S[2] = {J, K};
        int64_t lt[2], le[2];
        for (int s = 0; s < 2; s++) {
            const se_counts *A = &S[s]->lt, *B = &S[s]->le;
            const int64_t va = S[s]->v[ia];
            lt[s] = A->all[0] - A->one[p0] - A->one[p1] - A->one[p2] + A->two[a01] +
                    A->two[a02] + A->two[a12] - (va < x);
            le[s] = B->all[0] - B->one[p0] - B->one[p1] - B->one[p2] + B->two[a01] +
                    B->two[a02] + B->two[a12] - (va <= x);
        }
        acc += se_w(lt[0], le[0], lt[1], le[1], u1, u2, u3);
    }
    int rest[HR_STUD3_MAX_STUB];
    int nr = 0;
    for (int p = 0; p < u; p++)
        if (p != p0 && p != p1 && p != p2)
            rest[nr++] = p;
    /* |U| = 1: U = {p} */
    for (int ii = 0; ii < nr; ii++) {
        const int p = rest[ii];
        /* the completions {p} + two of a's cards */
        const int64_t t01 = se_idx3(c2, c3, p, p0, p1), t02 = se_idx3(c2, c3, p, p0, p2);
        const int64_t t12 = se_idx3(c2, c3, p, p1, p2);
        const int lo0 = p < p0 ? p * u + p0 : p0 * u + p;
        const int lo1 = p < p1 ? p * u + p1 : p1 * u + p;
        const int lo2 = p < p2 ? p * u + p2 : p2 * u + p;
        const se_seat *S[2] = {J, K};
        int64_t lt[2], le[2];
        for (int s = 0; s < 2; s++) {
            const se_counts *A = &S[s]->lt, *B = &S[s]->le;
            const int64_t *v = S[s]->v;
            const int64_t w01 = v[t01], w02 = v[t02], w12 = v[t12];
            lt[s] = A->one[p] - A->two[lo0] - A->two[lo1] - A->two[lo2] + (w01 < x) +
                    (w02 < x) + (w12 < x);
            le[s] = B->one[p] - B->two[lo0] - B->two[lo1] - B->two[lo2] + (w01 <= x) +
                    (w02 <= x) + (w12 <= x);
        }
        acc -= se_w(lt[0], le[0], lt[1], le[1], u1, u2, u3);
    }
    /* |U| = 2: U = {p < q} */
    const int64_t *vj = J->v, *vk = K->v;
    const int64_t *jlt = J->lt.two, *jle = J->le.two, *klt = K->lt.two, *kle = K->le.two;
    for (int ii = 0; ii < nr; ii++) {
        const int p = rest[ii];
        int64_t part = 0;
        for (int jj = ii + 1; jj < nr; jj++) {
            const int q = rest[jj];
            /* {p, q, c} for c in a, as colex numbers */
            int64_t t[3];
            const int cs[3] = {p0, p1, p2};
            for (int m = 0; m < 3; m++) {
                const int c = cs[m];
                t[m] = c < p ? c + c2[p] + c3[q] : c < q ? p + c2[c] + c3[q] : p + c2[q] + c3[c];
            }
            const int64_t a0 = vj[t[0]], a1 = vj[t[1]], a2 = vj[t[2]];
            const int64_t b0 = vk[t[0]], b1 = vk[t[1]], b2 = vk[t[2]];
            const int pq = p * u + q;
            const int64_t ltj = jlt[pq] - (a0 < x) - (a1 < x) - (a2 < x);
            const int64_t lej = jle[pq] - (a0 <= x) - (a1 <= x) - (a2 <= x);
            const int64_t ltk = klt[pq] - (b0 < x) - (b1 < x) - (b2 < x);
            const int64_t lek = kle[pq] - (b0 <= x) - (b1 <= x) - (b2 <= x);
            part += se_w(ltj, lej, ltk, lek, u1, u2, u3);
        }
        acc += part;
    }
    /* |U| = 3: minus the sum of w_x(t) over the t missing a */
    {
        int64_t wa;
        const int64_t ja = vj[ia], ka = vk[ia];
        const int64_t top = ja > ka ? ja : ka;
        wa = top < x ? u1 : top == x ? (ja == ka ? u3 : u2) : 0;
        const se_counts *C[3] = {L, Qle, Qlt};
        const int64_t sg[3] = {1, 1, -1};
        int64_t miss = -wa;
        for (int m = 0; m < 3; m++) {
            const se_counts *A = C[m];
            miss += sg[m] * (A->all[0] - A->one[p0] - A->one[p1] - A->one[p2] + A->two[a01] +
                             A->two[a02] + A->two[a12]);
        }
        acc -= miss;
    }
    return acc;
}

int hr_stud_three_exact(int n_stub, const int32_t *value, const uint8_t *allowed,
                        const uint8_t *mine, int64_t unit, int64_t *scratch, int64_t *out,
                        const volatile int32_t *cancel)
{
    const int u = n_stub;
    if (u < 9 || u > HR_STUD3_MAX_STUB || unit <= 0 || unit % 6)
        return -1;
    const int64_t n = (int64_t)u * (u - 1) * (u - 2) / 6;
    for (int64_t t = 0; t < 3 * n; t++)
        if (value[t] < 0 || value[t] > 65535)
            return -1;
    int64_t c2[HR_STUD3_MAX_STUB + 1], c3[HR_STUD3_MAX_STUB + 1];
    for (int i = 0; i <= u; i++) {
        c2[i] = (int64_t)i * (i - 1) / 2;
        c3[i] = (int64_t)i * (i - 1) * (i - 2) / 6;
    }
    int64_t *pos = scratch, *ord_a = pos + n, *ord_b = ord_a + n, *ord_c = ord_b + n;
    int64_t *ord_t = ord_c + n, *tmp = ord_t + n, *key = tmp + n;
    int64_t *v[3] = {key + n, key + 2 * n, key + 3 * n};
    int64_t *cnt = key + 4 * n;
    const int64_t block = 1 + u + (int64_t)u * u;
    /* colex positions of every completion */
    {
        int64_t t = 0;
        for (int r = 2; r < u; r++)
            for (int q = 1; q < r; q++)
                for (int p = 0; p < q; p++)
                    pos[t++] = p | q << 8 | (int64_t)r << 16;
    }
    const int64_t u1 = unit, u2 = unit / 2, u3 = unit / 3;
    for (int i = 0; i < 3; i++) {
        const int j = i == 0 ? 1 : 0, k = i == 2 ? 1 : 2;
        /* strengths with SE_BIG where a seat may not take the completion */
        for (int s = 0; s < 3; s++)
            for (int64_t t = 0; t < n; t++)
                v[s][t] = allowed[s * n + t] ? value[s * n + t] : SE_BIG;
        /* the pivot's own, where mine (the rest is not swept) */
        for (int64_t t = 0; t < n; t++)
            key[t] = mine[i * n + t] ? value[i * n + t] : SE_BIG;
        const int64_t na = se_sort(key, n, ord_a, tmp);
        const int64_t nb = se_sort(v[j], n, ord_b, tmp);
        const int64_t nc = se_sort(v[k], n, ord_c, tmp);
        /* the one-seat weight's key: the larger of j's and k's strengths */
        for (int64_t t = 0; t < n; t++)
            key[t] = v[j][t] > v[k][t] ? v[j][t] : v[k][t];
        const int64_t nt = se_sort(key, n, ord_t, tmp);
        memset(cnt, 0, (size_t)(7 * block) * sizeof *cnt);
        se_counts sc[7];
        for (int m = 0; m < 7; m++) {
            sc[m].all = cnt + m * block;
            sc[m].one = sc[m].all + 1;
            sc[m].two = sc[m].one + u;
        }
        se_seat J = {v[j], sc[0], sc[1]}, K = {v[k], sc[2], sc[3]};
        se_counts *L = &sc[4], *Qle = &sc[5], *Qlt = &sc[6];
        int64_t pb_lt = 0, pb_le = 0, pc_lt = 0, pc_le = 0, pt_lt = 0, pt_le = 0;
        int64_t total = 0;
        for (int64_t g = 0; g < na;) {
            if (cancel && *cancel)
                return -2;
            const int64_t x = value[i * n + ord_a[g]];
            while (pb_lt < nb && v[j][ord_b[pb_lt]] < x)
                se_add(&J.lt, u, pos[ord_b[pb_lt++]], 1);
            while (pb_le < nb && v[j][ord_b[pb_le]] <= x)
                se_add(&J.le, u, pos[ord_b[pb_le++]], 1);
            while (pc_lt < nc && v[k][ord_c[pc_lt]] < x)
                se_add(&K.lt, u, pos[ord_c[pc_lt++]], 1);
            while (pc_le < nc && v[k][ord_c[pc_le]] <= x)
                se_add(&K.le, u, pos[ord_c[pc_le++]], 1);
            while (pt_lt < nt && key[ord_t[pt_lt]] < x) {
                const int64_t t = ord_t[pt_lt++];
                se_add(L, u, pos[t], u1);
                se_add(Qlt, u, pos[t], v[j][t] == v[k][t] ? u3 : u2);
            }
            while (pt_le < nt && key[ord_t[pt_le]] <= x) {
                const int64_t t = ord_t[pt_le++];
                se_add(Qle, u, pos[t], v[j][t] == v[k][t] ? u3 : u2);
            }
            for (; g < na && value[i * n + ord_a[g]] == x; g++) {
                const int64_t pqr = pos[ord_a[g]];
                total += se_pivot(u, c2, c3, (int)(pqr & 255), (int)(pqr >> 8 & 255),
                                  (int)(pqr >> 16), x, &J, &K, L, Qle, Qlt, u1, u2, u3);
            }
        }
        out[i] += total;
    }
    return 0;
}
