// The SIMD path, chosen once at run time (AVX2, SSE2 or scalar; the same bytes on each).
#include "raster_base.h"

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
LAMINA_HIDDEN int lamina_raster_chosen_level = -2;

// The first call's work, out of line so the callers' fast path (one load) stays small.
__attribute__((noinline, cold)) LAMINA_HIDDEN int lamina_raster_choose_level(void) {
    int level = best_level();
    // LAMINA_RASTER_SIMD=scalar|sse2|avx2 caps the path (benchmarks, debugging).
    const char *want = getenv("LAMINA_RASTER_SIMD");
    if (want && strcmp(want, "scalar") == 0) level = 0;
    else if (want && strcmp(want, "sse2") == 0 && level > 1) level = 1;
    __atomic_store_n(&lamina_raster_chosen_level, level, __ATOMIC_RELAXED);
    return level;
}

int lamina_raster_simd_level(void) {
    int level = __atomic_load_n(&lamina_raster_chosen_level, __ATOMIC_RELAXED);
    return level == -2 ? lamina_raster_choose_level() : level;
}

void lamina_raster_force_simd_level(int level) {
    int best = best_level();
    __atomic_store_n(&lamina_raster_chosen_level, level < 0 || level > best ? best : level, __ATOMIC_RELAXED);
}
