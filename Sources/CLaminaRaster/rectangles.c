// Rectangle kernels: axis-aligned rectangles at fractional positions swept without edges, in
// groups of rows of equal coverage, filled with a solid colour or a linear gradient.
#include "gradient_kernels.h"
#include "coverage.h"

// A rectangle row's runs of equal coverage (at most four; neighbours of equal coverage merged),
// in area columns.
typedef struct {
    long start[4], end[4];
    uint32_t alpha[4];
    int count;
} rect_runs;

// A rectangle row's coverage sums at height share d, as Lamina's Swift `RectSweep` computes them:
// the deposits its two vertical edges would make (the left side's in columns il and il + 1, the
// right side's in ir and ir + 1), summed along the row in that order. acc[0] holds for column il,
// acc[1] for il + 1 ..< ir, acc[2] for ir, acc[3] for the columns after; sides one column apart
// have no inner columns (acc[1] is 0), and in one column, il = ir, the sides' deposits are added
// together (acc[2] is acc[0]).
static inline __attribute__((always_inline))
void rect_row_sums(long il, long ir, float fl, float fr, float d, float acc[4]) {
    const float cl0 = d * (1 - fl), cl1 = d * fl, cr0 = -d * (1 - fr), cr1 = -d * fr;
    acc[0] = 0;
    acc[1] = 0;
    if (ir == il) {
        acc[0] += cl0 + cr0; acc[2] = acc[0]; acc[3] = acc[0] + (cl1 + cr1);
    } else if (ir == il + 1) {
        acc[0] += cl0; acc[2] = acc[0] + (cl1 + cr0); acc[3] = acc[2] + cr1;
    } else {
        acc[0] += cl0; acc[1] = acc[0] + cl1; acc[2] = acc[1] + cr0; acc[3] = acc[2] + cr1;
    }
}

// A rectangle row's runs at height share d: `rect_row_sums`' columns with their coverage
// (zero-coverage runs left out, neighbours of equal coverage merged).
static inline __attribute__((always_inline)) void rect_row_runs(const lamina_rect_fill *r, float d, rect_runs *runs) {
    const long il = (long)r->left, ir = (long)r->right, width = r->width;
    float acc[4];
    rect_row_sums(il, ir, r->left - (float)il, r->right - (float)ir, d, acc);
    int count = 0;
#define LAMINA_ADD(I, NEXT, C) do { \
        long i_ = (I), e_ = (NEXT) < width ? (NEXT) : width; \
        uint32_t a_ = i_ < e_ ? (uint32_t)alpha_scalar((C), 0) : 0; \
        if (a_ != 0) { \
            if (count > 0 && runs->end[count - 1] == i_ && runs->alpha[count - 1] == a_) runs->end[count - 1] = e_; \
            else { runs->start[count] = i_; runs->end[count] = e_; runs->alpha[count] = a_; count++; } \
        } \
    } while (0)
    LAMINA_ADD(il, il + 1, acc[0]);
    if (ir > il + 1) LAMINA_ADD(il + 1, ir, acc[1]);
    if (ir > il) LAMINA_ADD(ir, ir + 1, acc[2]);
    LAMINA_ADD(ir + 1, width, acc[3]);
#undef LAMINA_ADD
    runs->count = count;
}

// Walks the rectangle's stored rows as Lamina's Swift `RectSweep` does and hands
// `paint(ctx, y, rows, d, changed)` each group of rows that share their height share d (all
// inner rows are one group, d = 1); `changed` says whether d differs from the last group's.
static inline __attribute__((always_inline))
void rect_groups(const lamina_rect_fill *r, void *ctx, void (*paint)(void *, long, long, float, int)) {
    const float h = (float)r->height;
    float ay = r->top, by = r->bottom;
    if (!(by > 0 && ay < h)) return;
    if (ay < 0) ay = 0;
    if (by > h) by = h;
    long y = (long)ay;
    const long y_end = ceiling_f(by);
    const long last_stored = y_end < r->store_bottom ? y_end : r->store_bottom;
    if (!(y < last_stored && y_end > r->store_top)) return;
    if (y < r->store_top) y = r->store_top;
    if (y >= last_stored) return;
    // Rows y with y + 1 <= by are covered to their bottom: those from the first row whose top
    // the rectangle covers (d = 1 exactly) up to `stop` are one group. Before them at most the
    // first row, after them at most the last, each with its own share: the groups the row-by-row
    // walk makes (a row of share 0 is left out), found without a walk whose every step waits on
    // the last (each row's share converted and compared before the next row is known).
    const long full_end = (long)by, stop = last_stored < full_end ? last_stored : full_end;
    float last_d = NAN;
    const float d0 = swift_minf(by, (float)(y + 1)) - swift_maxf(ay, (float)y);
    if (d0 != 1) {
        if (d0 != 0) { paint(ctx, y, 1, d0, 1); last_d = d0; }
        y++;
    }
    if (y < stop) {
        paint(ctx, y, stop - y, 1, last_d != 1);
        last_d = 1;
        y = stop;
    }
    if (y < last_stored) {
        const float d = swift_minf(by, (float)(y + 1)) - swift_maxf(ay, (float)y);
        if (d != 0) paint(ctx, y, 1, d, d != last_d);
    }
}

#ifdef LAMINA_X86
// A rectangle whose painted columns [x0, x0 + n) number 1-16, painted with AVX2 by a group's
// coverage in the lanes of two vectors of eight pixels (the second ending at the last pixel,
// overlapping the first when n < 16; one vector when n <= 8) instead of runs: no branch on which
// runs are empty, nothing per run.
typedef struct {
    const lamina_rect_fill *r;
    long x0, n, il, ir;
    float fl, fr;
    // Which of a row's four coverage values (see `rect_lane_alphas`) each lane takes.
    __m256i idx[2];
} rect_lanes;

// The lanes of a rectangle (0 when its columns within [col0, col1) are not 1-16): pixels
// [max(il, col0), min(width, col1)) are those the runs can cover. Pixel il takes value 0,
// il + 1 ..< ir value 1, ir value 2 and the rest value 3 (sides one column apart have no inner
// pixels; in one column pixel il takes value 0 and the rest value 3): the number of the tests
// x > il, x >= max(ir, il + 1) and x > ir that hold.
__attribute__((target("avx2")))
static inline __attribute__((always_inline)) int rect_lanes_of(const lamina_rect_fill *r, rect_lanes *c) {
    const long il = (long)r->left, ir = (long)r->right;
    const long x0 = il > r->col0 ? il : r->col0, x1 = r->width < r->col1 ? r->width : r->col1;
    if (!(x0 < x1 && x1 - x0 <= 16)) return 0;
    c->r = r; c->x0 = x0; c->n = x1 - x0; c->il = il; c->ir = ir;
    c->fl = r->left - (float)il; c->fr = r->right - (float)ir;
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i a = _mm256_set1_epi32((int)(il - x0)), b = _mm256_set1_epi32((int)((ir > il + 1 ? ir : il + 1) - x0 - 1));
    const __m256i e = _mm256_set1_epi32((int)(ir - x0));
    const long off1 = c->n > 8 ? c->n - 8 : 8;
    for (int h = 0; h < 2; h++) {
        const __m256i x = h ? _mm256_add_epi32(lane, _mm256_set1_epi32((int)off1)) : lane;
        const __m256i t = _mm256_add_epi32(_mm256_add_epi32(_mm256_cmpgt_epi32(x, a), _mm256_cmpgt_epi32(x, b)),
                                           _mm256_cmpgt_epi32(x, e));
        c->idx[h] = _mm256_sub_epi32(_mm256_setzero_si256(), t);
    }
    return 1;
}

// A row's four coverage values (0-255 in 32-bit lanes) at height share d: `rect_row_sums`,
// converted four at a time as `alpha_sum4` does (the lanes of `rect_lanes` take them). A
// zero-coverage pixel comes back from the blend unchanged, as where no run is painted.
__attribute__((target("avx2")))
static inline __attribute__((always_inline)) __m128i rect_lane_alphas(const rect_lanes *c, float d) {
    float acc[4];
    rect_row_sums(c->il, c->ir, c->fl, c->fr, d, acc);
    __m128 v = _mm_andnot_ps(_mm_set1_ps(-0.0f), _mm_loadu_ps(acc));
    v = _mm_max_ps(_mm_min_ps(_mm_set1_ps(1), v), _mm_setzero_ps());
    return _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(v, _mm_set1_ps(255)), _mm_set1_ps(0.5f)));
}

// A row of a rectangle's lanes laid over by source-over: eight words `s0` (255 minus each
// alpha in both 16-bit lanes of its word in `inv0`) at p when n <= 8 (the first n), else also
// `s1`/`inv1` at p + n - 8, overlapping the first eight; both groups are read before either is
// written, and where they overlap they hold the same pixels, so either store leaves the same bytes.
__attribute__((target("avx2")))
static inline __attribute__((always_inline))
void rect_lanes_over(uint32_t *p, long n, __m256i s0, __m256i inv0, __m256i s1, __m256i inv1) {
    const __m256i half = _mm256_set1_epi16(128), m257 = _mm256_set1_epi16(257);
    if (n <= 8) {
        over8w_avx2(p, n, s0, inv0, half, m257);
        return;
    }
    const __m256i d0 = _mm256_loadu_si256((const __m256i *)p), d1 = _mm256_loadu_si256((const __m256i *)(p + n - 8));
    _mm256_storeu_si256((__m256i *)(p + n - 8), _mm256_add_epi8(s1, scale8w_avx2(d1, inv1, half, m257)));
    _mm256_storeu_si256((__m256i *)p, _mm256_add_epi8(s0, scale8w_avx2(d0, inv0, half, m257)));
}

// The solid painter: the colour scaled by a row's four coverage values once, put in the lanes,
// laid over the group's rows.
typedef struct {
    rect_lanes l;
    __m256i s0, s1, inv0, inv1;
} rect_small;

__attribute__((target("avx2")))
static inline __attribute__((always_inline))
void rect_small_paint(void *ctx, long y, long rows, float d, int changed) {
    rect_small *c = ctx;
    const lamina_rect_fill *r = c->l.r;
    if (changed) {
        const __m128i ff = _mm_set1_epi32(0xFF);
        const __m128i s4 = scale4_sse2(_mm_set1_epi32((int)r->color), rect_lane_alphas(&c->l, d), _mm_set1_epi16(128),
                                       _mm_setzero_si128());
        __m128i inv4 = _mm_sub_epi32(ff, _mm_and_si128(_mm_srl_epi32(s4, _mm_cvtsi32_si128(r->alpha_shift)), ff));
        inv4 = _mm_or_si128(inv4, _mm_slli_epi32(inv4, 16));   // in both 16-bit lanes of each word
        c->s0 = _mm256_permutevar8x32_epi32(_mm256_castsi128_si256(s4), c->l.idx[0]);
        c->s1 = _mm256_permutevar8x32_epi32(_mm256_castsi128_si256(s4), c->l.idx[1]);
        c->inv0 = _mm256_permutevar8x32_epi32(_mm256_castsi128_si256(inv4), c->l.idx[0]);
        c->inv1 = _mm256_permutevar8x32_epi32(_mm256_castsi128_si256(inv4), c->l.idx[1]);
    }
    const long stride = r->dst_stride, n = c->l.n;
    uint32_t *p = (uint32_t *)(r->dst + y * stride) + c->l.x0;
    const __m256i s0 = c->s0, s1 = c->s1, inv0 = c->inv0, inv1 = c->inv1;
    for (long q = 0; q < rows; q++, p = (uint32_t *)((char *)p + stride)) rect_lanes_over(p, n, s0, inv0, s1, inv1);
}

// `lamina_rect_solid_over_32` by `rect_small_paint` when it applies (else 0, nothing painted).
__attribute__((target("avx2")))
static int rect_small_solid_avx2(const lamina_rect_fill *r) {
    rect_small c;
    if (!rect_lanes_of(r, &c.l)) return 0;
    rect_groups(r, &c, rect_small_paint);
    return 1;
}
#endif

// The solid painter of `lamina_rect_solid_over_32`: run by run.
typedef struct {
    const lamina_rect_fill *r;
    int level;
    rect_runs runs;
} rect_solid;

static inline __attribute__((always_inline))
void rect_solid_paint(void *ctx, long y, long rows, float d, int changed) {
    rect_solid *c = ctx;
    const lamina_rect_fill *r = c->r;
    const rect_runs *runs = &c->runs;
    if (changed) rect_row_runs(r, d, &c->runs);
    const int count = runs->count;
    char *row = r->dst + y * r->dst_stride;
    for (int k = 0; k < count; k++) {
        long x0 = runs->start[k] > r->col0 ? runs->start[k] : r->col0, x1 = runs->end[k] < r->col1 ? runs->end[k] : r->col1;
        if (x0 >= x1) continue;
        uint32_t s = runs->alpha[k] == 255 ? r->color : scale_word(r->color, runs->alpha[k]);
        uint32_t inv = 255 - ((s >> r->alpha_shift) & 0xFF);
        uint32_t *p = (uint32_t *)row + x0;
        long n = x1 - x0;
        if (inv == 0) {
            for (long q = 0; q < rows; q++, p = (uint32_t *)((char *)p + r->dst_stride))
                for (long i = 0; i < n; i++) p[i] = s;
        } else if (n <= 2) {
            for (long q = 0; q < rows; q++, p = (uint32_t *)((char *)p + r->dst_stride)) {
                p[0] = s + scale_word(p[0], inv);
                if (n == 2) p[1] = s + scale_word(p[1], inv);
            }
        } else {
            switch (c->level) {
#ifdef LAMINA_X86
            case 2: solid_over_32_rows_avx2((char *)p, r->dst_stride, rows, n, s, inv); break;
            case 1: for (long q = 0; q < rows; q++) solid_over_32_sse2((uint32_t *)((char *)p + q * r->dst_stride), n, s, inv); break;
#endif
            default: for (long q = 0; q < rows; q++) solid_over_32_scalar((uint32_t *)((char *)p + q * r->dst_stride), n, s, inv); break;
            }
        }
    }
}

void lamina_rect_solid_over_32(const lamina_rect_fill *r) {
    const int level = raster_level();
#ifdef LAMINA_X86
    if (level == 2 && rect_small_solid_avx2(r)) return;
#endif
    rect_solid c = {r, level, {{0}, {0}, {0}, 0}};
    rect_groups(r, &c, rect_solid_paint);
}

// The gradient painter of `lamina_rect_linear_gradient`.
typedef struct {
    const lamina_rect_fill *r;
    const lamina_linear_span *g;
    double dtdy;
    long row0;
    const uint32_t *lut;
    uint8_t *cov;
} rect_gradient;

static inline __attribute__((always_inline))
void rect_gradient_paint(void *ctx, long y, long rows, float d, int changed) {
    rect_gradient *c = ctx;
    const lamina_rect_fill *r = c->r;
    const long count = r->col1 - r->col0;
    if (changed) {
        // The row's coverage bytes over columns [col0, col1).
        rect_runs runs;
        rect_row_runs(r, d, &runs);
        memset(c->cov, 0, (size_t)count);
        for (int k = 0; k < runs.count; k++) {
            long x0 = runs.start[k] > r->col0 ? runs.start[k] : r->col0, x1 = runs.end[k] < r->col1 ? runs.end[k] : r->col1;
            if (x0 < x1) memset(c->cov + (x0 - r->col0), (int)runs.alpha[k], (size_t)(x1 - x0));
        }
    }
    lamina_linear_gradient_rows((uint32_t *)(r->dst + y * r->dst_stride) + r->col0, r->dst_stride, rows, count, c->g, c->dtdy,
                                c->row0 + y, 0, c->lut);
}

#ifdef LAMINA_X86
// The gradient painter of a rectangle of 1-16 columns (`rect_lanes`): a group's coverage in the
// lanes (times the span's constant as `mask_coverage8` computes it), each row's eight-pixel
// groups as `linear_gradient_avx2_column_rows` computes them (the same parameters, table words
// and blend: the same bytes; its pixels of zero coverage come back unchanged).
typedef struct {
    rect_lanes l;
    const lamina_linear_span *g;
    double dtdy;
    long row0;
    const uint32_t *lut;
    __m256d xa[2], xb[2];
    __m256i k[2];
} rect_small_gradient;

// A group of rows: when its height share changed, the lanes' coverage (times the span's constant
// coverage); then each row's one or two groups of eight.
__attribute__((target("avx2"), always_inline)) static inline
void rect_small_gradient_paint(void *ctx, long y, long rows, float d, int changed) {
    rect_small_gradient *c = ctx;
    const lamina_linear_span *g = c->g;
    const lamina_rect_fill *r = c->l.r;
    if (changed) {
        __m128i a = rect_lane_alphas(&c->l, d);
        if (g->constant != 255) {
            const __m128i t = _mm_add_epi32(_mm_mullo_epi32(a, _mm_set1_epi32((int)g->constant)), _mm_set1_epi32(128));
            a = _mm_srli_epi32(_mm_add_epi32(t, _mm_srli_epi32(t, 8)), 8);
        }
        c->k[0] = _mm256_permutevar8x32_epi32(_mm256_castsi128_si256(a), c->l.idx[0]);
        c->k[1] = _mm256_permutevar8x32_epi32(_mm256_castsi128_si256(a), c->l.idx[1]);
    }
    const __m256i select = alpha_select_avx2(g->alpha_shift);
    const long stride = r->dst_stride, n = c->l.n;
    uint32_t *p = (uint32_t *)(r->dst + y * stride) + c->l.x0;
    for (long q = 0; q < rows; q++, p = (uint32_t *)((char *)p + stride)) {
        const __m256d rt = _mm256_set1_pd(c->dtdy * ((double)(c->row0 + y + q) + 0.5));
        __m256i inv0, inv1;
        const __m256i s0 = gradient8_source(_mm256_add_pd(c->xa[0], rt), _mm256_add_pd(c->xb[0], rt), c->k[0], 0, c->lut,
                                            g->top, select, &inv0);
        __m256i s1 = s0;
        inv1 = inv0;
        if (n > 8)   // the second group of eight, when there is one
            s1 = gradient8_source(_mm256_add_pd(c->xa[1], rt), _mm256_add_pd(c->xb[1], rt), c->k[1], 0, c->lut, g->top, select,
                                  &inv1);
        rect_lanes_over(p, n, s0, inv0, s1, inv1);
    }
}

// `lamina_rect_linear_gradient` by `rect_small_gradient_paint` when it applies: 1-16 columns and
// a span `linear_gradient_avx2_rows` takes as plain for every group of rows (else 0, nothing
// painted).
__attribute__((target("avx2")))
static int rect_small_gradient_avx2(const lamina_rect_fill *r, const lamina_linear_span *g, double dtdy, long row0,
                                    const uint32_t *lut) {
    rect_small_gradient c;
    if (!rect_lanes_of(r, &c.l)) return 0;
    if (!(g->extend_before && g->extend_after && g->skip == 0 && fabs(g->t0) < gradient_big && fabs(g->dtdx) < gradient_big
          && fabs(dtdy) < 0x1p800 && row0 > -(1L << 59) && row0 < (1L << 59) && r->height < (1L << 59)))
        return 0;
    c.g = g; c.dtdy = dtdy; c.row0 = row0; c.lut = lut;
    // Pixel centres (device column g->x + area column - col0, plus 0.5) and their parameters
    // before the row term, as the column loop computes them.
    const __m256d t0 = _mm256_set1_pd(g->t0), dtdx = _mm256_set1_pd(g->dtdx), four = _mm256_set1_pd(4.0);
    const long first = g->x + (c.l.x0 - r->col0), off1 = c.l.n > 8 ? c.l.n - 8 : 8;
    for (int h = 0; h < 2; h++) {
        const double x = (double)(first + (h ? off1 : 0));
        const __m256d pa = _mm256_add_pd(_mm256_set1_pd(x + 0.5), _mm256_setr_pd(0, 1, 2, 3));
        c.xa[h] = _mm256_add_pd(t0, _mm256_mul_pd(dtdx, pa));
        c.xb[h] = _mm256_add_pd(t0, _mm256_mul_pd(dtdx, _mm256_add_pd(pa, four)));
    }
    rect_groups(r, &c, rect_small_gradient_paint);
    return 1;
}
#endif

void lamina_rect_linear_gradient(const lamina_rect_fill *r, uint8_t *cov, const lamina_linear_span *g, double dtdy,
                                 long row0, const uint32_t *lut) {
    if (r->col0 >= r->col1) return;
#ifdef LAMINA_X86
    if (raster_level() == 2 && rect_small_gradient_avx2(r, g, dtdy, row0, lut)) return;
#endif
    lamina_linear_span span = *g;
    span.mask = cov;
    rect_gradient c = {r, &span, dtdy, row0, lut, cov};
    rect_groups(r, &c, rect_gradient_paint);
}
