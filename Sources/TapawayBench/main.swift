// tapaway-bench: figures, not pass/fail. Run in release mode: scripts/bench.sh
MainActor.assumeIsolated {
    KitBenchmarks.run()
}
