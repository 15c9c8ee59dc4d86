/* handrank: portable wrappers for the compiler builtins the C core uses
 * (internal, not API).  Every C file of the core includes this instead of
 * calling __builtin_* directly, so the core builds with GCC, Clang and MSVC, and on
 * any architecture.
 *
 * Define HR_PORTABLE to force the plain-C versions everywhere (no builtins,
 * no intrinsics, no 128-bit integers, no run-time CPU dispatch): the tests
 * build the core that way too, so the fallbacks are checked on every run.
 */
#ifndef HR_PORT_H
#define HR_PORT_H

#include <stdint.h>

#if defined(__GNUC__) && !defined(HR_PORTABLE)
#define HR_GNUC 1
#else
#define HR_GNUC 0
#endif

#if defined(_MSC_VER) && !defined(__clang__) && !defined(HR_PORTABLE)
#define HR_MSVC 1
#include <intrin.h>
#else
#define HR_MSVC 0
#endif

/* SSE2 is part of x86-64: the batch kernels use it wherever it exists. */
#if !defined(HR_PORTABLE) && (defined(__SSE2__) || defined(_M_X64) || \
                              (defined(_M_IX86_FP) && _M_IX86_FP >= 2))
#define HR_SSE2 1
#include <emmintrin.h>
#else
#define HR_SSE2 0
#endif

/* A hint to bring the cache line at p in for a read soon (no fault for
 * any address; nothing where the compiler has no such hint). */
#if HR_GNUC
#define HR_PREFETCH(p) __builtin_prefetch((const void *)(p), 0, 3)
#elif HR_SSE2
#define HR_PREFETCH(p) _mm_prefetch((const char *)(const void *)(p), _MM_HINT_T0)
#else
#define HR_PREFETCH(p) ((void)(p))
#endif

/* Wider kernels (AVX2 + BMI2 + POPCNT, and AVX-512) compiled with a target
 * attribute and chosen at run time: GCC and Clang on x86-64 only. */
#if HR_GNUC && HR_SSE2 && defined(__x86_64__)
#define HR_X86_DISPATCH 1
#else
#define HR_X86_DISPATCH 0
#endif
/* and a third with AVX-512 (VPOPCNTDQ, BW, VBMI) where the compiler knows it */
#if HR_X86_DISPATCH && (defined(__clang__) || __GNUC__ >= 8)
#define HR_X86_AVX512 1
#else
#define HR_X86_AVX512 0
#endif

#if HR_GNUC
#define HR_LIKELY(x) __builtin_expect(!!(x), 1)
#define HR_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define HR_INLINE inline __attribute__((always_inline))
#define HR_ALIGN16 __attribute__((aligned(16)))
#elif HR_MSVC
#define HR_LIKELY(x) (x)
#define HR_UNLIKELY(x) (x)
#define HR_INLINE __forceinline
#define HR_ALIGN16 __declspec(align(16))
#else
#define HR_LIKELY(x) (x)
#define HR_UNLIKELY(x) (x)
#define HR_INLINE inline
#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define HR_ALIGN16 _Alignas(16)
#else
#define HR_ALIGN16
#endif
#endif

/* Index of the lowest set bit of x != 0. */
static inline unsigned hr_ctz64(uint64_t x)
{
#if HR_GNUC
    return (unsigned)__builtin_ctzll(x);
#elif HR_MSVC && defined(_M_X64)
    unsigned long i;
    _BitScanForward64(&i, x);
    return (unsigned)i;
#else
    unsigned n = 0;
    while (!(x & 1u)) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

/* Number of set bits. */
static inline unsigned hr_popcount64(uint64_t x)
{
#if HR_GNUC
    return (unsigned)__builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (unsigned)((x * 0x0101010101010101ull) >> 56);
#endif
}

static inline unsigned hr_popcount32(uint32_t x) { return hr_popcount64(x); }

/* High and low 64 bits of a * b. */
static inline uint64_t hr_mul_hi64(uint64_t a, uint64_t b, uint64_t *lo)
{
#if HR_GNUC && defined(__SIZEOF_INT128__)
    unsigned __int128 p = (unsigned __int128)a * b;
    *lo = (uint64_t)p;
    return (uint64_t)(p >> 64);
#elif HR_MSVC && defined(_M_X64)
    uint64_t hi;
    *lo = _umul128(a, b, &hi);
    return hi;
#else
    uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32, b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    *lo = (mid << 32) | (p00 & 0xFFFFFFFFu);
    return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
#endif
}

#endif
