// Edge accumulation: a line segment's area and cover deposited into rows of cells (one sub-row
// per pixel row for non-zero fills, four for even-odd), with each touched cell marked.
#include "coverage.h"

// Marks cells [i0, i1] of a row (i0 <= i1).
static inline __attribute__((always_inline)) void mark_cells(uint64_t *bits, long i0, long i1) {
    long w0 = i0 >> 6, w1 = i1 >> 6;
    uint64_t first = ~0ull << (i0 & 63), last = ~0ull >> (63 - (i1 & 63));
    if (w0 == w1) { bits[w0] |= first & last; return; }
    bits[w0] |= first;
    for (long w = w0 + 1; w < w1; w++) bits[w] = ~0ull;
    bits[w1] |= last;
}

// Marks cells [col, col + n) of a row, n = 2 or 3 (the last ones in the next word when they pass
// the end of col's).
static inline __attribute__((always_inline)) void mark_few(uint64_t *bits, long col, const long n) {
    const uint64_t m = (1ull << n) - 1;
    const long o = col & 63;
    bits[col >> 6] |= m << o;
    if (o > 64 - n) bits[(col >> 6) + 1] |= m >> (64 - o);
}

// One row's share of a segment, from x = xa to x = xb (either order) with signed height d: a
// pixel column [i, i+1) gains d times the mean, over the column, of the fraction of the segment
// lying left of each point; the cells store the differences of those gains.
static inline __attribute__((always_inline))
void add_row_span(float *row, uint64_t *bits, float lo, float hi, float d, const long ls, float right);

static inline __attribute__((always_inline))
void add_row_segment(float *row, uint64_t *bits, float xa, float xb, float d, const long ls, float right) {
    add_row_span(row, bits, swift_minf(xa, xb), swift_maxf(xa, xb), d, ls, right);
}

// A row from lo in column i0 to hi in column i1 > i0: the covered fraction rises linearly from
// 0 at lo to 1 at hi (slope s). Column i gains g0 = s f0^2 / 2 for the first (partial) column,
// s (i + 1/2 - lo) for the columns fully inside, g1 = (i1 + 1 - mid) - s (i1 - lo)^2 / 2 for the
// last, and 1 beyond.
// (A macro declaring s, g0 and g1 where it is used: as an inline function it made the row loops
// 1-4% slower.)
#define LAMINA_SLOPE_GAINS(LO, HI, I0, I1) \
    const float s = 1 / ((HI) - (LO)); \
    const float f0_ = (float)((I0) + 1) - (LO); \
    const float g0 = 0.5f * s * f0_ * f0_; \
    const float u_ = (float)(I1) - (LO); \
    const float g1 = ((float)(I1) + 1 - ((LO) + (HI)) * 0.5f) - 0.5f * s * u_ * u_;

// `add_row_span` for a row reaching from column i0 to i1 >= i0 + 2 (out of line: the loops calling
// `add_row_span` keep their registers for the common one- and two-column rows).
__attribute__((noinline))
static void wide_row_span(float *row, uint64_t *bits, float lo, float hi, float d, const long ls, long i0, long i1) {
    LAMINA_SLOPE_GAINS(lo, hi, i0, i1)
    row[i0 << ls] += d * g0;
    float first_inside = s * ((float)i0 + 1.5f - lo);
    row[(i0 + 1) << ls] += d * (first_inside - g0);
    float ds = d * s;
    for (long i = i0 + 2; i < i1; i++) row[i << ls] += ds;
    float last_inside = s * ((float)i1 - 0.5f - lo);
    row[i1 << ls] += d * (g1 - last_inside);
    row[(i1 + 1) << ls] += d * (1 - g1);
    mark_cells(bits, i0, i1 + 1);
}

// `add_row_segment` with its ends in order, lo = min(xa, xb) and hi = max(xa, xb).
static inline __attribute__((always_inline))
void add_row_span(float *row, uint64_t *bits, float lo, float hi, float d, const long ls, float right) {
    // Columns of x in [0, width] (rounding can put x a hair outside, which truncation toward
    // zero takes to the edge column; infinities and NaN land on an edge).
    // (max then min: 0 for NaN and anything not above 0, as `v > 0 ? min(v, right) : 0`; right >= 0)
#ifdef LAMINA_X86
    // maxss and minss, one value each (the compiler would pair them in a vector and branch).
    const __m128 zero_ = _mm_setzero_ps(), right_ = _mm_set_ss(right);
    long i0 = _mm_cvttss_si32(_mm_min_ss(_mm_max_ss(_mm_set_ss(lo), zero_), right_));
    long i1 = _mm_cvttss_si32(_mm_min_ss(_mm_max_ss(_mm_set_ss(hi), zero_), right_));
#else
    float lo_in = lo > 0 ? lo : 0, hi_in = hi > 0 ? hi : 0;
    long i0 = (long)(lo_in < right ? lo_in : right);
    long i1 = (long)(hi_in < right ? hi_in : right);
#endif
    if (i0 == i1 || hi - lo < 1e-6f) {
        // Within one column: the column gains d (1 - mean x offset), the next one the rest.
        float frac = (lo + hi) * 0.5f - (float)i0;
        row[i0 << ls] += d * (1 - frac);
        row[(i0 + 1) << ls] += d * frac;
        mark_few(bits, i0, 2);
        return;
    }
    if (i1 == i0 + 1) {
        // Two columns (inline: most rows of a steep or moderately slanted edge).
        LAMINA_SLOPE_GAINS(lo, hi, i0, i1)
        row[i0 << ls] += d * g0;
        row[i1 << ls] += d * (g1 - g0);
        row[(i1 + 1) << ls] += d * (1 - g1);
        mark_few(bits, i0, 3);
        return;
    }
    wide_row_span(row, bits, lo, hi, d, ls, i0, i1);
}


// The stored rows of cells as the edge loop writes them.
typedef struct {
    float *cells;
    uint64_t *bits;
    long stride, words, store_top;
    float right;
} cell_rows;

// Row y's share of a segment from x to x_next with signed height d (nothing outside the stored
// rows). Sub-row r of pixel row r >> ls is lane r & (2^ls - 1) of that row's cells.
static inline __attribute__((always_inline))
void deposit_row(const cell_rows *c, long y, float x, float x_next, float d, const long ls) {
    if (d != 0 && y >= c->store_top) {
        long r = y - c->store_top;
        add_row_segment(c->cells + (((r >> ls) * c->stride) << ls) + (r & ((1 << ls) - 1)), c->bits + (r >> ls) * c->words,
                        x, x_next, d, ls, c->right);
    }
}

// Row y of the segment (ay, by) taken as a whole: its part of the row, from x to the x where it
// leaves the row (returned; bx on the last row).
static inline __attribute__((always_inline))
float general_row(const cell_rows *c, long y, float x, float ay, float by, long y_end, float bx, float dxdy, float dir,
                  const long ls) {
    float top = swift_maxf(ay, (float)y), bottom = swift_minf(by, (float)(y + 1));
    float dy = bottom - top;
    float x_next = y + 1 >= y_end ? bx : x + dxdy * dy;
    deposit_row(c, y, x, x_next, dy * dir, ls);
    return x_next;
}

#ifdef LAMINA_X86
// A whole pixel row of four sub-rows inside a segment (lanes interleaved: cell i of sub-row k at
// 4i + k), when x stays within two neighbouring columns across it: x steps by dxdy four times,
// as the sub-row loop steps it, and each sub-row is `add_row_span`'s one-column case or its
// two-column case (`i1 == i0 + 1`), done for the four lanes at once with the same operations per
// lane as that function, so the cells get the same values (a lane that leaves a cell alone adds
// +0 to it, which changes nothing but the sign of a zero) and the same cells are marked; when x
// stays in one column, only the one-column case is computed. Returns 0, changing nothing, when x
// crosses more than one column boundary.
static inline __attribute__((always_inline))
int four_sub_rows_in_two_columns(float *row, uint64_t *marks, float *xp, const float dxdy, const float dir,
                                 const float right, const int rising) {
    const float x0 = *xp, x1 = x0 + dxdy, x2 = x1 + dxdy, x3 = x2 + dxdy, x4 = x3 + dxdy;
    const __m128 zero = _mm_setzero_ps(), one = _mm_set1_ps(1), half = _mm_set1_ps(0.5f), r = _mm_set1_ps(right);
    const __m128 a = _mm_setr_ps(x0, x1, x2, x3), b = _mm_setr_ps(x1, x2, x3, x4);
    // The columns of each sub-row's two ends (maxps then minps: NaN gives 0, as maxss and minss).
    const __m128i ia = _mm_cvttps_epi32(_mm_min_ps(_mm_max_ps(a, zero), r));
    const __m128i ib = _mm_cvttps_epi32(_mm_min_ps(_mm_max_ps(b, zero), r));
    // x is monotonic: the lowest column is at x0's or x4's end, the highest at the other.
    const long c_a = _mm_cvtsi128_si32(ia), c_b = _mm_cvtsi128_si32(_mm_shuffle_epi32(ib, 3));
    const long c = rising ? c_a : c_b, c_max = rising ? c_b : c_a;
    if ((unsigned long)(c_max - c) > 1) return 0;
    const __m128 d = _mm_set1_ps(dir);
    float *cell = row + (c << 2);
    if (c_max == c) {
        // All four in column c: the one-column case in every lane.
        const __m128 frac = _mm_sub_ps(_mm_mul_ps(_mm_add_ps(a, b), half), _mm_set1_ps((float)c));
        _mm_storeu_ps(cell, _mm_add_ps(_mm_loadu_ps(cell), _mm_mul_ps(d, _mm_sub_ps(one, frac))));
        _mm_storeu_ps(cell + 4, _mm_add_ps(_mm_loadu_ps(cell + 4), _mm_mul_ps(d, frac)));
        mark_few(marks, c, 2);
        *xp = x4;
        return 1;
    }
    const __m128 lo = rising ? a : b, hi = rising ? b : a;
    const __m128i i0 = rising ? ia : ib, i1 = rising ? ib : ia;
    const __m128 mid = _mm_mul_ps(_mm_add_ps(lo, hi), half);
    // One column (i0 == i1, or a width below 1e-6): i0 gains d (1 - frac), the next one d frac.
    const __m128 frac = _mm_sub_ps(mid, _mm_cvtepi32_ps(i0));
    const __m128 s0 = _mm_mul_ps(d, _mm_sub_ps(one, frac)), s1 = _mm_mul_ps(d, frac);
    // Two columns: i0 gains d g0, i1 d (g1 - g0), i1 + 1 d (1 - g1).
    const __m128 w = _mm_sub_ps(hi, lo);
    const __m128 s = _mm_div_ps(one, w);
    const __m128 f0 = _mm_sub_ps(_mm_cvtepi32_ps(_mm_add_epi32(i0, _mm_set1_epi32(1))), lo);
    const __m128 hs = _mm_mul_ps(half, s);
    const __m128 g0 = _mm_mul_ps(_mm_mul_ps(hs, f0), f0);
    const __m128 u = _mm_sub_ps(_mm_cvtepi32_ps(i1), lo);
    const __m128 g1 = _mm_sub_ps(_mm_sub_ps(_mm_add_ps(_mm_cvtepi32_ps(i1), one), mid), _mm_mul_ps(_mm_mul_ps(hs, u), u));
    const __m128 t0 = _mm_mul_ps(d, g0), t1 = _mm_mul_ps(d, _mm_sub_ps(g1, g0)), t2 = _mm_mul_ps(d, _mm_sub_ps(one, g1));
    // Which case each lane is, and where its cells lie against c.
    const __m128 two = _mm_andnot_ps(_mm_cmplt_ps(w, _mm_set1_ps(1e-6f)),
                                     _mm_castsi128_ps(_mm_xor_si128(_mm_cmpeq_epi32(i0, i1), _mm_set1_epi32(-1))));
    const __m128 at_c = _mm_castsi128_ps(_mm_cmpeq_epi32(i0, _mm_set1_epi32((int)c)));
#define LAMINA_SEL(M, X, Y) _mm_or_ps(_mm_and_ps((M), (X)), _mm_andnot_ps((M), (Y)))
    const __m128 v0 = LAMINA_SEL(two, t0, _mm_and_ps(at_c, s0));
    const __m128 v1 = LAMINA_SEL(two, t1, LAMINA_SEL(at_c, s1, s0));
    const __m128 v2 = LAMINA_SEL(two, t2, _mm_andnot_ps(at_c, s1));
#undef LAMINA_SEL
    _mm_storeu_ps(cell, _mm_add_ps(_mm_loadu_ps(cell), v0));
    _mm_storeu_ps(cell + 4, _mm_add_ps(_mm_loadu_ps(cell + 4), v1));
    // Cells c .. c + 2 (the last is within the row: c + 1 is at most the area's width).
    _mm_storeu_ps(cell + 8, _mm_add_ps(_mm_loadu_ps(cell + 8), v2));
    // Marks c .. c + 1, and c + 2 when a lane reaches it (one of two columns, or one column at
    // c + 1; a lane whose hair-thin slant crosses into c + 1 is one column at c).
    if (_mm_movemask_ps(_mm_or_ps(two, _mm_andnot_ps(at_c, _mm_castsi128_ps(_mm_set1_epi32(-1)))))) mark_few(marks, c, 3);
    else mark_few(marks, c, 2);
    *xp = x4;
    return 1;
}
#endif

// Rows [y, end) strictly inside a segment and stored (dy = 1, so d = dir, never 0, and x steps
// by dxdy): the pixel row's cells and marks stepped along, sub-row by sub-row. Inside the
// segment |dxdy| is at most the area's width, so x stays finite, and `rising` (dxdy >= 0) says
// which end is the lower one (what min and max would give). Returns x at the end.
static inline __attribute__((always_inline))
float inner_rows(const cell_rows *c, long y, const long end, float x, const float dxdy, const float dir, const long ls,
                 const int rising) {
    const long r = y - c->store_top;
    float *row = c->cells + (((r >> ls) * c->stride) << ls);
    uint64_t *marks = c->bits + (r >> ls) * c->words;
    long sub = r & ((1 << ls) - 1);
    while (y < end) {
        // The sub-rows left in this pixel row.
        const long n = (1 << ls) - sub < end - y ? (1 << ls) - sub : end - y;
#ifdef LAMINA_X86
        if (ls == 2 && n == 4 && four_sub_rows_in_two_columns(row, marks, &x, dxdy, dir, c->right, rising)) {
            y += 4;
            row += c->stride << 2;
            marks += c->words;
            continue;
        }
#endif
        for (long k = 0; k < n; k++) {
            const float x_next = x + dxdy;
            add_row_span(row + sub + k, marks, rising ? x : x_next, rising ? x_next : x, dir, ls, c->right);
            x = x_next;
        }
        y += n;
        sub = 0;
        row += c->stride << ls;
        marks += c->words;
    }
    return x;
}

static inline __attribute__((always_inline))
void add_segment_body(lamina_cells *a, float x0, float y0, float x1, float y1, const long ls) {
    if (y0 == y1) return;
    float ax = x0, ay = y0, bx = x1, by = y1, dir = 1;
    if (ay > by) { float t = ax; ax = bx; bx = t; t = ay; ay = by; by = t; dir = -1; }
    const float h = (float)a->height;
    if (!(by > 0 && ay < h)) return;
    float dxdy = (bx - ax) / (by - ay);
    if (ay < 0) { ax += -ay * dxdy; ay = 0; }
    if (by > h) { bx -= (by - h) * dxdy; by = h; }
    long y = (long)ay;
    const long y_end = ceiling_f(by);
    const long store_top = a->store_top;
    // Rows outside the stored ones are stepped through (x advances row by row, so the stored
    // rows see exactly the x they would without a window) but get nothing.
    const long last_stored = y_end < a->store_bottom ? y_end : a->store_bottom;
    if (!(y < last_stored && y_end > store_top)) return;
    long first = y > store_top ? y : store_top;
    if (first < a->row_min) a->row_min = first;
    if (last_stored > a->row_max) a->row_max = last_stored;
    const cell_rows c = {a->cells, a->bits, a->stride, a->bit_words, store_top, (float)a->width};
    float x = ax;
    // Rows strictly inside the segment's span (top = y, bottom = y + 1, so dy = 1 and d = dir
    // exactly, and x advances by dxdy): the rows from the second to the one before the last.
    // Rows above the stored ones only advance x.
    const long inner_end = (y_end - 1 < last_stored ? y_end - 1 : last_stored);
    if (y + 1 < inner_end) {
        x = general_row(&c, y, x, ay, by, y_end, bx, dxdy, dir, ls);
        y++;
        for (; y < inner_end && y < store_top; y++) x = x + dxdy;
        if (y < inner_end) {
            if (dxdy >= 0) x = inner_rows(&c, y, inner_end, x, dxdy, dir, ls, 1);
            else x = inner_rows(&c, y, inner_end, x, dxdy, dir, ls, 0);
            y = inner_end;
        }
    }
    for (; y < last_stored; y++) x = general_row(&c, y, x, ay, by, y_end, bx, dxdy, dir, ls);
}

void lamina_add_segment(lamina_cells *a, float x0, float y0, float x1, float y1) {
    if (a->lane_shift == 0) add_segment_body(a, x0, y0, x1, y1, 0); else add_segment_body(a, x0, y0, x1, y1, 2);
}
