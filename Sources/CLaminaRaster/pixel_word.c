// A fill colour's premultiplied pixel word.
#include "raster_base.h"

// Swift's min(1, v) (v when v < 1, else 1: NaN gives 1) then max(0, that) (it when >= 0, else 0).
static inline __attribute__((always_inline)) double clamp_unit(double v) {
    double m = v < 1 ? v : 1;
    return m >= 0 ? m : 0;
}

static inline __attribute__((always_inline)) uint32_t unit_byte(double v) {
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
    if (raster_level() >= 1) return pixel_word_sse2(r, g, b, k, shift_r, shift_g, shift_b, shift_a);
#endif
    return unit_byte(clamp_unit(r) * k) << shift_r | unit_byte(clamp_unit(g) * k) << shift_g |
           unit_byte(clamp_unit(b) * k) << shift_b | unit_byte(k) << shift_a;
}
