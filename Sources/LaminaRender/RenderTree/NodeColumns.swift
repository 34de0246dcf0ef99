@_spi(Lamina) import CoreGraphics

/// Everything the renderer knows about one layer, as the commit encodes it (structure and
/// animations travel separately).
package struct NodeState: Equatable, Sendable {
    package var bounds: CGRect = .zero
    package var position: CGPoint = .zero
    package var zPosition: CGFloat = 0
    package var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    package var anchorPointZ: CGFloat = 0
    package var transform = CATransform3DIdentity
    package var sublayerTransform = CATransform3DIdentity
    package var opacity: Float = 1
    package var flags: NodeFlags = [.doubleSided, .allowsGroupOpacity]
    package var backgroundColor: RGBA?
    package var cornerRadius: CGFloat = 0
    package var borderWidth: CGFloat = 0
    package var borderColor: RGBA? = .black
    package var shadowColor: RGBA? = .black
    package var shadowOpacity: Float = 0
    package var shadowOffset = CGSize(width: 0, height: -3)
    package var shadowRadius: CGFloat = 3
    package var shadowPath: CGPathBox = CGPathBox(nil)
    package var contents: RenderContents = .none
    package var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsScale: CGFloat = 1
    package var style = NodeStyle()
    package var content: NodeContent = .none
    /// The layer's own timing (`beginTime`, `speed`, `timeOffset`…): its sublayers and
    /// animations run in its local time.
    package var timing = TimingModel()
    /// Bumped by the model on any change that can alter how the layer draws.
    package var renderVersion: UInt64 = 0
    /// Bumped by the model when the layer's own content (shape, gradient…) must be rebuilt.
    package var contentVersion: UInt64 = 0

    package init() {}
}

/// An optional path compared by identity (paths are immutable once a layer holds them).
package struct CGPathBox: Equatable, @unchecked Sendable {
    package let path: CGPath?
    package init(_ path: CGPath?) { self.path = path }
    package static func == (l: CGPathBox, r: CGPathBox) -> Bool { l.path === r.path }
}

/// The render tree's per-node values, one array per property (structure of arrays), indexed
/// by node slot. A frame evaluates its animations into a copy of this value: only the columns
/// an animation writes are copied (copy on write), so a frame of 10,000 animated positions
/// copies one array of points and nothing else.
///
/// Every reference it holds (images, paths, colours) is immutable, so the columns may be read
/// from any number of threads at once.
package struct NodeColumns: @unchecked Sendable {
    package var bounds: [CGRect] = []
    package var position: [CGPoint] = []
    package var zPosition: [CGFloat] = []
    package var anchorPoint: [CGPoint] = []
    package var anchorPointZ: [CGFloat] = []
    package var transform: [CATransform3D] = []
    package var sublayerTransform: [CATransform3D] = []
    package var opacity: [Float] = []
    package var flags: [NodeFlags] = []
    package var backgroundColor: [RGBA?] = []
    package var cornerRadius: [CGFloat] = []
    package var borderWidth: [CGFloat] = []
    package var borderColor: [RGBA?] = []
    package var shadowColor: [RGBA?] = []
    package var shadowOpacity: [Float] = []
    package var shadowOffset: [CGSize] = []
    package var shadowRadius: [CGFloat] = []
    package var shadowPath: [CGPathBox] = []
    package var contents: [RenderContents] = []
    package var contentsRect: [CGRect] = []
    package var contentsCenter: [CGRect] = []
    package var contentsScale: [CGFloat] = []
    package var style: [NodeStyle] = []
    package var content: [NodeContent] = []
    package var timing: [TimingModel] = []
    package var renderVersion: [UInt64] = []
    package var contentVersion: [UInt64] = []

    package init() {}

    /// The number of slots.
    package var count: Int { bounds.count }

    /// Adds a slot holding `s`.
    package mutating func append(_ s: NodeState) {
        bounds.append(s.bounds); position.append(s.position); zPosition.append(s.zPosition)
        anchorPoint.append(s.anchorPoint); anchorPointZ.append(s.anchorPointZ); transform.append(s.transform)
        sublayerTransform.append(s.sublayerTransform); opacity.append(s.opacity); flags.append(s.flags)
        backgroundColor.append(s.backgroundColor); cornerRadius.append(s.cornerRadius); borderWidth.append(s.borderWidth)
        borderColor.append(s.borderColor); shadowColor.append(s.shadowColor); shadowOpacity.append(s.shadowOpacity)
        shadowOffset.append(s.shadowOffset); shadowRadius.append(s.shadowRadius); shadowPath.append(s.shadowPath)
        contents.append(s.contents); contentsRect.append(s.contentsRect); contentsCenter.append(s.contentsCenter)
        contentsScale.append(s.contentsScale); style.append(s.style); content.append(s.content); timing.append(s.timing)
        renderVersion.append(s.renderVersion); contentVersion.append(s.contentVersion)
    }

    /// Writes `s` into slot `i`, touching only the columns whose value changed (a column shared
    /// with a frame being rendered is copied only when it must be).
    package mutating func set(_ i: Int, _ s: NodeState) {
        @inline(__always) func put<T: Equatable>(_ column: inout [T], _ v: T) { if column[i] != v { column[i] = v } }
        put(&bounds, s.bounds); put(&position, s.position); put(&zPosition, s.zPosition)
        put(&anchorPoint, s.anchorPoint); put(&anchorPointZ, s.anchorPointZ); put(&transform, s.transform)
        put(&sublayerTransform, s.sublayerTransform); put(&opacity, s.opacity); put(&flags, s.flags)
        put(&backgroundColor, s.backgroundColor); put(&cornerRadius, s.cornerRadius); put(&borderWidth, s.borderWidth)
        put(&borderColor, s.borderColor); put(&shadowColor, s.shadowColor); put(&shadowOpacity, s.shadowOpacity)
        put(&shadowOffset, s.shadowOffset); put(&shadowRadius, s.shadowRadius); put(&shadowPath, s.shadowPath)
        put(&contents, s.contents); put(&contentsRect, s.contentsRect); put(&contentsCenter, s.contentsCenter)
        put(&contentsScale, s.contentsScale); put(&style, s.style); put(&content, s.content); put(&timing, s.timing)
        put(&renderVersion, s.renderVersion); put(&contentVersion, s.contentVersion)
    }

    /// The state of slot `i`.
    package func state(_ i: Int) -> NodeState {
        var s = NodeState()
        s.bounds = bounds[i]; s.position = position[i]; s.zPosition = zPosition[i]; s.anchorPoint = anchorPoint[i]
        s.anchorPointZ = anchorPointZ[i]; s.transform = transform[i]; s.sublayerTransform = sublayerTransform[i]
        s.opacity = opacity[i]; s.flags = flags[i]; s.backgroundColor = backgroundColor[i]; s.cornerRadius = cornerRadius[i]
        s.borderWidth = borderWidth[i]; s.borderColor = borderColor[i]; s.shadowColor = shadowColor[i]
        s.shadowOpacity = shadowOpacity[i]; s.shadowOffset = shadowOffset[i]; s.shadowRadius = shadowRadius[i]
        s.shadowPath = shadowPath[i]; s.contents = contents[i]; s.contentsRect = contentsRect[i]
        s.contentsCenter = contentsCenter[i]; s.contentsScale = contentsScale[i]; s.style = style[i]; s.content = content[i]
        s.timing = timing[i]; s.renderVersion = renderVersion[i]; s.contentVersion = contentVersion[i]
        return s
    }
}
