// Whole-image pixel conversions for the codecs: premultiplying decoded RGBA and reading 32-bit
// pixels of any layout as straight RGBA. Plain C loops: fast even where the package is built
// without optimisation (a debug `swift test`), where the same loops in Swift run per element.
#include "lamina_raster.h"
#include <stddef.h>

void lamina_premultiply_rgba8(uint8_t *p, long count) {
    for (long i = 0; i < count; i++, p += 4) {
        uint32_t a = p[3];
        if (a == 255) continue;
        for (int c = 0; c < 3; c++) {
            uint32_t t = p[c] * a + 128;
            p[c] = (uint8_t)((t + (t >> 8)) >> 8);
        }
    }
}

void lamina_straight_rgba8_from_32(const uint8_t *src, long src_stride, uint8_t *dst, long width, long height,
                                   int r, int g, int b, int a, int mode) {
    for (long y = 0; y < height; y++) {
        const uint8_t *s = src + y * src_stride;
        uint8_t *d = dst + y * width * 4;
        for (long x = 0; x < width; x++, s += 4, d += 4) {
            uint32_t alpha = mode == 2 ? 255 : s[a];
            uint32_t cr = s[r], cg = s[g], cb = s[b];
            if (mode == 1 && alpha != 0 && alpha != 255) {
                cr = (cr * 255 + alpha / 2) / alpha; if (cr > 255) cr = 255;
                cg = (cg * 255 + alpha / 2) / alpha; if (cg > 255) cg = 255;
                cb = (cb * 255 + alpha / 2) / alpha; if (cb > 255) cb = 255;
            }
            d[0] = (uint8_t)cr; d[1] = (uint8_t)cg; d[2] = (uint8_t)cb; d[3] = (uint8_t)alpha;
        }
    }
}
