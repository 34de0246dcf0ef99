// What every file of the C rasterizer shares: the headers, the x86 switch, the rounding rule and
// the SIMD level chosen at run time (dispatch.c).
#ifndef LAMINA_RASTER_BASE_H
#define LAMINA_RASTER_BASE_H
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

#define LAMINA_HIDDEN __attribute__((visibility("hidden")))

// The SIMD level (0 scalar, 1 SSE2, 2 AVX2): -2 until the first call chooses it.
extern LAMINA_HIDDEN int lamina_raster_chosen_level;
LAMINA_HIDDEN int lamina_raster_choose_level(void);

// `lamina_raster_simd_level()` inlined: one load on the fast path.
static inline __attribute__((always_inline)) int raster_level(void) {
    int level = __atomic_load_n(&lamina_raster_chosen_level, __ATOMIC_RELAXED);
    return level == -2 ? lamina_raster_choose_level() : level;
}

#ifdef LAMINA_X86
// spans.c: rows of a block laid over by a constant colour, AVX2.
LAMINA_HIDDEN void solid_over_32_rows_avx2(char *row, long stride, long rows, long count, uint32_t s, uint32_t inv);
#endif
#endif
