// Images laid over pixels at whole-pixel offsets and scale 1 (backing stores and cached layer
// content drawn where they belong): a row of premultiplied source words laid over a row of
// destination words, the global alpha folded in.
#include "pixel_math.h"

static void image_over_scalar(uint32_t *dst, const uint32_t *src, long count, uint32_t alpha, int alpha_shift) {
    for (long i = 0; i < count; i++) {
        uint32_t s = src[i];
        if (s == 0) continue;
        if (alpha != 255) s = scale_word(s, alpha);
        uint32_t inv = 255 - ((s >> alpha_shift) & 0xFF);
        dst[i] = inv == 0 ? s : s + scale_word(dst[i], inv);
    }
}

#ifdef LAMINA_X86
__attribute__((target("avx2")))
static void image_over_avx2(uint32_t *dst, const uint32_t *src, long count, uint32_t alpha, int alpha_shift) {
    const __m256i zero = _mm256_setzero_si256(), half = _mm256_set1_epi16(128), m257 = _mm256_set1_epi16(257);
    const __m256i k = _mm256_set1_epi16((short)alpha), select = alpha_select_avx2(alpha_shift);
    for (long i = 0; i < count; i += 8) {
        long rest = count - i;
        __m256i s = rest >= 8 ? _mm256_loadu_si256((const __m256i *)(src + i)) : load_tail_avx2(src + i, rest);
        // Transparent source words leave the destination as it is: skip eight at once.
        if (_mm256_testz_si256(s, s)) continue;
        if (alpha != 255) s = scale8k_avx2(s, k, half, m257, zero);
        over8w_avx2(dst + i, rest, s, inverse_alpha8w_avx2(s, select), half, m257);
    }
}
#endif

void lamina_image_over_32(uint32_t *dst, const uint32_t *src, long count, uint32_t alpha, int alpha_shift) {
    if (count <= 0 || alpha == 0) return;
#ifdef LAMINA_X86
    if (raster_level() == 2) { image_over_avx2(dst, src, count, alpha, alpha_shift); return; }
#endif
    image_over_scalar(dst, src, count, alpha, alpha_shift);
}

// Premultiplied 32-bit pixels already in the destination's byte order, copied into words with
// each colour byte clamped to the pixel's alpha (premultiplied data never exceeds it; data that
// does is clamped), or with alpha set to 255 for images without alpha: how an image such as a
// layer's backing store is prepared for sampling.
static void premultiplied_words_scalar(uint32_t *dst, const uint8_t *src, long count, int alpha_byte, int opaque) {
    const uint32_t shift = (uint32_t)alpha_byte * 8, mask = 0xFFu << shift;
    for (long i = 0; i < count; i++) {
        uint32_t p;
        memcpy(&p, src + 4 * i, 4);
        if (opaque) { dst[i] = p | mask; continue; }
        uint32_t a = (p >> shift) & 0xFF, out = 0;
        for (int k = 0; k < 4; k++) {
            uint32_t c = (p >> (8 * k)) & 0xFF;
            out |= (c < a ? c : a) << (8 * k);
        }
        dst[i] = out;
    }
}

#ifdef LAMINA_X86
static void premultiplied_words_sse2(uint32_t *dst, const uint8_t *src, long count, int alpha_byte, int opaque) {
    const __m128i shift = _mm_cvtsi32_si128(alpha_byte * 8), ff = _mm_set1_epi32(0xFF);
    const __m128i mask = _mm_sll_epi32(ff, shift);
    long i = 0;
    for (; i + 4 <= count; i += 4) {
        __m128i p = _mm_loadu_si128((const __m128i *)(src + 4 * i));
        if (opaque) { _mm_storeu_si128((__m128i *)(dst + i), _mm_or_si128(p, mask)); continue; }
        // Each pixel's alpha in all four of its bytes; a byte-wise minimum clamps the colours
        // (the alpha byte stays itself).
        __m128i a = _mm_and_si128(_mm_srl_epi32(p, shift), ff);
        a = _mm_or_si128(a, _mm_slli_epi32(a, 8));
        a = _mm_or_si128(a, _mm_slli_epi32(a, 16));
        _mm_storeu_si128((__m128i *)(dst + i), _mm_min_epu8(p, a));
    }
    premultiplied_words_scalar(dst + i, src + 4 * i, count - i, alpha_byte, opaque);
}
#endif

void lamina_premultiplied_words(uint32_t *dst, const uint8_t *src, long count, int alpha_byte, int opaque) {
    if (count <= 0) return;
#ifdef LAMINA_X86
    if (raster_level() >= 1) { premultiplied_words_sse2(dst, src, count, alpha_byte, opaque); return; }
#endif
    premultiplied_words_scalar(dst, src, count, alpha_byte, opaque);
}
