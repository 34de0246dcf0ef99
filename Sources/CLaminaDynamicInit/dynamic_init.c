// See include/lamina_dynamic_init.h. The entry points are Swift symbols of QuartzCore and UIKit,
// named by their mangled names and called with Swift's calling convention: arguments as Swift
// passes them, the metatype in the self register (`swift_context` is clang's spelling of it).
// They are weak, so a program linking QuartzCore without UIKit still links.
#include "lamina_dynamic_init.h"
#include <stddef.h>

#define SWIFTCALL __attribute__((swiftcall))
#define SELF __attribute__((swift_context))

// CALayer.init(presentationCopyOf:) and CALayer.init(makingDefault:)
extern SWIFTCALL void *qc_presentation_copy(void *layer, SELF const void *cls)
    __asm__("$s10QuartzCore7CALayerC18presentationCopyOfA2C_tcfC") __attribute__((weak));
extern SWIFTCALL void *qc_make_default(SELF const void *cls)
    __asm__("$s10QuartzCore7CALayerC13makingDefaultACyt_tcfC") __attribute__((weak));
// UITableViewCell.init(registeredWith: NSString) and UICollectionReusableView.init(registeredWith: NSString)
extern SWIFTCALL void *uikit_table_cell(void *identifier, SELF const void *cls)
    __asm__("$s5UIKit15UITableViewCellC14registeredWithAC10Foundation8NSStringC_tcfC") __attribute__((weak));
extern SWIFTCALL void *uikit_reusable_view(void *identifier, SELF const void *cls)
    __asm__("$s5UIKit24UICollectionReusableViewC14registeredWithAC10Foundation8NSStringC_tcfC") __attribute__((weak));
// UITableViewHeaderFooterView.init(registeredWith: NSString)
extern SWIFTCALL void *uikit_header_footer(void *identifier, SELF const void *cls)
    __asm__("$s5UIKit023UITableViewHeaderFooterC0C14registeredWithAC10Foundation8NSStringC_tcfC") __attribute__((weak));

void *lamina_layer_presentation_copy(void *layer, const void *cls) {
    return qc_presentation_copy ? qc_presentation_copy(layer, cls) : NULL;
}

void *lamina_layer_make_default(const void *cls) {
    return qc_make_default ? qc_make_default(cls) : NULL;
}

void *lamina_table_cell_registered(void *identifier, const void *cls) {
    return uikit_table_cell ? uikit_table_cell(identifier, cls) : NULL;
}

void *lamina_reusable_view_registered(void *identifier, const void *cls) {
    return uikit_reusable_view ? uikit_reusable_view(identifier, cls) : NULL;
}

void *lamina_header_footer_registered(void *identifier, const void *cls) {
    return uikit_header_footer ? uikit_header_footer(identifier, cls) : NULL;
}
