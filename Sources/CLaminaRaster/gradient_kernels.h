// The linear-gradient pixel loops that gradients.c and the rectangle kernels both inline: one
// pixel as the Swift painter computes it, and the AVX2 loops over spans and over rows that share
// their columns' parameters.
#ifndef LAMINA_GRADIENT_KERNELS_H
#define LAMINA_GRADIENT_KERNELS_H
#include "pixel_math.h"


// One pixel of a gradient span, as Lamina's Swift painter computes it: the parameter at the
// pixel's centre evaluated directly (so a pixel's value does not depend on where its span
// starts), the coverage, and the word to lay over the pixel (coverage 0 when the pixel is left
// alone).
static inline __attribute__((always_inline)) void gradient_pixel(long i, const lamina_linear_span *g, const uint32_t *lut,
                                                                 uint32_t *src, uint32_t *cov) {
    double u = (g->t0 + g->dtdx * ((double)(g->x + i) + 0.5)) + g->row_term;
    uint32_t c = i < g->skip ? 0 : (g->mask ? (g->constant == 255 ? g->mask[i] : mul255(g->constant, g->mask[i])) : g->constant);
    *src = 0; *cov = 0;
    if (c == 0) return;
    if (u < 0) { if (g->extend_before) u = 0; else return; }
    else if (u > 1) { if (g->extend_after) u = 1; else return; }
    else if (u != u) return;   // NaN (overflowing geometry): not painted
    *src = lut[(long)(u * g->top + 0.5)];
    *cov = c;
}

#ifdef LAMINA_X86
// The colours of eight pixels of a linear gradient, to lay over by source-over (255 minus each
// one's alpha in `inv`, as `inverse_alpha8w_avx2` gives it for the selector `select`): the
// parameters `ua` (pixels 0-3) and `ub` (4-7) clamped to [0, 1] (NaN to 0), their table words
// (index u * top + 0.5, truncated) scaled by the coverage `k` unless `full` (fully covered:
// x * 255 / 255 is x). Inlined, its constants are made once per loop.
__attribute__((target("avx2")))
static inline __attribute__((always_inline))
__m256i gradient8_source(__m256d ua, __m256d ub, __m256i k, int full, const uint32_t *lut, double top, __m256i select,
                         __m256i *inv) {
    const __m256i zero = _mm256_setzero_si256(), half = _mm256_set1_epi16(128), m257 = _mm256_set1_epi16(257);
    const __m256d dzero = _mm256_setzero_pd(), one = _mm256_set1_pd(1.0), dhalf = _mm256_set1_pd(0.5);
    const __m256d topv = _mm256_set1_pd(top);
    // Clamped (NaN lanes become 0: _mm256_max_pd gives its second operand for NaN).
    ua = _mm256_min_pd(_mm256_max_pd(ua, dzero), one);
    ub = _mm256_min_pd(_mm256_max_pd(ub, dzero), one);
    __m128i ia = _mm256_cvttpd_epi32(_mm256_add_pd(_mm256_mul_pd(ua, topv), dhalf));
    __m128i ib = _mm256_cvttpd_epi32(_mm256_add_pd(_mm256_mul_pd(ub, topv), dhalf));
    __m256i src = _mm256_i32gather_epi32((const int *)lut, _mm256_setr_m128i(ia, ib), 4);
    __m256i s = full ? src : scale8v_avx2(src, k, half, m257, zero);
    *inv = inverse_alpha8w_avx2(s, select);
    return s;
}

// Eight pixels of a linear gradient laid over by source-over at p (all eight when n >= 8, else
// the first n), as `gradient8_source` gives their colour.
__attribute__((target("avx2")))
static inline __attribute__((always_inline))
void gradient8_over(uint32_t *p, long n, __m256d ua, __m256d ub, __m256i k, int full, const uint32_t *lut, double top,
                    __m256i select) {
    const __m256i half = _mm256_set1_epi16(128), m257 = _mm256_set1_epi16(257);
    __m256i inv;
    const __m256i s = gradient8_source(ua, ub, k, full, lut, top, select, &inv);
    over8w_avx2(p, n, s, inv, half, m257);
}

// The loop, specialized by the compiler for `has_mask` (coverage from the mask's bytes) and
// `plain` (both ends extended, no skipped pixels and parameters that cannot be NaN: nothing to
// leave unpainted).
__attribute__((target("avx2")))
static inline __attribute__((always_inline))
void linear_gradient_avx2_body(uint32_t *dst, long count, const lamina_linear_span *g, double row_term, const uint8_t *mask,
                               const uint32_t *lut, const int has_mask, const int plain) {
    const __m256i zero = _mm256_setzero_si256(), lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i select = alpha_select_avx2(g->alpha_shift);
    const __m256d t0 = _mm256_set1_pd(g->t0), dtdx = _mm256_set1_pd(g->dtdx), row = _mm256_set1_pd(row_term);
    const __m256d four = _mm256_set1_pd(4.0), eight = _mm256_set1_pd(8.0);
    const __m256d dzero = _mm256_setzero_pd(), one = _mm256_set1_pd(1.0);
    const __m256i constant = _mm256_set1_epi32((int)g->constant);
    // Pixel centres x + i + 0.5 (exact: integers and halves below 2^52, stepped by 8 exactly).
    __m256d pa = _mm256_add_pd(_mm256_set1_pd((double)g->x + 0.5), _mm256_setr_pd(0, 1, 2, 3));
    for (long i = 0; i < count; i += 8, pa = _mm256_add_pd(pa, eight)) {
        long rest = count - i;
        // Eight pixels the mask leaves out come back unchanged: skipped.
        uint64_t m8 = 0;
        if (has_mask) {
            m8 = rest >= 8 ? 0 : load_tail_bytes(mask + i, rest);
            if (rest >= 8) memcpy(&m8, mask + i, 8);
            if (m8 == 0) continue;
        }
        __m256d pb = _mm256_add_pd(pa, four);
        __m256d ua = _mm256_add_pd(_mm256_add_pd(t0, _mm256_mul_pd(dtdx, pa)), row);
        __m256d ub = _mm256_add_pd(_mm256_add_pd(t0, _mm256_mul_pd(dtdx, pb)), row);
        __m256i off = zero;
        if (!plain) {
            __m256d oa = _mm256_cmp_pd(ua, ua, _CMP_UNORD_Q), ob = _mm256_cmp_pd(ub, ub, _CMP_UNORD_Q);
            if (!g->extend_before) {
                oa = _mm256_or_pd(oa, _mm256_cmp_pd(ua, dzero, _CMP_LT_OQ));
                ob = _mm256_or_pd(ob, _mm256_cmp_pd(ub, dzero, _CMP_LT_OQ));
            }
            if (!g->extend_after) {
                oa = _mm256_or_pd(oa, _mm256_cmp_pd(ua, one, _CMP_GT_OQ));
                ob = _mm256_or_pd(ob, _mm256_cmp_pd(ub, one, _CMP_GT_OQ));
            }
            // The 64-bit lane masks narrowed to 32 bits, in pixel order.
            const __m256i pick = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
            __m256i wa = _mm256_permutevar8x32_epi32(_mm256_castpd_si256(oa), pick);
            __m256i wb = _mm256_permutevar8x32_epi32(_mm256_castpd_si256(ob), pick);
            off = _mm256_permute2x128_si256(wa, wb, 0x20);
        }
        __m256i k = has_mask ? mask_coverage8(m8, g->constant, constant) : constant;
        if (!plain) {
            // Lanes i + lane < skip get nothing, nor do unpainted ones.
            if (g->skip > i) k = _mm256_and_si256(k, _mm256_cmpgt_epi32(lanes, _mm256_set1_epi32((int)(g->skip - i - 1))));
            k = _mm256_andnot_si256(off, k);
        }
        const int full = plain && g->constant == 255 && (!has_mask || m8 == ~0ull);
        gradient8_over(dst + i, rest, ua, ub, k, full, lut, g->top, select);
    }
}

// NaN needs an infinite product or sum: impossible below 2^1000 (pixel centres are below 2^63).
static const double gradient_big = 0x1p900;

// A row's group of eight at `start` (`rest` pixels from there) in `linear_gradient_avx2_column_rows`,
// its parameters before the row term `xa`, `xb` and, when the rows share their coverage, its
// coverage `k` and whether it is fully covered; with a mask per row, eight pixels the row's mask
// leaves out come back unchanged (skipped).
__attribute__((target("avx2")))
static inline __attribute__((always_inline))
void column_rows_group(uint32_t *row, const uint8_t *mask, __m256d rt, __m256d xa, __m256d xb, __m256i k, int is_full,
                       long start, long rest, const lamina_linear_span *g, __m256i constant, const uint32_t *lut,
                       __m256i select, const int per_row) {
    if (per_row) {
        uint64_t m8;
        if (rest >= 8) memcpy(&m8, mask + start, 8); else m8 = load_tail_bytes(mask + start, rest);
        if (m8 == 0) return;
        k = mask_coverage8(m8, g->constant, constant);
        is_full = g->constant == 255 && m8 == ~0ull;
    }
    gradient8_over(row + start, rest, _mm256_add_pd(xa, rt), _mm256_add_pd(xb, rt), k, is_full, lut, g->top, select);
}

// The overlapping last group (q + 1) of a row in `linear_gradient_avx2_column_rows` and the one
// before it (q): both read, blended, then written.
__attribute__((target("avx2")))
static inline __attribute__((always_inline))
void column_rows_overlap(uint32_t *row, __m256d rt, const __m256d *xa, const __m256d *xb, const __m256i *kv,
                         const int *full, const long *start, long q, const uint32_t *lut, double top, __m256i select) {
    const __m256i half = _mm256_set1_epi16(128), m257 = _mm256_set1_epi16(257);
    const long e = q + 1;
    uint32_t *p0 = row + start[q], *p1 = row + start[e];
    const __m256i d0 = _mm256_loadu_si256((const __m256i *)p0), d1 = _mm256_loadu_si256((const __m256i *)p1);
    __m256i inv0, inv1;
    const __m256i s0 = gradient8_source(_mm256_add_pd(xa[q], rt), _mm256_add_pd(xb[q], rt), kv[q], full[q], lut, top,
                                        select, &inv0);
    const __m256i s1 = gradient8_source(_mm256_add_pd(xa[e], rt), _mm256_add_pd(xb[e], rt), kv[e], full[e], lut, top,
                                        select, &inv1);
    _mm256_storeu_si256((__m256i *)p0, _mm256_add_epi8(s0, scale8w_avx2(d0, inv0, half, m257)));
    _mm256_storeu_si256((__m256i *)p1, _mm256_add_epi8(s1, scale8w_avx2(d1, inv1, half, m257)));
}

// The plain rows of `linear_gradient_avx2_rows` with a mask, at most SHARED_MAX pixels of them:
// what depends only on the column computed once (each pixel's parameter before its row term;
// when the rows share one row of coverage, `per_row` 0, also its coverage and which groups of
// eight are unpainted or fully covered), then each row from those (the same operations on the
// same values as `linear_gradient_avx2_body`, so the same bytes).
enum { SHARED_MAX = 512 };

__attribute__((target("avx2")))
static inline __attribute__((always_inline))
void linear_gradient_avx2_column_rows(uint32_t *dst, long dst_stride, long rows, long count, const lamina_linear_span *g,
                                      double dtdy, long row0, long mask_stride, const uint32_t *lut, const int per_row) {
    const __m256i constant = _mm256_set1_epi32((int)g->constant);
    const __m256i select = alpha_select_avx2(g->alpha_shift);
    const __m256d t0 = _mm256_set1_pd(g->t0), dtdx = _mm256_set1_pd(g->dtdx), four = _mm256_set1_pd(4.0);
    __m256d xa[SHARED_MAX / 8], xb[SHARED_MAX / 8];
    __m256i kv[SHARED_MAX / 8];
    long start[SHARED_MAX / 8], rest[SHARED_MAX / 8];
    int full[SHARED_MAX / 8];
    long groups = 0;
    __m256d pa = _mm256_add_pd(_mm256_set1_pd((double)g->x + 0.5), _mm256_setr_pd(0, 1, 2, 3));
    for (long i = 0; i < count; i += 8, pa = _mm256_add_pd(pa, _mm256_set1_pd(8.0))) {
        long n = count - i;
        if (!per_row) {
            // One mask for all rows: groups it leaves out are dropped, the others' coverage kept.
            uint64_t m8;
            if (n >= 8) memcpy(&m8, g->mask + i, 8); else m8 = load_tail_bytes(g->mask + i, n);
            if (m8 == 0) continue;
            kv[groups] = mask_coverage8(m8, g->constant, constant);
            full[groups] = g->constant == 255 && m8 == ~0ull;
        }
        xa[groups] = _mm256_add_pd(t0, _mm256_mul_pd(dtdx, pa));
        xb[groups] = _mm256_add_pd(t0, _mm256_mul_pd(dtdx, _mm256_add_pd(pa, four)));
        start[groups] = i;
        rest[groups] = n;
        groups++;
    }
    // One mask for all rows, wider than 8 pixels and not a multiple of 8, its last two groups
    // both painted: the last group's pixels are the eight ending at the span's end instead of its
    // 1-7 (no partial load and store), overlapping the group before; both read their pixels
    // before either is written, and the shared ones come out the same from both (the same
    // parameters, coverage and pixels).
    int overlap = 0;
    if (!per_row && count > 16 && (count & 7) && groups >= 2 && start[groups - 1] == (count & ~7L)
        && start[groups - 2] == (count & ~7L) - 8) {
        const long i = count - 8;
        overlap = 1;
        groups--;
        const __m256d p8 = _mm256_add_pd(_mm256_set1_pd((double)g->x + 0.5), _mm256_setr_pd((double)i, (double)i + 1,
                                                                                             (double)i + 2, (double)i + 3));
        uint64_t m8;
        memcpy(&m8, g->mask + i, 8);
        kv[groups] = mask_coverage8(m8, g->constant, constant);
        full[groups] = g->constant == 255 && m8 == ~0ull;
        xa[groups] = _mm256_add_pd(t0, _mm256_mul_pd(dtdx, p8));
        xb[groups] = _mm256_add_pd(t0, _mm256_mul_pd(dtdx, _mm256_add_pd(p8, four)));
        start[groups] = i;
        rest[groups] = 8;
    }
    // Two rows at a time, group by group: the two rows' groups do not depend on each other, so
    // twice as much work is in flight behind each group's table lookup.
    for (long r = 0; r < rows; r += 2) {
        const int two = r + 1 < rows;
        uint32_t *row = (uint32_t *)((char *)dst + r * dst_stride), *row2 = two ? (uint32_t *)((char *)row + dst_stride) : row;
        const uint8_t *mask = g->mask + r * mask_stride, *mask2 = two ? mask + mask_stride : mask;
        const __m256d rt = _mm256_set1_pd(dtdy * ((double)(row0 + r) + 0.5));
        const __m256d rt2 = _mm256_set1_pd(dtdy * ((double)(row0 + r + 1) + 0.5));
        if (overlap) {
            column_rows_overlap(row, rt, xa, xb, kv, full, start, groups - 1, lut, g->top, select);
            if (two) column_rows_overlap(row2, rt2, xa, xb, kv, full, start, groups - 1, lut, g->top, select);
        }
        for (long q = 0; q < groups - overlap; q++) {
            column_rows_group(row, mask, rt, xa[q], xb[q], kv[q], full[q], start[q], rest[q], g, constant, lut, select, per_row);
            if (two)
                column_rows_group(row2, mask2, rt2, xa[q], xb[q], kv[q], full[q], start[q], rest[q], g, constant, lut, select,
                                  per_row);
        }
    }
}
#endif
#endif
