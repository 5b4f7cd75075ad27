// The tapaway executable: parse the command line and run. Everything else lives in the modules.
TapawayCommand.main()
