// The tapaway executable: parse the command line and run. Everything else lives in the modules.
// fontconfig loads its configuration on the other core meanwhile (see FontconfigWarmUp).
import TapawayX11

FontconfigWarmUp.start()
TapawayCommand.main()
