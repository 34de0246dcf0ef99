// Solid spans: a constant premultiplied colour laid over rows of 32-bit pixels.
#include "pixel_math.h"

#ifdef LAMINA_X86
// Rows of a block, each `stride` bytes after the last: 8 pixels per step; the last 1-7 as the
// eight ending at the row's end when the row is longer than 8, else through a masked load and
// 4/2/1-word stores.
__attribute__((target("avx2")))
LAMINA_HIDDEN void solid_over_32_rows_avx2(char *row, long stride, long rows, long count, uint32_t s, uint32_t inv) {
    const __m256i zero = _mm256_setzero_si256(), k = _mm256_set1_epi16((short)inv), half = _mm256_set1_epi16(128);
    const __m256i m257 = _mm256_set1_epi16(257), src = _mm256_set1_epi32((int)s);
    if (count <= 2) {
        // A pixel or two per row (a rectangle's partly covered side columns): one at a time.
        for (long r = 0; r < rows; r++, row += stride) {
            uint32_t *dst = (uint32_t *)row;
            dst[0] = s + scale_word(dst[0], inv);
            if (count == 2) dst[1] = s + scale_word(dst[1], inv);
        }
        return;
    }
    if (count == 8) {
        // One vector per row (an 8-pixel-wide rectangle): no loop or tail tests per row.
        for (long r = 0; r < rows; r++, row += stride) {
            __m256i d = _mm256_loadu_si256((const __m256i *)row);
            _mm256_storeu_si256((__m256i *)row, _mm256_add_epi8(scale8k_avx2(d, k, half, m257, zero), src));
        }
        return;
    }
    if (count > 8 && (count & 7)) {
        // The last 1-7 pixels as the eight ending at the row's end, read before the row is
        // written: the pixels they share with the last full vector come out the same from both.
        for (long r = 0; r < rows; r++, row += stride) {
            uint32_t *dst = (uint32_t *)row;
            __m256i t = _mm256_loadu_si256((const __m256i *)(dst + count - 8));
            solid_over_vectors_avx2(dst, count, k, src, half, m257, zero);
            _mm256_storeu_si256((__m256i *)(dst + count - 8), _mm256_add_epi8(scale8k_avx2(t, k, half, m257, zero), src));
        }
        return;
    }
    for (long r = 0; r < rows; r++, row += stride) {
        uint32_t *dst = (uint32_t *)row;
        long i = solid_over_vectors_avx2(dst, count, k, src, half, m257, zero);
        if (i < count) {
            __m256i d = load_tail_avx2(dst + i, count - i);
            store_tail_avx2(dst + i, count - i, _mm256_add_epi8(scale8k_avx2(d, k, half, m257, zero), src));
        }
    }
}
#endif

void lamina_solid_over_32(uint32_t *dst, long count, uint32_t s, uint32_t inv) {
    lamina_solid_over_32_rows(dst, 0, 1, count, s, inv);
}

void lamina_solid_over_32_rows(uint32_t *dst, long stride, long rows, long count, uint32_t s, uint32_t inv) {
    if (count <= 0) return;
    char *row = (char *)dst;
    if (inv == 0) {
        // An opaque colour at full coverage: every pixel becomes the colour.
        for (long r = 0; r < rows; r++, row += stride) lamina_fill_32((uint32_t *)row, count, s);
        return;
    }
    switch (raster_level()) {
#ifdef LAMINA_X86
    case 2: solid_over_32_rows_avx2(row, stride, rows, count, s, inv); return;
    case 1: for (long r = 0; r < rows; r++, row += stride) solid_over_32_sse2((uint32_t *)row, count, s, inv); return;
#endif
    default: for (long r = 0; r < rows; r++, row += stride) solid_over_32_scalar((uint32_t *)row, count, s, inv); return;
    }
}
