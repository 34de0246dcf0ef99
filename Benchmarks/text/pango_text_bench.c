/* Cairo and Pango side of `scripts/bench-text-peers.sh`: the text of `lamina-bench text`'s 100
 * layers with the same font files, on one core, median of 21 frames after 3 unmeasured ones.
 *
 * Input (written by the script from `lamina-bench text-runs OUT.json`), one item per line,
 * fields separated by tabs:
 *   face PATH INDEX FAMILY          the faces Lamina used, in order of first use
 *   para WIDTH SIZE SCALE TEXT      a paragraph: box width and font size in points, scale
 *   layer                           a new layer of glyph runs
 *   run PATH INDEX SIZE R G B A N GLYPH X Y ...   a run: size and positions in pixels
 *   labelface PATH INDEX FAMILY SIZE WIDTH   the labels' face (the system font), size in points
 *                                   and the width three-line labels wrap in
 *   label1 TEXT, label3 TEXT        a label's text: one line, three wrapped lines
 *
 * Lines printed (parsed by the script: keep "cairo: NAME," and "median N us"):
 *   shape and break lines: a PangoLayout per paragraph (360 pt wide, 15 pt, the faces as the
 *     family list), laid out (Pango: HarfBuzz shaping, its own line breaking);
 *   draw glyph runs: Lamina's runs with cairo_show_glyphs into a cleared 720 x 240 surface,
 *     glyph cache warm;
 *   first frame: each paragraph laid out and shown at 2x with pango_cairo_show_layout into the
 *     cleared surface, no glyph cached (each frame a size of its own, 15 pt plus k / 1,000: a
 *     new cairo scaled font, so Pango also looks the fonts up again);
 *   size labels of one line / of three lines: a PangoLayout per label text (1,000 of each, in
 *     the labels' face and size; unbounded, or wrapped by words in the width), laid out and
 *     its logical extents read, as `sizeThatFits` measures a label;
 *   shape label texts of one line / of three lines ("harfbuzz:" lines): each label text only
 *     shaped, by HarfBuzz itself (the same library Pango shapes with) in the labels' face, one
 *     hb_font and buffer for all: what shaping alone costs, the floor under any label sizing
 *     that shapes each text.
 * Antialiased in grey, unhinted, glyph positions not rounded, as Lamina draws text.
 *
 * build: clang -O2 pango_text_bench.c $(pkg-config --cflags --libs pangocairo pangoft2 cairo-ft fontconfig freetype2 harfbuzz)
 */
#include <cairo-ft.h>
#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_ITEMS 4096

typedef struct { char *text; double width, size, scale; } Para;
typedef struct { cairo_scaled_font_t *font; double r, g, b, a; int n; cairo_glyph_t *glyphs; int layer; } Run;

static Para paras[MAX_ITEMS]; static int npara;
static Run runs[MAX_ITEMS * 4]; static int nrun, nlayer;
static char *labels[2][MAX_ITEMS]; static int nlabels[2];
static char label_family[1024], label_path[1024]; static int label_index; static double label_size = 17, label_width = 240;
static char families[8192];
static FT_Library ft;

static double now_us(void) {
    struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y;
}

static cairo_font_options_t *options(void) {
    cairo_font_options_t *o = cairo_font_options_create();
    cairo_font_options_set_antialias(o, CAIRO_ANTIALIAS_GRAY);
    cairo_font_options_set_hint_style(o, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(o, CAIRO_HINT_METRICS_OFF);
    return o;
}

static cairo_scaled_font_t *scaled_font(const char *path, int index, double size) {
    static struct { char path[1024]; int index; cairo_font_face_t *face; } faces[64];
    static int nfaces;
    cairo_font_face_t *face = NULL;
    for (int i = 0; i < nfaces; i++) if (faces[i].index == index && !strcmp(faces[i].path, path)) face = faces[i].face;
    if (!face) {
        FT_Face f;
        if (FT_New_Face(ft, path, index, &f)) { fprintf(stderr, "cannot open %s\n", path); exit(1); }
        face = cairo_ft_font_face_create_for_ft_face(f, FT_LOAD_NO_HINTING | FT_LOAD_COLOR);
        snprintf(faces[nfaces].path, sizeof faces[nfaces].path, "%s", path);
        faces[nfaces].index = index; faces[nfaces++].face = face;
    }
    cairo_matrix_t m, id;
    cairo_matrix_init_scale(&m, size, size);
    cairo_matrix_init_identity(&id);
    cairo_font_options_t *o = options();
    cairo_scaled_font_t *s = cairo_scaled_font_create(face, &m, &id, o);
    cairo_font_options_destroy(o);
    return s;
}

static void read_input(const char *file) {
    FILE *in = fopen(file, "r");
    if (!in) { perror(file); exit(1); }
    static char line[1 << 20];
    while (fgets(line, sizeof line, in)) {
        line[strcspn(line, "\n")] = 0;
        char *save, *kind = strtok_r(line, "\t", &save);
        if (!kind) continue;
        if (!strcmp(kind, "face")) {
            char *path = strtok_r(NULL, "\t", &save); strtok_r(NULL, "\t", &save);
            char *family = strtok_r(NULL, "\t", &save);
            FcConfigAppFontAddFile(FcConfigGetCurrent(), (const FcChar8 *)path);
            if (families[0]) strcat(families, ",");
            strcat(families, family);
        } else if (!strcmp(kind, "para")) {
            Para *p = &paras[npara++];
            p->width = atof(strtok_r(NULL, "\t", &save)); p->size = atof(strtok_r(NULL, "\t", &save));
            p->scale = atof(strtok_r(NULL, "\t", &save)); p->text = strdup(strtok_r(NULL, "", &save));
        } else if (!strcmp(kind, "labelface")) {
            char *path = strtok_r(NULL, "\t", &save);
            snprintf(label_path, sizeof label_path, "%s", path);
            label_index = atoi(strtok_r(NULL, "\t", &save));
            snprintf(label_family, sizeof label_family, "%s", strtok_r(NULL, "\t", &save));
            label_size = atof(strtok_r(NULL, "\t", &save)); label_width = atof(strtok_r(NULL, "\t", &save));
            FcConfigAppFontAddFile(FcConfigGetCurrent(), (const FcChar8 *)path);
        } else if (!strcmp(kind, "label1") || !strcmp(kind, "label3")) {
            int k = kind[5] == '1' ? 0 : 1;
            if (nlabels[k] < MAX_ITEMS) labels[k][nlabels[k]++] = strdup(strtok_r(NULL, "", &save));
        } else if (!strcmp(kind, "layer")) {
            nlayer++;
        } else if (!strcmp(kind, "run")) {
            Run *r = &runs[nrun++];
            char *path = strtok_r(NULL, "\t", &save);
            int index = atoi(strtok_r(NULL, "\t", &save));
            double size = atof(strtok_r(NULL, "\t", &save));
            r->r = atof(strtok_r(NULL, "\t", &save)); r->g = atof(strtok_r(NULL, "\t", &save));
            r->b = atof(strtok_r(NULL, "\t", &save)); r->a = atof(strtok_r(NULL, "\t", &save));
            r->n = atoi(strtok_r(NULL, "\t", &save));
            r->glyphs = malloc(sizeof(cairo_glyph_t) * r->n);
            for (int i = 0; i < r->n; i++) {
                r->glyphs[i].index = strtoul(strtok_r(NULL, "\t", &save), NULL, 10);
                r->glyphs[i].x = atof(strtok_r(NULL, "\t", &save));
                r->glyphs[i].y = atof(strtok_r(NULL, "\t", &save));
            }
            r->font = scaled_font(path, index, size);
            r->layer = nlayer - 1;
        }
    }
    fclose(in);
}

static PangoContext *context;
static cairo_t *cr;
static double frame_size = 15;
static int iteration;

static PangoLayout *layout_for(const Para *p, double size) {
    PangoLayout *l = pango_layout_new(context);
    PangoFontDescription *d = pango_font_description_from_string(families);
    pango_font_description_set_absolute_size(d, size * PANGO_SCALE);
    pango_layout_set_font_description(l, d);
    pango_font_description_free(d);
    pango_layout_set_width(l, (int)(p->width * PANGO_SCALE));
    pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_text(l, p->text, -1);
    return l;
}

static void shape(void) {
    for (int i = 0; i < npara; i++) {
        PangoLayout *l = layout_for(&paras[i], paras[i].size);
        PangoRectangle ink, logical;
        pango_layout_get_extents(l, &ink, &logical);
        g_object_unref(l);
    }
}

static void clear(void) {
    cairo_identity_matrix(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
}

static void draw_runs(void) {
    int layer = -1;
    for (int i = 0; i < nrun; i++) {
        if (runs[i].layer != layer) { clear(); layer = runs[i].layer; }
        cairo_set_scaled_font(cr, runs[i].font);
        cairo_set_source_rgba(cr, runs[i].r, runs[i].g, runs[i].b, runs[i].a);
        cairo_show_glyphs(cr, runs[i].glyphs, runs[i].n);
    }
}

static void first_frame(void) {
    double size = 15 + ++iteration / 1000.0;
    for (int i = 0; i < npara; i++) {
        PangoLayout *l = layout_for(&paras[i], size);
        clear();
        cairo_scale(cr, paras[i].scale, paras[i].scale);
        cairo_set_source_rgba(cr, 0.1, 0.1, 0.1, 1);
        pango_cairo_update_context(cr, context);
        pango_cairo_show_layout(cr, l);
        g_object_unref(l);
    }
}

static void size_labels(int k) {
    PangoFontDescription *d = pango_font_description_from_string(label_family);
    pango_font_description_set_absolute_size(d, label_size * PANGO_SCALE);
    for (int i = 0; i < nlabels[k]; i++) {
        PangoLayout *l = pango_layout_new(context);
        pango_layout_set_font_description(l, d);
        pango_layout_set_width(l, k == 0 ? -1 : (int)(label_width * PANGO_SCALE));
        pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
        pango_layout_set_text(l, labels[k][i], -1);
        PangoRectangle logical;
        pango_layout_get_extents(l, NULL, &logical);
        g_object_unref(l);
    }
    pango_font_description_free(d);
}

static hb_font_t *label_hb_font;
static hb_buffer_t *label_hb_buffer;

static void shape_labels(int k) {
    for (int i = 0; i < nlabels[k]; i++) {
        hb_buffer_clear_contents(label_hb_buffer);
        hb_buffer_add_utf8(label_hb_buffer, labels[k][i], -1, 0, -1);
        hb_buffer_guess_segment_properties(label_hb_buffer);
        hb_shape(label_hb_font, label_hb_buffer, NULL, 0);
    }
}

static void shape_labels_one(void) { shape_labels(0); }
static void shape_labels_three(void) { shape_labels(1); }

static void size_labels_one(void) { size_labels(0); }
static void size_labels_three(void) { size_labels(1); }

static void report_labels(const char *engine, const char *name, void (*body)(void), int count) {
    double t[21];
    for (int i = 0; i < 3; i++) body();
    for (int i = 0; i < 21; i++) { double s = now_us(); body(); t[i] = now_us() - s; }
    qsort(t, 21, sizeof t[0], cmp);
    printf("%s: %s, %d labels: median %.0f us, best %.0f\n", engine, name, count, t[10], t[0]);
    fflush(stdout);
}

static void report(const char *name, void (*body)(void), int glyphs) {
    double t[21];
    for (int i = 0; i < 3; i++) body();
    for (int i = 0; i < 21; i++) { double s = now_us(); body(); t[i] = now_us() - s; }
    qsort(t, 21, sizeof t[0], cmp);
    printf("cairo: %s, %d paragraphs, %d glyphs: median %.0f us/frame, best %.0f\n", name, npara, glyphs, t[10], t[0]);
    fflush(stdout);
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s INPUT.tsv [OUT.png]\n", argv[0]); return 2; }
    FT_Init_FreeType(&ft);
    read_input(argv[1]);
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 720, 240);
    cr = cairo_create(surface);
    PangoFontMap *map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    context = pango_font_map_create_context(map);
    cairo_font_options_t *o = options();
    pango_cairo_context_set_font_options(context, o);
    cairo_font_options_destroy(o);
    pango_context_set_round_glyph_positions(context, FALSE);
    int glyphs = 0;
    for (int i = 0; i < nrun; i++) glyphs += runs[i].n;
    report("shape and break lines", shape, glyphs);
    report("draw glyph runs", draw_runs, glyphs);
    report("first frame", first_frame, glyphs);
    if (label_family[0]) {
        report_labels("cairo", "size labels of one line", size_labels_one, nlabels[0]);
        report_labels("cairo", "size labels of three lines", size_labels_three, nlabels[1]);
        hb_blob_t *blob = hb_blob_create_from_file(label_path);
        hb_face_t *face = hb_face_create(blob, (unsigned)label_index);
        label_hb_font = hb_font_create(face);
        label_hb_buffer = hb_buffer_create();
        report_labels("harfbuzz", "shape label texts of one line", shape_labels_one, nlabels[0]);
        report_labels("harfbuzz", "shape label texts of three lines", shape_labels_three, nlabels[1]);
    }
    if (argc > 2) {
        iteration = 0;
        PangoLayout *l = layout_for(&paras[0], 15);
        clear();
        cairo_scale(cr, 2, 2);
        cairo_set_source_rgba(cr, 0.1, 0.1, 0.1, 1);
        pango_cairo_update_context(cr, context);
        pango_cairo_show_layout(cr, l);
        cairo_surface_write_to_png(surface, argv[2]);
    }
    return 0;
}
