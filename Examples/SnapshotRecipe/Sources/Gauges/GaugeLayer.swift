import QuartzCore

/// A ring that fills clockwise from the top to `progress`, drawn by two shape layers.
public final class GaugeLayer: CALayer {
    private let track = CAShapeLayer()
    private let fill = CAShapeLayer()

    /// How full the ring is, from 0 to 1.
    public var progress: CGFloat = 0 {
        didSet { fill.strokeEnd = min(max(progress, 0), 1) }
    }

    public override init() {
        super.init()
        for ring in [track, fill] {
            ring.fillColor = nil
            ring.lineWidth = 6
            ring.lineCap = .round
            addSublayer(ring)
        }
        track.strokeColor = CGColor(gray: 0.9, alpha: 1)
        fill.strokeColor = CGColor(red: 0.20, green: 0.78, blue: 0.35, alpha: 1)
        fill.strokeEnd = 0
    }

    public override init(layer: Any) {
        super.init(layer: layer)
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) is not used")
    }

    public override func layoutSublayers() {
        super.layoutSublayers()
        let side = min(bounds.width, bounds.height) - 6
        let circle = CGRect(x: bounds.midX - side / 2, y: bounds.midY - side / 2, width: side, height: side)
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: circle.midX, y: circle.midY), radius: side / 2,
                    startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: false)
        for ring in [track, fill] {
            ring.frame = bounds
            ring.path = path
        }
    }
}
