// Pixel arithmetic shared by the span, sweep, gradient and rectangle kernels: bytes times a
// factor over 255 rounded as Lamina's Swift code rounds them, and source-over of premultiplied
// words, in scalar code, SSE2 and AVX2.
#ifndef LAMINA_PIXEL_MATH_H
#define LAMINA_PIXEL_MATH_H
#include "raster_base.h"

// round(x * k / 255) for bytes, as Lamina's Swift code computes it: t = x*k + 128,
// (t + (t >> 8)) >> 8. Exact for x, k in 0...255 (the 16-bit lanes below never overflow:
// at most 65025 + 128 + 254).
static inline __attribute__((always_inline)) uint32_t mul255(uint32_t x, uint32_t k) {
    uint32_t t = x * k + 128;
    return (t + (t >> 8)) >> 8;
}

// All four bytes of a word times k / 255, rounded as mul255, two bytes per multiply (bytes 0
// and 2, then 1 and 3, in 16-bit lanes of a 32-bit word).
static inline __attribute__((always_inline)) uint32_t scale_word(uint32_t x, uint32_t k) {
    uint32_t lo = (x & 0x00FF00FFu) * k + 0x00800080u;
    lo = ((lo + ((lo >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t hi = ((x >> 8) & 0x00FF00FFu) * k + 0x00800080u;
    hi = ((hi + ((hi >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    return lo | (hi << 8);
}

static inline __attribute__((always_inline)) void solid_over_32_scalar(uint32_t *dst, long count, uint32_t s, uint32_t inv) {
    // Premultiplied bytes never carry: s's byte plus d's byte scaled by 255 minus s's alpha
    // is at most 255.
    for (long i = 0; i < count; i++) dst[i] = s + scale_word(dst[i], inv);
}

static inline __attribute__((always_inline)) uint32_t over_pixel(uint32_t d, uint32_t s, uint32_t cov, int alpha_shift) {
    uint32_t scaled = scale_word(s, cov);
    uint32_t inv = 255 - ((scaled >> alpha_shift) & 0xFF);
    return scaled + scale_word(d, inv);
}

// The last 1-7 coverage bytes of a span (the bytes past its end read as 0).
static inline __attribute__((always_inline)) uint64_t load_tail_bytes(const uint8_t *q, long n) {
    uint64_t m = 0;
    int shift = 0;
    if (n >= 4) { uint32_t v; memcpy(&v, q, 4); m = v; q += 4; n -= 4; shift = 32; }
    if (n >= 2) { uint16_t v; memcpy(&v, q, 2); m |= (uint64_t)v << shift; q += 2; n -= 2; shift += 16; }
    if (n >= 1) { m |= (uint64_t)*q << shift; }
    return m;
}

#ifdef LAMINA_X86
// Bytes of four pixels times a per-pixel factor (0...255 in the low 16 bits of each 32-bit lane
// of `k32`), rounded as mul255.
static inline __attribute__((always_inline)) __m128i scale4_sse2(__m128i x, __m128i k32, __m128i half, __m128i zero) {
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
static inline __attribute__((always_inline)) __m128i scale4k_sse2(__m128i x, __m128i k16, __m128i half, __m128i m257, __m128i zero) {
    __m128i lo = _mm_unpacklo_epi8(x, zero), hi = _mm_unpackhi_epi8(x, zero);
    lo = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(lo, k16), half), m257);
    hi = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(hi, k16), half), m257);
    return _mm_packus_epi16(lo, hi);
}

static inline __attribute__((always_inline)) void solid_over_32_sse2(uint32_t *dst, long count, uint32_t s, uint32_t inv) {
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
static inline __attribute__((always_inline)) __m256i scale8k_avx2(__m256i x, __m256i k16, __m256i half, __m256i m257, __m256i zero) {
    // unpack/pack work within 128-bit halves, so the pixels come back in place.
    __m256i lo = _mm256_unpacklo_epi8(x, zero), hi = _mm256_unpackhi_epi8(x, zero);
    lo = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(lo, k16), half), m257);
    hi = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(hi, k16), half), m257);
    return _mm256_packus_epi16(lo, hi);
}

// Bytes of eight pixels times a per-pixel factor (0...255 in each 32-bit lane of `k32`), rounded
// as mul255. The even bytes (masked) and the odd ones (shifted down) are multiplied where they
// are, in the 16-bit lanes of their pixel's word, by the factor put in both lanes of that word,
// and put back together: unpacking the bytes and the factors and packing them again would take
// five shuffles, which on Intel cores all wait for the one shuffle port (a constant factor,
// `scale8k_avx2`, needs only three, and there unpacking is the faster).
__attribute__((target("avx2")))
static inline __attribute__((always_inline)) __m256i scale8w_avx2(__m256i x, __m256i k, __m256i half, __m256i m257) {
    __m256i lo = _mm256_and_si256(x, _mm256_set1_epi16(0xFF)), hi = _mm256_srli_epi16(x, 8);
    lo = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(lo, k), half), m257);
    hi = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(hi, k), half), m257);
    return _mm256_or_si256(lo, _mm256_slli_epi16(hi, 8));
}

// `scale8w_avx2` with each pixel's factor in the low 16 bits of its word (0...255).
__attribute__((target("avx2")))
static inline __attribute__((always_inline)) __m256i scale8v_avx2(__m256i x, __m256i k32, __m256i half, __m256i m257, __m256i zero) {
    (void)zero;
    return scale8w_avx2(x, _mm256_or_si256(k32, _mm256_slli_epi32(k32, 16)), half, m257);
}

// The byte selector of `inverse_alpha8w_avx2` for the alpha byte at bit `alpha_shift`.
__attribute__((target("avx2")))
static inline __attribute__((always_inline)) __m256i alpha_select_avx2(int alpha_shift) {
    const __m256i a = _mm256_set1_epi32(((alpha_shift >> 3) & 3) * 0x00010001);
    const __m256i base = _mm256_setr_epi32(0x80008000, 0x80048004, 0x80088008, 0x800C800C, 0x80008000, 0x80048004, 0x80088008,
                                           0x800C800C);
    return _mm256_or_si256(base, a);
}

// 255 minus each pixel's alpha, in both 16-bit lanes of its word (`scale8w_avx2`'s factors): the
// alpha byte copied into bytes 0 and 2 (1 and 3 cleared) by one byte shuffle, then flipped.
__attribute__((target("avx2")))
static inline __attribute__((always_inline)) __m256i inverse_alpha8w_avx2(__m256i s, __m256i select) {
    return _mm256_xor_si256(_mm256_shuffle_epi8(s, select), _mm256_set1_epi16(0xFF));
}

// The last 1-7 words of a span, read and written without touching what lies past its end.
__attribute__((target("avx2")))
static inline __attribute__((always_inline)) __m256i load_tail_avx2(const uint32_t *p, long n) {
    __m256i live = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    return _mm256_maskload_epi32((const int *)p, live);
}

__attribute__((target("avx2")))
static inline __attribute__((always_inline)) void store_tail_avx2(uint32_t *p, long n, __m256i v) {
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
static inline __attribute__((always_inline)) void over8w_avx2(uint32_t *p, long n, __m256i s, __m256i inv, __m256i half, __m256i m257) {
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
static inline __attribute__((always_inline)) void over8v_avx2(uint32_t *p, long n, __m256i s, __m256i inv, __m256i half, __m256i m257, __m256i zero) {
    (void)zero;
    over8w_avx2(p, n, s, _mm256_or_si256(inv, _mm256_slli_epi32(inv, 16)), half, m257);
}

// The coverage of eight pixels from their mask bytes m8 (byte i for pixel i) times the constant
// coverage c (in every lane of `constant`), rounded as mul255.
__attribute__((target("avx2")))
static inline __attribute__((always_inline)) __m256i mask_coverage8(uint64_t m8, uint32_t c, __m256i constant) {
    __m256i k = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)m8));
    if (c == 255) return k;
    __m256i t = _mm256_add_epi32(_mm256_mullo_epi32(k, constant), _mm256_set1_epi32(128));
    return _mm256_srli_epi32(_mm256_add_epi32(t, _mm256_srli_epi32(t, 8)), 8);
}

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
#endif
#endif
