// Images sampled through an affine mapping with bilinear filtering and laid over a span by
// source-over (backing stores at fractional offsets, scaled and rotated contents). Each pixel's
// position is stepped and rounded in doubles exactly as Lamina's Swift image painter steps it;
// the four neighbours are then mixed and laid over 4 (SSE2) or 8 (AVX2) pixels at a time.
#include "pixel_math.h"

// ⌊x⌋ as Swift's `ImagePainter.floorInt` computes it: truncation, one less for negative fractions.
static inline long floor_long(double x) {
    long i = (long)x;
    return (double)i > x ? i - 1 : i;
}

static inline long wrap_index(long v, long n, int tiled) {
    if (tiled) { long r = v % n; return r < 0 ? r + n : r; }
    return v < 0 ? 0 : (v >= n ? n - 1 : v);
}

// `a + (b - a) * t / 256` per byte, as Swift's `ImagePainter.lerp`: (a * (256 - t) + b * t) >> 8.
static inline uint32_t lerp_word(uint32_t a, uint32_t b, uint32_t t) {
    const uint32_t m = 0x00FF00FFu;
    uint32_t lo = (((a & m) * (256 - t) + (b & m) * t) >> 8) & m;
    uint32_t hi = ((((a >> 8) & m) * (256 - t) + ((b >> 8) & m) * t) >> 8) & m;
    return lo | (hi << 8);
}

// The coverage of pixel i (before the global alpha).
static inline uint32_t span_coverage(const lamina_bilinear_span *s, long i) {
    if (i < s->skip) return 0;
    if (!s->mask) return s->constant;
    return s->constant == 255 ? s->mask[i] : mul255(s->constant, s->mask[i]);
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
static inline void fill_block(const lamina_bilinear_span *s, position *p, long first, long n, block8 *b) {
    const uint32_t *px = s->pixels;
    const long w = s->width, h = s->height;
    double u = p->u, v = p->v;
    if (!s->mask) {
        uint32_t k = s->alpha != 255 ? mul255(s->constant, s->alpha) : s->constant;
        for (long j = 0; j < 8; j++) b->k[j] = j < n ? k : 0;
    } else {
        for (long j = 0; j < n; j++) {
            uint32_t c = span_coverage(s, first + j);
            b->k[j] = s->alpha != 255 ? mul255(c, s->alpha) : c;
        }
        for (long j = n; j < 8; j++) b->k[j] = 0;
    }
    for (long j = 0; j < 8; j++) { b->a0[j] = b->a1[j] = b->b0[j] = b->b1[j] = 0; b->tx[j] = b->ty[j] = 0; }
    if (s->dv == 0 && !s->tiled) {
        // One pair of rows and one vertical weight for the block (v does not move).
        double fv = v - 0.5;
        long y0 = floor_long(fv);
        uint32_t ty = (uint32_t)((fv - (double)y0) * 256);
        const uint32_t *row_a = px + wrap_index(y0, h, 0) * w, *row_b = px + wrap_index(y0 + 1, h, 0) * w;
        for (long j = 0; j < n; j++, u += s->du) {
            if (b->k[j] == 0) continue;
            double fu = u - 0.5;
            long x0 = floor_long(fu);
            b->tx[j] = (uint32_t)((fu - (double)x0) * 256);
            b->ty[j] = ty;
            long xa = x0 < 0 ? 0 : (x0 >= w ? w - 1 : x0), xb = x0 + 1 < 0 ? 0 : (x0 + 1 >= w ? w - 1 : x0 + 1);
            b->a0[j] = row_a[xa];
            b->a1[j] = row_a[xb];
            b->b0[j] = row_b[xa];
            b->b1[j] = row_b[xb];
        }
    } else {
        for (long j = 0; j < n; j++, u += s->du, v += s->dv) {
            if (b->k[j] == 0) continue;
            double fu = u - 0.5, fv = v - 0.5;
            long x0 = floor_long(fu), y0 = floor_long(fv);
            b->tx[j] = (uint32_t)((fu - (double)x0) * 256);
            b->ty[j] = (uint32_t)((fv - (double)y0) * 256);
            long xa = wrap_index(x0, w, s->tiled), xb = wrap_index(x0 + 1, w, s->tiled);
            long ya = wrap_index(y0, h, s->tiled), yb = wrap_index(y0 + 1, h, s->tiled);
            b->a0[j] = px[ya * w + xa];
            b->a1[j] = px[ya * w + xb];
            b->b0[j] = px[yb * w + xa];
            b->b1[j] = px[yb * w + xb];
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
        for (long j = 0; j < n; j++) {
            if (b.k[j] == 0 || (b.a0[j] | b.a1[j] | b.b0[j] | b.b1[j]) == 0) continue;
            uint32_t top = lerp_word(b.a0[j], b.a1[j], b.tx[j]), bottom = lerp_word(b.b0[j], b.b1[j], b.tx[j]);
            uint32_t c = lerp_word(top, bottom, b.ty[j]);
            if (c == 0) continue;
            if (b.k[j] != 255) c = scale_word(c, b.k[j]);
            uint32_t inv = 255 - ((c >> s->alpha_shift) & 0xFF);
            uint32_t *d = s->dst + i + j;
            *d = inv == 0 ? c : c + scale_word(*d, inv);
        }
    }
}

// True when every position of the span is u0 + i exactly (a step of one pixel, no vertical
// step, and a start whose fraction has at most 20 bits, far from 2^32): the samples then share
// their weights and read consecutive words of two rows.
static int steps_whole_pixels(const lamina_bilinear_span *s) {
    if (s->du != 1.0 || s->dv != 0.0 || s->tiled) return 0;
    double limit = 4294967296.0;
    if (!(fabs(s->u) < limit && fabs(s->v) < limit) || (double)s->count > limit) return 0;
    double scaled = (s->u - floor(s->u)) * 1048576.0;
    return scaled == floor(scaled);
}

#ifdef LAMINA_X86
// Per 16-bit lane: (a * (256 - t) + b * t) >> 8, with t and 256 - t given per lane.
static inline __m128i lerp16_sse2(__m128i a, __m128i b, __m128i t, __m128i t_inv) {
    return _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(a, t_inv), _mm_mullo_epi16(b, t)), 8);
}

// `lerp_word` on four words, each word's weight in the low 16 bits of its lane of `t32`.
static inline __m128i lerp4_sse2(__m128i a, __m128i b, __m128i t32) {
    const __m128i even = _mm_set1_epi32(0x00FF00FF);
    __m128i t = _mm_or_si128(t32, _mm_slli_epi32(t32, 16));
    __m128i t_inv = _mm_sub_epi16(_mm_set1_epi16(256), t);
    __m128i lo = lerp16_sse2(_mm_and_si128(a, even), _mm_and_si128(b, even), t, t_inv);
    __m128i hi = lerp16_sse2(_mm_and_si128(_mm_srli_epi16(a, 8), even), _mm_and_si128(_mm_srli_epi16(b, 8), even), t, t_inv);
    return _mm_or_si128(lo, _mm_slli_epi16(hi, 8));
}

// Mixes and lays over four pixels (n of them written).
static inline void blend4_sse2(uint32_t *dst, long n, __m128i a0, __m128i a1, __m128i b0, __m128i b1, __m128i tx, __m128i ty,
                               __m128i k, int alpha_shift) {
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi16(128), m257 = _mm_set1_epi16(257);
    __m128i c = lerp4_sse2(lerp4_sse2(a0, a1, tx), lerp4_sse2(b0, b1, tx), ty);
    c = scale4_sse2(c, k, half, zero);
    if (_mm_movemask_epi8(_mm_cmpeq_epi32(c, zero)) == 0xFFFF) return;
    __m128i inv = _mm_xor_si128(_mm_and_si128(_mm_srl_epi32(c, _mm_cvtsi32_si128(alpha_shift)), _mm_set1_epi32(0xFF)),
                                _mm_set1_epi32(0xFF));
    uint32_t out[4];
    __m128i d;
    if (n == 4) d = _mm_loadu_si128((const __m128i *)dst);
    else { uint32_t in[4] = {0, 0, 0, 0}; memcpy(in, dst, (size_t)n * 4); d = _mm_loadu_si128((const __m128i *)in); }
    (void)m257;
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
static inline __m256i lerp16_avx2(__m256i a, __m256i b, __m256i t, __m256i t_inv) {
    return _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(a, t_inv), _mm256_mullo_epi16(b, t)), 8);
}

// `lerp_word` on eight words, each word's weight in both 16-bit lanes of its word of `t`.
__attribute__((target("avx2")))
static inline __m256i lerp8_avx2(__m256i a, __m256i b, __m256i t, __m256i t_inv) {
    const __m256i even = _mm256_set1_epi32(0x00FF00FF);
    __m256i lo = lerp16_avx2(_mm256_and_si256(a, even), _mm256_and_si256(b, even), t, t_inv);
    __m256i hi = lerp16_avx2(_mm256_srli_epi16(a, 8), _mm256_srli_epi16(b, 8), t, t_inv);
    return _mm256_or_si256(lo, _mm256_slli_epi16(hi, 8));
}

// Mixes and lays over eight pixels (n of them written); weights and factors in both 16-bit
// lanes of each word.
__attribute__((target("avx2")))
static inline void blend8_avx2(uint32_t *dst, long n, __m256i a0, __m256i a1, __m256i b0, __m256i b1, __m256i tx, __m256i ty,
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
static inline __m256i both_lanes(__m256i v) { return _mm256_or_si256(v, _mm256_slli_epi32(v, 16)); }

__attribute__((target("avx2")))
static void bilinear_avx2(const lamina_bilinear_span *s) {
    const __m256i select = alpha_select_avx2(s->alpha_shift);
    const long count = s->count;
    long i = 0;
    if (steps_whole_pixels(s) && !s->mask && s->skip <= 0) {
        // One weight pair for the whole span; pixel i reads words x0 + i and x0 + i + 1 of two
        // rows. The pixels whose neighbours all lie inside the image are done here, straight
        // from the rows; the rest (clamped at the edges) below.
        const long w = s->width, h = s->height;
        double fu = s->u - 0.5, fv = s->v - 0.5;
        long x0 = floor_long(fu), y0 = floor_long(fv);
        uint32_t tx = (uint32_t)((fu - (double)x0) * 256), ty = (uint32_t)((fv - (double)y0) * 256);
        const uint32_t *row_a = s->pixels + wrap_index(y0, h, 0) * w, *row_b = s->pixels + wrap_index(y0 + 1, h, 0) * w;
        uint32_t k = s->alpha != 255 ? mul255(s->constant, s->alpha) : s->constant;
        // Pixels [lo, hi) have 0 <= x0 + i and x0 + i + 1 <= w - 1.
        long lo = -x0 > 0 ? -x0 : 0, hi = w - 1 - x0;
        if (lo > count) lo = count;
        if (hi > count) hi = count;
        if (hi > lo && k != 0) {
            const __m256i vtx = _mm256_set1_epi16((short)tx), vty = _mm256_set1_epi16((short)ty);
            const __m256i vk = _mm256_set1_epi16((short)k);
            lamina_bilinear_span head = *s, tail = *s;
            head.count = lo;
            for (long j = lo; j < hi; j += 8) {
                long n = hi - j < 8 ? hi - j : 8;
                const uint32_t *a = row_a + x0 + j, *b = row_b + x0 + j;
                __m256i a0, a1, b0, b1;
                if (n == 8) {
                    a0 = _mm256_loadu_si256((const __m256i *)a); a1 = _mm256_loadu_si256((const __m256i *)(a + 1));
                    b0 = _mm256_loadu_si256((const __m256i *)b); b1 = _mm256_loadu_si256((const __m256i *)(b + 1));
                } else {
                    a0 = load_tail_avx2(a, n); a1 = load_tail_avx2(a + 1, n);
                    b0 = load_tail_avx2(b, n); b1 = load_tail_avx2(b + 1, n);
                }
                if (_mm256_testz_si256(_mm256_or_si256(_mm256_or_si256(a0, a1), _mm256_or_si256(b0, b1)),
                                       _mm256_set1_epi32(-1))) continue;
                blend8_avx2(s->dst + j, n, a0, a1, b0, b1, vtx, vty, vk, k == 255, select);
            }
            // The clamped pixels before and after, through the general loop below: position i
            // is u + i exactly, so each part starts where the span would have stepped to.
            tail.dst = s->dst + hi;
            tail.count = count - hi;
            tail.u = s->u + (double)hi;
            if (head.count > 0) bilinear_avx2(&head);
            if (tail.count > 0) bilinear_avx2(&tail);
            return;
        }
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
