#ifndef TAPAWAY_CXDAMAGE_SHIM_H
#define TAPAWAY_CXDAMAGE_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/Xdamage.h>
#include <X11/extensions/XTest.h>
#endif
