// libwebp's simple decoding API (still images; errors come back as return values).
#include <stddef.h>
#include <webp/decode.h>
