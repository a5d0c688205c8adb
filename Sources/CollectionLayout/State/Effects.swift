/// Scroll effects (SPEC §19) as a state reports them: placed at the viewport's extent whenever
/// that or the metrics change, and evaluated at the (logical) viewport's origin for the cells a
/// query returns, O(log keylines) each; frames do not change.
extension LayoutState {
    /// Section s's effect at the viewport's origin.
    struct SectionEffect {
        let placed: PlacedEffect
        /// The viewport's origin along the effect's axis.
        let origin: Double

        func apply(to a: inout Attributes, frame f: AxisRect) {
            let centre = placed.alongLine ? f.line + f.lineExtent / 2 : f.scroll + f.scrollExtent / 2
            placed.apply(to: &a, at: centre - origin)
        }
    }

    func effect(_ s: Int) -> SectionEffect? {
        guard !placedEffects.isEmpty, let placed = placedEffects[metricsIndex(s)] else { return nil }
        let v = axes.axisRect(viewport)
        return SectionEffect(placed: placed, origin: placed.alongLine ? v.line : v.scroll)
    }

    /// Cell `item` of section s at its placed frame `f`, with the section's `effect` (exact:
    /// logical, not rounded).
    func cellAttributes(_ s: Int, _ item: Int, frame f: AxisRect, effect: SectionEffect?, z: Int32 = 0) -> Attributes {
        var a = Attributes(id: .cell(s, item), frame: axes.rect(f), z: z)
        effect?.apply(to: &a, frame: f)
        return a
    }

    /// Places every effect of the metrics table at the viewport's extent along its axis (the
    /// line axis, where an orthogonal section's strip scrolls, SPEC §4, or the scroll axis), as
    /// given: content insets do not apply. Keyline positions that are not finite there, or two
    /// whose distance is not, are a limit (SPEC §19.4); the state is then unchanged.
    mutating func placeEffects() throws(LayoutError) {
        guard metricsTable.contains(where: { $0.effect != nil }) else {
            placedEffects = []
            return
        }
        let v = axes.axisRect(viewport)
        var placed: [PlacedEffect?] = []
        placed.reserveCapacity(metricsTable.count)
        for m in metricsTable {
            guard let effect = m.effect else { placed.append(nil); continue }
            let alongLine = m.style == .orthogonal, extent = alongLine ? v.lineExtent : v.scrollExtent
            guard let p = effect.placed(extent: extent, alongLine: alongLine) else {
                throw LayoutError(.limit, "an effect's keyline positions (fraction · \(extent) + offset) are not finite at this viewport")
            }
            placed.append(p)
        }
        placedEffects = placed
    }
}
