// The tapaway executable: parse the command line and run. Everything else lives in the modules.
// Descriptors 0, 1 and 2 are made safe before anything opens a file (see StandardDescriptors);
// fontconfig loads its configuration on the other core meanwhile (see FontconfigWarmUp).
import TapawayX11

StandardDescriptors.guardClosed()
FontconfigWarmUp.start()
TapawayCommand.main()
