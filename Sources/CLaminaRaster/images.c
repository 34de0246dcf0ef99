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
