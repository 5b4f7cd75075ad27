// swift-tools-version: 6.2
import PackageDescription

/// The folder that holds this manifest, for files the linker reads.
let packageRoot = String(#filePath.dropLast("/Package.swift".count))

let package = Package(
    name: "Tapaway",
    products: [
        .executable(name: "tapaway", targets: ["tapaway"]),
        .library(name: "TapawayKit", targets: ["TapawayKit"]),
        .library(name: "KeyboardManager", targets: ["KeyboardManager"]),
        .library(name: "TapawayHeadless", targets: ["TapawayHeadless"]),
    ],
    dependencies: [
        // Pinned exactly, so every build gets the same source. A build with no network (a
        // distribution's: debian/rules) names a folder holding that source (scripts/vendor.sh
        // fills vendor/) in TAPAWAY_VENDOR instead.
        Context.environment["TAPAWAY_VENDOR"].map { Package.Dependency.package(path: "\($0)/swift-argument-parser") }
            ?? .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2")
    ],
    targets: [
        // C boundary: Xlib, Xft, XRender, XInput2 (several pointers, touch screens) and zlib (PNG).
        .systemLibrary(
            name: "CX11",
            pkgConfig: "xft",
            providers: [.apt(["libx11-dev", "libxft-dev", "libfontconfig-dev", "libxrender-dev", "libxi-dev", "zlib1g-dev"])]
        ),
        // XTest, used only by the end-to-end tests to drive the real binary.
        .systemLibrary(
            name: "CXTest",
            pkgConfig: "xtst",
            providers: [.apt(["libxtst-dev"])]
        ),
        // DAMAGE and XTest for the benchmarks, which watch programs' windows from outside.
        .systemLibrary(
            name: "CXDamage",
            pkgConfig: "xdamage",
            providers: [.apt(["libxdamage-dev", "libxtst-dev"])]
        ),
        // The one place that reads Xlib's private structures (Xlibint.h): it frees the event
        // queue's spare elements, which Xlib keeps until the display is closed.
        // Its debug information is DWARF 4, as the Swift code's is: valgrind (the leak test)
        // cannot read clang's default DWARF 5 and gives up on the whole binary.
        .target(
            name: "CXlibQueue", cSettings: [.unsafeFlags(["-gdwarf-4"])],
            linkerSettings: [.linkedLibrary("X11")]),
        // The toolkit: no X, no C module; runs headless.
        .target(name: "TapawayKit"),
        // The screen model: screen files (docs/screens.md), their strict reader and the shipped
        // screens. It knows nothing of X, of the Kit, of the app's chrome or of techniques.
        .target(name: "TapawayScreen"),
        // libunibreak (UAX #14 line breaking), opened with dlopen the first time text that is not
        // all ASCII is wrapped: nothing to link, nothing mapped at start-up, and it still runs
        // without it (the Kit's built-in rules then).
        // DWARF 4: valgrind 3.19 (Debian 12's), which the leak test runs, cannot read clang's
        // default DWARF 5 and gives up on the whole binary.
        .target(
            name: "CUnibreak", cSettings: [.unsafeFlags(["-gdwarf-4"])], linkerSettings: [.linkedLibrary("dl")]),
        // The Kit's line breaking rules from libunibreak, which the app installs at start.
        .target(name: "TapawayUnibreak", dependencies: ["TapawayKit", "CUnibreak"]),
        // libxml2's streaming reader, opened with dlopen the first time an import runs: nothing
        // to link, nothing mapped at start-up, no header needed to build. DWARF 4 for valgrind.
        .target(
            name: "CLibXML", cSettings: [.unsafeFlags(["-gdwarf-4"])], linkerSettings: [.linkedLibrary("dl")]),
        // The importers: Interface Builder storyboards and xibs, UI Automator and Appium dumps,
        // Android layouts, each made into a screen of the model. They know the model and XML,
        // nothing of the Kit, of X or of techniques.
        .target(name: "TapawayImport", dependencies: ["TapawayScreen", "CLibXML"]),
        // The headless backend: manual clock, fixed-metric fonts, recording windows and canvas.
        // It runs `tapaway compare` and `tapaway matrix`, the Kit benchmarks and the tests.
        .target(name: "TapawayHeadless", dependencies: ["TapawayKit"]),
        // What only tests use (builders, the one seeded random generator, child processes and the
        // one start-up of a private Xvfb); the app never links it.
        .target(
            name: "TapawayTestSupport", dependencies: ["TapawayKit", "TapawayHeadless"],
            path: "Tests/TapawayTestSupport"),
        // The X11 backend: the only module that imports CX11 (and CXlibQueue).
        .target(
            name: "TapawayX11", dependencies: ["TapawayKit", "CX11", "CXlibQueue"], exclude: ["Watcher"],
            linkerSettings: [.linkedLibrary("fontconfig")]),
        // Watching a display from outside (DAMAGE, XTest) for the benchmarks: beside the backend,
        // the only other place that speaks X, kept out of the app so it links no DAMAGE or XTest.
        .target(name: "TapawayX11Watcher", dependencies: ["CXDamage"], path: "Sources/TapawayX11/Watcher"),
        // AT-SPI over D-Bus: the program's views as screen readers and accessibility-driven test
        // tools see them. It speaks D-Bus itself (a non-blocking Unix socket the X loop polls),
        // so nothing is loaded or connected at start, and only when an accessibility bus exists.
        .target(name: "TapawayAccessibility", dependencies: ["TapawayKit"]),
        // The one-line keyboard manager, built only on the Kit's public API.
        .target(name: "KeyboardManager", dependencies: ["TapawayKit"]),
        // The app: DismissingWindow, the scenario screens, the trace.
        // (The headless backend runs `tapaway compare` and `tapaway matrix`.)
        .target(
            name: "TapawayDemo",
            dependencies: ["TapawayKit", "KeyboardManager", "TapawayHeadless", "TapawayScreen", "TapawayImport"]),
        .executableTarget(
            name: "tapaway",
            dependencies: [
                "TapawayDemo", "TapawayX11", "TapawayKit", "TapawayUnibreak", "TapawayScreen", "TapawayAccessibility",
                "TapawayImport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Release builds pack their relative relocations (RELR: glibc 2.36, Debian 12, reads
            // them): 45 600 of them took a 1 MB table that the loader read at every start, now
            // 9 KB, and 0.9 MiB less is resident at the first frame. lld (the toolchain's) can;
            // the default linker, gold, cannot. They export none of the program's own symbols
            // (nothing looks them up: no plugin, no dlsym): 7 200 dynamic symbols become 480,
            // and 0.7 MiB less is resident.
            // The functions start-up runs are placed together at the start of the code
            // (packaging/startup.order, written by scripts/startup-order.sh), so the kernel maps
            // them in a few 64 KiB steps: 2 MiB less is resident at the first frame. The C++
            // runtime, which only the Swift runtime uses, is linked in, as the Swift runtime is:
            // one library fewer to load and relocate, 2.2 M instructions and 1.2 MiB less
            // (packaging/link holds a linker script that turns the runtime's -lstdc++ into the
            // static archive; libstdc++-dev, which the Swift toolchain needs, provides it). The
            // same for libgcc's unwinder.
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker",
                        "--no-export-dynamic", "-Xlinker", "--symbol-ordering-file=\(packageRoot)/packaging/startup.order",
                        "-Xlinker", "--no-warn-symbol-ordering", "-L\(packageRoot)/packaging/link",
                        "-Xclang-linker", "-static-libgcc",
                    ],
                    .when(configuration: .release))
            ]
        ),
        // Benchmarks: figures printed by a release-mode executable (scripts/bench.sh).
        .executableTarget(
            name: "tapaway-bench",
            dependencies: [
                "TapawayDemo", "TapawayKit", "TapawayHeadless", "TapawayUnibreak", "TapawayX11Watcher", "TapawayScreen",
                "TapawayImport",
            ],
            path: "Sources/TapawayBench"),
        // CX11 only for malloc's figures (`tapaway_heap_figures`): the memory bounds are measured.
        .testTarget(name: "TapawayKitTests", dependencies: ["TapawayKit", "TapawayHeadless", "TapawayTestSupport", "CX11"]),
        .testTarget(
            name: "TapawayUnibreakTests",
            dependencies: ["TapawayUnibreak", "TapawayKit", "TapawayHeadless", "TapawayTestSupport"]),
        // The X11 backend in process: the font-match cache, and fonts, fallback and shaping
        // against a private Xvfb (the test support's `VirtualDisplay`).
        .testTarget(name: "TapawayX11Tests", dependencies: ["TapawayX11", "TapawayKit", "CX11", "TapawayTestSupport"]),
        .testTarget(
            name: "TapawayDemoTests",
            dependencies: [
                "TapawayDemo", "TapawayKit", "TapawayHeadless", "TapawayTestSupport", "TapawayScreen", "TapawayImport",
            ]),
        .testTarget(name: "TapawayScreenTests", dependencies: ["TapawayScreen"]),
        // Its hand-written XML fixtures are data the tests read, not sources.
        .testTarget(
            name: "TapawayImportTests", dependencies: ["TapawayImport", "TapawayScreen", "TapawayTestSupport"],
            exclude: ["Fixtures"]),

        // The command lines `tapaway` reads without swift-argument-parser, against the parser.
        .testTarget(
            name: "TapawayCommandTests",
            dependencies: ["tapaway", "TapawayDemo", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .testTarget(
            name: "TapawayAccessibilityTests",
            dependencies: ["TapawayAccessibility", "TapawayKit", "TapawayHeadless", "TapawayTestSupport"]),
        .testTarget(
            name: "KeyboardManagerTests",
            dependencies: ["KeyboardManager", "TapawayKit", "TapawayHeadless", "TapawayTestSupport"]),
        // The real binary driven from outside, through X (XTest) and its trace: none of the
        // program's modules.
        .testTarget(
            name: "EndToEndTests", dependencies: ["CX11", "CXTest", "TapawayTestSupport"],
            // The shell fixtures the tests run (an input method's session), not sources.
            exclude: ["Fixtures"]),
    ]
)

// Release builds give each function of the program's own code a section of its own, so the
// linker can place the ones start-up runs together (the standard library's are already so), and
// leave out the run-time checks of exclusive access (a quarter of an audit's time went to
// swift_beginAccess): debug builds, which the tests run, keep them, so a conflicting access
// still fails there.
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .unsafeFlags(
                ["-Xfrontend", "-function-sections", "-enforce-exclusivity=unchecked"], .when(configuration: .release))
        ]
}
