#include <string.h>
// Whole-image pixel conversions for the codecs: premultiplying decoded RGBA and reading 32-bit
// pixels of any layout as straight RGBA. Plain C loops: fast even where the package is built
// without optimisation (a debug `swift test`), where the same loops in Swift run per element.
#include "lamina_raster.h"
#include <stddef.h>

static inline __attribute__((always_inline)) void premultiply_pixel(uint8_t *p) {
    uint32_t a = p[3];
    if (a == 255) return;
    for (int c = 0; c < 3; c++) {
        uint32_t t = p[c] * a + 128;
        p[c] = (uint8_t)((t + (t >> 8)) >> 8);
    }
}

void lamina_premultiply_rgba8(uint8_t *p, long count) {
    long i = 0;
    // Four opaque pixels (most of a screen) are passed over with one test of their alphas.
    for (; i + 4 <= count; i += 4, p += 16) {
        uint64_t lo, hi;
        memcpy(&lo, p, 8); memcpy(&hi, p + 8, 8);
        if ((lo & hi & 0xFF000000FF000000ull) == 0xFF000000FF000000ull) continue;
        premultiply_pixel(p); premultiply_pixel(p + 4); premultiply_pixel(p + 8); premultiply_pixel(p + 12);
    }
    for (; i < count; i++, p += 4) premultiply_pixel(p);
}

/* A premultiplied channel divided by its alpha (1...254 or 255), rounded, at most 255. */
static inline __attribute__((always_inline)) uint32_t unpremultiplied(uint32_t c, uint32_t alpha) {
    uint32_t v = (c * 255 + alpha / 2) / alpha;
    return v > 255 ? 255 : v;
}

void lamina_straight_rgba8_from_32(const uint8_t *src, long src_stride, uint8_t *dst, long width, long height,
                                   int r, int g, int b, int a, int mode) {
    for (long y = 0; y < height; y++) {
        const uint8_t *s = src + y * src_stride;
        uint8_t *d = dst + y * width * 4;
        if (mode == 0 && r == 0 && g == 1 && b == 2 && a == 3) { memcpy(d, s, (size_t)width * 4); continue; }
        if (mode == 0 && r == 2 && g == 1 && b == 0 && a == 3) {
            /* BGRA in memory (little-endian alpha-first words): swap the first and third bytes of
               each pixel, a word at a time. */
            for (long x = 0; x < width; x++) {
                uint32_t v;
                memcpy(&v, s + 4 * x, 4);
                v = (v & 0xFF00FF00u) | ((v & 0x00FF0000u) >> 16) | ((v & 0x000000FFu) << 16);
                memcpy(d + 4 * x, &v, 4);
            }
            continue;
        }
        if (mode == 1 && a == 3 && g == 1 && ((r == 0 && b == 2) || (r == 2 && b == 0))) {
            /* Premultiplied RGBA or BGRA: opaque pixels (most of a screen) copied a word at a
               time, the others divided. */
            const int swap = r == 2;
            for (long x = 0; x < width; x++, s += 4, d += 4) {
                uint32_t alpha = s[3];
                if (alpha == 255) {
                    uint32_t v;
                    memcpy(&v, s, 4);
                    if (swap) v = (v & 0xFF00FF00u) | ((v & 0x00FF0000u) >> 16) | ((v & 0x000000FFu) << 16);
                    memcpy(d, &v, 4);
                    continue;
                }
                uint32_t cr = s[r], cg = s[1], cb = s[b];
                if (alpha != 0) { cr = unpremultiplied(cr, alpha); cg = unpremultiplied(cg, alpha); cb = unpremultiplied(cb, alpha); }
                d[0] = (uint8_t)cr; d[1] = (uint8_t)cg; d[2] = (uint8_t)cb; d[3] = (uint8_t)alpha;
            }
            continue;
        }
        for (long x = 0; x < width; x++, s += 4, d += 4) {
            uint32_t alpha = mode == 2 ? 255 : s[a];
            uint32_t cr = s[r], cg = s[g], cb = s[b];
            if (mode == 1 && alpha != 0 && alpha != 255) {
                cr = unpremultiplied(cr, alpha); cg = unpremultiplied(cg, alpha); cb = unpremultiplied(cb, alpha);
            }
            d[0] = (uint8_t)cr; d[1] = (uint8_t)cg; d[2] = (uint8_t)cb; d[3] = (uint8_t)alpha;
        }
    }
}

static inline __attribute__((always_inline)) uint64_t lamina_rotl64(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }
static inline __attribute__((always_inline)) uint64_t lamina_mix64(uint64_t x) {
    x ^= x >> 33; x *= 0xFF51AFD7ED558CCDull; x ^= x >> 33; x *= 0xC4CEB9FE1A85EC53ull; x ^= x >> 33;
    return x;
}

void lamina_hash128(const uint8_t *bytes, long count, uint64_t *out) {
    uint64_t h1 = 0x9E3779B97F4A7C15ull ^ (uint64_t)count, h2 = 0xC2B2AE3D27D4EB4Full + (uint64_t)count;
    long i = 0;
    for (; i + 16 <= count; i += 16) {
        uint64_t a, b;
        memcpy(&a, bytes + i, 8);
        memcpy(&b, bytes + i + 8, 8);
        h1 = lamina_rotl64(h1 ^ (a * 0x87C37B91114253D5ull), 31) * 0x4CF5AD432745937Full + b;
        h2 = lamina_rotl64(h2 ^ (b * 0x4CF5AD432745937Full), 33) * 0x87C37B91114253D5ull + a;
    }
    uint64_t tail1 = 0, tail2 = 0;
    for (long k = 0; i < count; i++, k++) {
        if (k < 8) tail1 |= (uint64_t)bytes[i] << (8 * k); else tail2 |= (uint64_t)bytes[i] << (8 * (k - 8));
    }
    h1 = lamina_mix64(h1 ^ tail1 ^ lamina_rotl64(h2, 17));
    h2 = lamina_mix64(h2 ^ tail2 ^ lamina_rotl64(h1, 29));
    out[0] = h1;
    out[1] = h2;
}
