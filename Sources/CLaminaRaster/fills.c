// Filling pixels with one value: called instead of Swift's generic `update(repeating:count:)`,
// which an unoptimised (debug) build runs element by element through the type's witnesses.
#include <string.h>
#include "lamina_raster.h"

void lamina_fill_32(uint32_t *dst, long count, uint32_t value) {
    if (count <= 0) return;
    if ((value & 0xFF) * 0x01010101u == value) { memset(dst, (int)(value & 0xFF), (size_t)count * 4); return; }
    // Doubling copies: the first word, then ever larger blocks of the words already written.
    dst[0] = value;
    long done = 1;
    while (done < count) {
        long n = done < count - done ? done : count - done;
        memcpy(dst + done, dst, (size_t)n * 4);
        done += n;
    }
}
