// libdeflate: whole-buffer DEFLATE, zlib and CRC-32, as Lamina's PNG decoder uses them
// (inflating a snapshot's PNG several times faster than zlib's streaming inflate).
#include <libdeflate.h>
