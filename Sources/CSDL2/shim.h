// SDL2 (Debian's libsdl2-dev): windows, a window surface to present pixels through, and input
// events. Only the video and events subsystems are used.
#include <SDL2/SDL.h>

// Constants SDL defines as macros Swift does not import.
static inline Uint32 lamina_sdl_rgba32(void) { return SDL_PIXELFORMAT_RGBA32; }
static inline int lamina_sdl_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }
static inline Uint32 lamina_sdl_touch_mouseid(void) { return SDL_TOUCH_MOUSEID; }
static inline int lamina_sdl_must_lock(SDL_Surface *s) { return SDL_MUSTLOCK(s); }
