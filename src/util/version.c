/* The library's version, stated once in configure.ac. */
#include "internal.h"
#include "exattn/version.h"

const char *
exattn_version(void)
{
    return EXATTN_VERSION_STRING;
}
