// libpng's simplified API, as Lamina's PNG codec uses it. The constants are macro expressions
// Swift does not import, so they are restated here as constants.
#include <png.h>

static const unsigned int lamina_png_image_version = PNG_IMAGE_VERSION;
static const unsigned int lamina_png_format_rgba = PNG_FORMAT_RGBA;
static const unsigned int lamina_png_format_ga = PNG_FORMAT_GA;
