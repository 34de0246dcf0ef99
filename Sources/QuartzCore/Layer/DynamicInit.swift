@_implementationOnly import CLaminaDynamicInit

/// Layers made from a class known only at run time, as Apple's runtime makes them: presentation
/// copies through the class's own `init(layer:)`, a view's layer through its `layerClass`'s
/// `init()`. Swift without the Objective-C runtime allows that from a metatype value only
/// through a `required` initializer, which every subclass declaring initializers of its own
/// would then have to repeat; so the convenience initializers below are not `required`, and
/// `CLaminaDynamicInit` calls their allocating entry points with the class (see its header). A
/// subclass that declares initializers without overriding the one needed stops with Swift's
/// "Use of unimplemented initializer", as on Apple.
enum DynamicInit {
    /// A presentation copy of `layer` of its own class, through `init(layer:)`.
    static func presentationCopy(of layer: CALayer) -> CALayer {
        let cls = unsafeBitCast(type(of: layer), to: UnsafeRawPointer.self)
        guard let made = lamina_layer_presentation_copy(Unmanaged.passRetained(layer).toOpaque(), cls) else {
            fatalError("Lamina: CALayer.init(presentationCopyOf:) is not linked under its expected symbol")
        }
        return Unmanaged<CALayer>.fromOpaque(made).takeRetainedValue()
    }

    /// A new layer of class `cls`, through its `init()`.
    static func make(_ cls: CALayer.Type) -> CALayer {
        if cls == CALayer.self { return CALayer() }
        guard let made = lamina_layer_make_default(unsafeBitCast(cls, to: UnsafeRawPointer.self)) else {
            fatalError("Lamina: CALayer.init(makingDefault:) is not linked under its expected symbol")
        }
        return Unmanaged<CALayer>.fromOpaque(made).takeRetainedValue()
    }
}

extension CALayer {
    /// A new layer of the class `cls` (a subclass given as a value), made through its `init()`
    /// as Apple's runtime makes a view's `layerClass` (Lamina API).
    public static func make(_ cls: CALayer.Type) -> CALayer { DynamicInit.make(cls) }
}
