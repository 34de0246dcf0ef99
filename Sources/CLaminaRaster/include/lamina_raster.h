// Lamina's hottest pixel loops, where Swift does not vectorize them well (issue 17): spans of
// premultiplied 32-bit pixels blended 4 (SSE2, baseline x86-64) or 8 (AVX2, chosen at run time)
// at a time, with a portable scalar path giving the same bytes everywhere else.
#ifndef LAMINA_RASTER_H
#define LAMINA_RASTER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Source-over of one premultiplied colour at constant coverage on `count` 32-bit pixels:
/// each byte becomes `s + round(d * inv / 255)`, `s` being the colour already scaled by the
/// coverage and `inv` 255 minus its alpha (0...255). Any byte order: the four channels are
/// treated alike. `dst` needs no alignment.
void lamina_solid_over_32(uint32_t *dst, long count, uint32_t s, uint32_t inv);

/// Reverses the PNG row filters of `height` rows of `width` 8-bit pixels of `bpp` bytes (3 or 4)
/// in place: each row is a filter type byte (0...4) and its bytes, `1 + width * bpp` in all.
/// Returns 0, leaving the rows partly reconstructed, at a filter type above 4 or another `bpp`.
int lamina_png_unfilter(uint8_t *raw, long width, long height, int bpp);

/// `lamina_png_unfilter` for RGBA rows, each row moved, once reconstructed, to `width * 4`
/// bytes after the previous one (the filter bytes dropped: the rows start at `raw`, packed),
/// and, with `premultiply`, its colour multiplied by its alpha as `lamina_premultiply_rgba8`
/// does. One pass over the rows while each is in cache instead of three over the image.
/// Returns 0 at a filter type above 4 (the rows then partly done).
int lamina_png_unfilter_rgba(uint8_t *raw, long width, long height, int premultiply);

/// How many of the rows (as `lamina_png_unfilter` takes them) have a filter computed pixel
/// after pixel (Sub, Average, Paeth: types 1, 3, 4).
long lamina_png_sequential_rows(const uint8_t *raw, long width, long height, int bpp);

/// Whether this C target was compiled with optimisation (a release build; a debug build of
/// the package compiles it without).
int lamina_raster_optimized(void);

/// The reconstructed rows of `lamina_png_unfilter` as RGBA pixels into `dst` (`width * 4` bytes
/// a row): RGBA rows copied, RGB rows given alpha 255.
void lamina_png_rows_to_rgba(const uint8_t *raw, long width, long height, int bpp, uint8_t *dst);

/// `height` rows of `width` 8-bit RGBA pixels (the first at `rgba`, each `stride` bytes after the
/// one before) filtered for a PNG's image data into `out` (`height * (1 + width * 4)` bytes): each
/// row its filter type and bytes, the filter (None, Sub, Up or Paeth) the one whose bytes have the
/// smallest sum of signed magnitudes. Returns the bytes written (0 when its scratch row cannot
/// be allocated).
long lamina_png_filter_rows(const uint8_t *rgba, long width, long height, long stride, uint8_t *out);

/// `count` 32-bit words from `dst` set to `value` (`dst` needs no alignment beyond a word's).
void lamina_fill_32(uint32_t *dst, long count, uint32_t value);

/// `lamina_solid_over_32` on `rows` rows of `count` pixels, the first at `dst`, each the next
/// `stride` bytes further on.
void lamina_solid_over_32_rows(uint32_t *dst, long stride, long rows, long count, uint32_t s, uint32_t inv);

/// A linear gradient along one row span, and the coverage it is painted with.
typedef struct {
    /// Pixel i of the span (column x + i) takes the parameter
    /// u = (t0 + dtdx * ((double)(x + i) + 0.5)) + row_term, evaluated as written (so a pixel's
    /// value does not depend on where its span starts), and `lut[(long)(u * top + 0.5)]`, u
    /// clamped to [0, 1] when `extend_before`/`extend_after` allow it (else, and for NaN, the
    /// pixel is left alone).
    double t0, dtdx, row_term, top;
    long x;
    int extend_before, extend_after;
    /// The position of the alpha byte in the pixel word.
    int alpha_shift;
    /// Coverage: 0 for the first `skip` pixels, else `constant`, times `mask[i]` / 255 when
    /// `mask` is given.
    const uint8_t *mask;
    uint32_t constant;
    long skip;
} lamina_linear_span;

/// Source-over of a linear gradient on `count` 32-bit pixels: the painted word is scaled by the
/// coverage and laid over the pixel.
void lamina_linear_gradient_span(uint32_t *dst, long count, const lamina_linear_span *g, const uint32_t *lut);

/// `lamina_linear_gradient_span` on `rows` rows from device row `row0`: row r's pixels start
/// `r * dst_stride` bytes after `dst`, its `row_term` is `dtdy * ((double)(row0 + r) + 0.5)` and
/// its mask (when `g->mask` is given) starts `r * mask_stride` bytes after `g->mask`.
void lamina_linear_gradient_rows(uint32_t *dst, long dst_stride, long rows, long count, const lamina_linear_span *g,
                                 double dtdy, long row0, long mask_stride, const uint32_t *lut);

/// `x` truncated toward zero, for Swift code that has already bounded `x` (Swift's own
/// conversion checks the range on every call, a tenth of the rasterizer's edge loop).
static inline long lamina_truncate(float x) { return (long)x; }

/// The four alphas (0...255) of four sub-rows' accumulated coverages under the fill rule, summed:
/// per value, |c| folded to [0, 1] (even-odd: c mod 2, mirrored above 1; non-zero: capped at 1),
/// then (int)(v * 255 + 0.5); NaN gives 0. The same values as Lamina's Swift `alpha`.
int lamina_alpha_sum4(const float *c, int even_odd);

/// A coverage accumulator's cells as its edge loop sees them (Lamina's `CoverageAccumulator`).
typedef struct {
    /// Stored row r's cells at `cells + ((r >> lane_shift) * stride << lane_shift)`, sub-row
    /// r & (2^lane_shift - 1) in lane r & (2^lane_shift - 1) of each cell; its marks (a bit per
    /// cell) at `bits + (r >> lane_shift) * bit_words`.
    float *cells;
    uint64_t *bits;
    long stride, bit_words;
    /// The area's size in cells and (sub-)rows, and the stored rows [store_top, store_bottom).
    long width, height, store_top, store_bottom;
    /// Rows that received a segment: [row_min, row_max) (LONG_MAX, LONG_MIN when none).
    long row_min, row_max;
    /// 0 (one sub-row per row) or 2 (four).
    long lane_shift;
} lamina_cells;

/// Adds the segment (x0, y0)-(x1, y1), already within [0, width] horizontally (area
/// coordinates, y down the rows), to the cells: each row it crosses gains, per pixel column,
/// the change it makes to the covered area (exact-area coverage; the winding is +1 toward
/// increasing y). The same single-precision arithmetic, in the same order, as Lamina's Swift
/// edge loop had.
void lamina_add_segment(lamina_cells *a, float x0, float y0, float x1, float y1);

/// A coverage accumulator's rows to sweep, and the solid colour laid over the pixels they cover.
typedef struct {
    /// Row r's cells start at `cells + r * stride * lanes` (lanes sub-rows side by side: cell i of
    /// lane k at `i * lanes + k`), its marks (a bit per cell) at `bits + r * bit_words`.
    float *cells;
    uint64_t *bits;
    long stride, bit_words;
    /// 1 (exact-area coverage) or 4 (four sub-rows, their alphas averaged as (sum + 2) / 4).
    long lanes;
    /// Pixels per row, and the rows [row_first, row_end) to sweep.
    long width, row_first, row_end;
    /// Row r's cell i is the pixel at `dst + r * dst_stride` bytes, word i.
    char *dst;
    long dst_stride;
    /// Only cells in [col0, col1) are painted (a column window).
    long col0, col1;
    /// The premultiplied colour as a pixel word, and where its alpha byte lies.
    uint32_t color;
    int alpha_shift;
    int even_odd;
    /// Room for a row's coverage: `width + 16` bytes.
    uint8_t *scratch;
} lamina_solid_sweep;

/// Sweeps the rows (summing each row's cells left to right as Lamina's Swift sweep does, so the
/// same coverage and the same bytes) and lays the colour over every run of equal coverage by
/// source-over. Clears the cells and marks it reads.
void lamina_sweep_solid_over_32(const lamina_solid_sweep *s);

/// A premultiplied colour word laid over `count` pixels by source-over, pixel i at coverage
/// `mask[i]` (0 leaves it as it is): `d = c·m + d·(1 − α(c·m))` as Lamina's Swift blitter
/// computes it, on every SIMD path. Shadows are composited with it.
void lamina_solid_mask_over_32(uint32_t *dst, long count, const uint8_t *mask, uint32_t color, int alpha_shift);

/// A row of premultiplied source words laid over `count` destination words by source-over,
/// each source word first scaled by `alpha` (0...255; 255 leaves it), as Lamina's Swift image
/// painter computes it: `d = s + d * (255 - alpha(s)) / 255`. Images drawn at whole-pixel
/// offsets and scale 1 use it.
void lamina_image_over_32(uint32_t *dst, const uint32_t *src, long count, uint32_t alpha, int alpha_shift);

/// An image sampled with bilinear filtering through an affine mapping along a span of pixels.
typedef struct {
    /// The span's first pixel; `count` pixels.
    uint32_t *dst;
    long count;
    /// The image: `width` x `height` premultiplied words, top row first, rows `width` words apart.
    const uint32_t *pixels;
    long width, height;
    /// The image position of the first pixel's centre, and the steps to the next pixel's
    /// (added after every pixel, in doubles, as Lamina's Swift image painter steps them).
    double u, v, du, dv;
    /// Coverage: 0 for the first `skip` pixels, else `constant`, times `mask[i]` / 255 when
    /// `mask` is given.
    const uint8_t *mask;
    uint32_t constant;
    long skip;
    /// Global alpha (0...255), the alpha byte's position in a word, and whether the image
    /// repeats (else its edge pixels extend outward).
    uint32_t alpha;
    int alpha_shift;
    int tiled;
    /// A table of the columns a row samples (NULL: none), reused by the rows of one drawing: a
    /// scaled image's rows that start at the same position step through the same columns.
    struct lamina_bilinear_columns *columns;
} lamina_bilinear_span;

/// The image columns and horizontal weights of the pixels of a span stepping from position `u`
/// by `du` (an image scaled along its rows), kept for the next span that starts at the same
/// position: each row of a drawing computes them once instead of per pixel. Owned by one
/// drawing on one thread; grows to the longest span, freed by `lamina_bilinear_columns_free`.
typedef struct lamina_bilinear_columns lamina_bilinear_columns;

/// A new, empty table (NULL if memory runs out; spans then sample without one).
lamina_bilinear_columns *lamina_bilinear_columns_new(void);

/// Frees a table (NULL is ignored).
void lamina_bilinear_columns_free(lamina_bilinear_columns *columns);

/// Source-over of an image sampled bilinearly along a span: at each pixel's position (u, v),
/// the four words around (u - 0.5, v - 0.5) mixed by their fractions in 256ths (horizontally,
/// then vertically: `a + (b - a) * t / 256` per byte, truncated), scaled by the coverage times
/// the global alpha and laid over the pixel. The same bytes as Lamina's Swift image painter on
/// every SIMD path.
void lamina_bilinear_over_32(const lamina_bilinear_span *s);

/// One box-blur pass down every column of a `columns` x `rows` plane (rows `stride` bytes
/// apart): each byte becomes the mean of the window [y - left, y + right] of its column (zero
/// outside), `(sum * floor(2^24 / size) + 2^23) >> 24`. `copy` holds rows x columns bytes,
/// `sums` one counter per column.
void lamina_box_columns(uint8_t *plane, long columns, long rows, long stride, long left, long right, uint8_t *copy,
                        uint32_t *sums);

/// `count` premultiplied 32-bit pixels at `src`, already in the destination's byte order, as
/// words at `dst`: each colour byte clamped to the pixel's alpha (byte `alpha_byte`, 0...3), or,
/// when `opaque`, the alpha byte set to 255 and the rest kept.
void lamina_premultiplied_words(uint32_t *dst, const uint8_t *src, long count, int alpha_byte, int opaque);

/// Adds `count` coverage bytes of `src` to those of `dst`, each sum clamped to 255 (glyph masks
/// gathered into one coverage plane before it is painted).
void lamina_add_coverage(uint8_t *dst, const uint8_t *src, long count);

/// Multiplies `count` coverage bytes of `dst` by those of `src`, each product rounded as a
/// byte times a byte over 255 (a clip mask intersected with the clip before it).
void lamina_multiply_coverage(uint8_t *dst, const uint8_t *src, long count);

/// Byte `byte` (0...3) of each of `count` 32-bit pixels at `src`, written to `dst[0..<count]`.
void lamina_extract_bytes(uint8_t *dst, const uint8_t *src, long count, int byte);

/// Writes the transpose of the `width` x `height` bytes at `src` to `dst` (`height` x `width`).
void lamina_transpose_bytes(const uint8_t *src, long src_stride, long width, long height, uint8_t *dst, long dst_stride);

/// Sweeps the rows as `lamina_sweep_solid_over_32` does, writing each run's coverage byte into
/// a mask instead (row r's bytes at `dst + r * dst_stride`, byte x for cell x; bytes of zero
/// coverage and outside [col0, col1) are left as they are). `color`, `alpha_shift` and
/// `scratch` are not used.
void lamina_sweep_mask(const lamina_solid_sweep *s);

/// Sweeps the rows as `lamina_sweep_mask` does, laying each pixel's coverage a over its byte d
/// of an alpha-only bitmap: `a + round(d * (255 - a) / 255)` (an opaque fill; bytes of zero
/// coverage and outside [col0, col1) are left as they are).
void lamina_sweep_alpha_over_8(const lamina_solid_sweep *s);

/// An axis-aligned rectangle's coverage, computed row by row as Lamina's Swift `RectSweep` does
/// (the deposits its two vertical edges would make, summed along the row), laid over the pixels
/// by source-over with a solid colour: the same bytes as that sweep through `SolidOver32` with
/// neighbouring runs of equal coverage merged.
typedef struct {
    /// The sides in area coordinates (0 <= left <= right <= width).
    float left, top, right, bottom;
    /// The area: `width` x `height` pixels, rows [store_top, store_bottom) stored; area pixel
    /// (x, y) is the word at `dst + y * dst_stride` bytes, word x.
    long width, height, store_top, store_bottom;
    char *dst;
    long dst_stride;
    /// Only columns [col0, col1) of the area are painted.
    long col0, col1;
    uint32_t color;
    int alpha_shift;
} lamina_rect_fill;

void lamina_rect_solid_over_32(const lamina_rect_fill *r);

/// A linear gradient laid over by source-over through the rectangle's coverage (`color` is not
/// used): each group of rows that share their coverage (computed as `lamina_rect_solid_over_32`
/// computes it) painted with `lamina_linear_gradient_rows` over columns [col0, col1), the
/// coverage written into `cov` (col1 - col0 bytes) as that call's shared mask. `g` gives the
/// gradient (its `x` the device column of area column col0; `mask` is replaced); area row y is
/// device row `row0 + y` for the row term.
void lamina_rect_linear_gradient(const lamina_rect_fill *r, uint8_t *cov, const lamina_linear_span *g, double dtdy,
                                 long row0, const uint32_t *lut);

/// A colour (components and alpha, multiplied by `alpha`, each clamped to [0, 1] as Swift's
/// `max(0, min(1, v))` does: NaN gives 1 before the multiplication by alpha, 0 after) as a
/// premultiplied pixel word: each channel v * 255 rounded half up into byte `shift_* / 8` of the
/// word. The arithmetic of CGContext's Swift conversion, in the same order (the same bytes).
uint32_t lamina_pixel_word(double r, double g, double b, double a, double alpha,
                           int shift_r, int shift_g, int shift_b, int shift_a);

/// Which path the span loops take on this machine: 0 scalar, 1 SSE2, 2 AVX2 (the
/// best the CPU has, capped by the environment variable LAMINA_RASTER_SIMD=scalar|sse2|avx2).
int lamina_raster_simd_level(void);

/// Forces a path (for tests): -1 restores the machine's best; a level the machine lacks is
/// lowered to the best it has.
void lamina_raster_force_simd_level(int level);

/// Multiplies the colour of each of `count` RGBA8 pixels by its alpha, in place:
/// `c = round(c * a / 255)` (the rasterizer's rounding).
void lamina_premultiply_rgba8(uint8_t *p, long count);

/// Reads `width` x `height` 32-bit pixels (rows `src_stride` bytes apart; channel bytes at
/// `r`, `g`, `b`, `a` within each pixel) into straight RGBA8 rows at `dst`. `mode` 0: straight
/// alpha (the bytes copied as they are, reordered: premultiplied pixels stay premultiplied);
/// 1: premultiplied (divided back, `min(255, (c * 255 + a / 2) / a)`); 2: opaque (alpha 255).
void lamina_straight_rgba8_from_32(const uint8_t *src, long src_stride, uint8_t *dst, long width, long height,
                                   int r, int g, int b, int a, int mode);

/// A 128-bit hash of `count` bytes into `out[0]`, `out[1]` (two multiply-rotate lanes with a
/// final avalanche: not cryptographic; for recognising a file or pixels seen before).
void lamina_hash128(const uint8_t *bytes, long count, uint64_t *out);

#ifdef __cplusplus
}
#endif

#endif
