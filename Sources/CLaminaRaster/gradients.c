// Linear-gradient spans and rows: the scalar, SSE2 and AVX2 loops and their public entries.
#include "gradient_kernels.h"

static void linear_gradient_scalar(uint32_t *dst, long count, const lamina_linear_span *g, const uint32_t *lut) {
    for (long i = 0; i < count; i++) {
        uint32_t s, cov;
        gradient_pixel(i, g, lut, &s, &cov);
        if (cov == 0) continue;
        dst[i] = over_pixel(dst[i], s, cov, g->alpha_shift);
    }
}

#ifdef LAMINA_X86
// Four pixels per step: the parameters and table look-ups one by one, the blend in SSE2 (a
// pixel left alone has coverage 0: scaled to 0 and laid over with factor 255, it comes back
// unchanged, as x * 255 / 255 rounds to x).
static void linear_gradient_sse2(uint32_t *dst, long count, const lamina_linear_span *g, const uint32_t *lut) {
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi16(128), ff = _mm_set1_epi32(0xFF);
    const __m128i shift = _mm_cvtsi32_si128(g->alpha_shift);
    long i = 0;
    uint32_t src[4], cov[4];
    for (; i + 4 <= count; i += 4) {
        for (int k = 0; k < 4; k++) gradient_pixel(i + k, g, lut, &src[k], &cov[k]);
        __m128i s = scale4_sse2(_mm_loadu_si128((const __m128i *)src), _mm_loadu_si128((const __m128i *)cov), half, zero);
        __m128i inv = _mm_sub_epi32(ff, _mm_and_si128(_mm_srl_epi32(s, shift), ff));
        __m128i d = _mm_loadu_si128((const __m128i *)(dst + i));
        _mm_storeu_si128((__m128i *)(dst + i), _mm_add_epi8(s, scale4_sse2(d, inv, half, zero)));
    }
    for (; i < count; i++) {
        uint32_t s1, c1;
        gradient_pixel(i, g, lut, &s1, &c1);
        if (c1 != 0) dst[i] = over_pixel(dst[i], s1, c1, g->alpha_shift);
    }
}

__attribute__((target("avx2")))
static void linear_gradient_avx2(uint32_t *dst, long count, const lamina_linear_span *g, const uint32_t *lut) {
    int plain = g->extend_before && g->extend_after && g->skip == 0 && fabs(g->t0) < gradient_big
                && fabs(g->dtdx) < gradient_big && fabs(g->row_term) < gradient_big;
    const double rt = g->row_term;
    if (g->mask) {
        if (plain) linear_gradient_avx2_body(dst, count, g, rt, g->mask, lut, 1, 1);
        else linear_gradient_avx2_body(dst, count, g, rt, g->mask, lut, 1, 0);
    } else {
        if (plain) linear_gradient_avx2_body(dst, count, g, rt, 0, lut, 0, 1);
        else linear_gradient_avx2_body(dst, count, g, rt, 0, lut, 0, 0);
    }
}

// `linear_gradient_avx2` on rows (as `lamina_linear_gradient_rows` describes them), the path and
// the constants chosen once: a row is plain when the others are and its row term is below
// 2^900, which holds for every row when |dtdy| and the rows are below 2^800 and 2^60.
__attribute__((target("avx2")))
static void linear_gradient_avx2_rows(uint32_t *dst, long dst_stride, long rows, long count, const lamina_linear_span *g,
                                      double dtdy, long row0, long mask_stride, const uint32_t *lut) {
    int plain = g->extend_before && g->extend_after && g->skip == 0 && fabs(g->t0) < gradient_big
                && fabs(g->dtdx) < gradient_big && fabs(dtdy) < 0x1p800 && row0 > -(1L << 60) && row0 < (1L << 60)
                && rows < (1L << 60);
    if (!plain) {
        // Row by row, each checked as `linear_gradient_avx2` checks it.
        lamina_linear_span row = *g;
        for (long r = 0; r < rows; r++) {
            row.row_term = dtdy * ((double)(row0 + r) + 0.5);
            row.mask = g->mask ? g->mask + r * mask_stride : 0;
            linear_gradient_avx2((uint32_t *)((char *)dst + r * dst_stride), count, &row, lut);
        }
    } else if (g->mask) {
        // SHARED_MAX columns at a time (a multiple of 8: the chunks' pixel centres are those
        // the whole span steps to).
        lamina_linear_span chunk = *g;
        for (long c = 0; c < count; c += SHARED_MAX) {
            chunk.x = g->x + c;
            chunk.mask = g->mask + c;
            const long n = count - c < SHARED_MAX ? count - c : SHARED_MAX;
            if (mask_stride == 0) linear_gradient_avx2_column_rows(dst + c, dst_stride, rows, n, &chunk, dtdy, row0, 0, lut, 0);
            else linear_gradient_avx2_column_rows(dst + c, dst_stride, rows, n, &chunk, dtdy, row0, mask_stride, lut, 1);
        }
    } else {
        for (long r = 0; r < rows; r++)
            linear_gradient_avx2_body((uint32_t *)((char *)dst + r * dst_stride), count, g, dtdy * ((double)(row0 + r) + 0.5),
                                      0, lut, 0, 1);
    }
}
#endif

void lamina_linear_gradient_span(uint32_t *dst, long count, const lamina_linear_span *g, const uint32_t *lut) {
    if (count <= 0) return;
    switch (raster_level()) {
#ifdef LAMINA_X86
    case 2: linear_gradient_avx2(dst, count, g, lut); return;
    case 1: linear_gradient_sse2(dst, count, g, lut); return;
#endif
    default: linear_gradient_scalar(dst, count, g, lut); return;
    }
}

void lamina_linear_gradient_rows(uint32_t *dst, long dst_stride, long rows, long count, const lamina_linear_span *g,
                                 double dtdy, long row0, long mask_stride, const uint32_t *lut) {
    if (count <= 0) return;
    int level = raster_level();
#ifdef LAMINA_X86
    if (level == 2) { linear_gradient_avx2_rows(dst, dst_stride, rows, count, g, dtdy, row0, mask_stride, lut); return; }
#endif
    lamina_linear_span row = *g;
    for (long r = 0; r < rows; r++) {
        row.row_term = dtdy * ((double)(row0 + r) + 0.5);
        row.mask = g->mask ? g->mask + r * mask_stride : 0;
        uint32_t *p = (uint32_t *)((char *)dst + r * dst_stride);
        switch (level) {
#ifdef LAMINA_X86
        case 2: linear_gradient_avx2(p, count, &row, lut); break;
        case 1: linear_gradient_sse2(p, count, &row, lut); break;
#endif
        default: linear_gradient_scalar(p, count, &row, lut); break;
        }
    }
}
