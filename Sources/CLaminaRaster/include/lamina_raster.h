// Lamina's hottest pixel loops, where Swift does not vectorize them well (issue 17): spans of
// premultiplied 32-bit pixels blended 4 (SSE2, baseline x86-64) or 8 (AVX2, chosen at run time)
// at a time, with a portable scalar path giving the same bytes everywhere else.
#ifndef LAMINA_RASTER_H
#define LAMINA_RASTER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Source-over of one premultiplied colour at constant coverage on `count` 32-bit pixels:
/// each byte becomes `s + round(d * inv / 255)`, `s` being the colour already scaled by the
/// coverage and `inv` 255 minus its alpha (0...255). Any byte order: the four channels are
/// treated alike. `dst` needs no alignment.
void lamina_solid_over_32(uint32_t *dst, long count, uint32_t s, uint32_t inv);

/// `lamina_solid_over_32` on `rows` rows of `count` pixels, the first at `dst`, each the next
/// `stride` bytes further on.
void lamina_solid_over_32_rows(uint32_t *dst, long stride, long rows, long count, uint32_t s, uint32_t inv);

/// A linear gradient along one row span, and the coverage it is painted with.
typedef struct {
    /// Pixel i of the span (column x + i) takes the parameter
    /// u = (t0 + dtdx * ((double)(x + i) + 0.5)) + row_term, evaluated as written (so a pixel's
    /// value does not depend on where its span starts), and `lut[(long)(u * top + 0.5)]`, u
    /// clamped to [0, 1] when `extend_before`/`extend_after` allow it (else, and for NaN, the
    /// pixel is left alone).
    double t0, dtdx, row_term, top;
    long x;
    int extend_before, extend_after;
    /// The position of the alpha byte in the pixel word.
    int alpha_shift;
    /// Coverage: 0 for the first `skip` pixels, else `constant`, times `mask[i]` / 255 when
    /// `mask` is given.
    const uint8_t *mask;
    uint32_t constant;
    long skip;
} lamina_linear_span;

/// Source-over of a linear gradient on `count` 32-bit pixels: the painted word is scaled by the
/// coverage and laid over the pixel.
void lamina_linear_gradient_span(uint32_t *dst, long count, const lamina_linear_span *g, const uint32_t *lut);

/// `x` truncated toward zero, for Swift code that has already bounded `x` (Swift's own
/// conversion checks the range on every call, a tenth of the rasterizer's edge loop).
static inline long lamina_truncate(float x) { return (long)x; }

/// The four alphas (0...255) of four sub-rows' accumulated coverages under the fill rule, summed:
/// per value, |c| folded to [0, 1] (even-odd: c mod 2, mirrored above 1; non-zero: capped at 1),
/// then (int)(v * 255 + 0.5); NaN gives 0. The same values as Lamina's Swift `alpha`.
int lamina_alpha_sum4(const float *c, int even_odd);

/// Which path the span loops take on this machine: 0 scalar, 1 SSE2, 2 AVX2 (the
/// best the CPU has, capped by the environment variable LAMINA_RASTER_SIMD=scalar|sse2|avx2).
int lamina_raster_simd_level(void);

/// Forces a path (for tests): -1 restores the machine's best; a level the machine lacks is
/// lowered to the best it has.
void lamina_raster_force_simd_level(int level);

#ifdef __cplusplus
}
#endif

#endif
