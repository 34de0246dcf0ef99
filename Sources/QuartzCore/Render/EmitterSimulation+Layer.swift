import LaminaRender

extension EmitterSimulation {
    /// The particles an emitter layer shows at absolute media time `time` (its model values).
    static func particles(of layer: CAEmitterLayer, at time: CFTimeInterval) -> [Particle] {
        particles(of: CommitEncoder.content(of: layer), at: time)
    }
}
