// Box blur passes on 8-bit planes (shadows, backdrops): the loops of Lamina's BoxBlur in C, so
// the compiler vectorizes them (SSE2, and AVX2 where the processor has it); the same integer
// arithmetic on every path, so the same bytes.
#include "raster_base.h"

// One box pass down every column: each value becomes the mean of the window [y - left,
// y + right] of its column (zero outside), as `(sum * floor(2^24 / size) + 2^23) >> 24`.
#define BOX_COLUMNS_BODY                                                                           \
    uint32_t scale = (uint32_t)((1u << 24) / (uint32_t)(left + right + 1));                        \
    for (long y = 0; y < rows; y++) memcpy(copy + y * columns, plane + y * stride, (size_t)columns); \
    memset(sums, 0, sizeof(uint32_t) * (size_t)columns);                                           \
    long first = right < rows ? right : rows;                                                      \
    for (long y = 0; y < first; y++) {                                                             \
        const uint8_t *row = copy + y * columns;                                                   \
        for (long x = 0; x < columns; x++) sums[x] += row[x];                                      \
    }                                                                                              \
    for (long y = 0; y < rows; y++) {                                                              \
        long enter = y + right, leave = y - left - 1;                                              \
        if (enter < rows) {                                                                        \
            const uint8_t *row = copy + enter * columns;                                           \
            for (long x = 0; x < columns; x++) sums[x] += row[x];                                  \
        }                                                                                          \
        if (leave >= 0) {                                                                          \
            const uint8_t *row = copy + leave * columns;                                           \
            for (long x = 0; x < columns; x++) sums[x] -= row[x];                                  \
        }                                                                                          \
        uint8_t *out = plane + y * stride;                                                         \
        for (long x = 0; x < columns; x++) out[x] = (uint8_t)((sums[x] * scale + (1u << 23)) >> 24); \
    }

static void box_columns_base(uint8_t *restrict plane, long columns, long rows, long stride, long left, long right,
                             uint8_t *restrict copy, uint32_t *restrict sums) {
    BOX_COLUMNS_BODY
}

#ifdef LAMINA_X86
__attribute__((target("avx2")))
static void box_columns_avx2(uint8_t *restrict plane, long columns, long rows, long stride, long left, long right,
                             uint8_t *restrict copy, uint32_t *restrict sums) {
    BOX_COLUMNS_BODY
}
#endif

void lamina_box_columns(uint8_t *plane, long columns, long rows, long stride, long left, long right, uint8_t *copy,
                        uint32_t *sums) {
    if (columns <= 0 || rows <= 0) return;
#ifdef LAMINA_X86
    if (raster_level() == 2) { box_columns_avx2(plane, columns, rows, stride, left, right, copy, sums); return; }
#endif
    box_columns_base(plane, columns, rows, stride, left, right, copy, sums);
}

static void transpose_block_scalar(const uint8_t *src, long src_stride, long x0, long x1, long y0, long y1, uint8_t *dst,
                                   long dst_stride) {
    for (long y = y0; y < y1; y++) {
        const uint8_t *row = src + y * src_stride;
        for (long x = x0; x < x1; x++) dst[x * dst_stride + y] = row[x];
    }
}

void lamina_transpose_bytes(const uint8_t *src, long src_stride, long width, long height, uint8_t *dst, long dst_stride) {
    for (long y0 = 0; y0 < height; y0 += 8) {
        long y1 = y0 + 8 < height ? y0 + 8 : height;
        for (long x0 = 0; x0 < width; x0 += 8) {
            long x1 = x0 + 8 < width ? x0 + 8 : width;
#ifdef LAMINA_X86
            if (y1 - y0 == 8 && x1 - x0 == 8) {
                // An 8 x 8 block by unpacking (SSE2): rows paired into bytes, words, then
                // double words give two columns per vector.
                const uint8_t *r = src + y0 * src_stride + x0;
                __m128i a0 = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)r), _mm_loadl_epi64((const __m128i *)(r + src_stride)));
                __m128i a1 = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(r + 2 * src_stride)),
                                               _mm_loadl_epi64((const __m128i *)(r + 3 * src_stride)));
                __m128i a2 = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(r + 4 * src_stride)),
                                               _mm_loadl_epi64((const __m128i *)(r + 5 * src_stride)));
                __m128i a3 = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(r + 6 * src_stride)),
                                               _mm_loadl_epi64((const __m128i *)(r + 7 * src_stride)));
                __m128i b0 = _mm_unpacklo_epi16(a0, a1), b1 = _mm_unpackhi_epi16(a0, a1);
                __m128i b2 = _mm_unpacklo_epi16(a2, a3), b3 = _mm_unpackhi_epi16(a2, a3);
                __m128i c[4] = {_mm_unpacklo_epi32(b0, b2), _mm_unpackhi_epi32(b0, b2), _mm_unpacklo_epi32(b1, b3),
                                _mm_unpackhi_epi32(b1, b3)};
                uint8_t *d = dst + x0 * dst_stride + y0;
                for (int k = 0; k < 4; k++) {
                    _mm_storel_epi64((__m128i *)(d + (2 * k) * dst_stride), c[k]);
                    _mm_storel_epi64((__m128i *)(d + (2 * k + 1) * dst_stride), _mm_unpackhi_epi64(c[k], c[k]));
                }
                continue;
            }
#endif
            transpose_block_scalar(src, src_stride, x0, x1, y0, y1, dst, dst_stride);
        }
    }
}

// One byte of every 32-bit pixel (the alpha of a shadow's source), SSE2: sixteen pixels' words
// shifted so the byte sits lowest, masked and packed down.
void lamina_extract_bytes(uint8_t *dst, const uint8_t *src, long count, int byte) {
    long i = 0;
#ifdef LAMINA_X86
    if (raster_level() >= 1) {
        const __m128i low = _mm_set1_epi32(0xFF);
        const __m128i shift = _mm_cvtsi32_si128(byte * 8);
        for (; i + 16 <= count; i += 16) {
            const __m128i *p = (const __m128i *)(src + 4 * i);
            __m128i a = _mm_and_si128(_mm_srl_epi32(_mm_loadu_si128(p), shift), low);
            __m128i b = _mm_and_si128(_mm_srl_epi32(_mm_loadu_si128(p + 1), shift), low);
            __m128i c = _mm_and_si128(_mm_srl_epi32(_mm_loadu_si128(p + 2), shift), low);
            __m128i d = _mm_and_si128(_mm_srl_epi32(_mm_loadu_si128(p + 3), shift), low);
            _mm_storeu_si128((__m128i *)(dst + i), _mm_packus_epi16(_mm_packs_epi32(a, b), _mm_packs_epi32(c, d)));
        }
    }
#endif
    for (; i < count; i++) dst[i] = src[4 * i + byte];
}
