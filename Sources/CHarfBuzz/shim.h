// HarfBuzz, the OpenType shaper (Debian's libharfbuzz-dev): its core API and the FreeType
// bridge, so a face Lamina opened with FreeType is shaped from the same font data.
#include <hb.h>
#include <hb-ft.h>
#include <hb-ot.h>
