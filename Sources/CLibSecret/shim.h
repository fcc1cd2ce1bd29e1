#ifndef FEDICTL_CLIBSECRET_SHIM_H
#define FEDICTL_CLIBSECRET_SHIM_H
#include <libsecret/secret.h>
#endif
