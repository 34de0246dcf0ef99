// Sweeps: rows of cells summed into coverage, painted as a solid colour or written as a mask.
#include "pixel_math.h"
#include "coverage.h"

int lamina_alpha_sum4(const float *c, int even_odd) { return alpha_sum4(c, even_odd); }

// One run of a sweep: `count` pixels from `p` at coverage `a` (1...255).
static inline __attribute__((always_inline)) void solid_run(uint32_t *p, long count, uint32_t color, int alpha_shift, uint32_t a, int level) {
    uint32_t s = a == 255 ? color : scale_word(color, a);
    uint32_t inv = 255 - ((s >> alpha_shift) & 0xFF);
    if (inv == 0) { lamina_fill_32(p, count, s); return; }
    switch (level) {
#ifdef LAMINA_X86
    case 2: solid_over_32_rows_avx2((char *)p, 0, 1, count, s, inv); return;
    case 1: solid_over_32_sse2(p, count, s, inv); return;
#endif
    default: solid_over_32_scalar(p, count, s, inv); return;
    }
}

// The colour laid over `count` pixels from `p`, pixel i at coverage m[i] (0...255; 0 leaves
// the pixel as it is, which the vector loops get by blending with factor 255): each pixel as
// `solid_run` computes it at its coverage.
// (An opaque colour at coverage 255 gives the colour itself: stored without the blend.)
static void solid_mask_scalar(uint32_t *p, long count, const uint8_t *m, uint32_t color, int alpha_shift) {
    const int opaque = ((color >> alpha_shift) & 0xFF) == 0xFF;
    for (long i = 0; i < count; i++) {
        if (m[i] == 255 && opaque) p[i] = color;
        else if (m[i]) p[i] = over_pixel(p[i], color, m[i], alpha_shift);
    }
}

#ifdef LAMINA_X86
static void solid_mask_sse2(uint32_t *p, long count, const uint8_t *m, uint32_t color, int alpha_shift) {
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi16(128), ff = _mm_set1_epi32(0xFF);
    const __m128i shift = _mm_cvtsi32_si128(alpha_shift), src = _mm_set1_epi32((int)color);
    const int opaque = ((color >> alpha_shift) & 0xFF) == 0xFF;
    long i = 0;
    for (; i + 4 <= count; i += 4) {
        uint32_t k4;
        memcpy(&k4, m + i, 4);
        if (k4 == 0) continue;
        if (k4 == 0xFFFFFFFFu && opaque) { _mm_storeu_si128((__m128i *)(p + i), src); continue; }
        __m128i k = _mm_unpacklo_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128((int)k4), zero), zero);
        __m128i s = scale4_sse2(src, k, half, zero);
        __m128i inv = _mm_sub_epi32(ff, _mm_and_si128(_mm_srl_epi32(s, shift), ff));
        __m128i d = _mm_loadu_si128((const __m128i *)(p + i));
        _mm_storeu_si128((__m128i *)(p + i), _mm_add_epi8(s, scale4_sse2(d, inv, half, zero)));
    }
    solid_mask_scalar(p + i, count - i, m + i, color, alpha_shift);
}

__attribute__((target("avx2")))
static void solid_mask_avx2(uint32_t *p, long count, const uint8_t *m, uint32_t color, int alpha_shift) {
    const __m256i zero = _mm256_setzero_si256(), half = _mm256_set1_epi16(128), m257 = _mm256_set1_epi16(257);
    const __m256i ff = _mm256_set1_epi32(0xFF), src = _mm256_set1_epi32((int)color);
    const __m128i shift = _mm_cvtsi32_si128(alpha_shift);
    const int opaque = ((color >> alpha_shift) & 0xFF) == 0xFF;
    const __m256i inv255 = _mm256_set1_epi32((int)(255 - ((color >> alpha_shift) & 0xFF)));
    for (long i = 0; i < count; i += 8) {
        long rest = count - i;
        uint64_t k8;
        if (rest >= 8) memcpy(&k8, m + i, 8); else k8 = load_tail_bytes(m + i, rest);
        if (k8 == 0) continue;
        if (k8 == ~(uint64_t)0 && rest >= 8) {
            // Coverage 255: the colour itself (scaling by 255 leaves it) and one factor for all.
            if (opaque) _mm256_storeu_si256((__m256i *)(p + i), src); else over8v_avx2(p + i, 8, src, inv255, half, m257, zero);
            continue;
        }
        __m256i k = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)k8));
        __m256i s = scale8v_avx2(src, k, half, m257, zero);
        __m256i inv = _mm256_sub_epi32(ff, _mm256_and_si256(_mm256_srl_epi32(s, shift), ff));
        over8v_avx2(p + i, rest, s, inv, half, m257, zero);
    }
}
#endif

static inline __attribute__((always_inline)) void solid_mask(uint32_t *p, long count, const uint8_t *m, uint32_t color, int alpha_shift, int level) {
    switch (level) {
#ifdef LAMINA_X86
    case 2: solid_mask_avx2(p, count, m, color, alpha_shift); return;
    case 1: solid_mask_sse2(p, count, m, color, alpha_shift); return;
#endif
    default: solid_mask_scalar(p, count, m, color, alpha_shift); return;
    }
}

void lamina_solid_mask_over_32(uint32_t *dst, long count, const uint8_t *mask, uint32_t color, int alpha_shift) {
    if (count > 0) solid_mask(dst, count, mask, color, alpha_shift, raster_level());
}

// A row being swept: where its pixels (or mask bytes) are, and what a painter keeps.
typedef struct {
    char *row;
    // The solid painter's gathered pixels [g0, g1) (none when g0 < 0), and its scratch bytes.
    long g0, g1;
    uint8_t *m;
    const lamina_solid_sweep *s;
    int level;
} sweep_row;

// Walks the rows' marked cells, summing each row's cells left to right (one lane or four) and
// clearing what it reads, and hands the painter the coverage: `run(r, p, e, a)` for the run of
// pixels [p, e) from a marked cell to the next one (or the row's end); for marked cells followed
// directly by another (one-pixel runs, read in a tight loop), `pixels(r, p, e)` for those in
// [p, e) within the painter's window (every column when `whole_row`, else [col0, col1)), which
// gives where `put(dst, j, a)` stores pixel j's coverage; then `row_end(r)`. `eo` is the fill
// rule (constant where the caller can make it so). Called with constant painters and inlined,
// so no call is left per cell.
static inline __attribute__((always_inline))
void sweep_cells(const lamina_solid_sweep *s, const long lanes, sweep_row *r,
                 void (*run)(sweep_row *, long, long, uint32_t), uint8_t *(*pixels)(sweep_row *, long, long),
                 void (*put)(uint8_t *, long, uint32_t), const int eo, const int whole_row,
                 void (*row_end)(sweep_row *)) {
    const long width = s->width, words = s->bit_words;
    // The painter's window: every column, or the sweep's column window.
    const long win0 = whole_row ? 0 : s->col0, win1 = whole_row ? width : s->col1;
    for (long y = s->row_first; y < s->row_end; y++) {
        float *cells = s->cells + y * s->stride * lanes;
        uint64_t *bits = s->bits + y * words;
        r->row = s->dst + y * s->dst_stride;
        float acc[4] = {0, 0, 0, 0};
        // The last marked cell read: its coverage holds up to the next marked cell.
        long pending = -1;
#define LAMINA_ALPHA() (lanes == 1 ? (uint32_t)alpha_scalar(acc[0], eo) : (uint32_t)((alpha_sum4(acc, eo) + 2) >> 2))
#define LAMINA_READ(J) do { \
            float *c_ = cells + (J) * lanes; \
            acc[0] += c_[0]; c_[0] = 0; \
            if (lanes == 4) { acc[1] += c_[1]; acc[2] += c_[2]; acc[3] += c_[3]; c_[1] = 0; c_[2] = 0; c_[3] = 0; } \
        } while (0)
        for (long w = 0; w < words; w++) {
            uint64_t word = bits[w];
            if (!word) continue;
            bits[w] = 0;
            do {
                const long i = (w << 6) + __builtin_ctzll(word);
                // (unsigned: pending -1, before the row's first mark, is out of range too)
                if ((unsigned long)pending < (unsigned long)width) run(r, pending, i < width ? i : width, LAMINA_ALPHA());
                // The marks that follow i one after another in this word: the lowest run of ones,
                // which adding its lowest bit clears.
                const uint64_t rest = word & (word + (word & (0 - word)));
                const long last = (w << 6) + 63 - __builtin_clzll(word ^ rest);
                word = rest;
                if (last > i) {
                    // One-pixel runs [i, last): each cell summed, and its coverage handed over in
                    // the painter's window (`pixels` gives where, `put` stores one).
                    const long pe = last < width ? last : width;
                    const long p0 = i > win0 ? i : win0, p1 = pe < win1 ? pe : win1;
                    long j = i;
                    if (p0 < p1) {
                        for (; j < p0; j++) LAMINA_READ(j);
                        uint8_t *dst = pixels(r, p0, p1);
                        for (; j < p1; j++) { LAMINA_READ(j); put(dst, j, LAMINA_ALPHA()); }
                    }
                    for (; j < last; j++) LAMINA_READ(j);
                }
                LAMINA_READ(last);
                pending = last;
            } while (word);
        }
        if (pending >= 0 && pending < width) run(r, pending, width, LAMINA_ALPHA());
        row_end(r);
#undef LAMINA_READ
#undef LAMINA_ALPHA
    }
}

// Runs of at least this many pixels at one coverage are painted alone; shorter ones are
// gathered, as per-pixel coverage in the row's scratch bytes, and blended together.
enum { LONG_RUN = 32 };

// The gathered pixels [g0, g1) of a row, cut to the column window.
static inline __attribute__((always_inline)) void flush_gathered(sweep_row *r) {
    const lamina_solid_sweep *s = r->s;
    long x0 = r->g0 < s->col0 ? s->col0 : r->g0, x1 = r->g1 > s->col1 ? s->col1 : r->g1;
    if (x0 < x1) solid_mask((uint32_t *)r->row + x0, x1 - x0, r->m + x0, s->color, s->alpha_shift, r->level);
    r->g0 = -1;
}

// The solid painter: a run [p, e) at coverage a gathered when short (16-byte stores: what the
// first writes past the run belongs to later runs, which overwrite it), painted alone when long.
static inline __attribute__((always_inline)) void solid_paint_run(sweep_row *r, long p, long e, uint32_t a) {
    const lamina_solid_sweep *s = r->s;
    if (e - p >= LONG_RUN) {
        if (r->g0 >= 0) flush_gathered(r);
        if (a != 0) {
            long x0 = p < s->col0 ? s->col0 : p, x1 = e > s->col1 ? s->col1 : e;
            if (x0 < x1) solid_run((uint32_t *)r->row + x0, x1 - x0, s->color, s->alpha_shift, a, r->level);
        }
    } else if (r->g0 >= 0 || a != 0) {
        if (r->g0 < 0) r->g0 = p;
        if (e - p == 1) {
            r->m[p] = (uint8_t)a;
        } else {
            memset(r->m + p, (int)a, 16);
            // Runs of 17-31 pixels: their last 16 bytes too (overlapping the first store).
            if (e - p > 16) memset(r->m + e - 16, (int)a, 16);
        }
        r->g1 = e;
    }
}

// One-pixel runs [p, e) about to be stored: gathered (from p even when its coverage is 0, which
// the blend leaves as it is).
static inline __attribute__((always_inline)) uint8_t *solid_paint_pixels(sweep_row *r, long p, long e) {
    if (r->g0 < 0) r->g0 = p;
    r->g1 = e;
    return r->m;
}

static inline __attribute__((always_inline)) void put_byte(uint8_t *m, long j, uint32_t a) { m[j] = (uint8_t)a; }

static inline __attribute__((always_inline)) void solid_paint_row_end(sweep_row *r) {
    if (r->g0 >= 0) flush_gathered(r);
}

// The mask writer: each run's coverage byte (zero coverage leaves the byte as it is).
static inline __attribute__((always_inline)) void mask_write_run(sweep_row *r, long p, long e, uint32_t a) {
    const lamina_solid_sweep *s = r->s;
    long x0 = p < s->col0 ? s->col0 : p, x1 = e > s->col1 ? s->col1 : e;
    if (a != 0 && x0 < x1) {
        if (x1 - x0 == 1) ((uint8_t *)r->row)[x0] = (uint8_t)a; else memset(r->row + x0, (int)a, (size_t)(x1 - x0));
    }
}

// One-pixel runs: their coverage goes straight into the mask's row (the sweep keeps them to the
// column window), a byte of zero coverage left as it is.
static inline __attribute__((always_inline)) uint8_t *mask_write_pixels(sweep_row *r, long p, long e) {
    (void)p; (void)e;
    return (uint8_t *)r->row;
}

static inline __attribute__((always_inline)) void put_nonzero_byte(uint8_t *m, long j, uint32_t a) {
    if (a != 0) m[j] = (uint8_t)a;
}

static inline __attribute__((always_inline)) void mask_row_end(sweep_row *r) { (void)r; }

void lamina_sweep_mask(const lamina_solid_sweep *s) {
    sweep_row r = {0, -1, 0, 0, s, 0};
    if (s->lanes == 4) sweep_cells(s, 4, &r, mask_write_run, mask_write_pixels, put_nonzero_byte, s->even_odd, 0, mask_row_end);
    else if (s->even_odd) sweep_cells(s, 1, &r, mask_write_run, mask_write_pixels, put_nonzero_byte, 1, 0, mask_row_end);
    else sweep_cells(s, 1, &r, mask_write_run, mask_write_pixels, put_nonzero_byte, 0, 0, mask_row_end);
}

// The opaque alpha-only painter: each pixel's coverage a laid over its byte d, a + d·(255 − a)
// / 255 rounded as mul255 (what the Swift 8-bit painter gives an opaque fill of value 255; over
// a clear byte, the coverage itself).
static inline __attribute__((always_inline)) uint8_t over_byte(uint32_t d, uint32_t a) {
    return (uint8_t)(a + mul255(d, 255 - a));
}

static inline __attribute__((always_inline)) void alpha_over_run(sweep_row *r, long p, long e, uint32_t a) {
    const lamina_solid_sweep *s = r->s;
    long x0 = p < s->col0 ? s->col0 : p, x1 = e > s->col1 ? s->col1 : e;
    if (a == 0 || x0 >= x1) return;
    uint8_t *row = (uint8_t *)r->row;
    if (a == 255) { memset(row + x0, 255, (size_t)(x1 - x0)); return; }
    for (long x = x0; x < x1; x++) row[x] = over_byte(row[x], a);
}

static inline __attribute__((always_inline)) void put_alpha_over(uint8_t *m, long j, uint32_t a) {
    if (a != 0) m[j] = over_byte(m[j], a);
}

void lamina_sweep_alpha_over_8(const lamina_solid_sweep *s) {
    sweep_row r = {0, -1, 0, 0, s, 0};
    if (s->lanes == 4) sweep_cells(s, 4, &r, alpha_over_run, mask_write_pixels, put_alpha_over, s->even_odd, 0, mask_row_end);
    else if (s->even_odd) sweep_cells(s, 1, &r, alpha_over_run, mask_write_pixels, put_alpha_over, 1, 0, mask_row_end);
    else sweep_cells(s, 1, &r, alpha_over_run, mask_write_pixels, put_alpha_over, 0, 0, mask_row_end);
}

void lamina_sweep_solid_over_32(const lamina_solid_sweep *s) {
    sweep_row r = {0, -1, 0, s->scratch, s, raster_level()};
    if (s->lanes == 4) sweep_cells(s, 4, &r, solid_paint_run, solid_paint_pixels, put_byte, s->even_odd, 1, solid_paint_row_end);
    else if (s->even_odd) sweep_cells(s, 1, &r, solid_paint_run, solid_paint_pixels, put_byte, 1, 1, solid_paint_row_end);
    else sweep_cells(s, 1, &r, solid_paint_run, solid_paint_pixels, put_byte, 0, 1, solid_paint_row_end);
}
