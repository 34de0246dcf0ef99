// Coverage planes summed byte by byte (the glyph masks of a text run gathered before painting),
// and multiplied (a clip intersected with the one before it).
#include "pixel_math.h"

void lamina_add_coverage(uint8_t *dst, const uint8_t *src, long count) {
    long i = 0;
#ifdef LAMINA_X86
    for (; i + 16 <= count; i += 16) {
        __m128i a = _mm_loadu_si128((const __m128i *)(dst + i)), b = _mm_loadu_si128((const __m128i *)(src + i));
        _mm_storeu_si128((__m128i *)(dst + i), _mm_adds_epu8(a, b));
    }
    if (i + 8 <= count) {
        __m128i a = _mm_loadl_epi64((const __m128i *)(dst + i)), b = _mm_loadl_epi64((const __m128i *)(src + i));
        _mm_storel_epi64((__m128i *)(dst + i), _mm_adds_epu8(a, b));
        i += 8;
    }
#endif
    for (; i < count; i++) {
        unsigned s = (unsigned)dst[i] + src[i];
        dst[i] = (uint8_t)(s > 255 ? 255 : s);
    }
}

void lamina_multiply_coverage(uint8_t *dst, const uint8_t *src, long count) {
    // A plain loop: the compiler vectorizes it (the C target is optimised in every build).
    for (long i = 0; i < count; i++) dst[i] = (uint8_t)mul255(dst[i], src[i]);
}
