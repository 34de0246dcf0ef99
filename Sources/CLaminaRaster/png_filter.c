// PNG rows for the encoder: each row of 8-bit RGBA pixels filtered (PNG specification, section
// 9) with the filter among None, Sub, Up and Paeth whose output has the smallest sum of bytes
// taken as signed magnitudes (the heuristic the specification suggests, section 12.8). Every
// filter's output depends only on the source pixels, so sixteen bytes are computed at a time.
#include <string.h>
#include "lamina_raster.h"
#include "raster_base.h"

typedef uint8_t f16qu __attribute__((vector_size(16), aligned(1)));
typedef uint8_t f8qu __attribute__((vector_size(8)));
typedef int16_t f8hi __attribute__((vector_size(16)));
typedef uint16_t f16hu __attribute__((vector_size(32)));

// Vectors of 128 bits at most cross function boundaries (wider ones change the ABI without AVX).
static inline __attribute__((always_inline)) f8hi habs(f8hi v) { f8hi m = v >> 15; return (v ^ m) - m; }

// The Paeth predictor of eight bytes in 16-bit lanes: a left, b up, c up-left.
static inline __attribute__((always_inline)) f8qu paeth8(f8qu a8, f8qu b8, f8qu c8) {
    f8hi a = __builtin_convertvector(a8, f8hi), b = __builtin_convertvector(b8, f8hi), c = __builtin_convertvector(c8, f8hi);
    f8hi pa = habs(b - c), pb = habs(a - c), pc = habs(a + b - c - c);
    f8hi useA = (pa <= pb) & (pa <= pc);
    f8hi useB = ~useA & (pb <= pc);
    return __builtin_convertvector((useA & a) | (useB & b) | (~(useA | useB) & c), f8qu);
}

// The Paeth predictor of sixteen bytes, as two halves.
static inline __attribute__((always_inline)) f16qu paeth16(f16qu a, f16qu b, f16qu c) {
    f8qu lo = paeth8(__builtin_shufflevector(a, a, 0, 1, 2, 3, 4, 5, 6, 7), __builtin_shufflevector(b, b, 0, 1, 2, 3, 4, 5, 6, 7),
                     __builtin_shufflevector(c, c, 0, 1, 2, 3, 4, 5, 6, 7));
    f8qu hi = paeth8(__builtin_shufflevector(a, a, 8, 9, 10, 11, 12, 13, 14, 15), __builtin_shufflevector(b, b, 8, 9, 10, 11, 12, 13, 14, 15),
                     __builtin_shufflevector(c, c, 8, 9, 10, 11, 12, 13, 14, 15));
    return __builtin_shufflevector(lo, hi, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}

// |x| of each byte taken as signed (128 stays 128).
static inline __attribute__((always_inline)) f16qu sabs(f16qu x) {
    f16qu n = (f16qu){0} - x;
    f16qu less = (f16qu)(x < n);
    return (x & less) | (n & ~less);
}

static inline __attribute__((always_inline)) uint8_t paeth1(int a, int b, int c) {
    int p = a + b - c;
    int pa = p > a ? p - a : a - p, pb = p > b ? p - b : b - p, pc = p > c ? p - c : c - p;
    return (uint8_t)(pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
}

static inline __attribute__((always_inline)) unsigned sabs1(uint8_t x) { return x < 128 ? x : 256u - x; }

// The residual of byte i of row `r` (`p` the row above) under `filter` (0 None, 1 Sub, 2 Up, 4 Paeth).
static inline __attribute__((always_inline)) uint8_t residual1(int filter, const uint8_t *r, const uint8_t *p, long i) {
    int a = i >= 4 ? r[i - 4] : 0, b = p[i], c = i >= 4 ? p[i - 4] : 0;
    switch (filter) {
    case 1: return (uint8_t)(r[i] - a);
    case 2: return (uint8_t)(r[i] - b);
    case 4: return (uint8_t)(r[i] - paeth1(a, b, c));
    default: return r[i];
    }
}

// Adds byte i's magnitude under each filter to `cost` (None, Sub, Up, Paeth).
static inline __attribute__((always_inline)) void add_costs1(const uint8_t *r, const uint8_t *p, long i, unsigned long cost[4]) {
    cost[0] += sabs1(r[i]); cost[1] += sabs1(residual1(1, r, p, i));
    cost[2] += sabs1(residual1(2, r, p, i)); cost[3] += sabs1(residual1(4, r, p, i));
}

// The four filters' sums for row `r` of `n` bytes (None, Sub, Up, Paeth).
static void row_costs(const uint8_t *r, const uint8_t *p, long n, unsigned long cost[4]) {
    cost[0] = cost[1] = cost[2] = cost[3] = 0;
    long i = 0;
    for (; i < 4 && i < n; i++) add_costs1(r, p, i, cost);
    // Lanes of 16 bits hold at most 255 chunks of 128 before they are added up.
    f16hu sn = {0}, ss = {0}, su = {0}, sp = {0};
    int pending = 0;
    for (; i + 16 <= n; i += 16) {
        f16qu x = *(const f16qu *)(r + i), a = *(const f16qu *)(r + i - 4);
        f16qu b = *(const f16qu *)(p + i), c = *(const f16qu *)(p + i - 4);
        sn += __builtin_convertvector(sabs(x), f16hu);
        ss += __builtin_convertvector(sabs(x - a), f16hu);
        su += __builtin_convertvector(sabs(x - b), f16hu);
        sp += __builtin_convertvector(sabs(x - paeth16(a, b, c)), f16hu);
        if (++pending == 255) {
            for (int k = 0; k < 16; k++) { cost[0] += sn[k]; cost[1] += ss[k]; cost[2] += su[k]; cost[3] += sp[k]; }
            sn = ss = su = sp = (f16hu){0};
            pending = 0;
        }
    }
    for (int k = 0; k < 16; k++) { cost[0] += sn[k]; cost[1] += ss[k]; cost[2] += su[k]; cost[3] += sp[k]; }
    for (; i < n; i++) add_costs1(r, p, i, cost);
}

// Row `r` filtered with `filter` into `out`.
static void filter_row(int filter, const uint8_t *r, const uint8_t *p, long n, uint8_t *out) {
    if (filter == 0) { memcpy(out, r, (size_t)n); return; }
    long i = 0;
    for (; i < 4 && i < n; i++) out[i] = residual1(filter, r, p, i);
    for (; i + 16 <= n; i += 16) {
        f16qu x = *(const f16qu *)(r + i), a = *(const f16qu *)(r + i - 4);
        f16qu b = *(const f16qu *)(p + i), c = *(const f16qu *)(p + i - 4);
        f16qu y = filter == 1 ? x - a : filter == 2 ? x - b : x - paeth16(a, b, c);
        *(f16qu *)(out + i) = y;
    }
    for (; i < n; i++) out[i] = residual1(filter, r, p, i);
}

long lamina_png_filter_rows(const uint8_t *rgba, long width, long height, long stride, uint8_t *out) {
    const long n = width * 4;
    // The row above the first one: zeros.
    uint8_t *zeros = calloc((size_t)(n > 0 ? n : 1), 1);
    if (!zeros) return 0;
    for (long y = 0; y < height; y++) {
        const uint8_t *r = rgba + y * stride, *p = y > 0 ? r - stride : zeros;
        uint8_t *o = out + y * (n + 1);
        if (memcmp(r, p, (size_t)n) == 0) {
            // A row like the one above (most of a screen): Up gives zeros, the least possible;
            // None or Sub would too only for a row of zeros, and come first.
            o[0] = memcmp(r, zeros, (size_t)n) == 0 ? 0 : 2;
            memset(o + 1, 0, (size_t)n);
            continue;
        }
        unsigned long cost[4];
        row_costs(r, p, n, cost);
        // The cheapest; ties go to the simpler filter.
        static const int types[4] = {0, 1, 2, 4};
        int best = 0;
        for (int k = 1; k < 4; k++) if (cost[k] < cost[best]) best = k;
        o[0] = (uint8_t)types[best];
        filter_row(types[best], r, p, n, o + 1);
    }
    free(zeros);
    return height * (n + 1);
}
