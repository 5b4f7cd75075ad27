// The tapaway executable: parse the command line (when there is one) and run. Everything else lives in the modules.
// Descriptors 0, 1 and 2 are made safe before anything opens a file (see StandardDescriptors);
// fontconfig loads its configuration on the other core meanwhile, unless the last start's font
// matches are still current (see FontconfigWarmUp and FontMatchCache).
import TapawayX11

StandardDescriptors.guardClosed()
// A write to standard output that failed ends the run with status 74 and one line (see StandardOutputCheck).
StandardOutputCheck.install()
FontconfigWarmUp.start(cache: .standard())
// With no argument at all, the command's defaults run without swift-argument-parser's parse, and
// so does a command line of only the common options (`LaunchOptions(commonArguments:)`).
if CommandLine.arguments.count <= 1 {
    TapawayCommand.mainWithoutArguments()
} else {
    TapawayCommand.main(commonArguments: Array(CommandLine.arguments.dropFirst()))
}
