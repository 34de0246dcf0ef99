// GNU FriBidi, the Unicode Bidirectional Algorithm (Debian's libfribidi-dev).
#include <fribidi.h>

// FriBidi's paragraph directions are macro expressions Swift does not import.
static const FriBidiParType lamina_fribidi_par_auto = FRIBIDI_PAR_ON;
static const FriBidiParType lamina_fribidi_par_ltr = FRIBIDI_PAR_LTR;
static const FriBidiParType lamina_fribidi_par_rtl = FRIBIDI_PAR_RTL;
