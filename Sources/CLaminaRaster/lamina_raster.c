#include "lamina_raster.h"
// Every path computes a gradient's parameter with the same roundings: no fused multiply-add.
#pragma STDC FP_CONTRACT OFF
#include <stdlib.h>
#include <string.h>
#include <math.h>

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

// Defined with the gradient loops below.
__attribute__((target("avx2"))) static inline __m256i load_tail_avx2(const uint32_t *p, long n);
__attribute__((target("avx2"))) static inline void store_tail_avx2(uint32_t *p, long n, __m256i v);

// The whole vectors of eight in a row's first `count` pixels laid over, two at a time.
__attribute__((target("avx2")))
static inline __attribute__((always_inline))
long solid_over_vectors_avx2(uint32_t *dst, long count, __m256i k, __m256i src, __m256i half, __m256i m257, __m256i zero) {
    long i = 0;
    for (; i + 16 <= count; i += 16) {
        __m256i d0 = _mm256_loadu_si256((const __m256i *)(dst + i)), d1 = _mm256_loadu_si256((const __m256i *)(dst + i + 8));
        _mm256_storeu_si256((__m256i *)(dst + i), _mm256_add_epi8(scale8k_avx2(d0, k, half, m257, zero), src));
        _mm256_storeu_si256((__m256i *)(dst + i + 8), _mm256_add_epi8(scale8k_avx2(d1, k, half, m257, zero), src));
    }
    if (i + 8 <= count) {
        __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
        _mm256_storeu_si256((__m256i *)(dst + i), _mm256_add_epi8(scale8k_avx2(d, k, half, m257, zero), src));
        i += 8;
    }
    return i;
}

// Rows of a block, each `stride` bytes after the last: 8 pixels per step; the last 1-7 as the
// eight ending at the row's end when the row is longer than 8, else through a masked load and
// 4/2/1-word stores.
__attribute__((target("avx2")))
static void solid_over_32_rows_avx2(char *row, long stride, long rows, long count, uint32_t s, uint32_t inv) {
    const __m256i zero = _mm256_setzero_si256(), k = _mm256_set1_epi16((short)inv), half = _mm256_set1_epi16(128);
    const __m256i m257 = _mm256_set1_epi16(257), src = _mm256_set1_epi32((int)s);
    if (count <= 2) {
        // A pixel or two per row (a rectangle's partly covered side columns): one at a time.
        for (long r = 0; r < rows; r++, row += stride) {
            uint32_t *dst = (uint32_t *)row;
            dst[0] = s + scale_word(dst[0], inv);
            if (count == 2) dst[1] = s + scale_word(dst[1], inv);
        }
        return;
    }
    if (count == 8) {
        // One vector per row (an 8-pixel-wide rectangle): no loop or tail tests per row.
        for (long r = 0; r < rows; r++, row += stride) {
            __m256i d = _mm256_loadu_si256((const __m256i *)row);
            _mm256_storeu_si256((__m256i *)row, _mm256_add_epi8(scale8k_avx2(d, k, half, m257, zero), src));
        }
        return;
    }
    if (count > 8 && (count & 7)) {
        // The last 1-7 pixels as the eight ending at the row's end, read before the row is
        // written: the pixels they share with the last full vector come out the same from both.
        for (long r = 0; r < rows; r++, row += stride) {
            uint32_t *dst = (uint32_t *)row;
            __m256i t = _mm256_loadu_si256((const __m256i *)(dst + count - 8));
            solid_over_vectors_avx2(dst, count, k, src, half, m257, zero);
            _mm256_storeu_si256((__m256i *)(dst + count - 8), _mm256_add_epi8(scale8k_avx2(t, k, half, m257, zero), src));
        }
        return;
    }
    for (long r = 0; r < rows; r++, row += stride) {
        uint32_t *dst = (uint32_t *)row;
        long i = solid_over_vectors_avx2(dst, count, k, src, half, m257, zero);
        if (i < count) {
            __m256i d = load_tail_avx2(dst + i, count - i);
            store_tail_avx2(dst + i, count - i, _mm256_add_epi8(scale8k_avx2(d, k, half, m257, zero), src));
        }
    }
}
#endif

// One pixel of a gradient span, as Lamina's Swift painter computes it: the parameter at the
// pixel's centre evaluated directly (so a pixel's value does not depend on where its span
// starts), the coverage, and the word to lay over the pixel (coverage 0 when the pixel is left
// alone).
static inline __attribute__((always_inline)) void gradient_pixel(long i, const lamina_linear_span *g, const uint32_t *lut,
                                                                 uint32_t *src, uint32_t *cov) {
    double u = (g->t0 + g->dtdx * ((double)(g->x + i) + 0.5)) + g->row_term;
    uint32_t c = i < g->skip ? 0 : (g->mask ? (g->constant == 255 ? g->mask[i] : mul255(g->constant, g->mask[i])) : g->constant);
    *src = 0; *cov = 0;
    if (c == 0) return;
    if (u < 0) { if (g->extend_before) u = 0; else return; }
    else if (u > 1) { if (g->extend_after) u = 1; else return; }
    else if (u != u) return;   // NaN (overflowing geometry): not painted
    *src = lut[(long)(u * g->top + 0.5)];
    *cov = c;
}

static inline uint32_t over_pixel(uint32_t d, uint32_t s, uint32_t cov, int alpha_shift) {
    uint32_t scaled = scale_word(s, cov);
    uint32_t inv = 255 - ((scaled >> alpha_shift) & 0xFF);
    return scaled + scale_word(d, inv);
}

static void linear_gradient_scalar(uint32_t *dst, long count, const lamina_linear_span *g, const uint32_t *lut) {
    for (long i = 0; i < count; i++) {
        uint32_t s, cov;
        gradient_pixel(i, g, lut, &s, &cov);
        if (cov == 0) continue;
        dst[i] = over_pixel(dst[i], s, cov, g->alpha_shift);
    }
}

#ifdef LAMINA_X86

// Four pixels per step: the parameters and table look-ups one by one, the blend in SSE2 (a
// pixel left alone has coverage 0: scaled to 0 and laid over with factor 255, it comes back
// unchanged, as x * 255 / 255 rounds to x).
static void linear_gradient_sse2(uint32_t *dst, long count, const lamina_linear_span *g, const uint32_t *lut) {
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi16(128), ff = _mm_set1_epi32(0xFF);
    const __m128i shift = _mm_cvtsi32_si128(g->alpha_shift);
    long i = 0;
    uint32_t src[4], cov[4];
    for (; i + 4 <= count; i += 4) {
        for (int k = 0; k < 4; k++) gradient_pixel(i + k, g, lut, &src[k], &cov[k]);
        __m128i s = scale4_sse2(_mm_loadu_si128((const __m128i *)src), _mm_loadu_si128((const __m128i *)cov), half, zero);
        __m128i inv = _mm_sub_epi32(ff, _mm_and_si128(_mm_srl_epi32(s, shift), ff));
        __m128i d = _mm_loadu_si128((const __m128i *)(dst + i));
        _mm_storeu_si128((__m128i *)(dst + i), _mm_add_epi8(s, scale4_sse2(d, inv, half, zero)));
    }
    for (; i < count; i++) {
        uint32_t s1, c1;
        gradient_pixel(i, g, lut, &s1, &c1);
        if (c1 != 0) dst[i] = over_pixel(dst[i], s1, c1, g->alpha_shift);
    }
}

// Bytes of eight pixels times a per-pixel factor (0...255 in each 32-bit lane of `k32`), rounded
// as mul255. The even bytes (masked) and the odd ones (shifted down) are multiplied where they
// are, in the 16-bit lanes of their pixel's word, by the factor put in both lanes of that word,
// and put back together: unpacking the bytes and the factors and packing them again would take
// five shuffles, which on Intel cores all wait for the one shuffle port (a constant factor,
// `scale8k_avx2`, needs only three, and there unpacking is the faster).
__attribute__((target("avx2")))
static inline __m256i scale8w_avx2(__m256i x, __m256i k, __m256i half, __m256i m257) {
    __m256i lo = _mm256_and_si256(x, _mm256_set1_epi16(0xFF)), hi = _mm256_srli_epi16(x, 8);
    lo = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(lo, k), half), m257);
    hi = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(hi, k), half), m257);
    return _mm256_or_si256(lo, _mm256_slli_epi16(hi, 8));
}

// `scale8w_avx2` with each pixel's factor in the low 16 bits of its word (0...255).
__attribute__((target("avx2")))
static inline __m256i scale8v_avx2(__m256i x, __m256i k32, __m256i half, __m256i m257, __m256i zero) {
    (void)zero;
    return scale8w_avx2(x, _mm256_or_si256(k32, _mm256_slli_epi32(k32, 16)), half, m257);
}

// The byte selector of `inverse_alpha8w_avx2` for the alpha byte at bit `alpha_shift`.
__attribute__((target("avx2")))
static inline __m256i alpha_select_avx2(int alpha_shift) {
    const __m256i a = _mm256_set1_epi32(((alpha_shift >> 3) & 3) * 0x00010001);
    const __m256i base = _mm256_setr_epi32(0x80008000, 0x80048004, 0x80088008, 0x800C800C, 0x80008000, 0x80048004, 0x80088008,
                                           0x800C800C);
    return _mm256_or_si256(base, a);
}

// 255 minus each pixel's alpha, in both 16-bit lanes of its word (`scale8w_avx2`'s factors): the
// alpha byte copied into bytes 0 and 2 (1 and 3 cleared) by one byte shuffle, then flipped.
__attribute__((target("avx2")))
static inline __m256i inverse_alpha8w_avx2(__m256i s, __m256i select) {
    return _mm256_xor_si256(_mm256_shuffle_epi8(s, select), _mm256_set1_epi16(0xFF));
}

// The last 1-7 words of a span, read and written without touching what lies past its end.
__attribute__((target("avx2")))
static inline __m256i load_tail_avx2(const uint32_t *p, long n) {
    __m256i live = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    return _mm256_maskload_epi32((const int *)p, live);
}

__attribute__((target("avx2")))
static inline void store_tail_avx2(uint32_t *p, long n, __m256i v) {
    // Masked AVX2 stores are slow on some AMD cores: 4, 2 and 1 words at a time instead.
    __m128i part = _mm256_castsi256_si128(v);
    if (n >= 4) { _mm_storeu_si128((__m128i *)p, part); p += 4; n -= 4; part = _mm256_extracti128_si256(v, 1); }
    if (n >= 2) { _mm_storel_epi64((__m128i *)p, part); p += 2; n -= 2; part = _mm_srli_si128(part, 8); }
    if (n >= 1) { *p = (uint32_t)_mm_cvtsi128_si32(part); }
}

// Source-over of eight premultiplied words `s` (255 minus each one's alpha in both 16-bit lanes
// of its word in `inv`) onto the words at p: all eight when n >= 8, else the first n (1-7)
// without touching what lies past them.
__attribute__((target("avx2")))
static inline void over8w_avx2(uint32_t *p, long n, __m256i s, __m256i inv, __m256i half, __m256i m257) {
    if (n >= 8) {
        __m256i d = _mm256_loadu_si256((const __m256i *)p);
        _mm256_storeu_si256((__m256i *)p, _mm256_add_epi8(s, scale8w_avx2(d, inv, half, m257)));
    } else {
        __m256i d = load_tail_avx2(p, n);
        store_tail_avx2(p, n, _mm256_add_epi8(s, scale8w_avx2(d, inv, half, m257)));
    }
}

// `over8w_avx2` with 255 minus each alpha in the low 16 bits of its word.
__attribute__((target("avx2")))
static inline void over8v_avx2(uint32_t *p, long n, __m256i s, __m256i inv, __m256i half, __m256i m257, __m256i zero) {
    (void)zero;
    over8w_avx2(p, n, s, _mm256_or_si256(inv, _mm256_slli_epi32(inv, 16)), half, m257);
}

// The last 1-7 coverage bytes of a span (the bytes past its end read as 0).
static inline uint64_t load_tail_bytes(const uint8_t *q, long n) {
    uint64_t m = 0;
    int shift = 0;
    if (n >= 4) { uint32_t v; memcpy(&v, q, 4); m = v; q += 4; n -= 4; shift = 32; }
    if (n >= 2) { uint16_t v; memcpy(&v, q, 2); m |= (uint64_t)v << shift; q += 2; n -= 2; shift += 16; }
    if (n >= 1) { m |= (uint64_t)*q << shift; }
    return m;
}

// The coverage of eight pixels from their mask bytes m8 (byte i for pixel i) times the constant
// coverage c (in every lane of `constant`), rounded as mul255.
__attribute__((target("avx2")))
static inline __m256i mask_coverage8(uint64_t m8, uint32_t c, __m256i constant) {
    __m256i k = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)m8));
    if (c == 255) return k;
    __m256i t = _mm256_add_epi32(_mm256_mullo_epi32(k, constant), _mm256_set1_epi32(128));
    return _mm256_srli_epi32(_mm256_add_epi32(t, _mm256_srli_epi32(t, 8)), 8);
}

// The colours of eight pixels of a linear gradient, to lay over by source-over (255 minus each
// one's alpha in `inv`, as `inverse_alpha8w_avx2` gives it for the selector `select`): the
// parameters `ua` (pixels 0-3) and `ub` (4-7) clamped to [0, 1] (NaN to 0), their table words
// (index u * top + 0.5, truncated) scaled by the coverage `k` unless `full` (fully covered:
// x * 255 / 255 is x). Inlined, its constants are made once per loop.
__attribute__((target("avx2")))
static inline __attribute__((always_inline))
__m256i gradient8_source(__m256d ua, __m256d ub, __m256i k, int full, const uint32_t *lut, double top, __m256i select,
                         __m256i *inv) {
    const __m256i zero = _mm256_setzero_si256(), half = _mm256_set1_epi16(128), m257 = _mm256_set1_epi16(257);
    const __m256d dzero = _mm256_setzero_pd(), one = _mm256_set1_pd(1.0), dhalf = _mm256_set1_pd(0.5);
    const __m256d topv = _mm256_set1_pd(top);
    // Clamped (NaN lanes become 0: _mm256_max_pd gives its second operand for NaN).
    ua = _mm256_min_pd(_mm256_max_pd(ua, dzero), one);
    ub = _mm256_min_pd(_mm256_max_pd(ub, dzero), one);
    __m128i ia = _mm256_cvttpd_epi32(_mm256_add_pd(_mm256_mul_pd(ua, topv), dhalf));
    __m128i ib = _mm256_cvttpd_epi32(_mm256_add_pd(_mm256_mul_pd(ub, topv), dhalf));
    __m256i src = _mm256_i32gather_epi32((const int *)lut, _mm256_setr_m128i(ia, ib), 4);
    __m256i s = full ? src : scale8v_avx2(src, k, half, m257, zero);
    *inv = inverse_alpha8w_avx2(s, select);
    return s;
}

// Eight pixels of a linear gradient laid over by source-over at p (all eight when n >= 8, else
// the first n), as `gradient8_source` gives their colour.
__attribute__((target("avx2")))
static inline __attribute__((always_inline))
void gradient8_over(uint32_t *p, long n, __m256d ua, __m256d ub, __m256i k, int full, const uint32_t *lut, double top,
                    __m256i select) {
    const __m256i half = _mm256_set1_epi16(128), m257 = _mm256_set1_epi16(257);
    __m256i inv;
    const __m256i s = gradient8_source(ua, ub, k, full, lut, top, select, &inv);
    over8w_avx2(p, n, s, inv, half, m257);
}

// The loop, specialized by the compiler for `has_mask` (coverage from the mask's bytes) and
// `plain` (both ends extended, no skipped pixels and parameters that cannot be NaN: nothing to
// leave unpainted).
__attribute__((target("avx2")))
static inline __attribute__((always_inline))
void linear_gradient_avx2_body(uint32_t *dst, long count, const lamina_linear_span *g, double row_term, const uint8_t *mask,
                               const uint32_t *lut, const int has_mask, const int plain) {
    const __m256i zero = _mm256_setzero_si256(), lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i select = alpha_select_avx2(g->alpha_shift);
    const __m256d t0 = _mm256_set1_pd(g->t0), dtdx = _mm256_set1_pd(g->dtdx), row = _mm256_set1_pd(row_term);
    const __m256d four = _mm256_set1_pd(4.0), eight = _mm256_set1_pd(8.0);
    const __m256d dzero = _mm256_setzero_pd(), one = _mm256_set1_pd(1.0);
    const __m256i constant = _mm256_set1_epi32((int)g->constant);
    // Pixel centres x + i + 0.5 (exact: integers and halves below 2^52, stepped by 8 exactly).
    __m256d pa = _mm256_add_pd(_mm256_set1_pd((double)g->x + 0.5), _mm256_setr_pd(0, 1, 2, 3));
    for (long i = 0; i < count; i += 8, pa = _mm256_add_pd(pa, eight)) {
        long rest = count - i;
        // Eight pixels the mask leaves out come back unchanged: skipped.
        uint64_t m8 = 0;
        if (has_mask) {
            m8 = rest >= 8 ? 0 : load_tail_bytes(mask + i, rest);
            if (rest >= 8) memcpy(&m8, mask + i, 8);
            if (m8 == 0) continue;
        }
        __m256d pb = _mm256_add_pd(pa, four);
        __m256d ua = _mm256_add_pd(_mm256_add_pd(t0, _mm256_mul_pd(dtdx, pa)), row);
        __m256d ub = _mm256_add_pd(_mm256_add_pd(t0, _mm256_mul_pd(dtdx, pb)), row);
        __m256i off = zero;
        if (!plain) {
            __m256d oa = _mm256_cmp_pd(ua, ua, _CMP_UNORD_Q), ob = _mm256_cmp_pd(ub, ub, _CMP_UNORD_Q);
            if (!g->extend_before) {
                oa = _mm256_or_pd(oa, _mm256_cmp_pd(ua, dzero, _CMP_LT_OQ));
                ob = _mm256_or_pd(ob, _mm256_cmp_pd(ub, dzero, _CMP_LT_OQ));
            }
            if (!g->extend_after) {
                oa = _mm256_or_pd(oa, _mm256_cmp_pd(ua, one, _CMP_GT_OQ));
                ob = _mm256_or_pd(ob, _mm256_cmp_pd(ub, one, _CMP_GT_OQ));
            }
            // The 64-bit lane masks narrowed to 32 bits, in pixel order.
            const __m256i pick = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
            __m256i wa = _mm256_permutevar8x32_epi32(_mm256_castpd_si256(oa), pick);
            __m256i wb = _mm256_permutevar8x32_epi32(_mm256_castpd_si256(ob), pick);
            off = _mm256_permute2x128_si256(wa, wb, 0x20);
        }
        __m256i k = has_mask ? mask_coverage8(m8, g->constant, constant) : constant;
        if (!plain) {
            // Lanes i + lane < skip get nothing, nor do unpainted ones.
            if (g->skip > i) k = _mm256_and_si256(k, _mm256_cmpgt_epi32(lanes, _mm256_set1_epi32((int)(g->skip - i - 1))));
            k = _mm256_andnot_si256(off, k);
        }
        const int full = plain && g->constant == 255 && (!has_mask || m8 == ~0ull);
        gradient8_over(dst + i, rest, ua, ub, k, full, lut, g->top, select);
    }
}

// NaN needs an infinite product or sum: impossible below 2^1000 (pixel centres are below 2^63).
static const double gradient_big = 0x1p900;

__attribute__((target("avx2")))
static void linear_gradient_avx2(uint32_t *dst, long count, const lamina_linear_span *g, const uint32_t *lut) {
    int plain = g->extend_before && g->extend_after && g->skip == 0 && fabs(g->t0) < gradient_big
                && fabs(g->dtdx) < gradient_big && fabs(g->row_term) < gradient_big;
    const double rt = g->row_term;
    if (g->mask) {
        if (plain) linear_gradient_avx2_body(dst, count, g, rt, g->mask, lut, 1, 1);
        else linear_gradient_avx2_body(dst, count, g, rt, g->mask, lut, 1, 0);
    } else {
        if (plain) linear_gradient_avx2_body(dst, count, g, rt, 0, lut, 0, 1);
        else linear_gradient_avx2_body(dst, count, g, rt, 0, lut, 0, 0);
    }
}

// A row's group of eight at `start` (`rest` pixels from there) in `linear_gradient_avx2_column_rows`,
// its parameters before the row term `xa`, `xb` and, when the rows share their coverage, its
// coverage `k` and whether it is fully covered; with a mask per row, eight pixels the row's mask
// leaves out come back unchanged (skipped).
__attribute__((target("avx2")))
static inline __attribute__((always_inline))
void column_rows_group(uint32_t *row, const uint8_t *mask, __m256d rt, __m256d xa, __m256d xb, __m256i k, int is_full,
                       long start, long rest, const lamina_linear_span *g, __m256i constant, const uint32_t *lut,
                       __m256i select, const int per_row) {
    if (per_row) {
        uint64_t m8;
        if (rest >= 8) memcpy(&m8, mask + start, 8); else m8 = load_tail_bytes(mask + start, rest);
        if (m8 == 0) return;
        k = mask_coverage8(m8, g->constant, constant);
        is_full = g->constant == 255 && m8 == ~0ull;
    }
    gradient8_over(row + start, rest, _mm256_add_pd(xa, rt), _mm256_add_pd(xb, rt), k, is_full, lut, g->top, select);
}

// The overlapping last group (q + 1) of a row in `linear_gradient_avx2_column_rows` and the one
// before it (q): both read, blended, then written.
__attribute__((target("avx2")))
static inline __attribute__((always_inline))
void column_rows_overlap(uint32_t *row, __m256d rt, const __m256d *xa, const __m256d *xb, const __m256i *kv,
                         const int *full, const long *start, long q, const uint32_t *lut, double top, __m256i select) {
    const __m256i half = _mm256_set1_epi16(128), m257 = _mm256_set1_epi16(257);
    const long e = q + 1;
    uint32_t *p0 = row + start[q], *p1 = row + start[e];
    const __m256i d0 = _mm256_loadu_si256((const __m256i *)p0), d1 = _mm256_loadu_si256((const __m256i *)p1);
    __m256i inv0, inv1;
    const __m256i s0 = gradient8_source(_mm256_add_pd(xa[q], rt), _mm256_add_pd(xb[q], rt), kv[q], full[q], lut, top,
                                        select, &inv0);
    const __m256i s1 = gradient8_source(_mm256_add_pd(xa[e], rt), _mm256_add_pd(xb[e], rt), kv[e], full[e], lut, top,
                                        select, &inv1);
    _mm256_storeu_si256((__m256i *)p0, _mm256_add_epi8(s0, scale8w_avx2(d0, inv0, half, m257)));
    _mm256_storeu_si256((__m256i *)p1, _mm256_add_epi8(s1, scale8w_avx2(d1, inv1, half, m257)));
}

// The plain rows of `linear_gradient_avx2_rows` with a mask, at most SHARED_MAX pixels of them:
// what depends only on the column computed once (each pixel's parameter before its row term;
// when the rows share one row of coverage, `per_row` 0, also its coverage and which groups of
// eight are unpainted or fully covered), then each row from those (the same operations on the
// same values as `linear_gradient_avx2_body`, so the same bytes).
enum { SHARED_MAX = 512 };

__attribute__((target("avx2")))
static inline __attribute__((always_inline))
void linear_gradient_avx2_column_rows(uint32_t *dst, long dst_stride, long rows, long count, const lamina_linear_span *g,
                                      double dtdy, long row0, long mask_stride, const uint32_t *lut, const int per_row) {
    const __m256i constant = _mm256_set1_epi32((int)g->constant);
    const __m256i select = alpha_select_avx2(g->alpha_shift);
    const __m256d t0 = _mm256_set1_pd(g->t0), dtdx = _mm256_set1_pd(g->dtdx), four = _mm256_set1_pd(4.0);
    __m256d xa[SHARED_MAX / 8], xb[SHARED_MAX / 8];
    __m256i kv[SHARED_MAX / 8];
    long start[SHARED_MAX / 8], rest[SHARED_MAX / 8];
    int full[SHARED_MAX / 8];
    long groups = 0;
    __m256d pa = _mm256_add_pd(_mm256_set1_pd((double)g->x + 0.5), _mm256_setr_pd(0, 1, 2, 3));
    for (long i = 0; i < count; i += 8, pa = _mm256_add_pd(pa, _mm256_set1_pd(8.0))) {
        long n = count - i;
        if (!per_row) {
            // One mask for all rows: groups it leaves out are dropped, the others' coverage kept.
            uint64_t m8;
            if (n >= 8) memcpy(&m8, g->mask + i, 8); else m8 = load_tail_bytes(g->mask + i, n);
            if (m8 == 0) continue;
            kv[groups] = mask_coverage8(m8, g->constant, constant);
            full[groups] = g->constant == 255 && m8 == ~0ull;
        }
        xa[groups] = _mm256_add_pd(t0, _mm256_mul_pd(dtdx, pa));
        xb[groups] = _mm256_add_pd(t0, _mm256_mul_pd(dtdx, _mm256_add_pd(pa, four)));
        start[groups] = i;
        rest[groups] = n;
        groups++;
    }
    // One mask for all rows, wider than 8 pixels and not a multiple of 8, its last two groups
    // both painted: the last group's pixels are the eight ending at the span's end instead of its
    // 1-7 (no partial load and store), overlapping the group before; both read their pixels
    // before either is written, and the shared ones come out the same from both (the same
    // parameters, coverage and pixels).
    int overlap = 0;
    if (!per_row && count > 16 && (count & 7) && groups >= 2 && start[groups - 1] == (count & ~7L)
        && start[groups - 2] == (count & ~7L) - 8) {
        const long i = count - 8;
        overlap = 1;
        groups--;
        const __m256d p8 = _mm256_add_pd(_mm256_set1_pd((double)g->x + 0.5), _mm256_setr_pd((double)i, (double)i + 1,
                                                                                             (double)i + 2, (double)i + 3));
        uint64_t m8;
        memcpy(&m8, g->mask + i, 8);
        kv[groups] = mask_coverage8(m8, g->constant, constant);
        full[groups] = g->constant == 255 && m8 == ~0ull;
        xa[groups] = _mm256_add_pd(t0, _mm256_mul_pd(dtdx, p8));
        xb[groups] = _mm256_add_pd(t0, _mm256_mul_pd(dtdx, _mm256_add_pd(p8, four)));
        start[groups] = i;
        rest[groups] = 8;
    }
    // Two rows at a time, group by group: the two rows' groups do not depend on each other, so
    // twice as much work is in flight behind each group's table lookup.
    for (long r = 0; r < rows; r += 2) {
        const int two = r + 1 < rows;
        uint32_t *row = (uint32_t *)((char *)dst + r * dst_stride), *row2 = two ? (uint32_t *)((char *)row + dst_stride) : row;
        const uint8_t *mask = g->mask + r * mask_stride, *mask2 = two ? mask + mask_stride : mask;
        const __m256d rt = _mm256_set1_pd(dtdy * ((double)(row0 + r) + 0.5));
        const __m256d rt2 = _mm256_set1_pd(dtdy * ((double)(row0 + r + 1) + 0.5));
        if (overlap) {
            column_rows_overlap(row, rt, xa, xb, kv, full, start, groups - 1, lut, g->top, select);
            if (two) column_rows_overlap(row2, rt2, xa, xb, kv, full, start, groups - 1, lut, g->top, select);
        }
        for (long q = 0; q < groups - overlap; q++) {
            column_rows_group(row, mask, rt, xa[q], xb[q], kv[q], full[q], start[q], rest[q], g, constant, lut, select, per_row);
            if (two)
                column_rows_group(row2, mask2, rt2, xa[q], xb[q], kv[q], full[q], start[q], rest[q], g, constant, lut, select,
                                  per_row);
        }
    }
}

// `linear_gradient_avx2` on rows (as `lamina_linear_gradient_rows` describes them), the path and
// the constants chosen once: a row is plain when the others are and its row term is below
// 2^900, which holds for every row when |dtdy| and the rows are below 2^800 and 2^60.
__attribute__((target("avx2")))
static void linear_gradient_avx2_rows(uint32_t *dst, long dst_stride, long rows, long count, const lamina_linear_span *g,
                                      double dtdy, long row0, long mask_stride, const uint32_t *lut) {
    int plain = g->extend_before && g->extend_after && g->skip == 0 && fabs(g->t0) < gradient_big
                && fabs(g->dtdx) < gradient_big && fabs(dtdy) < 0x1p800 && row0 > -(1L << 60) && row0 < (1L << 60)
                && rows < (1L << 60);
    if (!plain) {
        // Row by row, each checked as `linear_gradient_avx2` checks it.
        lamina_linear_span row = *g;
        for (long r = 0; r < rows; r++) {
            row.row_term = dtdy * ((double)(row0 + r) + 0.5);
            row.mask = g->mask ? g->mask + r * mask_stride : 0;
            linear_gradient_avx2((uint32_t *)((char *)dst + r * dst_stride), count, &row, lut);
        }
    } else if (g->mask) {
        // SHARED_MAX columns at a time (a multiple of 8: the chunks' pixel centres are those
        // the whole span steps to).
        lamina_linear_span chunk = *g;
        for (long c = 0; c < count; c += SHARED_MAX) {
            chunk.x = g->x + c;
            chunk.mask = g->mask + c;
            const long n = count - c < SHARED_MAX ? count - c : SHARED_MAX;
            if (mask_stride == 0) linear_gradient_avx2_column_rows(dst + c, dst_stride, rows, n, &chunk, dtdy, row0, 0, lut, 0);
            else linear_gradient_avx2_column_rows(dst + c, dst_stride, rows, n, &chunk, dtdy, row0, mask_stride, lut, 1);
        }
    } else {
        for (long r = 0; r < rows; r++)
            linear_gradient_avx2_body((uint32_t *)((char *)dst + r * dst_stride), count, g, dtdy * ((double)(row0 + r) + 0.5),
                                      0, lut, 0, 1);
    }
}
#endif

void lamina_linear_gradient_span(uint32_t *dst, long count, const lamina_linear_span *g, const uint32_t *lut) {
    if (count <= 0) return;
    switch (lamina_raster_simd_level()) {
#ifdef LAMINA_X86
    case 2: linear_gradient_avx2(dst, count, g, lut); return;
    case 1: linear_gradient_sse2(dst, count, g, lut); return;
#endif
    default: linear_gradient_scalar(dst, count, g, lut); return;
    }
}

void lamina_linear_gradient_rows(uint32_t *dst, long dst_stride, long rows, long count, const lamina_linear_span *g,
                                 double dtdy, long row0, long mask_stride, const uint32_t *lut) {
    if (count <= 0) return;
    int level = lamina_raster_simd_level();
#ifdef LAMINA_X86
    if (level == 2) { linear_gradient_avx2_rows(dst, dst_stride, rows, count, g, dtdy, row0, mask_stride, lut); return; }
#endif
    lamina_linear_span row = *g;
    for (long r = 0; r < rows; r++) {
        row.row_term = dtdy * ((double)(row0 + r) + 0.5);
        row.mask = g->mask ? g->mask + r * mask_stride : 0;
        uint32_t *p = (uint32_t *)((char *)dst + r * dst_stride);
        switch (level) {
#ifdef LAMINA_X86
        case 2: linear_gradient_avx2(p, count, &row, lut); break;
        case 1: linear_gradient_sse2(p, count, &row, lut); break;
#endif
        default: linear_gradient_scalar(p, count, &row, lut); break;
        }
    }
}

static inline int alpha_scalar(float c, int even_odd) {
    float v = fabsf(c);
    if (even_odd) {
        if (v < 16777216.0f) v -= 2 * (float)(long)(v * 0.5f); else v = fmodf(v, 2);
        if (v > 1) v = 2 - v;
    } else {
        v = 1 < v ? 1 : v;   // NaN stays NaN (minss)
    }
    v = v > 0 ? v : 0;       // and becomes 0 (maxss)
    return (int)(long)(v * 255 + 0.5f);
}

static inline __attribute__((always_inline)) int alpha_sum4(const float *c, int even_odd);

int lamina_alpha_sum4(const float *c, int even_odd) { return alpha_sum4(c, even_odd); }

static inline __attribute__((always_inline)) int alpha_sum4(const float *c, int even_odd) {
#ifdef LAMINA_X86
    __m128 v = _mm_andnot_ps(_mm_set1_ps(-0.0f), _mm_loadu_ps(c));
    // Values from 2^24 (never a real winding) take the scalar path's fmodf.
    if (_mm_movemask_ps(_mm_cmpge_ps(v, _mm_set1_ps(16777216.0f))) != 0)
        return alpha_scalar(c[0], even_odd) + alpha_scalar(c[1], even_odd) + alpha_scalar(c[2], even_odd)
               + alpha_scalar(c[3], even_odd);
    const __m128 one = _mm_set1_ps(1), two = _mm_set1_ps(2);
    if (even_odd) {
        __m128 t = _mm_cvtepi32_ps(_mm_cvttps_epi32(_mm_mul_ps(v, _mm_set1_ps(0.5f))));
        v = _mm_sub_ps(v, _mm_mul_ps(two, t));
        // Above 1, mirrored: 2 - v (min picks it exactly then, and v itself at or below 1).
        v = _mm_min_ps(v, _mm_sub_ps(two, v));
    } else {
        v = _mm_min_ps(one, v);   // NaN stays NaN (minps gives its second operand)
    }
    // NaN lanes become 0 (_mm_max_ps gives its second operand for NaN).
    v = _mm_max_ps(v, _mm_setzero_ps());
    __m128i a = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(v, _mm_set1_ps(255)), _mm_set1_ps(0.5f)));
    a = _mm_add_epi32(a, _mm_shuffle_epi32(a, _MM_SHUFFLE(1, 0, 3, 2)));
    a = _mm_add_epi32(a, _mm_shuffle_epi32(a, _MM_SHUFFLE(2, 3, 0, 1)));
    return _mm_cvtsi128_si32(a);
#else
    return alpha_scalar(c[0], even_odd) + alpha_scalar(c[1], even_odd) + alpha_scalar(c[2], even_odd)
           + alpha_scalar(c[3], even_odd);
#endif
}

// Swift's min and max on floats, NaN and signed zeros included: min(x, y) = y < x ? y : x,
// max(x, y) = y >= x ? y : x.
static inline float swift_minf(float x, float y) { return y < x ? y : x; }
static inline float swift_maxf(float x, float y) { return y >= x ? y : x; }

// Marks cells [i0, i1] of a row (i0 <= i1).
static inline void mark_cells(uint64_t *bits, long i0, long i1) {
    long w0 = i0 >> 6, w1 = i1 >> 6;
    uint64_t first = ~0ull << (i0 & 63), last = ~0ull >> (63 - (i1 & 63));
    if (w0 == w1) { bits[w0] |= first & last; return; }
    bits[w0] |= first;
    for (long w = w0 + 1; w < w1; w++) bits[w] = ~0ull;
    bits[w1] |= last;
}

// Marks cells [col, col + n) of a row, n = 2 or 3 (the last ones in the next word when they pass
// the end of col's).
static inline __attribute__((always_inline)) void mark_few(uint64_t *bits, long col, const long n) {
    const uint64_t m = (1ull << n) - 1;
    const long o = col & 63;
    bits[col >> 6] |= m << o;
    if (o > 64 - n) bits[(col >> 6) + 1] |= m >> (64 - o);
}

// One row's share of a segment, from x = xa to x = xb (either order) with signed height d: a
// pixel column [i, i+1) gains d times the mean, over the column, of the fraction of the segment
// lying left of each point; the cells store the differences of those gains.
static inline __attribute__((always_inline))
void add_row_span(float *row, uint64_t *bits, float lo, float hi, float d, const long ls, float right);

static inline __attribute__((always_inline))
void add_row_segment(float *row, uint64_t *bits, float xa, float xb, float d, const long ls, float right) {
    add_row_span(row, bits, swift_minf(xa, xb), swift_maxf(xa, xb), d, ls, right);
}

// A row from lo in column i0 to hi in column i1 > i0: the covered fraction rises linearly from
// 0 at lo to 1 at hi (slope s). Column i gains g0 = s f0^2 / 2 for the first (partial) column,
// s (i + 1/2 - lo) for the columns fully inside, g1 = (i1 + 1 - mid) - s (i1 - lo)^2 / 2 for the
// last, and 1 beyond.
// (A macro declaring s, g0 and g1 where it is used: as an inline function it made the row loops
// 1-4% slower.)
#define LAMINA_SLOPE_GAINS(LO, HI, I0, I1) \
    const float s = 1 / ((HI) - (LO)); \
    const float f0_ = (float)((I0) + 1) - (LO); \
    const float g0 = 0.5f * s * f0_ * f0_; \
    const float u_ = (float)(I1) - (LO); \
    const float g1 = ((float)(I1) + 1 - ((LO) + (HI)) * 0.5f) - 0.5f * s * u_ * u_;

// `add_row_span` for a row reaching from column i0 to i1 >= i0 + 2 (out of line: the loops calling
// `add_row_span` keep their registers for the common one- and two-column rows).
__attribute__((noinline))
static void wide_row_span(float *row, uint64_t *bits, float lo, float hi, float d, const long ls, long i0, long i1) {
    LAMINA_SLOPE_GAINS(lo, hi, i0, i1)
    row[i0 << ls] += d * g0;
    float first_inside = s * ((float)i0 + 1.5f - lo);
    row[(i0 + 1) << ls] += d * (first_inside - g0);
    float ds = d * s;
    for (long i = i0 + 2; i < i1; i++) row[i << ls] += ds;
    float last_inside = s * ((float)i1 - 0.5f - lo);
    row[i1 << ls] += d * (g1 - last_inside);
    row[(i1 + 1) << ls] += d * (1 - g1);
    mark_cells(bits, i0, i1 + 1);
}

// `add_row_segment` with its ends in order, lo = min(xa, xb) and hi = max(xa, xb).
static inline __attribute__((always_inline))
void add_row_span(float *row, uint64_t *bits, float lo, float hi, float d, const long ls, float right) {
    // Columns of x in [0, width] (rounding can put x a hair outside, which truncation toward
    // zero takes to the edge column; infinities and NaN land on an edge).
    // (max then min: 0 for NaN and anything not above 0, as `v > 0 ? min(v, right) : 0`; right >= 0)
#ifdef LAMINA_X86
    // maxss and minss, one value each (the compiler would pair them in a vector and branch).
    const __m128 zero_ = _mm_setzero_ps(), right_ = _mm_set_ss(right);
    long i0 = _mm_cvttss_si32(_mm_min_ss(_mm_max_ss(_mm_set_ss(lo), zero_), right_));
    long i1 = _mm_cvttss_si32(_mm_min_ss(_mm_max_ss(_mm_set_ss(hi), zero_), right_));
#else
    float lo_in = lo > 0 ? lo : 0, hi_in = hi > 0 ? hi : 0;
    long i0 = (long)(lo_in < right ? lo_in : right);
    long i1 = (long)(hi_in < right ? hi_in : right);
#endif
    if (i0 == i1 || hi - lo < 1e-6f) {
        // Within one column: the column gains d (1 - mean x offset), the next one the rest.
        float frac = (lo + hi) * 0.5f - (float)i0;
        row[i0 << ls] += d * (1 - frac);
        row[(i0 + 1) << ls] += d * frac;
        mark_few(bits, i0, 2);
        return;
    }
    if (i1 == i0 + 1) {
        // Two columns (inline: most rows of a steep or moderately slanted edge).
        LAMINA_SLOPE_GAINS(lo, hi, i0, i1)
        row[i0 << ls] += d * g0;
        row[i1 << ls] += d * (g1 - g0);
        row[(i1 + 1) << ls] += d * (1 - g1);
        mark_few(bits, i0, 3);
        return;
    }
    wide_row_span(row, bits, lo, hi, d, ls, i0, i1);
}

// ceil(v) for v in (0, 2^31).
static inline long ceiling_f(float v) {
    long t = (long)v;
    return (float)t < v ? t + 1 : t;
}

// The stored rows of cells as the edge loop writes them.
typedef struct {
    float *cells;
    uint64_t *bits;
    long stride, words, store_top;
    float right;
} cell_rows;

// Row y's share of a segment from x to x_next with signed height d (nothing outside the stored
// rows). Sub-row r of pixel row r >> ls is lane r & (2^ls - 1) of that row's cells.
static inline __attribute__((always_inline))
void deposit_row(const cell_rows *c, long y, float x, float x_next, float d, const long ls) {
    if (d != 0 && y >= c->store_top) {
        long r = y - c->store_top;
        add_row_segment(c->cells + (((r >> ls) * c->stride) << ls) + (r & ((1 << ls) - 1)), c->bits + (r >> ls) * c->words,
                        x, x_next, d, ls, c->right);
    }
}

// Row y of the segment (ay, by) taken as a whole: its part of the row, from x to the x where it
// leaves the row (returned; bx on the last row).
static inline __attribute__((always_inline))
float general_row(const cell_rows *c, long y, float x, float ay, float by, long y_end, float bx, float dxdy, float dir,
                  const long ls) {
    float top = swift_maxf(ay, (float)y), bottom = swift_minf(by, (float)(y + 1));
    float dy = bottom - top;
    float x_next = y + 1 >= y_end ? bx : x + dxdy * dy;
    deposit_row(c, y, x, x_next, dy * dir, ls);
    return x_next;
}

#ifdef LAMINA_X86
// A whole pixel row of four sub-rows inside a segment (lanes interleaved: cell i of sub-row k at
// 4i + k), when x stays within two neighbouring columns across it: x steps by dxdy four times,
// as the sub-row loop steps it, and each sub-row is `add_row_span`'s one-column case or its
// two-column case (`i1 == i0 + 1`), done for the four lanes at once with the same operations per
// lane as that function, so the cells get the same values (a lane that leaves a cell alone adds
// +0 to it, which changes nothing but the sign of a zero) and the same cells are marked; when x
// stays in one column, only the one-column case is computed. Returns 0, changing nothing, when x
// crosses more than one column boundary.
static inline __attribute__((always_inline))
int four_sub_rows_in_two_columns(float *row, uint64_t *marks, float *xp, const float dxdy, const float dir,
                                 const float right, const int rising) {
    const float x0 = *xp, x1 = x0 + dxdy, x2 = x1 + dxdy, x3 = x2 + dxdy, x4 = x3 + dxdy;
    const __m128 zero = _mm_setzero_ps(), one = _mm_set1_ps(1), half = _mm_set1_ps(0.5f), r = _mm_set1_ps(right);
    const __m128 a = _mm_setr_ps(x0, x1, x2, x3), b = _mm_setr_ps(x1, x2, x3, x4);
    // The columns of each sub-row's two ends (maxps then minps: NaN gives 0, as maxss and minss).
    const __m128i ia = _mm_cvttps_epi32(_mm_min_ps(_mm_max_ps(a, zero), r));
    const __m128i ib = _mm_cvttps_epi32(_mm_min_ps(_mm_max_ps(b, zero), r));
    // x is monotonic: the lowest column is at x0's or x4's end, the highest at the other.
    const long c_a = _mm_cvtsi128_si32(ia), c_b = _mm_cvtsi128_si32(_mm_shuffle_epi32(ib, 3));
    const long c = rising ? c_a : c_b, c_max = rising ? c_b : c_a;
    if ((unsigned long)(c_max - c) > 1) return 0;
    const __m128 d = _mm_set1_ps(dir);
    float *cell = row + (c << 2);
    if (c_max == c) {
        // All four in column c: the one-column case in every lane.
        const __m128 frac = _mm_sub_ps(_mm_mul_ps(_mm_add_ps(a, b), half), _mm_set1_ps((float)c));
        _mm_storeu_ps(cell, _mm_add_ps(_mm_loadu_ps(cell), _mm_mul_ps(d, _mm_sub_ps(one, frac))));
        _mm_storeu_ps(cell + 4, _mm_add_ps(_mm_loadu_ps(cell + 4), _mm_mul_ps(d, frac)));
        mark_few(marks, c, 2);
        *xp = x4;
        return 1;
    }
    const __m128 lo = rising ? a : b, hi = rising ? b : a;
    const __m128i i0 = rising ? ia : ib, i1 = rising ? ib : ia;
    const __m128 mid = _mm_mul_ps(_mm_add_ps(lo, hi), half);
    // One column (i0 == i1, or a width below 1e-6): i0 gains d (1 - frac), the next one d frac.
    const __m128 frac = _mm_sub_ps(mid, _mm_cvtepi32_ps(i0));
    const __m128 s0 = _mm_mul_ps(d, _mm_sub_ps(one, frac)), s1 = _mm_mul_ps(d, frac);
    // Two columns: i0 gains d g0, i1 d (g1 - g0), i1 + 1 d (1 - g1).
    const __m128 w = _mm_sub_ps(hi, lo);
    const __m128 s = _mm_div_ps(one, w);
    const __m128 f0 = _mm_sub_ps(_mm_cvtepi32_ps(_mm_add_epi32(i0, _mm_set1_epi32(1))), lo);
    const __m128 hs = _mm_mul_ps(half, s);
    const __m128 g0 = _mm_mul_ps(_mm_mul_ps(hs, f0), f0);
    const __m128 u = _mm_sub_ps(_mm_cvtepi32_ps(i1), lo);
    const __m128 g1 = _mm_sub_ps(_mm_sub_ps(_mm_add_ps(_mm_cvtepi32_ps(i1), one), mid), _mm_mul_ps(_mm_mul_ps(hs, u), u));
    const __m128 t0 = _mm_mul_ps(d, g0), t1 = _mm_mul_ps(d, _mm_sub_ps(g1, g0)), t2 = _mm_mul_ps(d, _mm_sub_ps(one, g1));
    // Which case each lane is, and where its cells lie against c.
    const __m128 two = _mm_andnot_ps(_mm_cmplt_ps(w, _mm_set1_ps(1e-6f)),
                                     _mm_castsi128_ps(_mm_xor_si128(_mm_cmpeq_epi32(i0, i1), _mm_set1_epi32(-1))));
    const __m128 at_c = _mm_castsi128_ps(_mm_cmpeq_epi32(i0, _mm_set1_epi32((int)c)));
#define LAMINA_SEL(M, X, Y) _mm_or_ps(_mm_and_ps((M), (X)), _mm_andnot_ps((M), (Y)))
    const __m128 v0 = LAMINA_SEL(two, t0, _mm_and_ps(at_c, s0));
    const __m128 v1 = LAMINA_SEL(two, t1, LAMINA_SEL(at_c, s1, s0));
    const __m128 v2 = LAMINA_SEL(two, t2, _mm_andnot_ps(at_c, s1));
#undef LAMINA_SEL
    _mm_storeu_ps(cell, _mm_add_ps(_mm_loadu_ps(cell), v0));
    _mm_storeu_ps(cell + 4, _mm_add_ps(_mm_loadu_ps(cell + 4), v1));
    // Cells c .. c + 2 (the last is within the row: c + 1 is at most the area's width).
    _mm_storeu_ps(cell + 8, _mm_add_ps(_mm_loadu_ps(cell + 8), v2));
    // Marks c .. c + 1, and c + 2 when a lane reaches it (one of two columns, or one column at
    // c + 1; a lane whose hair-thin slant crosses into c + 1 is one column at c).
    if (_mm_movemask_ps(_mm_or_ps(two, _mm_andnot_ps(at_c, _mm_castsi128_ps(_mm_set1_epi32(-1)))))) mark_few(marks, c, 3);
    else mark_few(marks, c, 2);
    *xp = x4;
    return 1;
}
#endif

// Rows [y, end) strictly inside a segment and stored (dy = 1, so d = dir, never 0, and x steps
// by dxdy): the pixel row's cells and marks stepped along, sub-row by sub-row. Inside the
// segment |dxdy| is at most the area's width, so x stays finite, and `rising` (dxdy >= 0) says
// which end is the lower one (what min and max would give). Returns x at the end.
static inline __attribute__((always_inline))
float inner_rows(const cell_rows *c, long y, const long end, float x, const float dxdy, const float dir, const long ls,
                 const int rising) {
    const long r = y - c->store_top;
    float *row = c->cells + (((r >> ls) * c->stride) << ls);
    uint64_t *marks = c->bits + (r >> ls) * c->words;
    long sub = r & ((1 << ls) - 1);
    while (y < end) {
        // The sub-rows left in this pixel row.
        const long n = (1 << ls) - sub < end - y ? (1 << ls) - sub : end - y;
#ifdef LAMINA_X86
        if (ls == 2 && n == 4 && four_sub_rows_in_two_columns(row, marks, &x, dxdy, dir, c->right, rising)) {
            y += 4;
            row += c->stride << 2;
            marks += c->words;
            continue;
        }
#endif
        for (long k = 0; k < n; k++) {
            const float x_next = x + dxdy;
            add_row_span(row + sub + k, marks, rising ? x : x_next, rising ? x_next : x, dir, ls, c->right);
            x = x_next;
        }
        y += n;
        sub = 0;
        row += c->stride << ls;
        marks += c->words;
    }
    return x;
}

static inline __attribute__((always_inline))
void add_segment_body(lamina_cells *a, float x0, float y0, float x1, float y1, const long ls) {
    if (y0 == y1) return;
    float ax = x0, ay = y0, bx = x1, by = y1, dir = 1;
    if (ay > by) { float t = ax; ax = bx; bx = t; t = ay; ay = by; by = t; dir = -1; }
    const float h = (float)a->height;
    if (!(by > 0 && ay < h)) return;
    float dxdy = (bx - ax) / (by - ay);
    if (ay < 0) { ax += -ay * dxdy; ay = 0; }
    if (by > h) { bx -= (by - h) * dxdy; by = h; }
    long y = (long)ay;
    const long y_end = ceiling_f(by);
    const long store_top = a->store_top;
    // Rows outside the stored ones are stepped through (x advances row by row, so the stored
    // rows see exactly the x they would without a window) but get nothing.
    const long last_stored = y_end < a->store_bottom ? y_end : a->store_bottom;
    if (!(y < last_stored && y_end > store_top)) return;
    long first = y > store_top ? y : store_top;
    if (first < a->row_min) a->row_min = first;
    if (last_stored > a->row_max) a->row_max = last_stored;
    const cell_rows c = {a->cells, a->bits, a->stride, a->bit_words, store_top, (float)a->width};
    float x = ax;
    // Rows strictly inside the segment's span (top = y, bottom = y + 1, so dy = 1 and d = dir
    // exactly, and x advances by dxdy): the rows from the second to the one before the last.
    // Rows above the stored ones only advance x.
    const long inner_end = (y_end - 1 < last_stored ? y_end - 1 : last_stored);
    if (y + 1 < inner_end) {
        x = general_row(&c, y, x, ay, by, y_end, bx, dxdy, dir, ls);
        y++;
        for (; y < inner_end && y < store_top; y++) x = x + dxdy;
        if (y < inner_end) {
            if (dxdy >= 0) x = inner_rows(&c, y, inner_end, x, dxdy, dir, ls, 1);
            else x = inner_rows(&c, y, inner_end, x, dxdy, dir, ls, 0);
            y = inner_end;
        }
    }
    for (; y < last_stored; y++) x = general_row(&c, y, x, ay, by, y_end, bx, dxdy, dir, ls);
}

void lamina_add_segment(lamina_cells *a, float x0, float y0, float x1, float y1) {
    if (a->lane_shift == 0) add_segment_body(a, x0, y0, x1, y1, 0); else add_segment_body(a, x0, y0, x1, y1, 2);
}

// One run of a sweep: `count` pixels from `p` at coverage `a` (1...255).
static inline void solid_run(uint32_t *p, long count, uint32_t color, int alpha_shift, uint32_t a, int level) {
    uint32_t s = a == 255 ? color : scale_word(color, a);
    uint32_t inv = 255 - ((s >> alpha_shift) & 0xFF);
    if (inv == 0) { for (long i = 0; i < count; i++) p[i] = s; return; }
    switch (level) {
#ifdef LAMINA_X86
    case 2: solid_over_32_rows_avx2((char *)p, 0, 1, count, s, inv); return;
    case 1: solid_over_32_sse2(p, count, s, inv); return;
#endif
    default: solid_over_32_scalar(p, count, s, inv); return;
    }
}

// The colour laid over `count` pixels from `p`, pixel i at coverage m[i] (0...255; 0 leaves
// the pixel as it is, which the vector loops get by blending with factor 255): each pixel as
// `solid_run` computes it at its coverage.
static void solid_mask_scalar(uint32_t *p, long count, const uint8_t *m, uint32_t color, int alpha_shift) {
    for (long i = 0; i < count; i++) if (m[i]) p[i] = over_pixel(p[i], color, m[i], alpha_shift);
}

#ifdef LAMINA_X86
static void solid_mask_sse2(uint32_t *p, long count, const uint8_t *m, uint32_t color, int alpha_shift) {
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi16(128), ff = _mm_set1_epi32(0xFF);
    const __m128i shift = _mm_cvtsi32_si128(alpha_shift), src = _mm_set1_epi32((int)color);
    long i = 0;
    for (; i + 4 <= count; i += 4) {
        uint32_t k4;
        memcpy(&k4, m + i, 4);
        if (k4 == 0) continue;
        __m128i k = _mm_unpacklo_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128((int)k4), zero), zero);
        __m128i s = scale4_sse2(src, k, half, zero);
        __m128i inv = _mm_sub_epi32(ff, _mm_and_si128(_mm_srl_epi32(s, shift), ff));
        __m128i d = _mm_loadu_si128((const __m128i *)(p + i));
        _mm_storeu_si128((__m128i *)(p + i), _mm_add_epi8(s, scale4_sse2(d, inv, half, zero)));
    }
    solid_mask_scalar(p + i, count - i, m + i, color, alpha_shift);
}

__attribute__((target("avx2")))
static void solid_mask_avx2(uint32_t *p, long count, const uint8_t *m, uint32_t color, int alpha_shift) {
    const __m256i zero = _mm256_setzero_si256(), half = _mm256_set1_epi16(128), m257 = _mm256_set1_epi16(257);
    const __m256i ff = _mm256_set1_epi32(0xFF), src = _mm256_set1_epi32((int)color);
    const __m128i shift = _mm_cvtsi32_si128(alpha_shift);
    for (long i = 0; i < count; i += 8) {
        long rest = count - i;
        uint64_t k8;
        if (rest >= 8) memcpy(&k8, m + i, 8); else k8 = load_tail_bytes(m + i, rest);
        if (k8 == 0) continue;
        __m256i k = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)k8));
        __m256i s = scale8v_avx2(src, k, half, m257, zero);
        __m256i inv = _mm256_sub_epi32(ff, _mm256_and_si256(_mm256_srl_epi32(s, shift), ff));
        over8v_avx2(p + i, rest, s, inv, half, m257, zero);
    }
}
#endif

static inline void solid_mask(uint32_t *p, long count, const uint8_t *m, uint32_t color, int alpha_shift, int level) {
    switch (level) {
#ifdef LAMINA_X86
    case 2: solid_mask_avx2(p, count, m, color, alpha_shift); return;
    case 1: solid_mask_sse2(p, count, m, color, alpha_shift); return;
#endif
    default: solid_mask_scalar(p, count, m, color, alpha_shift); return;
    }
}

// A row being swept: where its pixels (or mask bytes) are, and what a painter keeps.
typedef struct {
    char *row;
    // The solid painter's gathered pixels [g0, g1) (none when g0 < 0), and its scratch bytes.
    long g0, g1;
    uint8_t *m;
    const lamina_solid_sweep *s;
    int level;
} sweep_row;

// Walks the rows' marked cells, summing each row's cells left to right (one lane or four) and
// clearing what it reads, and hands the painter the coverage: `run(r, p, e, a)` for the run of
// pixels [p, e) from a marked cell to the next one (or the row's end); for marked cells followed
// directly by another (one-pixel runs, read in a tight loop), `pixels(r, p, e)` for those in
// [p, e) within the painter's window (every column when `whole_row`, else [col0, col1)), which
// gives where `put(dst, j, a)` stores pixel j's coverage; then `row_end(r)`. `eo` is the fill
// rule (constant where the caller can make it so). Called with constant painters and inlined,
// so no call is left per cell.
static inline __attribute__((always_inline))
void sweep_cells(const lamina_solid_sweep *s, const long lanes, sweep_row *r,
                 void (*run)(sweep_row *, long, long, uint32_t), uint8_t *(*pixels)(sweep_row *, long, long),
                 void (*put)(uint8_t *, long, uint32_t), const int eo, const int whole_row,
                 void (*row_end)(sweep_row *)) {
    const long width = s->width, words = s->bit_words;
    // The painter's window: every column, or the sweep's column window.
    const long win0 = whole_row ? 0 : s->col0, win1 = whole_row ? width : s->col1;
    for (long y = s->row_first; y < s->row_end; y++) {
        float *cells = s->cells + y * s->stride * lanes;
        uint64_t *bits = s->bits + y * words;
        r->row = s->dst + y * s->dst_stride;
        float acc[4] = {0, 0, 0, 0};
        // The last marked cell read: its coverage holds up to the next marked cell.
        long pending = -1;
#define LAMINA_ALPHA() (lanes == 1 ? (uint32_t)alpha_scalar(acc[0], eo) : (uint32_t)((alpha_sum4(acc, eo) + 2) >> 2))
#define LAMINA_READ(J) do { \
            float *c_ = cells + (J) * lanes; \
            acc[0] += c_[0]; c_[0] = 0; \
            if (lanes == 4) { acc[1] += c_[1]; acc[2] += c_[2]; acc[3] += c_[3]; c_[1] = 0; c_[2] = 0; c_[3] = 0; } \
        } while (0)
        for (long w = 0; w < words; w++) {
            uint64_t word = bits[w];
            if (!word) continue;
            bits[w] = 0;
            do {
                const long i = (w << 6) + __builtin_ctzll(word);
                // (unsigned: pending -1, before the row's first mark, is out of range too)
                if ((unsigned long)pending < (unsigned long)width) run(r, pending, i < width ? i : width, LAMINA_ALPHA());
                // The marks that follow i one after another in this word: the lowest run of ones,
                // which adding its lowest bit clears.
                const uint64_t rest = word & (word + (word & (0 - word)));
                const long last = (w << 6) + 63 - __builtin_clzll(word ^ rest);
                word = rest;
                if (last > i) {
                    // One-pixel runs [i, last): each cell summed, and its coverage handed over in
                    // the painter's window (`pixels` gives where, `put` stores one).
                    const long pe = last < width ? last : width;
                    const long p0 = i > win0 ? i : win0, p1 = pe < win1 ? pe : win1;
                    long j = i;
                    if (p0 < p1) {
                        for (; j < p0; j++) LAMINA_READ(j);
                        uint8_t *dst = pixels(r, p0, p1);
                        for (; j < p1; j++) { LAMINA_READ(j); put(dst, j, LAMINA_ALPHA()); }
                    }
                    for (; j < last; j++) LAMINA_READ(j);
                }
                LAMINA_READ(last);
                pending = last;
            } while (word);
        }
        if (pending >= 0 && pending < width) run(r, pending, width, LAMINA_ALPHA());
        row_end(r);
#undef LAMINA_READ
#undef LAMINA_ALPHA
    }
}

// Runs of at least this many pixels at one coverage are painted alone; shorter ones are
// gathered, as per-pixel coverage in the row's scratch bytes, and blended together.
enum { LONG_RUN = 32 };

// The gathered pixels [g0, g1) of a row, cut to the column window.
static inline __attribute__((always_inline)) void flush_gathered(sweep_row *r) {
    const lamina_solid_sweep *s = r->s;
    long x0 = r->g0 < s->col0 ? s->col0 : r->g0, x1 = r->g1 > s->col1 ? s->col1 : r->g1;
    if (x0 < x1) solid_mask((uint32_t *)r->row + x0, x1 - x0, r->m + x0, s->color, s->alpha_shift, r->level);
    r->g0 = -1;
}

// The solid painter: a run [p, e) at coverage a gathered when short (16-byte stores: what the
// first writes past the run belongs to later runs, which overwrite it), painted alone when long.
static inline __attribute__((always_inline)) void solid_paint_run(sweep_row *r, long p, long e, uint32_t a) {
    const lamina_solid_sweep *s = r->s;
    if (e - p >= LONG_RUN) {
        if (r->g0 >= 0) flush_gathered(r);
        if (a != 0) {
            long x0 = p < s->col0 ? s->col0 : p, x1 = e > s->col1 ? s->col1 : e;
            if (x0 < x1) solid_run((uint32_t *)r->row + x0, x1 - x0, s->color, s->alpha_shift, a, r->level);
        }
    } else if (r->g0 >= 0 || a != 0) {
        if (r->g0 < 0) r->g0 = p;
        if (e - p == 1) {
            r->m[p] = (uint8_t)a;
        } else {
            memset(r->m + p, (int)a, 16);
            // Runs of 17-31 pixels: their last 16 bytes too (overlapping the first store).
            if (e - p > 16) memset(r->m + e - 16, (int)a, 16);
        }
        r->g1 = e;
    }
}

// One-pixel runs [p, e) about to be stored: gathered (from p even when its coverage is 0, which
// the blend leaves as it is).
static inline __attribute__((always_inline)) uint8_t *solid_paint_pixels(sweep_row *r, long p, long e) {
    if (r->g0 < 0) r->g0 = p;
    r->g1 = e;
    return r->m;
}

static inline __attribute__((always_inline)) void put_byte(uint8_t *m, long j, uint32_t a) { m[j] = (uint8_t)a; }

static inline __attribute__((always_inline)) void solid_paint_row_end(sweep_row *r) {
    if (r->g0 >= 0) flush_gathered(r);
}

// The mask writer: each run's coverage byte (zero coverage leaves the byte as it is).
static inline __attribute__((always_inline)) void mask_write_run(sweep_row *r, long p, long e, uint32_t a) {
    const lamina_solid_sweep *s = r->s;
    long x0 = p < s->col0 ? s->col0 : p, x1 = e > s->col1 ? s->col1 : e;
    if (a != 0 && x0 < x1) {
        if (x1 - x0 == 1) ((uint8_t *)r->row)[x0] = (uint8_t)a; else memset(r->row + x0, (int)a, (size_t)(x1 - x0));
    }
}

// One-pixel runs: their coverage goes straight into the mask's row (the sweep keeps them to the
// column window), a byte of zero coverage left as it is.
static inline __attribute__((always_inline)) uint8_t *mask_write_pixels(sweep_row *r, long p, long e) {
    (void)p; (void)e;
    return (uint8_t *)r->row;
}

static inline __attribute__((always_inline)) void put_nonzero_byte(uint8_t *m, long j, uint32_t a) {
    if (a != 0) m[j] = (uint8_t)a;
}

static inline __attribute__((always_inline)) void mask_row_end(sweep_row *r) { (void)r; }

void lamina_sweep_mask(const lamina_solid_sweep *s) {
    sweep_row r = {0, -1, 0, 0, s, 0};
    if (s->lanes == 4) sweep_cells(s, 4, &r, mask_write_run, mask_write_pixels, put_nonzero_byte, s->even_odd, 0, mask_row_end);
    else if (s->even_odd) sweep_cells(s, 1, &r, mask_write_run, mask_write_pixels, put_nonzero_byte, 1, 0, mask_row_end);
    else sweep_cells(s, 1, &r, mask_write_run, mask_write_pixels, put_nonzero_byte, 0, 0, mask_row_end);
}

void lamina_sweep_solid_over_32(const lamina_solid_sweep *s) {
    sweep_row r = {0, -1, 0, s->scratch, s, lamina_raster_simd_level()};
    if (s->lanes == 4) sweep_cells(s, 4, &r, solid_paint_run, solid_paint_pixels, put_byte, s->even_odd, 1, solid_paint_row_end);
    else if (s->even_odd) sweep_cells(s, 1, &r, solid_paint_run, solid_paint_pixels, put_byte, 1, 1, solid_paint_row_end);
    else sweep_cells(s, 1, &r, solid_paint_run, solid_paint_pixels, put_byte, 0, 1, solid_paint_row_end);
}


// A rectangle row's runs of equal coverage (at most four; neighbours of equal coverage merged),
// in area columns.
typedef struct {
    long start[4], end[4];
    uint32_t alpha[4];
    int count;
} rect_runs;

// A rectangle row's coverage sums at height share d, as Lamina's Swift `RectSweep` computes them:
// the deposits its two vertical edges would make (the left side's in columns il and il + 1, the
// right side's in ir and ir + 1), summed along the row in that order. acc[0] holds for column il,
// acc[1] for il + 1 ..< ir, acc[2] for ir, acc[3] for the columns after; sides one column apart
// have no inner columns (acc[1] is 0), and in one column, il = ir, the sides' deposits are added
// together (acc[2] is acc[0]).
static inline __attribute__((always_inline))
void rect_row_sums(long il, long ir, float fl, float fr, float d, float acc[4]) {
    const float cl0 = d * (1 - fl), cl1 = d * fl, cr0 = -d * (1 - fr), cr1 = -d * fr;
    acc[0] = 0;
    acc[1] = 0;
    if (ir == il) {
        acc[0] += cl0 + cr0; acc[2] = acc[0]; acc[3] = acc[0] + (cl1 + cr1);
    } else if (ir == il + 1) {
        acc[0] += cl0; acc[2] = acc[0] + (cl1 + cr0); acc[3] = acc[2] + cr1;
    } else {
        acc[0] += cl0; acc[1] = acc[0] + cl1; acc[2] = acc[1] + cr0; acc[3] = acc[2] + cr1;
    }
}

// A rectangle row's runs at height share d: `rect_row_sums`' columns with their coverage
// (zero-coverage runs left out, neighbours of equal coverage merged).
static inline __attribute__((always_inline)) void rect_row_runs(const lamina_rect_fill *r, float d, rect_runs *runs) {
    const long il = (long)r->left, ir = (long)r->right, width = r->width;
    float acc[4];
    rect_row_sums(il, ir, r->left - (float)il, r->right - (float)ir, d, acc);
    int count = 0;
#define LAMINA_ADD(I, NEXT, C) do { \
        long i_ = (I), e_ = (NEXT) < width ? (NEXT) : width; \
        uint32_t a_ = i_ < e_ ? (uint32_t)alpha_scalar((C), 0) : 0; \
        if (a_ != 0) { \
            if (count > 0 && runs->end[count - 1] == i_ && runs->alpha[count - 1] == a_) runs->end[count - 1] = e_; \
            else { runs->start[count] = i_; runs->end[count] = e_; runs->alpha[count] = a_; count++; } \
        } \
    } while (0)
    LAMINA_ADD(il, il + 1, acc[0]);
    if (ir > il + 1) LAMINA_ADD(il + 1, ir, acc[1]);
    if (ir > il) LAMINA_ADD(ir, ir + 1, acc[2]);
    LAMINA_ADD(ir + 1, width, acc[3]);
#undef LAMINA_ADD
    runs->count = count;
}

// Walks the rectangle's stored rows as Lamina's Swift `RectSweep` does and hands
// `paint(ctx, y, rows, d, changed)` each group of rows that share their height share d (all
// inner rows are one group, d = 1); `changed` says whether d differs from the last group's.
static inline __attribute__((always_inline))
void rect_groups(const lamina_rect_fill *r, void *ctx, void (*paint)(void *, long, long, float, int)) {
    const float h = (float)r->height;
    float ay = r->top, by = r->bottom;
    if (!(by > 0 && ay < h)) return;
    if (ay < 0) ay = 0;
    if (by > h) by = h;
    long y = (long)ay;
    const long y_end = ceiling_f(by);
    const long last_stored = y_end < r->store_bottom ? y_end : r->store_bottom;
    if (!(y < last_stored && y_end > r->store_top)) return;
    if (y < r->store_top) y = r->store_top;
    if (y >= last_stored) return;
    // Rows y with y + 1 <= by are covered to their bottom: those from the first row whose top
    // the rectangle covers (d = 1 exactly) up to `stop` are one group. Before them at most the
    // first row, after them at most the last, each with its own share: the groups the row-by-row
    // walk makes (a row of share 0 is left out), found without a walk whose every step waits on
    // the last (each row's share converted and compared before the next row is known).
    const long full_end = (long)by, stop = last_stored < full_end ? last_stored : full_end;
    float last_d = NAN;
    const float d0 = swift_minf(by, (float)(y + 1)) - swift_maxf(ay, (float)y);
    if (d0 != 1) {
        if (d0 != 0) { paint(ctx, y, 1, d0, 1); last_d = d0; }
        y++;
    }
    if (y < stop) {
        paint(ctx, y, stop - y, 1, last_d != 1);
        last_d = 1;
        y = stop;
    }
    if (y < last_stored) {
        const float d = swift_minf(by, (float)(y + 1)) - swift_maxf(ay, (float)y);
        if (d != 0) paint(ctx, y, 1, d, d != last_d);
    }
}

#ifdef LAMINA_X86
// A rectangle whose painted columns [x0, x0 + n) number 1-16, painted with AVX2 by a group's
// coverage in the lanes of two vectors of eight pixels (the second ending at the last pixel,
// overlapping the first when n < 16; one vector when n <= 8) instead of runs: no branch on which
// runs are empty, nothing per run.
typedef struct {
    const lamina_rect_fill *r;
    long x0, n, il, ir;
    float fl, fr;
    // Which of a row's four coverage values (see `rect_lane_alphas`) each lane takes.
    __m256i idx[2];
} rect_lanes;

// The lanes of a rectangle (0 when its columns within [col0, col1) are not 1-16): pixels
// [max(il, col0), min(width, col1)) are those the runs can cover. Pixel il takes value 0,
// il + 1 ..< ir value 1, ir value 2 and the rest value 3 (sides one column apart have no inner
// pixels; in one column pixel il takes value 0 and the rest value 3): the number of the tests
// x > il, x >= max(ir, il + 1) and x > ir that hold.
__attribute__((target("avx2")))
static inline int rect_lanes_of(const lamina_rect_fill *r, rect_lanes *c) {
    const long il = (long)r->left, ir = (long)r->right;
    const long x0 = il > r->col0 ? il : r->col0, x1 = r->width < r->col1 ? r->width : r->col1;
    if (!(x0 < x1 && x1 - x0 <= 16)) return 0;
    c->r = r; c->x0 = x0; c->n = x1 - x0; c->il = il; c->ir = ir;
    c->fl = r->left - (float)il; c->fr = r->right - (float)ir;
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i a = _mm256_set1_epi32((int)(il - x0)), b = _mm256_set1_epi32((int)((ir > il + 1 ? ir : il + 1) - x0 - 1));
    const __m256i e = _mm256_set1_epi32((int)(ir - x0));
    const long off1 = c->n > 8 ? c->n - 8 : 8;
    for (int h = 0; h < 2; h++) {
        const __m256i x = h ? _mm256_add_epi32(lane, _mm256_set1_epi32((int)off1)) : lane;
        const __m256i t = _mm256_add_epi32(_mm256_add_epi32(_mm256_cmpgt_epi32(x, a), _mm256_cmpgt_epi32(x, b)),
                                           _mm256_cmpgt_epi32(x, e));
        c->idx[h] = _mm256_sub_epi32(_mm256_setzero_si256(), t);
    }
    return 1;
}

// A row's four coverage values (0-255 in 32-bit lanes) at height share d: `rect_row_sums`,
// converted four at a time as `alpha_sum4` does (the lanes of `rect_lanes` take them). A
// zero-coverage pixel comes back from the blend unchanged, as where no run is painted.
__attribute__((target("avx2")))
static inline __attribute__((always_inline)) __m128i rect_lane_alphas(const rect_lanes *c, float d) {
    float acc[4];
    rect_row_sums(c->il, c->ir, c->fl, c->fr, d, acc);
    __m128 v = _mm_andnot_ps(_mm_set1_ps(-0.0f), _mm_loadu_ps(acc));
    v = _mm_max_ps(_mm_min_ps(_mm_set1_ps(1), v), _mm_setzero_ps());
    return _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(v, _mm_set1_ps(255)), _mm_set1_ps(0.5f)));
}

// A row of a rectangle's lanes laid over by source-over: eight words `s0` (255 minus each
// alpha in both 16-bit lanes of its word in `inv0`) at p when n <= 8 (the first n), else also
// `s1`/`inv1` at p + n - 8, overlapping the first eight; both groups are read before either is
// written, and where they overlap they hold the same pixels, so either store leaves the same bytes.
__attribute__((target("avx2")))
static inline __attribute__((always_inline))
void rect_lanes_over(uint32_t *p, long n, __m256i s0, __m256i inv0, __m256i s1, __m256i inv1) {
    const __m256i half = _mm256_set1_epi16(128), m257 = _mm256_set1_epi16(257);
    if (n <= 8) {
        over8w_avx2(p, n, s0, inv0, half, m257);
        return;
    }
    const __m256i d0 = _mm256_loadu_si256((const __m256i *)p), d1 = _mm256_loadu_si256((const __m256i *)(p + n - 8));
    _mm256_storeu_si256((__m256i *)(p + n - 8), _mm256_add_epi8(s1, scale8w_avx2(d1, inv1, half, m257)));
    _mm256_storeu_si256((__m256i *)p, _mm256_add_epi8(s0, scale8w_avx2(d0, inv0, half, m257)));
}

// The solid painter: the colour scaled by a row's four coverage values once, put in the lanes,
// laid over the group's rows.
typedef struct {
    rect_lanes l;
    __m256i s0, s1, inv0, inv1;
} rect_small;

__attribute__((target("avx2")))
static inline __attribute__((always_inline))
void rect_small_paint(void *ctx, long y, long rows, float d, int changed) {
    rect_small *c = ctx;
    const lamina_rect_fill *r = c->l.r;
    if (changed) {
        const __m128i ff = _mm_set1_epi32(0xFF);
        const __m128i s4 = scale4_sse2(_mm_set1_epi32((int)r->color), rect_lane_alphas(&c->l, d), _mm_set1_epi16(128),
                                       _mm_setzero_si128());
        __m128i inv4 = _mm_sub_epi32(ff, _mm_and_si128(_mm_srl_epi32(s4, _mm_cvtsi32_si128(r->alpha_shift)), ff));
        inv4 = _mm_or_si128(inv4, _mm_slli_epi32(inv4, 16));   // in both 16-bit lanes of each word
        c->s0 = _mm256_permutevar8x32_epi32(_mm256_castsi128_si256(s4), c->l.idx[0]);
        c->s1 = _mm256_permutevar8x32_epi32(_mm256_castsi128_si256(s4), c->l.idx[1]);
        c->inv0 = _mm256_permutevar8x32_epi32(_mm256_castsi128_si256(inv4), c->l.idx[0]);
        c->inv1 = _mm256_permutevar8x32_epi32(_mm256_castsi128_si256(inv4), c->l.idx[1]);
    }
    const long stride = r->dst_stride, n = c->l.n;
    uint32_t *p = (uint32_t *)(r->dst + y * stride) + c->l.x0;
    const __m256i s0 = c->s0, s1 = c->s1, inv0 = c->inv0, inv1 = c->inv1;
    for (long q = 0; q < rows; q++, p = (uint32_t *)((char *)p + stride)) rect_lanes_over(p, n, s0, inv0, s1, inv1);
}

// `lamina_rect_solid_over_32` by `rect_small_paint` when it applies (else 0, nothing painted).
__attribute__((target("avx2")))
static int rect_small_solid_avx2(const lamina_rect_fill *r) {
    rect_small c;
    if (!rect_lanes_of(r, &c.l)) return 0;
    rect_groups(r, &c, rect_small_paint);
    return 1;
}
#endif

// The solid painter of `lamina_rect_solid_over_32`: run by run.
typedef struct {
    const lamina_rect_fill *r;
    int level;
    rect_runs runs;
} rect_solid;

static inline __attribute__((always_inline))
void rect_solid_paint(void *ctx, long y, long rows, float d, int changed) {
    rect_solid *c = ctx;
    const lamina_rect_fill *r = c->r;
    const rect_runs *runs = &c->runs;
    if (changed) rect_row_runs(r, d, &c->runs);
    const int count = runs->count;
    char *row = r->dst + y * r->dst_stride;
    for (int k = 0; k < count; k++) {
        long x0 = runs->start[k] > r->col0 ? runs->start[k] : r->col0, x1 = runs->end[k] < r->col1 ? runs->end[k] : r->col1;
        if (x0 >= x1) continue;
        uint32_t s = runs->alpha[k] == 255 ? r->color : scale_word(r->color, runs->alpha[k]);
        uint32_t inv = 255 - ((s >> r->alpha_shift) & 0xFF);
        uint32_t *p = (uint32_t *)row + x0;
        long n = x1 - x0;
        if (inv == 0) {
            for (long q = 0; q < rows; q++, p = (uint32_t *)((char *)p + r->dst_stride))
                for (long i = 0; i < n; i++) p[i] = s;
        } else if (n <= 2) {
            for (long q = 0; q < rows; q++, p = (uint32_t *)((char *)p + r->dst_stride)) {
                p[0] = s + scale_word(p[0], inv);
                if (n == 2) p[1] = s + scale_word(p[1], inv);
            }
        } else {
            switch (c->level) {
#ifdef LAMINA_X86
            case 2: solid_over_32_rows_avx2((char *)p, r->dst_stride, rows, n, s, inv); break;
            case 1: for (long q = 0; q < rows; q++) solid_over_32_sse2((uint32_t *)((char *)p + q * r->dst_stride), n, s, inv); break;
#endif
            default: for (long q = 0; q < rows; q++) solid_over_32_scalar((uint32_t *)((char *)p + q * r->dst_stride), n, s, inv); break;
            }
        }
    }
}

void lamina_rect_solid_over_32(const lamina_rect_fill *r) {
    const int level = lamina_raster_simd_level();
#ifdef LAMINA_X86
    if (level == 2 && rect_small_solid_avx2(r)) return;
#endif
    rect_solid c = {r, level, {{0}, {0}, {0}, 0}};
    rect_groups(r, &c, rect_solid_paint);
}

// The gradient painter of `lamina_rect_linear_gradient`.
typedef struct {
    const lamina_rect_fill *r;
    const lamina_linear_span *g;
    double dtdy;
    long row0;
    const uint32_t *lut;
    uint8_t *cov;
} rect_gradient;

static inline __attribute__((always_inline))
void rect_gradient_paint(void *ctx, long y, long rows, float d, int changed) {
    rect_gradient *c = ctx;
    const lamina_rect_fill *r = c->r;
    const long count = r->col1 - r->col0;
    if (changed) {
        // The row's coverage bytes over columns [col0, col1).
        rect_runs runs;
        rect_row_runs(r, d, &runs);
        memset(c->cov, 0, (size_t)count);
        for (int k = 0; k < runs.count; k++) {
            long x0 = runs.start[k] > r->col0 ? runs.start[k] : r->col0, x1 = runs.end[k] < r->col1 ? runs.end[k] : r->col1;
            if (x0 < x1) memset(c->cov + (x0 - r->col0), (int)runs.alpha[k], (size_t)(x1 - x0));
        }
    }
    lamina_linear_gradient_rows((uint32_t *)(r->dst + y * r->dst_stride) + r->col0, r->dst_stride, rows, count, c->g, c->dtdy,
                                c->row0 + y, 0, c->lut);
}

#ifdef LAMINA_X86
// The gradient painter of a rectangle of 1-16 columns (`rect_lanes`): a group's coverage in the
// lanes (times the span's constant as `mask_coverage8` computes it), each row's eight-pixel
// groups as `linear_gradient_avx2_column_rows` computes them (the same parameters, table words
// and blend: the same bytes; its pixels of zero coverage come back unchanged).
typedef struct {
    rect_lanes l;
    const lamina_linear_span *g;
    double dtdy;
    long row0;
    const uint32_t *lut;
    __m256d xa[2], xb[2];
    __m256i k[2];
} rect_small_gradient;

// A group of rows: when its height share changed, the lanes' coverage (times the span's constant
// coverage); then each row's one or two groups of eight.
__attribute__((target("avx2"), always_inline)) static inline
void rect_small_gradient_paint(void *ctx, long y, long rows, float d, int changed) {
    rect_small_gradient *c = ctx;
    const lamina_linear_span *g = c->g;
    const lamina_rect_fill *r = c->l.r;
    if (changed) {
        __m128i a = rect_lane_alphas(&c->l, d);
        if (g->constant != 255) {
            const __m128i t = _mm_add_epi32(_mm_mullo_epi32(a, _mm_set1_epi32((int)g->constant)), _mm_set1_epi32(128));
            a = _mm_srli_epi32(_mm_add_epi32(t, _mm_srli_epi32(t, 8)), 8);
        }
        c->k[0] = _mm256_permutevar8x32_epi32(_mm256_castsi128_si256(a), c->l.idx[0]);
        c->k[1] = _mm256_permutevar8x32_epi32(_mm256_castsi128_si256(a), c->l.idx[1]);
    }
    const __m256i select = alpha_select_avx2(g->alpha_shift);
    const long stride = r->dst_stride, n = c->l.n;
    uint32_t *p = (uint32_t *)(r->dst + y * stride) + c->l.x0;
    for (long q = 0; q < rows; q++, p = (uint32_t *)((char *)p + stride)) {
        const __m256d rt = _mm256_set1_pd(c->dtdy * ((double)(c->row0 + y + q) + 0.5));
        __m256i inv0, inv1;
        const __m256i s0 = gradient8_source(_mm256_add_pd(c->xa[0], rt), _mm256_add_pd(c->xb[0], rt), c->k[0], 0, c->lut,
                                            g->top, select, &inv0);
        __m256i s1 = s0;
        inv1 = inv0;
        if (n > 8)   // the second group of eight, when there is one
            s1 = gradient8_source(_mm256_add_pd(c->xa[1], rt), _mm256_add_pd(c->xb[1], rt), c->k[1], 0, c->lut, g->top, select,
                                  &inv1);
        rect_lanes_over(p, n, s0, inv0, s1, inv1);
    }
}

// `lamina_rect_linear_gradient` by `rect_small_gradient_paint` when it applies: 1-16 columns and
// a span `linear_gradient_avx2_rows` takes as plain for every group of rows (else 0, nothing
// painted).
__attribute__((target("avx2")))
static int rect_small_gradient_avx2(const lamina_rect_fill *r, const lamina_linear_span *g, double dtdy, long row0,
                                    const uint32_t *lut) {
    rect_small_gradient c;
    if (!rect_lanes_of(r, &c.l)) return 0;
    if (!(g->extend_before && g->extend_after && g->skip == 0 && fabs(g->t0) < gradient_big && fabs(g->dtdx) < gradient_big
          && fabs(dtdy) < 0x1p800 && row0 > -(1L << 59) && row0 < (1L << 59) && r->height < (1L << 59)))
        return 0;
    c.g = g; c.dtdy = dtdy; c.row0 = row0; c.lut = lut;
    // Pixel centres (device column g->x + area column - col0, plus 0.5) and their parameters
    // before the row term, as the column loop computes them.
    const __m256d t0 = _mm256_set1_pd(g->t0), dtdx = _mm256_set1_pd(g->dtdx), four = _mm256_set1_pd(4.0);
    const long first = g->x + (c.l.x0 - r->col0), off1 = c.l.n > 8 ? c.l.n - 8 : 8;
    for (int h = 0; h < 2; h++) {
        const double x = (double)(first + (h ? off1 : 0));
        const __m256d pa = _mm256_add_pd(_mm256_set1_pd(x + 0.5), _mm256_setr_pd(0, 1, 2, 3));
        c.xa[h] = _mm256_add_pd(t0, _mm256_mul_pd(dtdx, pa));
        c.xb[h] = _mm256_add_pd(t0, _mm256_mul_pd(dtdx, _mm256_add_pd(pa, four)));
    }
    rect_groups(r, &c, rect_small_gradient_paint);
    return 1;
}
#endif

void lamina_rect_linear_gradient(const lamina_rect_fill *r, uint8_t *cov, const lamina_linear_span *g, double dtdy,
                                 long row0, const uint32_t *lut) {
    if (r->col0 >= r->col1) return;
#ifdef LAMINA_X86
    if (lamina_raster_simd_level() == 2 && rect_small_gradient_avx2(r, g, dtdy, row0, lut)) return;
#endif
    lamina_linear_span span = *g;
    span.mask = cov;
    rect_gradient c = {r, &span, dtdy, row0, lut, cov};
    rect_groups(r, &c, rect_gradient_paint);
}

// Swift's min(1, v) (v when v < 1, else 1: NaN gives 1) then max(0, that) (it when >= 0, else 0).
static inline double clamp_unit(double v) {
    double m = v < 1 ? v : 1;
    return m >= 0 ? m : 0;
}

static inline uint32_t unit_byte(double v) {
    double x = v * 255;
    if (!(x > 0)) return 0;
    if (!(x < 255)) return 255;
    long t = (long)x;
    return (uint32_t)(x - (double)t >= 0.5 ? t + 1 : t);
}

#ifdef LAMINA_X86
// The four bytes of lamina_pixel_word two lanes at a time (a fill colour changes per shape drawn).
// minpd(v, 1) is `v < 1 ? v : 1` (NaN gives 1) as clamp_unit; maxpd(m, 0) differs from it only
// for -0, which gives the byte 0 either way. The products lie in [0, 255], so unit_byte's range
// tests fall away; rounding is unit_byte's: truncate, add one when the fraction is >= 0.5.
static uint32_t pixel_word_sse2(double r, double g, double b, double k, int shift_r, int shift_g, int shift_b,
                                int shift_a) {
    const __m128d one = _mm_set1_pd(1), zero = _mm_setzero_pd(), half = _mm_set1_pd(0.5), s = _mm_set1_pd(255);
    const __m128d kk = _mm_set1_pd(k);
    __m128d rg = _mm_mul_pd(_mm_mul_pd(_mm_max_pd(_mm_min_pd(_mm_set_pd(g, r), one), zero), kk), s);
    // The alpha lane is 1 * k = k, so its byte is unit_byte(k).
    __m128d ba = _mm_mul_pd(_mm_mul_pd(_mm_max_pd(_mm_min_pd(_mm_set_pd(1, b), one), zero), kk), s);
    __m128d trg = _mm_cvtepi32_pd(_mm_cvttpd_epi32(rg)), tba = _mm_cvtepi32_pd(_mm_cvttpd_epi32(ba));
    trg = _mm_add_pd(trg, _mm_and_pd(_mm_cmpge_pd(_mm_sub_pd(rg, trg), half), one));
    tba = _mm_add_pd(tba, _mm_and_pd(_mm_cmpge_pd(_mm_sub_pd(ba, tba), half), one));
    __m128i v = _mm_unpacklo_epi64(_mm_cvttpd_epi32(trg), _mm_cvttpd_epi32(tba));
    return (uint32_t)_mm_cvtsi128_si32(v) << shift_r | (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(v, 4)) << shift_g |
           (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(v, 8)) << shift_b |
           (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(v, 12)) << shift_a;
}
#endif

uint32_t lamina_pixel_word(double r, double g, double b, double a, double alpha,
                           int shift_r, int shift_g, int shift_b, int shift_a) {
    double k = clamp_unit(a * alpha);
#ifdef LAMINA_X86
    if (lamina_raster_simd_level() >= 1) return pixel_word_sse2(r, g, b, k, shift_r, shift_g, shift_b, shift_a);
#endif
    return unit_byte(clamp_unit(r) * k) << shift_r | unit_byte(clamp_unit(g) * k) << shift_g |
           unit_byte(clamp_unit(b) * k) << shift_b | unit_byte(k) << shift_a;
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

// The first call's work, out of line so the callers' fast path (one load) stays small.
__attribute__((noinline, cold)) static int choose_level(void) {
    int level = best_level();
    // LAMINA_RASTER_SIMD=scalar|sse2|avx2 caps the path (benchmarks, debugging).
    const char *want = getenv("LAMINA_RASTER_SIMD");
    if (want && strcmp(want, "scalar") == 0) level = 0;
    else if (want && strcmp(want, "sse2") == 0 && level > 1) level = 1;
    __atomic_store_n(&chosen, level, __ATOMIC_RELAXED);
    return level;
}

int lamina_raster_simd_level(void) {
    int level = __atomic_load_n(&chosen, __ATOMIC_RELAXED);
    return level == -2 ? choose_level() : level;
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
    case 2: solid_over_32_rows_avx2(row, stride, rows, count, s, inv); return;
    case 1: for (long r = 0; r < rows; r++, row += stride) solid_over_32_sse2((uint32_t *)row, count, s, inv); return;
#endif
    default: for (long r = 0; r < rows; r++, row += stride) solid_over_32_scalar((uint32_t *)row, count, s, inv); return;
    }
}
