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

/// The same with the portable scalar code only (tests compare the paths).
void lamina_solid_over_32_scalar(uint32_t *dst, long count, uint32_t s, uint32_t inv);

/// Which path `lamina_solid_over_32` takes on this machine: 0 scalar, 1 SSE2, 2 AVX2 (the
/// best the CPU has, capped by the environment variable LAMINA_RASTER_SIMD=scalar|sse2|avx2).
int lamina_raster_simd_level(void);

/// Forces a path (for tests): -1 restores the machine's best; a level the machine lacks is
/// lowered to the best it has.
void lamina_raster_force_simd_level(int level);

#ifdef __cplusplus
}
#endif

#endif
