// Objects made from a class known only at run time, through a convenience initializer that is
// not `required` (how Objective-C's runtime makes them on Apple's platforms).
//
// Swift without the Objective-C runtime lets code make an object from a metatype value only
// through a `required` initializer, and a `required` initializer must be written again by every
// subclass that declares initializers of its own, which Apple's frameworks never ask for. So
// Lamina's convenience initializers that make presentation copies (`init(layer:)`), layers of a
// view's `layerClass` (`init()`) and registered cells stay non-required, and these functions call
// their allocating entry points with the class in the self register, as Swift's own calls do. The
// convenience initializer then reaches the class's own override through its vtable; a class that
// declares initializers but does not override the one needed gets Swift's stub there, which stops
// with "Use of unimplemented initializer", as Apple's runtime does.
//
// Each function takes its object argument at +1 and returns the new object at +1.
#ifndef LAMINA_DYNAMIC_INIT_H
#define LAMINA_DYNAMIC_INIT_H

/// `CALayer(presentationCopyOf: layer)` for the layer class `cls`.
void *lamina_layer_presentation_copy(void *layer, const void *cls);
/// `CALayer(makingDefault: ())` for the layer class `cls`.
void *lamina_layer_make_default(const void *cls);
/// `UITableViewCell(registeredWith: identifier)` for the cell class `cls`; NULL without UIKit.
void *lamina_table_cell_registered(void *identifier, const void *cls);
/// `UICollectionReusableView(registeredWith: identifier)` for the view class `cls`; NULL without UIKit.
void *lamina_reusable_view_registered(void *identifier, const void *cls);
/// `UITableViewHeaderFooterView(registeredWith: identifier)` for the view class `cls`; NULL without UIKit.
void *lamina_header_footer_registered(void *identifier, const void *cls);

#endif
