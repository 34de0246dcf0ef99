import CoreGraphics

/// A line through `values`, scaled to fill `rect`: the smallest value at the bottom, the
/// largest at the top (in a context whose y axis points down, as UIKit's does).
public func sparklinePath(_ values: [Double], in rect: CGRect) -> CGPath {
    let path = CGMutablePath()
    guard values.count > 1, let low = values.min(), let high = values.max() else { return path }
    let span = high > low ? high - low : 1
    for (i, value) in values.enumerated() {
        let x = rect.minX + rect.width * CGFloat(i) / CGFloat(values.count - 1)
        let y = rect.maxY - rect.height * CGFloat((value - low) / span)
        if i == 0 { path.move(to: CGPoint(x: x, y: y)) } else { path.addLine(to: CGPoint(x: x, y: y)) }
    }
    return path
}
