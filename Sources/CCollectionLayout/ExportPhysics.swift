import CollectionLayout
import CollectionLayoutABI

// The header's "Scroll physics" (SPEC §22).

@c @implementation
public func cl_fling_def_default() -> cl_fling_def {
    var d = cl_fling_def()
    d.struct_size = UInt32(MemoryLayout<cl_fling_def>.size)
    d.snapping = CL_SNAP_NONE
    d.deceleration_rate = Snapping.normalDeceleration
    d.section = -1
    return d
}

@c @implementation
public func cl_layout_fling(_ layout: OpaquePointer?, _ def: UnsafePointer<cl_fling_def>?, _ out: UnsafeMutablePointer<cl_fling>?,
                            _ flingSize: Int) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let out = try required(out, "out_fling")
        try checkElementSize(flingSize, cl_fling.self, "fling_size")
        let d = try def.map { p throws(LayoutError) in try readSized(UnsafeRawPointer(p), as: cl_fling_def.self) } ?? cl_fling_def_default()
        let start = d.has_start != 0 ? d.start : nil
        let fling = if d.section == -1 {
            try h.layout.fling(velocity: d.velocity, snapping: ScrollSnapping(c: d.snapping, "snapping"), decelerationRate: d.deceleration_rate,
                               from: start)
        } else {
            try h.layout.sectionFling(index(d.section, "section"), velocity: d.velocity, snapping: Snapping(c: d.snapping, "snapping"),
                                      decelerationRate: d.deceleration_rate, from: start)
        }
        writeSized(cl_fling(fling), to: UnsafeMutableRawPointer(out), size: flingSize)
    }
}

@c @implementation
public func cl_fling_sample(_ fling: UnsafePointer<cl_fling>?, _ t: Double, _ outOffset: UnsafeMutablePointer<Double>?,
                            _ outVelocity: UnsafeMutablePointer<Double>?) -> cl_status {
    do throws(LayoutError) {
        let c = try readSized(UnsafeRawPointer(required(fling, "fling")), as: cl_fling.self)
        let outOffset = try required(outOffset, "out_offset"), outVelocity = try required(outVelocity, "out_velocity")
        let sample = try Fling(curve: Fling.Curve(c: c.curve, "fling.curve"), start: c.start, velocity: c.velocity, target: c.target,
                               tau: c.tau, omega: c.omega, a: c.a, b: c.b, restTime: c.rest_time).sample(at: t)
        (outOffset.pointee, outVelocity.pointee) = sample
        return CL_OK
    } catch {
        return failWithoutHandle(error)
    }
}

@c @implementation
public func cl_layout_rubber_band(_ layout: OpaquePointer?, _ section: Int64, _ offset: Double, _ out: UnsafeMutablePointer<Double>?) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let out = try required(out, "out_offset")
        out.pointee = try section == -1 ? h.layout.rubberBand(offset) : h.layout.sectionRubberBand(index(section, "section"), offset: offset)
    }
}

extension cl_fling {
    init(_ f: Fling) {
        self.init(struct_size: UInt32(MemoryLayout<cl_fling>.size), curve: f.curve.c, start: f.start, velocity: f.velocity, target: f.target,
                  tau: f.tau, omega: f.omega, a: f.a, b: f.b, rest_time: f.restTime)
    }
}
