import Foundation
import Testing

/// Every shared vector is run by this suite or waits in Tests/pending_vectors.txt for the feature
/// it needs: a vector copied in from ../shared is never left out without a word.
@Suite struct VectorCoverageTests {
    /// The command vectors the suites run by name (UpdateTests, DiffTests, SelfSizingTests,
    /// TargetTests, MotionTests, PhysicsTests).
    static let changesRun: Set<String> = ["changes/11-update-items", "changes/12-update-sections", "changes/13-update-invalid",
                                          "changes/14-diff", "changes/15-self-size", "changes/16-target-offset",
                                          "changes/17-scroll-to", "changes/18-transition", "changes/19-move",
                                          "changes/31-insets-target-offset", "changes/32-fling", "changes/29-effects", "changes/27-collapse-pinned", "changes/28-collapse-floating",
                                          "changes/20-focus-grid", "changes/21-focus-sideways", "changes/22-focus-region", "changes/23-prefetch"]

    @Test func sceneVectorsAreFound() {
        #expect(vectorNames(in: "styles").contains("styles/07-grid"))
        #expect(vectorNames(in: "").contains("01-uikit-grid"))
    }

    @Test func everyCommandVectorIsRunOrPending() {
        let left = Set(vectorNames(in: "changes")).subtracting(Self.changesRun)
        #expect(left.isEmpty, "neither run nor in Tests/pending_vectors.txt: \(left.sorted())")
    }

    /// Swift Testing has no skip of one argument: the pending vectors are printed as the C tests
    /// print a skip, and make test's summary counts these lines as skipped tests.
    @Test func pendingVectorsAreReported() {
        for (name, feature) in pendingVectors().sorted(by: { $0.key < $1.key }) {
            print("skip  vector \(name): waits for \(feature) (Tests/pending_vectors.txt)")
        }
    }

    @Test func everyPendingVectorExists() {
        let all = Set((vectorNames(in: "") + vectorNames(in: "styles") + vectorNames(in: "changes")).map { $0 + ".json" })
            .union((vectorNames(in: "", pending: true) + vectorNames(in: "styles", pending: true)
                    + vectorNames(in: "changes", pending: true)).map { $0 + ".json" })
        let stale = Set(pendingVectors().keys).subtracting(all)
        #expect(stale.isEmpty, "Tests/pending_vectors.txt names vectors that do not exist: \(stale.sorted())")
    }
}
