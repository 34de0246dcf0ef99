// libwebp's simple decoding API for still images and its animation decoder (the first frame of
// an animated WebP); errors come back as return values.
#include <stddef.h>
#include <webp/decode.h>
#include <webp/demux.h>
