// Coverage from accumulated cell sums (non-zero and even-odd), and the float helpers the edge
// loop and the rectangle kernels share.
#ifndef LAMINA_COVERAGE_H
#define LAMINA_COVERAGE_H
#include "raster_base.h"

static inline __attribute__((always_inline)) int alpha_scalar(float c, int even_odd) {
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
static inline __attribute__((always_inline)) float swift_minf(float x, float y) { return y < x ? y : x; }
static inline __attribute__((always_inline)) float swift_maxf(float x, float y) { return y >= x ? y : x; }

// ceil(v) for v in (0, 2^31).
static inline __attribute__((always_inline)) long ceiling_f(float v) {
    long t = (long)v;
    return (float)t < v ? t + 1 : t;
}
#endif
