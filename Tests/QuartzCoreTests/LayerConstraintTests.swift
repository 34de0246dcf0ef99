import Testing
@testable import QuartzCore

@Suite("Layer constraints")
struct LayerConstraintTests {
    @Test func constraintLayoutManagerLikeMacOS() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        root.layoutManager = CAConstraintLayoutManager()
        let title = CALayer()
        title.name = "title"
        title.bounds = CGRect(x: 0, y: 0, width: 120, height: 30)
        // Centred horizontally, 20 from the top.
        title.addConstraint(CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX))
        title.addConstraint(CAConstraint(attribute: .minY, relativeTo: "superlayer", attribute: .minY, offset: 20))
        let body = CALayer()
        body.name = "body"
        // Below the title, as wide as half the superlayer, to its bottom minus 10.
        body.addConstraint(CAConstraint(attribute: .minY, relativeTo: "title", attribute: .maxY, offset: 10))
        body.addConstraint(CAConstraint(attribute: .width, relativeTo: "superlayer", attribute: .width, scale: 0.5, offset: 0))
        body.addConstraint(CAConstraint(attribute: .midX, relativeTo: "title", attribute: .midX))
        body.addConstraint(CAConstraint(attribute: .maxY, relativeTo: "superlayer", attribute: .maxY, offset: -10))
        root.addSublayer(title)
        root.addSublayer(body)
        root.layoutIfNeeded()
        #expect(title.frame == CGRect(x: 140, y: 20, width: 120, height: 30))
        #expect(body.frame == CGRect(x: 100, y: 60, width: 200, height: 230))
        // Resizing the superlayer lays them out again.
        root.bounds.size = CGSize(width: 600, height: 400)
        root.layoutIfNeeded()
        #expect(title.frame.midX == 300 && body.frame == CGRect(x: 150, y: 60, width: 300, height: 330))
        // A name that does not exist is reported, not trapped on.
        let stray = CALayer()
        stray.addConstraint(CAConstraint(attribute: .minX, relativeTo: "nobody", attribute: .minX))
        root.addSublayer(stray)
        let log = LaminaDiagnostics.collecting { root.setNeedsLayout(); root.layoutIfNeeded() }
        #expect(log.diagnostics.contains { $0.contains("nobody") })
    }

    @Test func anchorsOnBareLayers() {
        // Article 1's complaint, answered: a gradient layer that follows its container without
        // frames computed by hand, and without a layout manager.
        let container = CALayer()
        container.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
        let gradient = CAGradientLayer()
        let badge = CALayer()
        container.addSublayer(gradient)
        container.addSublayer(badge)
        CALayerConstraint.activate([
            gradient.leftAnchor.constraint(equalTo: container.leftAnchor, constant: 16),
            gradient.rightAnchor.constraint(equalTo: container.rightAnchor, constant: -16),
            gradient.topAnchor.constraint(equalTo: container.topAnchor, constant: 8),
            gradient.heightAnchor.constraint(equalTo: container.heightAnchor, multiplier: 0.5),
            badge.widthAnchor.constraint(equalToConstant: 20),
            badge.heightAnchor.constraint(equalTo: badge.widthAnchor),
            badge.centerXAnchor.constraint(equalTo: gradient.rightAnchor),
            badge.centerYAnchor.constraint(equalTo: gradient.topAnchor),
        ])
        container.layoutIfNeeded()
        #expect(gradient.frame == CGRect(x: 16, y: 8, width: 268, height: 100))
        #expect(badge.frame == CGRect(x: 274, y: -2, width: 20, height: 20))
        container.bounds.size = CGSize(width: 500, height: 100)
        container.layoutIfNeeded()
        #expect(gradient.frame == CGRect(x: 16, y: 8, width: 468, height: 50) && badge.frame.midX == 484)
        // Deactivating keeps the last frame.
        let h = gradient.heightAnchor.constraint(equalToConstant: 30)
        h.priority = 500
        h.isActive = true
        container.layoutIfNeeded()
        #expect(gradient.frame.height == 50)            // the required one wins
        #expect(gradient.constraints?.count == 5)
        // A layer that is neither the superlayer nor a sibling is refused.
        let elsewhere = CALayer()
        let log = LaminaDiagnostics.collecting { gradient.leftAnchor.constraint(equalTo: elsewhere.leftAnchor).isActive = true }
        #expect(!log.diagnostics.isEmpty && gradient.constraints?.count == 5)
    }
}
