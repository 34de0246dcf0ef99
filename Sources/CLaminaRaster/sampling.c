// Images sampled through an affine mapping with bilinear filtering and laid over a span by
// source-over (backing stores at fractional offsets, scaled and rotated contents). Each pixel's
// position is stepped and rounded in doubles exactly as Lamina's Swift image painter steps it;
// the four neighbours are then mixed and laid over 4 (SSE2) or 8 (AVX2) pixels at a time.
#include "pixel_math.h"

// ⌊x⌋ as Swift's `ImagePainter.floorInt` computes it: truncation, one less for negative fractions.
static inline __attribute__((always_inline)) long floor_long(double x) {
    long i = (long)x;
    return (double)i > x ? i - 1 : i;
}

static inline __attribute__((always_inline)) long wrap_index(long v, long n, int tiled) {
    if (tiled) { long r = v % n; return r < 0 ? r + n : r; }
    return v < 0 ? 0 : (v >= n ? n - 1 : v);
}

// `a + (b - a) * t / 256` per byte, as Swift's `ImagePainter.lerp`: (a * (256 - t) + b * t) >> 8.
static inline __attribute__((always_inline)) uint32_t lerp_word(uint32_t a, uint32_t b, uint32_t t) {
    const uint32_t m = 0x00FF00FFu;
    uint32_t lo = (((a & m) * (256 - t) + (b & m) * t) >> 8) & m;
    uint32_t hi = ((((a >> 8) & m) * (256 - t) + ((b >> 8) & m) * t) >> 8) & m;
    return lo | (hi << 8);
}

// Pixel i's coverage times the global alpha (the entry point has already stepped over `skip`).
static inline __attribute__((always_inline)) uint32_t pixel_factor(const lamina_bilinear_span *s, long i) {
    uint32_t c = !s->mask ? s->constant : s->constant == 255 ? s->mask[i] : mul255(s->constant, s->mask[i]);
    return s->alpha != 255 ? mul255(c, s->alpha) : c;
}

// Mixes four neighbours by the weights and lays the result over *d at factor k (coverage times
// alpha), as the Swift painter does one pixel.
static inline __attribute__((always_inline)) void mix_over(uint32_t *d, uint32_t a0, uint32_t a1, uint32_t b0, uint32_t b1, uint32_t tx, uint32_t ty,
                            uint32_t k, int alpha_shift) {
    if (k == 0 || (a0 | a1 | b0 | b1) == 0) return;
    uint32_t c = lerp_word(lerp_word(a0, a1, tx), lerp_word(b0, b1, tx), ty);
    if (c == 0) return;
    if (k != 255) c = scale_word(c, k);
    uint32_t inv = 255 - ((c >> alpha_shift) & 0xFF);
    *d = inv == 0 ? c : c + scale_word(*d, inv);
}

// The four words around position (u, v) (pixel centres at +0.5), clamped at the edges or
// tiled, and their weights, as Swift's `ImagePainter.sample` finds them.
static inline __attribute__((always_inline)) void neighbours(const lamina_bilinear_span *s, double u, double v, uint32_t *a0, uint32_t *a1, uint32_t *b0,
                              uint32_t *b1, uint32_t *tx, uint32_t *ty) {
    const long w = s->width, h = s->height;
    double fu = u - 0.5, fv = v - 0.5;
    long x0 = floor_long(fu), y0 = floor_long(fv);
    *tx = (uint32_t)((fu - (double)x0) * 256);
    *ty = (uint32_t)((fv - (double)y0) * 256);
    long xa = wrap_index(x0, w, s->tiled), xb = wrap_index(x0 + 1, w, s->tiled);
    const uint32_t *row_a = s->pixels + wrap_index(y0, h, s->tiled) * w, *row_b = s->pixels + wrap_index(y0 + 1, h, s->tiled) * w;
    *a0 = row_a[xa]; *a1 = row_a[xb]; *b0 = row_b[xa]; *b1 = row_b[xb];
}

// Up to eight pixels' neighbours and weights: row a's left and right words, row b's, and the
// horizontal and vertical weights (0...255).
typedef struct {
    uint32_t a0[8], a1[8], b0[8], b1[8], tx[8], ty[8], k[8];
} block8;

// The running position, stepped as the Swift loop steps it (`u += du` after every pixel).
typedef struct { double u, v; } position;

// Fills pixels [0, n) of a block starting at span pixel `first`, advancing `p` past them.
// Pixels at zero coverage are stepped over (their words left zero) without being sampled.
static inline __attribute__((always_inline)) void fill_block(const lamina_bilinear_span *s, position *p, long first, long n, block8 *b) {
    double u = p->u, v = p->v;
    for (long j = 0; j < 8; j++) {
        b->k[j] = j < n ? pixel_factor(s, first + j) : 0;
        b->a0[j] = b->a1[j] = b->b0[j] = b->b1[j] = 0;
        b->tx[j] = b->ty[j] = 0;
    }
    if (s->dv == 0 && !s->tiled) {
        // One pair of rows and one vertical weight for the block (v does not move): the
        // neighbours' rows found once (scaled images, per pixel of them).
        const long w = s->width;
        double fv = v - 0.5;
        long y0 = floor_long(fv);
        uint32_t ty = (uint32_t)((fv - (double)y0) * 256);
        const uint32_t *row_a = s->pixels + wrap_index(y0, s->height, 0) * w, *row_b = s->pixels + wrap_index(y0 + 1, s->height, 0) * w;
        for (long j = 0; j < n; j++, u += s->du) {
            if (b->k[j] == 0) continue;
            double fu = u - 0.5;
            long x0 = floor_long(fu);
            long xa = wrap_index(x0, w, 0), xb = wrap_index(x0 + 1, w, 0);
            b->tx[j] = (uint32_t)((fu - (double)x0) * 256);
            b->ty[j] = ty;
            b->a0[j] = row_a[xa]; b->a1[j] = row_a[xb]; b->b0[j] = row_b[xa]; b->b1[j] = row_b[xb];
        }
    } else {
        for (long j = 0; j < n; j++, u += s->du, v += s->dv) {
            if (b->k[j] != 0) neighbours(s, u, v, &b->a0[j], &b->a1[j], &b->b0[j], &b->b1[j], &b->tx[j], &b->ty[j]);
        }
    }
    p->u = u;
    p->v = v;
}

static void bilinear_scalar(const lamina_bilinear_span *s) {
    position p = { s->u, s->v };
    block8 b;
    for (long i = 0; i < s->count; i += 8) {
        long n = s->count - i < 8 ? s->count - i : 8;
        fill_block(s, &p, i, n, &b);
        for (long j = 0; j < n; j++) mix_over(s->dst + i + j, b.a0[j], b.a1[j], b.b0[j], b.b1[j], b.tx[j], b.ty[j], b.k[j], s->alpha_shift);
    }
}

// How many pixels from one at position `u` (stepping by exactly 1.0) sit at u + j exactly, j
// counted from 0, at most `most`: while u + j stays in u's binade [2^e, 2^(e+1)) each sum is
// representable, so the running additions make no rounding, every such position keeps u's
// fraction (u - 0.5 too, exactly), and the samples share their weights. 0 for u below 1 or
// beyond 2^52 (those pixels are stepped one at a time).
static inline __attribute__((always_inline)) long exact_run(double u, long most) {
    if (!(u >= 1.0 && u < 4503599627370496.0)) return 0;
    int e;
    (void)frexp(u, &e);  // u = m * 2^e, m in [0.5, 1): the binade ends at 2^e.
    double room = ldexp(1.0, e) - u;  // exact (both in [2^(e-1), 2^e])
    long n = (long)ceil(room);
    return n < most ? n : most;
}

// Samples and lays over one pixel at position (u, v) as the Swift painter does, at factor k
// (coverage times alpha).
static inline __attribute__((always_inline)) void one_pixel(const lamina_bilinear_span *s, uint32_t *d, double u, double v, uint32_t k) {
    if (k == 0) return;
    uint32_t a0, a1, b0, b1, tx, ty;
    neighbours(s, u, v, &a0, &a1, &b0, &b1, &tx, &ty);
    mix_over(d, a0, a1, b0, b1, tx, ty, k, s->alpha_shift);
}

struct lamina_bilinear_columns {
    /// The key: the first position, the step, and the image width the entries were made for.
    double u, du;
    long width;
    /// Entries valid, and allocated.
    long count, capacity;
    /// Per pixel: the left and right neighbours' columns (clamped), and the horizontal weight
    /// in both 16-bit halves.
    int32_t *xa, *xb;
    uint32_t *tx;
};

lamina_bilinear_columns *lamina_bilinear_columns_new(void) { return calloc(1, sizeof(lamina_bilinear_columns)); }

void lamina_bilinear_columns_free(lamina_bilinear_columns *c) {
    if (!c) return;
    free(c->xa);
    free(c->xb);
    free(c->tx);
    free(c);
}

// The table for a span of `count` pixels from `u` stepping by `du` (not tiled, the rows fixed),
// computed as the Swift loop steps (u += du after every pixel), or NULL when it cannot be held.
// A span starting where the table starts, no longer than it, reads a prefix of it: the running
// sum from the same start takes the same values.
static const lamina_bilinear_columns *columns_for(lamina_bilinear_columns *c, double u, double du, long count, long width) {
    if (!c || count <= 0 || count > (1L << 24) || width > INT32_MAX) return NULL;
    if (count <= c->count && c->u == u && c->du == du && c->width == width) return c;
    if (count > c->capacity) {
        long cap = count > 2 * c->capacity ? count : 2 * c->capacity;
        int32_t *xa = malloc((size_t)cap * sizeof(int32_t)), *xb = malloc((size_t)cap * sizeof(int32_t));
        uint32_t *tx = malloc((size_t)cap * sizeof(uint32_t));
        if (!xa || !xb || !tx) { free(xa); free(xb); free(tx); return NULL; }
        free(c->xa); free(c->xb); free(c->tx);
        c->xa = xa; c->xb = xb; c->tx = tx;
        c->capacity = cap;
        c->count = 0;
    }
    double x = u;
    for (long j = 0; j < count; j++, x += du) {
        double fu = x - 0.5;
        long x0 = floor_long(fu);
        uint32_t t = (uint32_t)((fu - (double)x0) * 256);
        c->tx[j] = t | (t << 16);
        c->xa[j] = (int32_t)wrap_index(x0, width, 0);
        c->xb[j] = (int32_t)wrap_index(x0 + 1, width, 0);
    }
    c->u = u; c->du = du; c->width = width; c->count = count;
    return c;
}

#ifdef LAMINA_X86
// Per 16-bit lane: (a * (256 - t) + b * t) >> 8, with t and 256 - t given per lane.
static inline __attribute__((always_inline)) __m128i lerp16_sse2(__m128i a, __m128i b, __m128i t, __m128i t_inv) {
    return _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(a, t_inv), _mm_mullo_epi16(b, t)), 8);
}

// `lerp_word` on four words, each word's weight in the low 16 bits of its lane of `t32`.
static inline __attribute__((always_inline)) __m128i lerp4_sse2(__m128i a, __m128i b, __m128i t32) {
    const __m128i even = _mm_set1_epi32(0x00FF00FF);
    __m128i t = _mm_or_si128(t32, _mm_slli_epi32(t32, 16));
    __m128i t_inv = _mm_sub_epi16(_mm_set1_epi16(256), t);
    __m128i lo = lerp16_sse2(_mm_and_si128(a, even), _mm_and_si128(b, even), t, t_inv);
    __m128i hi = lerp16_sse2(_mm_and_si128(_mm_srli_epi16(a, 8), even), _mm_and_si128(_mm_srli_epi16(b, 8), even), t, t_inv);
    return _mm_or_si128(lo, _mm_slli_epi16(hi, 8));
}

// Mixes and lays over four pixels (n of them written).
static inline __attribute__((always_inline)) void blend4_sse2(uint32_t *dst, long n, __m128i a0, __m128i a1, __m128i b0, __m128i b1, __m128i tx, __m128i ty,
                               __m128i k, int alpha_shift) {
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi16(128);
    __m128i c = lerp4_sse2(lerp4_sse2(a0, a1, tx), lerp4_sse2(b0, b1, tx), ty);
    c = scale4_sse2(c, k, half, zero);
    if (_mm_movemask_epi8(_mm_cmpeq_epi32(c, zero)) == 0xFFFF) return;
    __m128i inv = _mm_xor_si128(_mm_and_si128(_mm_srl_epi32(c, _mm_cvtsi32_si128(alpha_shift)), _mm_set1_epi32(0xFF)),
                                _mm_set1_epi32(0xFF));
    uint32_t out[4];
    __m128i d;
    if (n == 4) d = _mm_loadu_si128((const __m128i *)dst);
    else { uint32_t in[4] = {0, 0, 0, 0}; memcpy(in, dst, (size_t)n * 4); d = _mm_loadu_si128((const __m128i *)in); }
    __m128i r = _mm_add_epi8(c, scale4_sse2(d, inv, half, zero));
    if (n == 4) { _mm_storeu_si128((__m128i *)dst, r); return; }
    _mm_storeu_si128((__m128i *)out, r);
    memcpy(dst, out, (size_t)n * 4);
}

static void bilinear_sse2(const lamina_bilinear_span *s) {
    position p = { s->u, s->v };
    block8 b;
    for (long i = 0; i < s->count; i += 8) {
        long n = s->count - i < 8 ? s->count - i : 8;
        fill_block(s, &p, i, n, &b);
        for (long j = 0; j < n; j += 4) {
            blend4_sse2(s->dst + i + j, n - j < 4 ? n - j : 4, _mm_loadu_si128((const __m128i *)(b.a0 + j)),
                        _mm_loadu_si128((const __m128i *)(b.a1 + j)), _mm_loadu_si128((const __m128i *)(b.b0 + j)),
                        _mm_loadu_si128((const __m128i *)(b.b1 + j)), _mm_loadu_si128((const __m128i *)(b.tx + j)),
                        _mm_loadu_si128((const __m128i *)(b.ty + j)), _mm_loadu_si128((const __m128i *)(b.k + j)),
                        s->alpha_shift);
        }
    }
}

__attribute__((target("avx2")))
static inline __attribute__((always_inline)) __m256i lerp16_avx2(__m256i a, __m256i b, __m256i t, __m256i t_inv) {
    return _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(a, t_inv), _mm256_mullo_epi16(b, t)), 8);
}

// `lerp_word` on eight words, each word's weight in both 16-bit lanes of its word of `t`.
__attribute__((target("avx2")))
static inline __attribute__((always_inline)) __m256i lerp8_avx2(__m256i a, __m256i b, __m256i t, __m256i t_inv) {
    const __m256i even = _mm256_set1_epi32(0x00FF00FF);
    __m256i lo = lerp16_avx2(_mm256_and_si256(a, even), _mm256_and_si256(b, even), t, t_inv);
    __m256i hi = lerp16_avx2(_mm256_srli_epi16(a, 8), _mm256_srli_epi16(b, 8), t, t_inv);
    return _mm256_or_si256(lo, _mm256_slli_epi16(hi, 8));
}

// Mixes and lays over eight pixels (n of them written); weights and factors in both 16-bit
// lanes of each word.
__attribute__((target("avx2")))
static inline __attribute__((always_inline)) void blend8_avx2(uint32_t *dst, long n, __m256i a0, __m256i a1, __m256i b0, __m256i b1, __m256i tx, __m256i ty,
                               __m256i k, int k_is_one, __m256i select) {
    const __m256i half = _mm256_set1_epi16(128), m257 = _mm256_set1_epi16(257), w256 = _mm256_set1_epi16(256);
    __m256i tx_inv = _mm256_sub_epi16(w256, tx), ty_inv = _mm256_sub_epi16(w256, ty);
    __m256i c = lerp8_avx2(lerp8_avx2(a0, a1, tx, tx_inv), lerp8_avx2(b0, b1, tx, tx_inv), ty, ty_inv);
    if (!k_is_one) c = scale8w_avx2(c, k, half, m257);
    if (_mm256_testz_si256(c, c)) return;
    over8w_avx2(dst, n, c, inverse_alpha8w_avx2(c, select), half, m257);
}

// A 32-bit value in both 16-bit lanes of each word.
__attribute__((target("avx2")))
static inline __attribute__((always_inline)) __m256i both_lanes(__m256i v) { return _mm256_or_si256(v, _mm256_slli_epi32(v, 16)); }

// The factors (coverage times alpha) of span pixels [i, i + n) in both 16-bit lanes of each
// word, as `pixel_factor` gives them, and in `one` whether every one is 255 (no mask).
__attribute__((target("avx2")))
static inline __attribute__((always_inline)) __m256i span_factors8(const lamina_bilinear_span *s, long i, long n, int *one) {
    if (!s->mask) {
        uint32_t kc = pixel_factor(s, i);
        *one = kc == 255;
        return _mm256_set1_epi16((short)kc);
    }
    // The coverage bytes times the constant, then the alpha (mul255 twice).
    *one = 0;
    uint64_t m8 = 0;
    if (n == 8) memcpy(&m8, s->mask + i, 8); else m8 = load_tail_bytes(s->mask + i, n);
    __m256i kv = mask_coverage8(m8, s->constant, _mm256_set1_epi32((int)s->constant));
    if (s->alpha != 255) {
        __m256i t = _mm256_add_epi32(_mm256_mullo_epi32(kv, _mm256_set1_epi32((int)s->alpha)), _mm256_set1_epi32(128));
        kv = _mm256_srli_epi32(_mm256_add_epi32(t, _mm256_srli_epi32(t, 8)), 8);
    }
    return both_lanes(kv);
}

__attribute__((target("avx2")))
static void bilinear_avx2(const lamina_bilinear_span *s) {
    const __m256i select = alpha_select_avx2(s->alpha_shift);
    const long count = s->count;
    long i = 0;
    if (s->du == 1.0 && s->dv == 0.0 && !s->tiled) {
        // Whole-pixel steps along a row (an image at scale 1 and a fractional offset): one pair
        // of rows and one vertical weight; the positions are run through as the Swift loop runs
        // them (u += 1 after every pixel), in stretches where that addition is exact, so every
        // pixel of a stretch shares its horizontal weight and reads the next word of each row.
        const long w = s->width, h = s->height;
        double fv = s->v - 0.5;
        long y0 = floor_long(fv);
        uint32_t ty = (uint32_t)((fv - (double)y0) * 256);
        const uint32_t *row_a = s->pixels + wrap_index(y0, h, 0) * w, *row_b = s->pixels + wrap_index(y0 + 1, h, 0) * w;
        const __m256i vty = _mm256_set1_epi16((short)ty);
        double u = s->u;
        while (i < count) {
            long run = exact_run(u, count - i);
            if (run < 8) {
                // Too short to share: a pixel at a time (below 1, at a binade's end).
                one_pixel(s, s->dst + i, u, s->v, pixel_factor(s, i));
                u += 1.0;
                i += 1;
                continue;
            }
            double fu = u - 0.5;
            long x0 = floor_long(fu);
            uint32_t tx = (uint32_t)((fu - (double)x0) * 256);
            const __m256i vtx = _mm256_set1_epi16((short)tx);
            for (long j = 0; j < run; ) {
                long x = x0 + j;
                long n = run - j < 8 ? run - j : 8;
                // Eight pixels whose neighbours all lie inside the row, straight from it; the
                // others (clamped at the row's ends) one at a time, with the same weights.
                if (x < 0 || x + n > w - 1) {
                    long xa = wrap_index(x, w, 0), xb = wrap_index(x + 1, w, 0);
                    mix_over(s->dst + i + j, row_a[xa], row_a[xb], row_b[xa], row_b[xb], tx, ty, pixel_factor(s, i + j),
                             s->alpha_shift);
                    j += 1;
                    continue;
                }
                const uint32_t *a = row_a + x, *b = row_b + x;
                __m256i a0, a1, b0, b1;
                if (n == 8) {
                    a0 = _mm256_loadu_si256((const __m256i *)a); a1 = _mm256_loadu_si256((const __m256i *)(a + 1));
                    b0 = _mm256_loadu_si256((const __m256i *)b); b1 = _mm256_loadu_si256((const __m256i *)(b + 1));
                } else {
                    a0 = load_tail_avx2(a, n); a1 = load_tail_avx2(a + 1, n);
                    b0 = load_tail_avx2(b, n); b1 = load_tail_avx2(b + 1, n);
                }
                if (!_mm256_testz_si256(_mm256_or_si256(_mm256_or_si256(a0, a1), _mm256_or_si256(b0, b1)), _mm256_set1_epi32(-1))) {
                    int one;
                    __m256i k = span_factors8(s, i + j, n, &one);
                    blend8_avx2(s->dst + i + j, n, a0, a1, b0, b1, vtx, vty, k, one, select);
                }
                j += n;
            }
            // Past the stretch: the last position plus one, rounded as the running sum rounds it.
            u = (u + (double)(run - 1)) + 1.0;
            i += run;
        }
        return;
    }
    const lamina_bilinear_columns *c = s->dv == 0.0 && !s->tiled ? columns_for(s->columns, s->u, s->du, count, s->width) : NULL;
    if (c) {
        // A row of a scaled image: one pair of image rows and one vertical weight, the columns
        // and horizontal weights from the table, the four neighbours gathered eight at a time.
        const long w = s->width, h = s->height;
        double fv = s->v - 0.5;
        long y0 = floor_long(fv);
        uint32_t ty = (uint32_t)((fv - (double)y0) * 256);
        const int *row_a = (const int *)(s->pixels + wrap_index(y0, h, 0) * w);
        const int *row_b = (const int *)(s->pixels + wrap_index(y0 + 1, h, 0) * w);
        const __m256i vty = _mm256_set1_epi16((short)ty), all = _mm256_set1_epi32(-1);
        for (; i < count; i += 8) {
            long n = count - i < 8 ? count - i : 8;
            __m256i ia, ib, tx;
            if (n == 8) {
                ia = _mm256_loadu_si256((const __m256i *)(c->xa + i)); ib = _mm256_loadu_si256((const __m256i *)(c->xb + i));
                tx = _mm256_loadu_si256((const __m256i *)(c->tx + i));
            } else {
                // Missing lanes read column 0 (a real word) and are not written.
                ia = load_tail_avx2((const uint32_t *)(c->xa + i), n); ib = load_tail_avx2((const uint32_t *)(c->xb + i), n);
                tx = load_tail_avx2(c->tx + i, n);
            }
            __m256i a0 = _mm256_i32gather_epi32(row_a, ia, 4), a1 = _mm256_i32gather_epi32(row_a, ib, 4);
            __m256i b0 = _mm256_i32gather_epi32(row_b, ia, 4), b1 = _mm256_i32gather_epi32(row_b, ib, 4);
            if (_mm256_testz_si256(_mm256_or_si256(_mm256_or_si256(a0, a1), _mm256_or_si256(b0, b1)), all)) continue;
            int one;
            __m256i k = span_factors8(s, i, n, &one);
            blend8_avx2(s->dst + i, n, a0, a1, b0, b1, tx, vty, k, one, select);
        }
        return;
    }
    position p = { s->u, s->v };
    block8 b;
    for (; i < count; i += 8) {
        long n = count - i < 8 ? count - i : 8;
        fill_block(s, &p, i, n, &b);
        __m256i k = _mm256_loadu_si256((const __m256i *)b.k);
        blend8_avx2(s->dst + i, n, _mm256_loadu_si256((const __m256i *)b.a0), _mm256_loadu_si256((const __m256i *)b.a1),
                    _mm256_loadu_si256((const __m256i *)b.b0), _mm256_loadu_si256((const __m256i *)b.b1),
                    both_lanes(_mm256_loadu_si256((const __m256i *)b.tx)), both_lanes(_mm256_loadu_si256((const __m256i *)b.ty)),
                    both_lanes(k), 0, select);
    }
}
#endif

void lamina_bilinear_over_32(const lamina_bilinear_span *span) {
    if (span->count <= 0 || span->alpha == 0 || span->width <= 0 || span->height <= 0 || span->skip >= span->count) return;
    lamina_bilinear_span rest = *span;
    const lamina_bilinear_span *s = span;
    if (span->skip > 0) {
        // The first `skip` pixels are not painted, but the position steps over them one by one
        // (as the Swift loop steps it, so the rest sample where they did).
        for (long i = 0; i < span->skip; i++) { rest.u += rest.du; rest.v += rest.dv; }
        rest.dst += span->skip;
        rest.count -= span->skip;
        if (rest.mask) rest.mask += span->skip;
        rest.skip = 0;
        s = &rest;
    }
#ifdef LAMINA_X86
    int level = raster_level();
    if (level == 2) { bilinear_avx2(s); return; }
    if (level == 1) { bilinear_sse2(s); return; }
#endif
    bilinear_scalar(s);
}
