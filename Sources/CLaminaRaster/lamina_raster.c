#include "lamina_raster.h"
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define LAMINA_X86 1
#endif

// round(x * k / 255) for bytes, as Lamina's Swift code computes it: t = x*k + 128,
// (t + (t >> 8)) >> 8. Exact for x, k in 0...255 (the 16-bit lanes below never overflow:
// at most 65025 + 128 + 254).
static inline uint32_t mul255(uint32_t x, uint32_t k) {
    uint32_t t = x * k + 128;
    return (t + (t >> 8)) >> 8;
}

// All four bytes of a word times k / 255, rounded as mul255, two bytes per multiply (bytes 0
// and 2, then 1 and 3, in 16-bit lanes of a 32-bit word).
static inline uint32_t scale_word(uint32_t x, uint32_t k) {
    uint32_t lo = (x & 0x00FF00FFu) * k + 0x00800080u;
    lo = ((lo + ((lo >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t hi = ((x >> 8) & 0x00FF00FFu) * k + 0x00800080u;
    hi = ((hi + ((hi >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    return lo | (hi << 8);
}

static void solid_over_32_scalar(uint32_t *dst, long count, uint32_t s, uint32_t inv) {
    // Premultiplied bytes never carry: s's byte plus d's byte scaled by 255 minus s's alpha
    // is at most 255.
    for (long i = 0; i < count; i++) dst[i] = s + scale_word(dst[i], inv);
}

#ifdef LAMINA_X86
// Bytes of four pixels times a per-pixel factor (0...255 in the low 16 bits of each 32-bit lane
// of `k32`), rounded as mul255.
static inline __m128i scale4_sse2(__m128i x, __m128i k32, __m128i half, __m128i zero) {
    __m128i k = _mm_or_si128(k32, _mm_slli_epi32(k32, 16));
    __m128i klo = _mm_unpacklo_epi32(k, k), khi = _mm_unpackhi_epi32(k, k);
    __m128i lo = _mm_unpacklo_epi8(x, zero), hi = _mm_unpackhi_epi8(x, zero);
    lo = _mm_add_epi16(_mm_mullo_epi16(lo, klo), half);
    hi = _mm_add_epi16(_mm_mullo_epi16(hi, khi), half);
    lo = _mm_srli_epi16(_mm_add_epi16(lo, _mm_srli_epi16(lo, 8)), 8);
    hi = _mm_srli_epi16(_mm_add_epi16(hi, _mm_srli_epi16(hi, 8)), 8);
    return _mm_packus_epi16(lo, hi);
}

// Bytes of four pixels times one factor `k` (in every 16-bit lane of `k16`) over 255, rounded
// as mul255: (t * 257) >> 16 equals (t + (t >> 8)) >> 8 for every t below 65536.
static inline __m128i scale4k_sse2(__m128i x, __m128i k16, __m128i half, __m128i m257, __m128i zero) {
    __m128i lo = _mm_unpacklo_epi8(x, zero), hi = _mm_unpackhi_epi8(x, zero);
    lo = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(lo, k16), half), m257);
    hi = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(hi, k16), half), m257);
    return _mm_packus_epi16(lo, hi);
}

static void solid_over_32_sse2(uint32_t *dst, long count, uint32_t s, uint32_t inv) {
    const __m128i zero = _mm_setzero_si128(), k = _mm_set1_epi16((short)inv), half = _mm_set1_epi16(128);
    const __m128i m257 = _mm_set1_epi16(257), src = _mm_set1_epi32((int)s);
    long i = 0;
    for (; i + 4 <= count; i += 4) {
        __m128i d = _mm_loadu_si128((const __m128i *)(dst + i));
        _mm_storeu_si128((__m128i *)(dst + i), _mm_add_epi8(scale4k_sse2(d, k, half, m257, zero), src));
    }
    solid_over_32_scalar(dst + i, count - i, s, inv);
}

__attribute__((target("avx2")))
static inline __m256i scale8k_avx2(__m256i x, __m256i k16, __m256i half, __m256i m257, __m256i zero) {
    // unpack/pack work within 128-bit halves, so the pixels come back in place.
    __m256i lo = _mm256_unpacklo_epi8(x, zero), hi = _mm256_unpackhi_epi8(x, zero);
    lo = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(lo, k16), half), m257);
    hi = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(hi, k16), half), m257);
    return _mm256_packus_epi16(lo, hi);
}

__attribute__((target("avx2")))
static void solid_over_32_avx2(uint32_t *dst, long count, uint32_t s, uint32_t inv) {
    const __m256i zero = _mm256_setzero_si256(), k = _mm256_set1_epi16((short)inv), half = _mm256_set1_epi16(128);
    const __m256i m257 = _mm256_set1_epi16(257), src = _mm256_set1_epi32((int)s);
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
        _mm256_storeu_si256((__m256i *)(dst + i), _mm256_add_epi8(scale8k_avx2(d, k, half, m257, zero), src));
    }
    long rest = count - i;
    if (rest > 0) {
        // The last 1-7 pixels through a lane mask: the masked-off lanes are neither read nor written.
        const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        __m256i mask = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)rest), lanes);
        __m256i d = _mm256_maskload_epi32((const int *)(dst + i), mask);
        _mm256_maskstore_epi32((int *)(dst + i), mask, _mm256_add_epi8(scale8k_avx2(d, k, half, m257, zero), src));
    }
}
#endif

// One pixel of a gradient span, as Lamina's Swift painter computes it: the coverage, and the
// word to lay over the pixel (0 with coverage 255 when the pixel is left alone: the blend then
// gives the pixel back unchanged, as x * 255 / 255 rounds to x).
static inline __attribute__((always_inline)) void gradient_pixel(long i, double *t, double dt, const uint32_t *lut, double top, int before, int after,
                                  const uint8_t *mask, uint32_t constant, long skip, uint32_t *src, uint32_t *cov) {
    double u = *t;
    *t += dt;
    uint32_t c = i < skip ? 0 : (mask ? (constant == 255 ? mask[i] : mul255(constant, mask[i])) : constant);
    *src = 0; *cov = 255;
    if (c == 0) return;
    if (u < 0) { if (before) u = 0; else return; }
    else if (u > 1) { if (after) u = 1; else return; }
    *src = lut[(long)(u * top + 0.5)];
    *cov = c;
}

static inline uint32_t over_pixel(uint32_t d, uint32_t s, uint32_t cov, int alpha_shift) {
    uint32_t scaled = scale_word(s, cov);
    uint32_t inv = 255 - ((scaled >> alpha_shift) & 0xFF);
    return scaled + scale_word(d, inv);
}

static void linear_gradient_scalar(uint32_t *dst, long count, double t, double dt, const uint32_t *lut, double top,
                                   int before, int after, int alpha_shift, const uint8_t *mask, uint32_t constant, long skip) {
    for (long i = 0; i < count; i++) {
        uint32_t s, cov;
        gradient_pixel(i, &t, dt, lut, top, before, after, mask, constant, skip, &s, &cov);
        if (s == 0 && cov == 255) continue;
        dst[i] = over_pixel(dst[i], s, cov, alpha_shift);
    }
}

#ifdef LAMINA_X86

// The loop, specialized by the compiler for each way coverage comes (`kind`: 0 constant, 1 the
// mask's bytes, 2 anything: mask times constant, skipped pixels).
static inline __attribute__((always_inline))
void linear_gradient_sse2_kind(uint32_t *dst, long count, double t, double dt, const uint32_t *lut, double top,
                               int before, int after, int alpha_shift, const uint8_t *mask, uint32_t constant, long skip,
                               int kind) {
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi16(128), ff = _mm_set1_epi32(0xFF);
    const __m128i shift = _mm_cvtsi32_si128(alpha_shift);
    long i = 0;
    uint32_t src[4], cov[4];
    for (; i + 4 <= count; i += 4) {
        for (int k = 0; k < 4; k++) {
            const uint8_t *m = kind == 0 ? 0 : mask;
            uint32_t c = kind == 0 ? constant : (kind == 1 ? 255 : constant);
            gradient_pixel(i + k, &t, dt, lut, top, before, after, m, c, kind == 2 ? skip : 0, &src[k], &cov[k]);
        }
        __m128i s = scale4_sse2(_mm_loadu_si128((const __m128i *)src), _mm_loadu_si128((const __m128i *)cov), half, zero);
        __m128i inv = _mm_sub_epi32(ff, _mm_and_si128(_mm_srl_epi32(s, shift), ff));
        __m128i d = _mm_loadu_si128((const __m128i *)(dst + i));
        _mm_storeu_si128((__m128i *)(dst + i), _mm_add_epi8(s, scale4_sse2(d, inv, half, zero)));
    }
    linear_gradient_scalar(dst + i, count - i, t, dt, lut, top, before, after, alpha_shift,
                           mask ? mask + i : 0, constant, skip > i ? skip - i : 0);
}

static void linear_gradient_sse2(uint32_t *dst, long count, double t, double dt, const uint32_t *lut, double top,
                                 int before, int after, int alpha_shift, const uint8_t *mask, uint32_t constant, long skip) {
    if (!mask && skip == 0)
        linear_gradient_sse2_kind(dst, count, t, dt, lut, top, before, after, alpha_shift, mask, constant, skip, 0);
    else if (mask && constant == 255 && skip == 0)
        linear_gradient_sse2_kind(dst, count, t, dt, lut, top, before, after, alpha_shift, mask, constant, skip, 1);
    else
        linear_gradient_sse2_kind(dst, count, t, dt, lut, top, before, after, alpha_shift, mask, constant, skip, 2);
}
#endif

void lamina_linear_gradient_over_32(uint32_t *dst, long count, double t, double dt, const uint32_t *lut, double top,
                                    int extend_before, int extend_after, int alpha_shift,
                                    const uint8_t *mask, uint32_t constant, long skip) {
#ifdef LAMINA_X86
    if (lamina_raster_simd_level() >= 1) {
        linear_gradient_sse2(dst, count, t, dt, lut, top, extend_before, extend_after, alpha_shift, mask, constant, skip);
        return;
    }
#endif
    linear_gradient_scalar(dst, count, t, dt, lut, top, extend_before, extend_after, alpha_shift, mask, constant, skip);
}

static int best_level(void) {
#ifdef LAMINA_X86
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) return 2;
    return 1;
#else
    return 0;
#endif
}

// -2: not yet known.
static int chosen = -2;

int lamina_raster_simd_level(void) {
    int level = __atomic_load_n(&chosen, __ATOMIC_RELAXED);
    if (level == -2) {
        level = best_level();
        // LAMINA_RASTER_SIMD=scalar|sse2|avx2 caps the path (benchmarks, debugging).
        const char *want = getenv("LAMINA_RASTER_SIMD");
        if (want && strcmp(want, "scalar") == 0) level = 0;
        else if (want && strcmp(want, "sse2") == 0 && level > 1) level = 1;
        __atomic_store_n(&chosen, level, __ATOMIC_RELAXED);
    }
    return level;
}

void lamina_raster_force_simd_level(int level) {
    int best = best_level();
    __atomic_store_n(&chosen, level < 0 || level > best ? best : level, __ATOMIC_RELAXED);
}

void lamina_solid_over_32(uint32_t *dst, long count, uint32_t s, uint32_t inv) {
    lamina_solid_over_32_rows(dst, 0, 1, count, s, inv);
}

void lamina_solid_over_32_rows(uint32_t *dst, long stride, long rows, long count, uint32_t s, uint32_t inv) {
    if (count <= 0) return;
    char *row = (char *)dst;
    if (inv == 0) {
        // An opaque colour at full coverage: every pixel becomes the colour.
        for (long r = 0; r < rows; r++, row += stride) {
            uint32_t *p = (uint32_t *)row;
            for (long i = 0; i < count; i++) p[i] = s;
        }
        return;
    }
    switch (lamina_raster_simd_level()) {
#ifdef LAMINA_X86
    case 2: for (long r = 0; r < rows; r++, row += stride) solid_over_32_avx2((uint32_t *)row, count, s, inv); return;
    case 1: for (long r = 0; r < rows; r++, row += stride) solid_over_32_sse2((uint32_t *)row, count, s, inv); return;
#endif
    default: for (long r = 0; r < rows; r++, row += stride) solid_over_32_scalar((uint32_t *)row, count, s, inv); return;
    }
}
