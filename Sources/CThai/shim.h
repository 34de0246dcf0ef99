// libthai (Debian's libthai-dev): Thai word breaking from a dictionary.
#include <thai/thbrk.h>
#include <thai/thwbrk.h>
