#ifndef TAPAWAY_CXTEST_SHIM_H
#define TAPAWAY_CXTEST_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XTest.h>
#endif
