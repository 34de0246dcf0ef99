// libjpeg-turbo's TurboJPEG API: errors come back as return codes (the classic libjpeg API
// reports them with longjmp, which Swift code cannot survive).
#include <stddef.h>
#include <turbojpeg.h>
