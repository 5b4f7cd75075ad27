#ifndef TAPAWAY_CX11_SHIM_H
#define TAPAWAY_CX11_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/Xresource.h>
#include <X11/keysym.h>
#include <X11/extensions/Xrender.h>
#include <X11/Xft/Xft.h>
#include <X11/extensions/XInput2.h>
#include <zlib.h>
#endif
