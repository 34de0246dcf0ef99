import LaminaRender

extension TimingModel {
    /// The timing parameters of a layer, animation or emitter cell, read once.
    init(_ t: CAMediaTiming, defaultDuration: Double? = nil) {
        self.init()
        beginTime = t.beginTime.isFinite ? t.beginTime : 0
        duration = t.duration.isFinite ? max(0, t.duration) : 0
        if duration == 0, let d = defaultDuration { duration = d }
        speed = t.speed.isFinite ? Double(t.speed) : 1
        timeOffset = t.timeOffset.isFinite ? t.timeOffset : 0
        repeatCount = t.repeatCount.isNaN ? 0 : max(0, Double(t.repeatCount))
        repeatDuration = t.repeatDuration.isNaN ? 0 : max(0, t.repeatDuration)
        autoreverses = t.autoreverses
        let f = t.fillMode
        fillsBackwards = f == .backwards || f == .both
        fillsForwards = f == .forwards || f == .both
    }
}
