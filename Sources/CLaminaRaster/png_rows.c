// PNG rows: reversing the five row filters (PNG specification, section 9: None, Sub, Up,
// Average, Paeth) of 8-bit RGB or RGBA rows, and the rows laid out as RGBA pixels, for the PNG
// decoder's direct path. Vectors for 4-byte pixels (each pixel depends on the one before it, so
// a pixel at a time, its four bytes together; Up sixteen bytes at a time), plain C otherwise.
#include <string.h>
#include "lamina_raster.h"
#include "raster_base.h"

static inline __attribute__((always_inline)) uint8_t paeth_byte(int a, int b, int c) {
    int p = a + b - c;
    int pa = p > a ? p - a : a - p, pb = p > b ? p - b : b - p, pc = p > c ? p - c : c - p;
    return (uint8_t)(pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
}

// One row, scalar: `r` the filtered bytes (replaced), `p` the row above reconstructed (NULL for
// the first row: zeros).
static void unfilter_scalar(int filter, uint8_t *r, const uint8_t *p, long n, int bpp) {
    switch (filter) {
    case 1: for (long i = bpp; i < n; i++) r[i] = (uint8_t)(r[i] + r[i - bpp]); break;
    case 2: if (p) for (long i = 0; i < n; i++) r[i] = (uint8_t)(r[i] + p[i]); break;
    case 3:
        for (long i = 0; i < n; i++) {
            int left = i >= bpp ? r[i - bpp] : 0, up = p ? p[i] : 0;
            r[i] = (uint8_t)(r[i] + ((left + up) >> 1));
        }
        break;
    case 4:
        for (long i = 0; i < n; i++) {
            int left = i >= bpp ? r[i - bpp] : 0, up = p ? p[i] : 0, upLeft = p && i >= bpp ? p[i - bpp] : 0;
            r[i] = (uint8_t)(r[i] + paeth_byte(left, up, upLeft));
        }
        break;
    default: break;
    }
}

// The compiler's vector extensions (portable: no intrinsics, no x86 switch): 16-bit lanes for
// the sums and comparisons of a pixel's four bytes.
typedef int16_t v4hi __attribute__((vector_size(8)));
typedef uint8_t v4qu __attribute__((vector_size(4), aligned(1)));
typedef uint8_t v16qu __attribute__((vector_size(16), aligned(1)));

// |v| per lane.
static inline __attribute__((always_inline)) v4hi abs4(v4hi v) { v4hi m = v >> 15; return (v ^ m) - m; }

// One row of 4-byte pixels, a pixel at a time (the same bytes as `unfilter_scalar`).
static void unfilter_vector_4(int filter, uint8_t *r, const uint8_t *p, long n) {
    const v4hi zero = {0, 0, 0, 0};
    switch (filter) {
    case 1: {
        v4qu a = {0, 0, 0, 0};
        for (long i = 0; i < n; i += 4) { a = *(v4qu *)(r + i) + a; *(v4qu *)(r + i) = a; }
        break;
    }
    case 2: {
        if (!p) break;
        long i = 0;
        for (; i + 16 <= n; i += 16) *(v16qu *)(r + i) = *(v16qu *)(r + i) + *(const v16qu *)(p + i);
        for (; i < n; i++) r[i] = (uint8_t)(r[i] + p[i]);
        break;
    }
    case 3: {
        // (left + up) >> 1 in 16-bit lanes.
        v4hi a = zero;
        for (long i = 0; i < n; i += 4) {
            v4hi b = p ? __builtin_convertvector(*(const v4qu *)(p + i), v4hi) : zero;
            v4qu x = *(v4qu *)(r + i) + __builtin_convertvector((a + b) >> 1, v4qu);
            *(v4qu *)(r + i) = x;
            a = __builtin_convertvector(x, v4hi);
        }
        break;
    }
    case 4: {
        // Paeth in 16-bit lanes: a left, b up, c up-left; the predictor is a where
        // |b - c| <= |a - c| and <= |a + b - 2c|, else b where |a - c| <= |a + b - 2c|, else c.
        v4hi a = zero, c = zero;
        for (long i = 0; i < n; i += 4) {
            // Four pixels under a flat stretch of the row above (the pixel above-left and the four
            // above all equal: b = c, so the predictor is a) with nothing added (filtered bytes
            // 0): each is the pixel to its left, as the loop below would compute one by one.
            // A screenshot's backgrounds are mostly such stretches.
            if (p && i + 16 <= n) {
                uint64_t f[2];
                memcpy(f, r + i, 16);
                if ((f[0] | f[1]) == 0) {
                    uint32_t up[4], above_left = 0, left = 0;
                    memcpy(up, p + i, 16);
                    if (i >= 4) { memcpy(&above_left, p + i - 4, 4); memcpy(&left, r + i - 4, 4); }
                    if (up[0] == above_left && up[1] == above_left && up[2] == above_left && up[3] == above_left) {
                        const uint32_t px[4] = {left, left, left, left};
                        memcpy(r + i, px, 16);
                        i += 12;    // a and c are unchanged: the left pixel, and the one above
                        continue;
                    }
                }
            }
            v4hi b = p ? __builtin_convertvector(*(const v4qu *)(p + i), v4hi) : zero;
            v4hi pa = b - c, pb = a - c;
            v4hi pc = abs4(pa + pb);
            pa = abs4(pa); pb = abs4(pb);
            v4hi useA = (pa <= pb) & (pa <= pc);
            v4hi useB = ~useA & (pb <= pc);
            v4hi pred = (useA & a) | (useB & b) | (~(useA | useB) & c);
            v4qu x = *(v4qu *)(r + i) + __builtin_convertvector(pred, v4qu);
            *(v4qu *)(r + i) = x;
            a = __builtin_convertvector(x, v4hi);
            c = b;
        }
        break;
    }
    default: break;
    }
}

int lamina_png_unfilter(uint8_t *raw, long width, long height, int bpp) {
    if (bpp != 3 && bpp != 4) return 0;
    const long n = width * bpp, stride = n + 1;
    // The vector loop on the SIMD paths, the scalar one on the scalar path (tests compare them).
    const int vector = bpp == 4 && raster_level() >= 1;
    for (long y = 0; y < height; y++) {
        uint8_t *row = raw + y * stride;
        const int filter = row[0];
        if (filter > 4) return 0;
        const uint8_t *above = y > 0 ? row - stride + 1 : NULL;
        if (vector) { unfilter_vector_4(filter, row + 1, above, n); continue; }
        unfilter_scalar(filter, row + 1, above, n, bpp);
    }
    return 1;
}

int lamina_png_unfilter_rgba(uint8_t *raw, long width, long height, int premultiply) {
    const long n = width * 4, stride = n + 1;
    const int vector = raster_level() >= 1;
    for (long y = 0; y < height; y++) {
        uint8_t *row = raw + y * stride;
        const int filter = row[0];
        if (filter > 4) return 0;
        // The row above, already moved to its place (and still straight: it is premultiplied
        // only after this row used it).
        const uint8_t *above = y > 0 ? raw + (y - 1) * n : NULL;
        if (vector) unfilter_vector_4(filter, row + 1, above, n);
        else unfilter_scalar(filter, row + 1, above, n, 4);
        // Moved while in cache: to the left by the filter bytes before it (y + 1), overlapping.
        memmove(raw + y * n, row + 1, (size_t)n);
        if (premultiply && y > 0) lamina_premultiply_rgba8(raw + (y - 1) * n, width);
    }
    if (premultiply && height > 0) lamina_premultiply_rgba8(raw + (height - 1) * n, width);
    return 1;
}

long lamina_png_sequential_rows(const uint8_t *raw, long width, long height, int bpp) {
    const long stride = width * bpp + 1;
    long count = 0;
    for (long y = 0; y < height; y++) { const int f = raw[y * stride]; count += f == 1 || f == 3 || f == 4; }
    return count;
}

int lamina_raster_optimized(void) {
#ifdef __OPTIMIZE__
    return 1;
#else
    return 0;
#endif
}

void lamina_png_rows_to_rgba(const uint8_t *raw, long width, long height, int bpp, uint8_t *dst) {
    const long n = width * bpp, stride = n + 1;
    for (long y = 0; y < height; y++) {
        const uint8_t *src = raw + y * stride + 1;
        uint8_t *out = dst + y * width * 4;
        if (bpp == 4) { memcpy(out, src, (size_t)n); continue; }
        for (long x = 0; x < width; x++) {
            out[4 * x] = src[3 * x]; out[4 * x + 1] = src[3 * x + 1]; out[4 * x + 2] = src[3 * x + 2]; out[4 * x + 3] = 255;
        }
    }
}
