// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "CollectionLayout",
    products: [
        // libcollectionlayout.so: the C ABI over the engine, with the Swift runtime linked in
        // statically so it loads on machines without a Swift toolchain.
        .library(name: "collectionlayout", type: .dynamic, targets: ["CCollectionLayout"]),
        .library(name: "CollectionLayout", targets: ["CollectionLayout"]),
    ],
    targets: [
        // The pure-Swift engine: no C types, no Foundation (a C header gives it a prefetch hint).
        .target(name: "CollectionLayout", dependencies: ["CollectionLayoutPrefetch"]),
        .target(name: "CollectionLayoutPrefetch"),
        // The public header as a Clang module (include/ holds a link to ../include).
        .target(name: "CollectionLayoutABI"),
        // The thin export layer: validates C input, adapts callbacks, converts types.
        .target(
            name: "CCollectionLayout",
            dependencies: ["CollectionLayout", "CollectionLayoutABI"],
            exclude: ["exports.map"],
            swiftSettings: [.enableExperimentalFeature("CImplementation")],
            linkerSettings: [.unsafeFlags([
                "-static-stdlib",
                "-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/CCollectionLayout/exports.map",
            ])]
        ),
        .testTarget(name: "CollectionLayoutTests", dependencies: ["CollectionLayout"]),
    ]
)
